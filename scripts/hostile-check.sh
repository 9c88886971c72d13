#!/usr/bin/env bash
# Plays the nine attacks on the judge that issue 25 reproduced (docs/sandbox.md, "Hostile
# entries") against the binaries in bin/, and says for each whether the referee judged it
# fairly: a teacher's check that the machine gives the referee what it needs (control
# groups, bubblewrap) before a tournament over untrusted code.
#
#   go build -o bin/ ./... && scripts/hostile-check.sh [-keep]
#
# Each check prints "ok" or "FAILED" with what was seen; the exit status is the number of
# failed checks. It takes about a minute and a half (most of it the attacks' own CPU). With
# -keep the working directory (the matches' records) is kept and named.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/bin
for b in homework reversi; do
	[ -x "$bin/$b" ] || { echo "hostile-check: no $bin/$b: build first (go build -o bin/ ./...)" >&2; exit 100; }
done
command -v python3 >/dev/null || { echo "hostile-check: python3 is needed for the course players' checks" >&2; exit 100; }
keep=0
[ "${1:-}" = -keep ] && keep=1
work=$(mktemp -d /tmp/hostile-check.XXXXXX)
chmod 755 "$work" # the sandbox may run agents as nobody
if [ $keep = 0 ]; then trap 'rm -rf "$work"' EXIT; else echo "records in $work"; fi
failed=0
verdict() { # verdict NAME OK? WHAT
	if [ "$2" = 1 ]; then echo "ok      $1: $3"; else echo "FAILED  $1: $3"; failed=$((failed + 1)); fi
}
# summary_field DIR COLUMN: the column of the first game of a referee's summary.tsv.
summary_field() {
	awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i } NR == 2 { print $k }' "$1/summary.tsv"
}
cd "$work" || exit 100
"$bin/calibrate" -seconds 0.3 >/dev/null 2>&1

# 1. A child does the search and about 3 s of CPU more, writes the move and spins; the
# agent's own process only waits and exits, never reaping it.
cat >hider.sh <<'EOF'
(
	mkdir -p search && cp input.txt search/ && (cd search && "$1" >/dev/null 2>&1)
	end=$(($(date +%s) + 3)); while [ "$(date +%s)" -lt $end ]; do :; done
	cp search/output.txt output.txt.tmp && mv output.txt.tmp output.txt
	while :; do :; done
) &
while [ ! -s output.txt ]; do sleep 0.05; done
EOF
"$bin/homework" referee -game reversi -single 1 -games 1 -first a -out r1 \
	-a "sh $work/hider.sh $bin/reversi" -b "$bin/reversi -player greedy" >r1.log 2>&1
kind=$(summary_field r1 kind) winner=$(summary_field r1 winner) charged=$(summary_field r1 max_move_a)
spinning=$(pgrep -fc 'while :; do :; done' || true)
grep -q "^ply 1: .*of CPU, over the 1s of a move" r1/game-01.txt && [ "$winner" = B ] && [ "$kind" = time ] && [ "$spinning" = 0 ]
verdict "1 hidden CPU" $(($? == 0)) "the hider's game: winner $winner by $kind, its move charged ${charged}s of 1; its children still running: $spinning"

# Course players for 2 and 3, from the reversi harness's random player.
mkdir -p players
cp "$root/internal/course/testdata/players/reversi/randomplayer.py" "$root/internal/course/testdata/players/reversi/reversirules.py" players/ 2>/dev/null
cat >players/burn.py <<'EOF'
import time


def burn(seconds):
    """Spends about seconds of this process's CPU time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
EOF
cat >players/forger.py <<'EOF'
import time

from burn import burn
from randomplayer import MyPlayer as Random

real = time.process_time
time.perf_counter = time.monotonic = time.time = lambda: 0.0


class MyPlayer(Random):
    """Forges every clock a harness in its process could read, then takes 2.5 s a move."""

    def move(self, board):
        end = real() + 2.5
        while real() < end:
            pass
        return Random.move(self, board)
EOF
cat >players/starver.py <<'EOF'
import os

from randomplayer import MyPlayer as Random


class MyPlayer(Random):
    """Leaves two children spinning from its constructor, to starve the opponent."""

    def __init__(self, my_color, opponent_color):
        Random.__init__(self, my_color, opponent_color)
        for _ in range(2):
            if os.fork() == 0:
                while True:
                    pass
EOF
cat >players/needy.py <<'EOF'
from burn import burn
from randomplayer import MyPlayer as Random


class MyPlayer(Random):
    """Needs 0.6 s of CPU every move, within the course's 1 s of wall time."""

    def move(self, board):
        burn(0.6)
        return Random.move(self, board)
EOF

# 2. A course player forges its clocks and takes 2.5 s a call.
"$bin/homework" referee -game reversi -single 1 -games 1 -first a -out r2 \
	-a "course:$work/players/forger.py" -b "$bin/reversi -player random" >r2.log 2>&1
kind=$(summary_field r2 kind) winner=$(summary_field r2 winner) reason=$(summary_field r2 reason)
[ "$winner" = B ] && [ "$kind" = time ]
verdict "2 forged clock" $(($? == 0)) "the forger's game: winner $winner by $kind ($reason)"

# 3. A course player starts two spinning children; its opponent needs 0.6 s of CPU a move.
"$bin/homework" referee -game reversi -single 1 -games 2 -out r3 \
	-a "course:$work/players/starver.py" -b "course:$work/players/needy.py" >r3.log 2>&1
losses=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "winner") w = i; if ($i == "kind") k = i } } NR > 1 && $w == "A" && $k == "time"' r3/summary.tsv | wc -l)
games=$(($(wc -l <r3/summary.tsv) - 1))
[ "$games" = 2 ] && [ "$losses" = 0 ]
verdict "3 starving opponent" $(($? == 0)) "$games games; the needy player lost $losses on time"

# 4. One game of a tournament played twice at once, then the whole tournament twice at once.
"$bin/homework" tournament plan -out t4 -game reversi -single 0.05 -games 2 \
	-agent rnd="$bin/reversi -player random" -agent grd="$bin/reversi -player greedy" >t4.plan 2>t4.log
line=$(head -1 t4.plan)
sh -c "$line" >t4.a 2>&1 & sh -c "$line" >t4.b 2>&1 & wait
results=$(ls t4/results/*.tsv 2>/dev/null | wc -l)
before=$(cat t4/results/*.tsv | md5sum)
"$bin/homework" tournament run -spec t4/tournament.txt >t4.c 2>&1 & "$bin/homework" tournament run -spec t4/tournament.txt >t4.d 2>&1 & wait
after=$(ls t4/results/*.tsv | wc -l)
first=$(ls t4/results/*.tsv | head -1)
bogus=$(grep -l -e "no output" -e "illegal" t4/results/*.tsv 2>/dev/null | wc -l)
[ "$results" = 1 ] && [ "$after" = 2 ] && [ "$bogus" = 0 ] && grep -q . "$first"
verdict "4 one game twice" $(($? == 0)) "one game run twice at once: $results result; then two runs of the tournament: $after results, $bogus with a bogus loss"
: "$before"

# 5. An agent writes 60 MB files until the disk is full.
"$bin/homework" referee -game reversi -single 1 -games 2 -out r5 \
	-a "sh -c 'i=0; while head -c 60000000 /dev/zero > f\$i; do i=\$((i+1)); done'" \
	-b "$bin/reversi -player random" >r5.log 2>&1
code=$?
games=$(($(wc -l <r5/summary.tsv) - 1))
disk=$(grep -c disk r5/summary.tsv)
junk=$(find r5 -name 'f[0-9]*' | wc -l)
[ $code = 0 ] && [ "$games" = 2 ] && [ "$disk" = 2 ] && [ "$junk" = 0 ]
verdict "5 disk filler" $(($? == 0)) "referee exit $code, $games games finished, $disk lost over the disk bound, $junk junk files left"

# 6. Setup text with a newline.
"$bin/homework" referee -game halma -setup "$(printf 'size=16\nx')" -games 1 -out r6 \
	-a "$bin/reversi" -b "$bin/reversi" >r6.log 2>&1
code=$?
[ $code = 2 ] && grep -q -i "line\|newline\|control" r6.log
verdict "6 newline in -setup" $(($? == 0)) "exit $code: $(head -1 r6.log)"

# 7. input.txt a named pipe.
mkdir -p r7 && (cd r7 && mkfifo input.txt && timeout 10 "$bin/reversi" >out.log 2>&1)
code=$?
[ $code = 2 ]
verdict "7 FIFO input" $(($? == 0)) "exit $code (124 would be a hang): $(head -1 r7/out.log)"

# 8. One move writes 200 MB to its log (no sandbox: nothing else bounds it).
"$bin/homework" referee -game reversi -single 1 -games 1 -first a -sandbox off -out r8 \
	-a "sh -c 'head -c 200000000 /dev/zero >&2; exec $bin/reversi'" -b "$bin/reversi -player random" >r8.log 2>&1
biggest=$(find r8 -name '*.log' -printf '%s\n' | sort -n | tail -1)
[ "${biggest:-0}" -le $((16 << 20)) ]
verdict "8 log flood" $(($? == 0)) "the largest log: ${biggest:-none} bytes (cap 16 MiB)"

# 9. A 40,000-character name is refused; a record over 1 MiB (a 40,000-ply Quoridor game
# at the ply cap, as the referee writes it) renders.
name=$(head -c 40000 /dev/zero | tr '\0' n)
"$bin/homework" referee -game reversi -single 0.05 -games 1 -out r9 -name-a "$name" \
	-a "$bin/reversi -player random" -b "$bin/reversi -player random" >r9.log 2>&1
named=$?
mkdir -p r9 && awk 'BEGIN {
	print "referee record: quoridor, game 1 of 1"
	print "agent A: a plays FIRST: /bin/a"; print "agent B: b plays SECOND: /bin/b"
	print "setup: plies=40000"; print "first: a (FIRST)"
	split("MOVE 4,1|MOVE 4,0|MOVE 4,7|MOVE 4,8", to, "|")
	for (p = 1; p <= 40000; p++) {
		side = (p - 1) % 2; k = side * 2 + int((p - 1) / 2) % 2 + 1
		printf "ply %d: %s (%s) plays [%s] cpu 0.001s of 1s\n", p, side ? "b" : "a", side ? "SECOND" : "FIRST", to[k]
	}
	print "result: a draw: the ply cap"
}' >r9/game-01.txt
"$bin/homework" render -format png -o r9/final.png r9/game-01.txt >r9.render 2>&1
code=$?
[ $named = 2 ] && [ $code = 0 ] && [ -s r9/final.png ]
verdict "9 big record" $(($? == 0)) "the long name: exit $named; render of a $(wc -c <r9/game-01.txt)-byte record: exit $code"

echo "hostile-check: $((9 - failed)) of 9 judged fairly"
exit $failed
