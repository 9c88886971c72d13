import random

import base as Base
from hiverules import Rules


class Player(Base.Board):
    """A random legal move, seeded."""

    def __init__(self, playerName, myIsUpper, size, myPieces, rivalPieces):
        Base.Board.__init__(self, myIsUpper, size, myPieces, rivalPieces)
        self.playerName = playerName
        self.algorithmName = "random"
        self.rng = random.Random(size + myIsUpper)

    def move(self):
        moves = Rules(self.board, self.myColorIsUpper, self.myMove, self.myPieces).moves()
        if not moves:
            return []
        return self.rng.choice(moves)
