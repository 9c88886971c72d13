class Player:
    """The Hive course's class name, not Reversi's MyPlayer."""

    def move(self, board):
        return None
