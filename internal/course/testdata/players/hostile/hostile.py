# What the hostile test players share: a Reversi player (the course's MyPlayer interface)
# that makes its attack once, at its first move, then plays the first legal move. An
# attack that works raises an exception whose text starts with ESCAPED, so that the
# record says so; one that is stopped prints "contained:" and why, to the player's log.

DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def takes(board, me, r, c):
    """Whether playing (r, c) for colour me turns at least one disc."""
    if board[r][c] != -1:
        return False
    for dr, dc in DIRS:
        rr, cc, seen = r + dr, c + dc, 0
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == 1 - me:
            rr, cc, seen = rr + dr, cc + dc, seen + 1
        if seen and 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == me:
            return True
    return False


class Hostile:
    def __init__(self, my_color, opponent_color):
        self.my_color = my_color
        self.opponent_color = opponent_color
        self.attacked = False

    def attack(self):
        """Tries something a player must not do: raises ESCAPED if it works."""
        raise NotImplementedError

    def move(self, board):
        if not self.attacked:
            self.attacked = True
            try:
                self.attack()
            except OSError as e:
                print("contained:", type(e).__name__, e, flush=True)
            except MemoryError:
                print("contained: MemoryError", flush=True)
        for r in range(8):
            for c in range(8):
                if takes(board, self.my_color, r, c):
                    return (r, c)
        return None
