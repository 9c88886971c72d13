# A minimal stand-in for the Hive course kit's base.py, written for these tests: the
# interface the course's player.py relies on (Board and its variables), nothing more.


class Board:
    def __init__(self, myIsUpper, size, myPieces, rivalPieces):
        self.size = size
        self.myIsUpper = myIsUpper
        self.myColorIsUpper = myIsUpper
        self.myPieces = dict(myPieces)
        self.rivalPieces = dict(rivalPieces)
        self.myMove = 0
        self.tournament = False
        self.board = {}
        for q in range(size):
            for p in range(-(q // 2), size - q // 2):
                self.board.setdefault(p, {})[q] = ""

    def inBoard(self, p, q):
        return p in self.board and q in self.board[p]

    def isEmpty(self, p, q, board):
        return board[p][q] == ""
