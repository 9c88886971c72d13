# The Reversi rules the test players share: legal moves and flips on the course's board
# (a list of 8 lists, -1 empty, 0 and 1 the colours).

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, me, r, c):
    """The discs that playing (r, c) for colour me would flip."""
    if board[r][c] != -1:
        return []
    out = []
    for dr, dc in DIRS:
        line, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == 1 - me:
            line.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if line and 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == me:
            out += line
    return out


def legal(board, me):
    return [(r, c) for r in range(8) for c in range(8) if flips(board, me, r, c)]
