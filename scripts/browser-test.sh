#!/usr/bin/env bash
# browser-test.sh: the replay page in a real browser. Plays one short game of each game
# (greedy against random) through the referee, loads each match's replay.html in headless
# Chromium at a few plies (the page honours #game=N&ply=K), checks what the page shows (the
# ply number, the move the record logs for that ply, the pieces on the board), and saves a
# screenshot of each game in the middle of its game as docs/pictures/replay-<game>.png.
#
# Usage: scripts/browser-test.sh [--no-screenshots]
# Skips (exit 0, saying so) when no chromium is installed; scripts/install-deps.sh installs
# Debian's. Exit status 1 when a check fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

screenshots=1
[[ ${1:-} == --no-screenshots ]] && screenshots=

browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
	echo "browser-test: SKIP: no chromium (scripts/install-deps.sh chromium installs it)"
	exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bin/" ./homework ./halma ./reversi ./hive ./quoridor ./streky || exit 1

# chrome runs headless Chromium on URL with the remaining flags (as root it needs
# --no-sandbox; its profile goes to the temporary directory).
chrome() {
	local url=$1
	shift
	timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$tmp/profile" \
		--window-size=1280,1000 "$@" "$url" 2>/dev/null
}

failed=0
fail() {
	echo "browser-test: FAIL: $*"
	failed=1
}

# check GAME PLY MINPIECES MAXPIECES: the page of GAME's match at PLY shows that ply, its
# move as the record logs it, and between MINPIECES and MAXPIECES pieces (or covered cells).
check() {
	local game=$1 ply=$2 lo=$3 hi=$4 dom want got pieces
	dom=$(chrome "file://$tmp/$game/replay.html#game=1&ply=$ply" --dump-dom)
	got=$(grep -o '<b id="ply">[0-9]*</b>' <<<"$dom" | grep -o '[0-9]\+')
	[[ $got == "$ply" ]] || fail "$game: the page shows ply '$got', want $ply"
	want=$(grep "^ply $ply: " "$tmp/$game/game-01.txt" | sed -n 's/.* plays \[\([^]]*\)\].*/\1/p')
	got=$(grep -o '<span id="move">[^<]*</span>' <<<"$dom" | sed 's/<[^>]*>//g')
	[[ -n $want && $got == "$want" ]] || fail "$game: ply $ply shows move '$got', want the record's '$want'"
	pieces=$(tr -d '\n' <<<"$dom" | grep -o '<g class="pieces">.*<g class="marks">' | grep -o 'class="\(piece\|piece [^"]*\|cell v[^"]*\)"' | wc -l)
	((pieces >= lo && pieces <= hi)) || fail "$game: ply $ply shows $pieces pieces, want $lo to $hi"
	grep -q '<li class="current">ply '"$ply"': ' <<<"$dom" || fail "$game: the move list does not mark ply $ply"
	echo "browser-test: $game ply $ply: move $got, $pieces pieces"
}

# game NAME PLIES MID SETUP...: plays one game of NAME (ply cap PLIES), checks the page at
# ply 1, 10 and MID, and takes its screenshot at MID.
game() {
	local name=$1 plies=$2 mid=$3 lo=$4 hi=$5
	"$tmp/bin/homework" referee -game "$name" -a "$tmp/bin/$name -player greedy" -b "$tmp/bin/$name -player random" \
		-name-a greedy -name-b random -games 1 -single 1 -plies "$plies" -out "$tmp/$name" >"$tmp/$name.log" 2>&1 ||
		{ fail "$name: the referee failed: $(tail -3 "$tmp/$name.log")"; return; }
	check "$name" 1 1 1000 # any pieces: some games start with none
	check "$name" "$mid" "$lo" "$hi"
	if [[ -n $screenshots ]]; then
		chrome "file://$tmp/$name/replay.html#game=1&ply=$mid" --screenshot="$tmp/$name.png" >/dev/null &&
			mv "$tmp/$name.png" "docs/pictures/replay-$name.png" || fail "$name: no screenshot"
	fi
}

# The pieces at MID: Halma's 19 a side; Reversi's 4 and one a ply (no pass this early);
# Quoridor's two players (at ply 10: greedy may win by ply 20); Hive and ŠTREKY at least
# a piece, or a card's cells, a ply.
game halma 60 40 38 38
game reversi 60 20 24 24
game hive 40 20 2 20
game quoridor 40 10 2 2
game streky 60 20 20 1089

if ((failed)); then
	echo "browser-test: FAIL"
	exit 1
fi
echo "browser-test: ok (Chromium: $("$browser" --version 2>/dev/null | head -1))"
