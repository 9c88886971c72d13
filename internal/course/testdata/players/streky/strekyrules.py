# The STREKY rules the test players share: rotations, legal placements and their gains, on
# a board of rows of -1 (empty) or the card values 0..4.


def rotations(card):
    """The card's distinct rotations (counter-clockwise: new[cols-1-c][r] = old[r][c])."""
    out = []
    for _ in range(4):
        if card not in out:
            out.append(card)
        rows, cols = len(card), len(card[0])
        card = [[card[r][cols - 1 - c] for r in range(rows)] for c in range(cols)]
    return out


class Desk:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.cells = [[-1] * cols for _ in range(rows)]
        self.empty = True

    def put(self, row, col, card):
        for r, line in enumerate(card):
            for c, v in enumerate(line):
                self.cells[row + r][col + c] = v
        self.empty = False

    def fits(self, row, col, card):
        h, w = len(card), len(card[0])
        if row < 0 or col < 0 or row + h > self.rows or col + w > self.cols:
            return False
        for r in range(row, row + h):
            for c in range(col, col + w):
                if self.cells[r][c] != -1:
                    return False
        if self.empty:
            return True
        for r in range(row, row + h):
            for c in range(col, col + w):
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    inside = row <= rr < row + h and col <= cc < col + w
                    if not inside and 0 <= rr < self.rows and 0 <= cc < self.cols and self.cells[rr][cc] != -1:
                        return True
        return False

    def placements(self, hand):
        """[row, col, matrix, index in hand] for every legal placement of every card."""
        out = []
        for i, card in enumerate(hand):
            if card in hand[:i]:
                continue
            for m in rotations(card):
                for row in range(self.rows - len(m) + 1):
                    for col in range(self.cols - len(m[0]) + 1):
                        if self.fits(row, col, m):
                            out.append([row, col, m, i])
        return out

    def gain(self, row, col, card):
        """The points of placing card: every region a card cell joins that reaches beyond
        the card scores all its cells, once."""
        saved = [line[:] for line in self.cells]
        self.put(row, col, card)
        seen, points = set(), 0
        for r, line in enumerate(card):
            for c, v in enumerate(line):
                start = (row + r, col + c)
                if v == 0 or start in seen:
                    continue
                region, todo = {start}, [start]
                while todo:
                    y, x = todo.pop()
                    for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                        if 0 <= n[0] < self.rows and 0 <= n[1] < self.cols and n not in region \
                                and self.cells[n[0]][n[1]] == v:
                            region.add(n)
                            todo.append(n)
                seen |= region
                if any(not (row <= y < row + len(card) and col <= x < col + len(card[0])) for y, x in region):
                    points += len(region)
        self.cells = saved
        return points
