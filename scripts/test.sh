#!/usr/bin/env bash
# test.sh: the project's checks, as CI runs them (.ci/run) and as people should before a
# commit: formatting, go vet, a build of everything, and go test ./... (a few minutes at
# most on two cores; the samples, the legality of the agent's moves on the 83 published
# positions and the kill test included).
#
# Usage: scripts/test.sh [go test flags...]   e.g. scripts/test.sh -short, -run Samples, -v
# Needs only the Go toolchain and this repository (and the module cache, or the network
# once, for go.sum's dependencies): not ../shared.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

failed=()
step() {
	local name=$1
	shift
	local start=$SECONDS
	echo "== $name"
	if "$@"; then
		echo "   ok ($((SECONDS - start))s)"
	else
		echo "   FAILED ($((SECONDS - start))s)"
		failed+=("$name")
	fi
}

# gofmt -l prints the files whose formatting differs; any output is a failure.
gofmt_clean() {
	local files
	files=$(gofmt -l .) || return 1
	if [[ -n $files ]]; then
		echo "not gofmt-formatted (run gofmt -w):"
		echo "$files" | sed 's/^/   /'
		return 1
	fi
}

# What the tests use beyond Go (python3, bubblewrap, GNU parallel, sshd, chromium): installed when
# missing and possible, else the tests that need them skip with a message.
bash scripts/install-deps.sh

step "gofmt -l ." gofmt_clean
step "go vet ./..." go vet ./...
step "go build ./..." go build ./...
step "go test ./... $*" go test "$@" ./...
# The replay page in headless Chromium; without Chromium it says it skips.
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
	step "scripts/browser-test.sh" bash scripts/browser-test.sh --no-screenshots
else
	echo "== scripts/browser-test.sh: SKIP: no chromium (scripts/install-deps.sh chromium installs it)"
fi

echo
if ((${#failed[@]} > 0)); then
	echo "FAIL: ${failed[*]}"
	exit 1
fi
echo "PASS: gofmt, vet, build and tests"
