#!/usr/bin/env bash
# single-times.sh: the CPU time (user+sys, from bash's `time`, millisecond resolution) the
# Halma agent takes on SINGLE inputs: each given published case, with line 3 set to the time.
#
# Usage: scripts/single-times.sh SECONDS [CASE...]   e.g. scripts/single-times.sh 30 001 010 014
# Runs bin/halma (build it first) in a temporary directory with the machine's
# calibration.txt if ./calibration.txt exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ $# -lt 1 ]]; then
	sed -n '2,7p' "$0"
	exit 2
fi
secs=$1
shift
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=(001 010 014)
agent=$PWD/bin/halma
[[ -x $agent ]] || { echo "single-times.sh: build bin/halma first (go build -o bin/ ./halma)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
TIMEFORMAT='%3U %3S'
for c in "${cases[@]}"; do
	src=internal/halma/testdata/cases/$c-input.txt
	[[ -f $src ]] || { echo "single-times.sh: no case $c" >&2; exit 2; }
	rm -f "$dir"/*
	sed "1s/.*/SINGLE/; 3s/.*/$secs/" "$src" >"$dir/input.txt"
	[[ -f calibration.txt ]] && cp calibration.txt "$dir/"
	cd "$dir"
	t=$( { time "$agent" 2>/dev/null; } 2>&1 )
	cd - >/dev/null
	read -r user sys <<<"$t"
	printf 'case %s: SINGLE %s s: user %s s, sys %s s, total %s s, move %s\n' "$c" "$secs" "$user" "$sys" \
		"$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }')" "$(head -c 60 "$dir/output.txt" | tr '\n' ' ')"
done
