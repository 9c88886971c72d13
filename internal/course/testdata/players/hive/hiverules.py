# The Hive rules the test players share, as the course states them (loose contact): the
# placements and piece moves of the player to move, on the course's board (p -> q -> stack).

# The six directions in turn, so that DIRS[i-1] and DIRS[i+1] are the flanks of DIRS[i].
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


class Rules:
    def __init__(self, board, upper, my_move, my_pieces):
        self.board, self.upper, self.n, self.hand = board, upper, my_move, my_pieces

    def on(self, c):
        return c[0] in self.board and c[1] in self.board[c[0]]

    def stack(self, c):
        return self.board[c[0]][c[1]]

    def nbrs(self, c):
        return [(c[0] + dp, c[1] + dq) for dp, dq in DIRS if self.on((c[0] + dp, c[1] + dq))]

    def mine(self, c):
        s = self.stack(c)
        return s != "" and s[-1].isupper() == self.upper

    def cells(self):
        return [(p, q) for p in self.board for q in self.board[p]]

    def occupied(self, without=None):
        return [c for c in self.cells() if self.stack(c) != "" and c != without]

    def connected(self, cells):
        cells = set(cells)
        if not cells:
            return True
        todo = [next(iter(cells))]
        seen = set(todo)
        while todo:
            for n in self.nbrs(todo.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(cells)

    def placements(self):
        occ = self.occupied()
        queen = "Q" if self.upper else "q"
        kinds = [k for k, v in sorted(self.hand.items()) if v > 0]
        if self.n >= 3 and self.hand.get(queen, 0) > 0:
            kinds = [queen]
        if not kinds:
            return []
        if not occ:
            size = len(self.board[0]) if 0 in self.board else 13
            q = size // 2
            cells = [(size // 2 - q // 2, q)]
        elif self.n == 0:
            cells = [c for c in self.cells() if self.stack(c) == "" and any(self.stack(n) != "" for n in self.nbrs(c))]
        else:
            cells = [c for c in self.cells() if self.stack(c) == "" and any(self.mine(n) for n in self.nbrs(c))
                     and not any(self.stack(n) != "" and not self.mine(n) for n in self.nbrs(c))]
        return [[k, None, None, c[0], c[1]] for k in kinds for c in cells]

    def empty(self, c, origin):
        return self.on(c) and (self.stack(c) == "" or c == origin)

    def slides(self, x, origin, visited):
        """The cells one slide step from x, the piece having left origin."""
        out = []
        for i, (dp, dq) in enumerate(DIRS):
            y = (x[0] + dp, x[1] + dq)
            if not self.empty(y, origin) or y == origin or y in visited:
                continue
            f1 = (x[0] + DIRS[i - 1][0], x[1] + DIRS[i - 1][1])
            f2 = (x[0] + DIRS[(i + 1) % 6][0], x[1] + DIRS[(i + 1) % 6][1])
            gate = self.empty(f1, origin) or self.empty(f2, origin)
            contact = any(self.stack(n) != "" and n != origin for n in self.nbrs(y))
            if gate and contact:
                out.append(y)
        return out

    def destinations(self, c):
        kind = self.stack(c)[-1].upper()
        if kind == "Q":
            return self.slides(c, c, set())
        if kind == "B":
            alone = len(self.stack(c)) == 1
            return [y for y in self.nbrs(c) if self.stack(y) != "" or
                    any(self.stack(n) != "" and (n != c or not alone) for n in self.nbrs(y))]
        if kind == "G":
            out = []
            for dp, dq in DIRS:
                y = (c[0] + dp, c[1] + dq)
                jumped = False
                while self.on(y) and self.stack(y) != "":
                    y, jumped = (y[0] + dp, y[1] + dq), True
                if jumped and self.on(y):
                    out.append(y)
            return out
        if kind == "S":
            paths = [[c]]
            for _ in range(3):
                paths = [path + [y] for path in paths for y in self.slides(path[-1], c, set(path))]
            return sorted(set(path[-1] for path in paths))
        seen, todo = {c}, [c]  # the ant
        while todo:
            for y in self.slides(todo.pop(), c, seen):
                seen.add(y)
                todo.append(y)
        return sorted(seen - {c})

    def moves(self):
        out = self.placements()
        queen = "Q" if self.upper else "q"
        if self.n < 4 or self.hand.get(queen, 0) > 0:
            return out
        for c in self.cells():
            if not self.mine(c):
                continue
            if len(self.stack(c)) == 1 and not self.connected(self.occupied(without=c)):
                continue
            piece = self.stack(c)[-1]
            out += [[piece, c[0], c[1], y[0], y[1]] for y in self.destinations(c)]
        return out


def play(board, move):
    """The board after move, a copy."""
    b = {p: dict(row) for p, row in board.items()}
    piece, op, oq, np_, nq = move
    if op is not None:
        b[op][oq] = b[op][oq][:-1]
    b[np_][nq] += piece
    return b
