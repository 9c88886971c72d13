class MyPlayer:
    """Returns a square's name instead of (row, col)."""

    def __init__(self, my_color, opponent_color):
        pass

    def move(self, board):
        return "d3"
