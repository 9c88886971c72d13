#!/usr/bin/env bash
# fuzz.sh: runs the module's Go fuzz targets (go test -fuzz), each for a given time, a few
# at a time, and prints what each did. The targets are found by grep, so a new
# `func FuzzX(f *testing.F)` in any _test.go is picked up.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() {
	cat <<'EOF'
Usage: scripts/fuzz.sh [-t DURATION] [-j JOBS] [-m DURATION] [-o DIR] [TARGET_REGEX]

Runs every fuzz target of the module whose "package/FuzzName" matches TARGET_REGEX
(an extended regular expression; default: all), each with
  go test -run '^$' -fuzz '^FuzzName$' -fuzztime DURATION -parallel 1 ./package
JOBS at a time (-parallel 1 gives each run one fuzzing worker: two jobs use two cores),
then prints a table: target, wall time, executions (from go's last "fuzz: elapsed: ...,
execs: N" line), new corpus entries ("new interesting"), crashers (failing inputs go
wrote under the package's testdata/fuzz/FuzzName/) and status.

  -t DURATION  time per target, as go test's -fuzztime takes it (default 60s; 5m for a
               campaign; Nx for N executions)
  -j JOBS      targets run at once (default 2)
  -m DURATION  -fuzzminimizetime: the time go spends shrinking each new input it keeps
               (default 5s; go's own 60s leaves a slow target minimizing most of a short run)
  -o DIR       where each target's log goes, DIR/<package>.<FuzzName>.log
               (default fuzz-runs/, ignored by git)
  -l           list the targets and exit
  -h, --help   this text

Targets that write files (internal/games/FuzzRunLeavesDirectory) spend most of their time
in the file system: TMPDIR=/dev/shm scripts/fuzz.sh ... puts their directories in memory.

A crasher is kept where go writes it, testdata/fuzz/FuzzName/<hash> in the package: once
committed, the plain `go test` runs it as a regression case. Exit status: 0 when every
target passed, 1 when any failed, 2 for bad usage.
EOF
}

duration=60s
jobs=2
minimize=5s
out=fuzz-runs
list=false
while [ $# -gt 0 ]; do
	case $1 in
	-t) duration=${2:?-t needs a duration}; shift 2 ;;
	-j) jobs=${2:?-j needs a number}; shift 2 ;;
	-m) minimize=${2:?-m needs a duration}; shift 2 ;;
	-o) out=${2:?-o needs a directory}; shift 2 ;;
	-l) list=true; shift ;;
	-h | --help | help) usage; exit 0 ;;
	-*) echo "fuzz.sh: unknown flag $1" >&2; usage >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -gt 1 ]; then
	echo "fuzz.sh: want at most one TARGET_REGEX, got $#" >&2
	exit 2
fi
regex=${1:-.}
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then
	echo "fuzz.sh: -j $jobs: want a positive number of jobs" >&2
	exit 2
fi

# targets: "package-dir/FuzzName" for every fuzz target, sorted.
targets() {
	grep -rEo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . |
		sed -E 's|^\./||; s|/[^/]*_test\.go:func (Fuzz[A-Za-z0-9_]*)\(.*|/\1|' |
		sort -u
}

selected=()
while IFS= read -r t; do
	if [[ $t =~ $regex ]]; then
		selected+=("$t")
	fi
done < <(targets)
if [ ${#selected[@]} -eq 0 ]; then
	echo "fuzz.sh: no fuzz target matches $regex" >&2
	exit 2
fi
if $list; then
	printf '%s\n' "${selected[@]}"
	exit 0
fi
mkdir -p "$out" || exit 2

# crashers lists the failing inputs go has written for target $1 (pkg/FuzzName).
crashers() {
	local dir=${1%/*}/testdata/fuzz/${1##*/}
	if [ -d "$dir" ]; then
		ls "$dir"
	fi
}

# logname is target $1's log file.
logname() { echo "$out/$(echo "${1%/*}" | tr / .).${1##*/}.log"; }

# fuzz runs target $1 and leaves in its log go's output, then the crashers it wrote and
# its wall time on two "fuzz.sh:" lines.
fuzz() {
	local t=$1 log start before
	log=$(logname "$t")
	start=$SECONDS
	before=$(crashers "$t")
	go test -run '^$' -fuzz "^${t##*/}\$" -fuzztime "$duration" -fuzzminimizetime "$minimize" \
		-parallel 1 "./${t%/*}" >"$log" 2>&1
	local code=$?
	local new
	new=$(comm -13 <(echo "$before") <(crashers "$t") | grep -c .)
	echo "fuzz.sh: crashers $new, exit $code" >>"$log"
	echo "fuzz.sh: seconds $((SECONDS - start))" >>"$log"
}

echo "fuzzing ${#selected[@]} targets for $duration each, $jobs at a time; logs in $out/"
running=0
for t in "${selected[@]}"; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	echo "  start $t"
	fuzz "$t" &
	running=$((running + 1))
done
wait

# The summary, from each log: go's last "fuzz: elapsed: 5m0s, execs: N (R/sec), new
# interesting: K (total: T)" line and fuzz.sh's own lines.
failed=0
printf '\n%-36s %8s %12s %8s %9s  %s\n' target seconds execs new crashers status
for t in "${selected[@]}"; do
	log=$(logname "$t")
	last=$(grep -E '^fuzz: elapsed: .*execs: [0-9]+' "$log" | tail -1)
	execs=$(sed -nE 's/.*execs: ([0-9]+).*/\1/p' <<<"$last")
	new=$(sed -nE 's/.*new interesting: ([0-9]+).*/\1/p' <<<"$last")
	crash=$(sed -nE 's/^fuzz.sh: crashers ([0-9]+), exit.*/\1/p' "$log")
	code=$(sed -nE 's/^fuzz.sh: crashers [0-9]+, exit ([0-9]+)$/\1/p' "$log")
	secs=$(sed -nE 's/^fuzz.sh: seconds ([0-9]+)$/\1/p' "$log")
	status=ok
	if [ "$code" != 0 ]; then
		status="FAILED (see $log)"
		failed=1
	fi
	printf '%-36s %8s %12s %8s %9s  %s\n' "$t" "$secs" "${execs:-?}" "${new:-?}" "${crash:-?}" "$status"
done
exit $failed
