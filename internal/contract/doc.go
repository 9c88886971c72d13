// Package contract tests the built binaries from the outside, as a grader runs them
// (docs/contract.md): a fresh process per move in a directory holding input.txt, and
// nothing but the files it leaves behind and its exit status to judge it by.
//
// It has no code of its own; its tests are:
//   - TestSamples: every samples/<game>/<case>/ gives byte for byte the expected output.txt
//     (or exit status and first stderr line), from `homework` and from the game's binary;
//   - TestAgentMovesAreLegal: the agent's move for each of the 83 published Halma inputs is
//     legal, and one the agent's policy prefers;
//   - TestIndexLegalMoveCounts, TestIndexOutputs: the published inputs' legal-move counts and
//     sample outputs, as the data's INDEX.md records them, against the rules code;
//   - TestKillLeavesLegalOutput: a SIGKILL at any instant leaves no output.txt or a legal one,
//     for every game's binary;
//   - TestCheckHalmaOutput: the checker of the agent's output.txt the tests above share;
//   - TestDocsExamples: every example of docs/*.md, played in process by homework's and the
//     game binary's code (accepted, or refused with the documented first stderr line) and
//     judged by homework validate (legal, or refused with the documented first line);
//     TestDocCasesConvention: the reader of those examples refuses blocks that break the
//     convention; TestDocsLinks: README.md and docs/ link only files of the repository,
//     never ../shared, and docs/README.md indexes every page.
//
// TestMain builds the binaries once, offline, into a temporary directory.
package contract
