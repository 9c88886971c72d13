#!/usr/bin/env bash
# tournament-check.sh: a 4-agent tournament of one game, played twice: once straight
# through, once killed (SIGKILL to its whole process group) when half its games have
# results and then run again to the end. The two reports must be identical — a killed
# tournament loses nothing and plays no finished game again — except for games that reach
# the ply cap, which the referee gives to the side that used less CPU (Halma's rule), a
# figure no two runs share: those are listed, every other game must be the same.
#
# The agents: our engine, the game's random and greedy reference players, and a fourth:
# Halma's minimax (depth 2), or for the CTU games a course-style Python player of the tests
# (internal/course/testdata/players/<game>/greedyplayer.py, through the course: bridge,
# with a roomy limit so that a busy machine cannot make it lose on time).
#
# Usage: scripts/tournament-check.sh GAME [-games K] [-single S] [-parallel N] [-out DIR]
#   GAME      halma, reversi, hive, quoridor or streky
#   -games K  games per pairing (even; default 2)
#   -single S SINGLE mode, S CPU seconds a move (default 0.2)
#   -parallel N games at once (default 2)
#   -out DIR  where the two tournaments go (default runs/tournament-check-GAME)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
case $1 in -h | --help | help) usage; exit 0 ;; esac
game=$1
shift
games=2 single=0.2 parallel=2 out=""
while [[ $# -gt 0 ]]; do
	case $1 in
	-games) games=$2; shift 2 ;;
	-single) single=$2; shift 2 ;;
	-parallel) parallel=$2; shift 2 ;;
	-out) out=$2; shift 2 ;;
	*) echo "tournament-check: unknown argument $1" >&2; usage >&2; exit 2 ;;
	esac
done
case $game in halma | reversi | hive | quoridor | streky) ;; *)
	echo "tournament-check: unknown game $game: want halma, reversi, hive, quoridor or streky" >&2
	exit 2
	;;
esac
out=${out:-runs/tournament-check-$game}

go build -o bin/ ./homework ./"$game"
bin=$(pwd)/bin
fourth="minimax=$bin/halma -player minimax"
if [[ $game != halma ]]; then
	fourth="course=course:$(pwd)/internal/course/testdata/players/$game/greedyplayer.py limit=60"
fi
flags=(-game "$game" -single "$single" -games "$games"
	-agent "engine=$bin/$game"
	-agent "greedy=$bin/$game -player greedy"
	-agent "random=$bin/$game -player random"
	-agent "$fourth")
total=$((6 * games))

# results DIR: how many games of the tournament in DIR have their result file.
results() { { find "$1/results" -name '*.tsv' 2>/dev/null || true; } | wc -l; }

rm -rf "$out"
mkdir -p "$out"
echo "== $game: the whole tournament ($total games) into $out/whole"
start=$SECONDS
bin/homework tournament run -out "$out/whole" -parallel "$parallel" "${flags[@]}" >"$out/whole.txt"
echo "   $((SECONDS - start)) s"

echo "== the same, killed at $((total / 2)) results, then resumed, into $out/resumed"
setsid bin/homework tournament run -out "$out/resumed" -parallel "$parallel" "${flags[@]}" >"$out/killed.txt" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	done=$(results "$out/resumed")
	if ((done >= total / 2)); then
		kill -KILL -- "-$pid"
		break
	fi
	sleep 0.2
done
wait "$pid" 2>/dev/null || true
done=$(results "$out/resumed")
echo "   killed with $done of $total results"
bin/homework tournament run -spec "$out/resumed/tournament.txt" -parallel "$parallel" >"$out/resumed.txt"

bin/homework tournament report -spec "$out/whole/tournament.txt" >"$out/whole-report.txt"
bin/homework tournament report -spec "$out/resumed/tournament.txt" >"$out/resumed-report.txt"
cat "$out/whole-report.txt"
if diff -u "$out/whole-report.txt" "$out/resumed-report.txt"; then
	echo "== same report: the killed and resumed tournament equals the whole one"
	exit 0
fi
# A game that reaches the ply cap is won by the side that used less CPU (the Halma rule the
# referee keeps): two runs never use the same CPU, so such a game's winner may differ. Every
# other game must be the same, move for move in its result.
echo "== the reports differ; comparing game by game"
status=0
for f in "$out/whole/results/"*.tsv; do
	id=$(basename "$f")
	other="$out/resumed/results/$id"
	if cmp -s "$f" "$other"; then
		continue
	fi
	if grep -q $'\tply cap\t' "$f" && grep -q $'\tply cap\t' "$other"; then
		echo "   ${id%.tsv}: reached the ply cap in both runs, decided by CPU used: $(tail -1 "$f" | cut -f7) then $(tail -1 "$other" | cut -f7)"
	else
		echo "   ${id%.tsv}: differs" >&2
		diff "$f" "$other" >&2 || true
		status=1
	fi
done
if ((status == 0)); then
	echo "== same results but for games decided by CPU used at the ply cap"
fi
exit $status
