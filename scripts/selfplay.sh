#!/usr/bin/env bash
# selfplay.sh: build the binaries and play a match of our Halma, Reversi, Hive, Quoridor or ŠTREKY
# agent against an opponent through the referee (bin/homework referee), as the official game master did: a
# fresh process per move, CPU clocks, output.txt judged by the rules.
set -euo pipefail

usage() {
	cat <<'USAGE'
usage: scripts/selfplay.sh [options]

Builds bin/homework and every game's binary and bin/calibrate, calibrates this machine once
(as a grader does), then plays our agent (A) against an opponent (B) through
`bin/homework referee`, showing the board and clocks after every ply (on a terminal, one
board redrawn in place at a pace a person can follow), then the summary and the path of
the match's replay page (replay.html: every game, ply by ply, in a browser).

options:
  --game NAME          halma (the default), reversi, hive, quoridor or streky (ŠTREKY)
  --opponent NAME|CMD  Halma: random, greedy, minimax (depth 2, the default), minimax3
                       (depth 3). Hive, Quoridor, ŠTREKY: random, greedy (the
                       default). Reversi: random, greedy (the default), rhino1 ... rhino5
                       (Debian's GRhino engine at that level with randomness 2, through
                       GTP; installed with apt-get when missing; it ignores time limits,
                       so its clock is recorded but not enforced, and level 5 thinks 25-50 s
                       a move), rhino5m8 (level 5 with its midgame depth capped at 8).
                       Or any agent command, e.g. "/path/to/other/homework" or
                       "./bin/halma -player random" (start a relative path with ./)
  --time S             GAME mode: CPU seconds per side for the whole game (Halma's
                       default: 30)
  --single S           SINGLE mode instead: CPU seconds for every move (Reversi's,
                       Hive's, Quoridor's and ŠTREKY's default: 1, the CTU tournaments'
                       setting)
  --setup TEXT         the game's setup, for games that have one (Hive: "size=13
                       pieces=q1,b2,s2,g2,a2", the default; e.g. pieces=q1,b2,s2,g3,a3;
                       Quoridor: "size=9x9 walls=10", the default; e.g. "size=11x11
                       walls=12 initial=10"; ŠTREKY: "size=33x33 cards=tournament
                       seed=0", the default, where games 2k+1 and 2k+2 are dealt by
                       seed+k; e.g. "cards=colourless" for cards with colourless cells)
  --games N            number of games (default 2; first move and colours alternate)
  --openings FILE      start games 2k-1 and 2k from the k-th opening of FILE (Reversi's
                       default: results/reversi/openings.txt, 20 random 6-ply openings;
                       Hive's: results/hive/openings.txt, 10 random 4-ply openings;
                       Quoridor's: results/quoridor/openings.txt, 10 random 2-ply ones
                       (9×9 without initial walls; pass "none" with other setups);
                       "none" for the initial position)
  --parallel N         games at once (default 1; at most the number of cores)
  --quiet              no board after every ply: results and summary only
  --delay S            on a terminal, wait S seconds after each ply (default 0.3)
  --plain              print a board per ply even on a terminal (the log as a file gets it)
  --out DIR            where the referee writes its records (default runs/<timestamp>)
  --no-calibrate       no calibration.txt: the agents use their built-in speeds
  -h, --help           this text
USAGE
}

game=halma
openings=
opponent=
time_s=
single_s=
games=2
parallel=1
show=-show
out=
calibrate=1
setup=
delay=0.3
plain=

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
	--game) need "$@"; game=$2; shift 2 ;;
	--opponent) need "$@"; opponent=$2; shift 2 ;;
	--openings) need "$@"; openings=$2; shift 2 ;;
	--setup) need "$@"; setup=$2; shift 2 ;;
	--time) need "$@"; time_s=$2; shift 2 ;;
	--single) need "$@"; single_s=$2; shift 2 ;;
	--games) need "$@"; games=$2; shift 2 ;;
	--parallel) need "$@"; parallel=$2; shift 2 ;;
	--out) need "$@"; out=$2; shift 2 ;;
	--quiet) show=; shift ;;
	--delay) need "$@"; delay=$2; shift 2 ;;
	--plain) plain=-plain; shift ;;
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
echo "selfplay.sh: building the binaries into bin/ (go build; the first time takes a while)..."
go build -o bin/ ./homework ./halma ./reversi ./hive ./quoridor ./streky ./calibrate

# install_grhino makes sure Debian's GRhino GTP engine is there, installing it if it is not.
install_grhino() {
	[[ -x /usr/games/gtp-rhino ]] && return
	echo "selfplay.sh: installing Debian's grhino (apt-get install -y grhino)"
	local sudo=
	[[ $(id -u) -ne 0 ]] && sudo=sudo
	$sudo apt-get install -y grhino >/dev/null || { $sudo apt-get update >/dev/null && $sudo apt-get install -y grhino >/dev/null; }
}

# Paths are quoted for the shell the referee runs each command with.
extra=()
case $game in
halma)
	agent=$(printf '%q' "$root/bin/halma")
	[[ -n $opponent ]] || opponent=minimax
	[[ -n $time_s || -n $single_s ]] || time_s=30
	case $opponent in
	random | greedy) cmd_b="$agent -player $opponent" name_b=$opponent ;;
	minimax) cmd_b="$agent -player minimax -depth 2" name_b=minimax2 ;;
	minimax3) cmd_b="$agent -player minimax -depth 3" name_b=minimax3 ;;
	*) cmd_b=$opponent name_b= ;;
	esac
	;;
reversi)
	agent=$(printf '%q' "$root/bin/reversi")
	[[ -n $opponent ]] || opponent=greedy
	[[ -n $time_s || -n $single_s ]] || single_s=1
	[[ -n $openings ]] || openings=$root/results/reversi/openings.txt
	case $opponent in
	random | greedy) cmd_b="$agent -player $opponent" name_b=$opponent ;;
	rhino[1-5]) install_grhino; cmd_b="gtp:/usr/games/gtp-rhino -l ${opponent#rhino} -r 2" name_b=$opponent extra+=(-gtp-untimed -grace 900) ;;
	rhino5m8) install_grhino; cmd_b="gtp:/usr/games/gtp-rhino -l 5 -m 8 -r 2" name_b=$opponent extra+=(-gtp-untimed -grace 900) ;;
	*) cmd_b=$opponent name_b= ;;
	esac
	;;
hive)
	agent=$(printf '%q' "$root/bin/hive")
	[[ -n $opponent ]] || opponent=greedy
	[[ -n $time_s || -n $single_s ]] || single_s=1
	[[ -n $openings ]] || openings=$root/results/hive/openings.txt
	case $opponent in
	random | greedy) cmd_b="$agent -player $opponent" name_b=$opponent ;;
	*) cmd_b=$opponent name_b= ;;
	esac
	;;
quoridor)
	agent=$(printf '%q' "$root/bin/quoridor")
	[[ -n $opponent ]] || opponent=greedy
	[[ -n $time_s || -n $single_s ]] || single_s=1
	[[ -n $openings || -n $setup ]] || openings=$root/results/quoridor/openings.txt
	case $opponent in
	random | greedy) cmd_b="$agent -player $opponent" name_b=$opponent ;;
	*) cmd_b=$opponent name_b= ;;
	esac
	;;
streky)
	agent=$(printf '%q' "$root/bin/streky")
	[[ -n $opponent ]] || opponent=greedy
	[[ -n $time_s || -n $single_s ]] || single_s=1
	case $opponent in
	random | greedy) cmd_b="$agent -player $opponent" name_b=$opponent ;;
	*) cmd_b=$opponent name_b= ;;
	esac
	;;
*)
	echo "selfplay.sh: unknown game $game: want halma, reversi, hive, quoridor or streky" >&2
	exit 2
	;;
esac

args=(-game "$game" -a "$agent" -name-a engine -b "$cmd_b" -games "$games" -parallel "$parallel" "${extra[@]}")
[[ -n $name_b ]] && args+=(-name-b "$name_b")
if [[ -n $single_s ]]; then
	args+=(-single "$single_s")
else
	args+=(-time "$time_s")
fi
[[ -n $show ]] && args+=("$show" -delay "$delay")
[[ -n $plain ]] && args+=("$plain")
[[ -n $out ]] && args+=(-out "$out")
[[ -n $openings && $openings != none ]] && args+=(-openings "$openings")
[[ -n $setup ]] && args+=(-setup "$setup")

if [[ -n $calibrate ]]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	echo "selfplay.sh: calibrating this machine (a second of CPU per game, about 5 s)..."
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
