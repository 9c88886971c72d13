import base as Base


class Player(Base.Board):
    """Forgets the None, None of a placement."""

    def __init__(self, playerName, myIsUpper, size, myPieces, rivalPieces):
        Base.Board.__init__(self, myIsUpper, size, myPieces, rivalPieces)

    def move(self):
        return ["q", 3, 6]
