import base as Base
from hiverules import Rules, play


class Player(Base.Board):
    """The move leaving most pieces round the opponent's queen and fewest round its own."""

    def __init__(self, playerName, myIsUpper, size, myPieces, rivalPieces):
        Base.Board.__init__(self, myIsUpper, size, myPieces, rivalPieces)
        self.playerName = playerName
        self.algorithmName = "greedy"

    def pressure(self, board, queen):
        r = Rules(board, self.myColorIsUpper, 0, {})
        for c in r.cells():
            if queen in r.stack(c):
                return sum(1 for n in r.nbrs(c) if r.stack(n) != "")
        return 0

    def move(self):
        moves = Rules(self.board, self.myColorIsUpper, self.myMove, self.myPieces).moves()
        if not moves:
            return []
        mine, theirs = ("Q", "q") if self.myColorIsUpper else ("q", "Q")

        def value(m):
            b = play(self.board, m)
            return self.pressure(b, theirs) - self.pressure(b, mine)
        return max(moves, key=value)
