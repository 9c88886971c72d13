#!/usr/bin/env bash
# selfplay.sh: build the binaries and play a match of our Halma agent against an opponent
# through the referee (bin/homework referee), as the official game master did: a fresh
# process per move, CPU clocks, output.txt judged by the rules.
set -euo pipefail

usage() {
	cat <<'USAGE'
usage: scripts/selfplay.sh [options]

Builds bin/homework, bin/halma and bin/calibrate, calibrates this machine once (as a
grader does), then plays bin/halma (our agent, A) against an opponent (B) through
`bin/homework referee`, showing the board and clocks after every ply, then the summary.

options:
  --opponent NAME|CMD  random, greedy, minimax (depth 2, the default), minimax3
                       (depth 3), or any agent command, e.g. "/path/to/other/homework"
                       or "./bin/halma -player random" (start a relative path with ./)
  --time S             GAME mode: CPU seconds per side for the whole game (default 30)
  --single S           SINGLE mode instead: CPU seconds for every move
  --games N            number of games (default 2; first move and colours alternate)
  --parallel N         games at once (default 1; at most the number of cores)
  --quiet              no board after every ply: results and summary only
  --out DIR            where the referee writes its records (default runs/<timestamp>)
  --no-calibrate       no calibration.txt: the agents use their built-in speeds
  -h, --help           this text
USAGE
}

opponent=minimax
time_s=30
single_s=
games=2
parallel=1
show=-show
out=
calibrate=1

# need OPTION "$@": fail unless the option has a value (the next word; "--opt=V" is split
# into two words first).
need() {
	if [[ $# -lt 2 || -z $2 ]]; then
		echo "selfplay.sh: $1 needs a value" >&2
		exit 2
	fi
}
while [[ $# -gt 0 ]]; do
	opt=$1
	if [[ $opt == --*=* ]]; then
		set -- "${opt%%=*}" "${opt#*=}" "${@:2}"
		opt=$1
	fi
	case $opt in
	--opponent) need "$@"; opponent=$2; shift 2 ;;
	--time) need "$@"; time_s=$2; shift 2 ;;
	--single) need "$@"; single_s=$2; shift 2 ;;
	--games) need "$@"; games=$2; shift 2 ;;
	--parallel) need "$@"; parallel=$2; shift 2 ;;
	--out) need "$@"; out=$2; shift 2 ;;
	--quiet) show=; shift ;;
	--no-calibrate) calibrate=; shift ;;
	-h | --help) usage; exit 0 ;;
	*)
		echo "selfplay.sh: unknown option $opt" >&2
		usage >&2
		exit 2
		;;
	esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
go build -o bin/ ./homework ./halma ./calibrate

# Paths are quoted for the shell the referee runs each command with.
halma=$(printf '%q' "$root/bin/halma")
case $opponent in
random | greedy) cmd_b="$halma -player $opponent" name_b=$opponent ;;
minimax) cmd_b="$halma -player minimax -depth 2" name_b=minimax2 ;;
minimax3) cmd_b="$halma -player minimax -depth 3" name_b=minimax3 ;;
*) cmd_b=$opponent name_b= ;;
esac

args=(-a "$halma" -name-a engine -b "$cmd_b" -games "$games" -parallel "$parallel")
[[ -n $name_b ]] && args+=(-name-b "$name_b")
if [[ -n $single_s ]]; then
	args+=(-single "$single_s")
else
	args+=(-time "$time_s")
fi
[[ -n $show ]] && args+=("$show")
[[ -n $out ]] && args+=(-out "$out")

if [[ -n $calibrate ]]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	bin/calibrate -dir "$tmp" >/dev/null
	echo "calibration: $(grep -v '^gameagents-calibration' "$tmp/calibration.txt" | tr '\n' ' ')"
	args+=(-calibration "$tmp/calibration.txt")
fi

if bin/homework referee -h 2>&1 | grep -q 'unknown subcommand'; then
	echo "selfplay.sh: bin/homework has no referee subcommand yet" >&2
	exit 1
fi
echo "bin/homework referee ${args[*]}"
bin/homework referee "${args[@]}"
