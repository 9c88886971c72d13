import random

from reversirules import legal


class MyPlayer:
    """A random legal move, seeded, with the course template's move()."""

    def __init__(self, my_color, opponent_color):
        self.my_color = my_color
        self.opponent_color = opponent_color
        self.rng = random.Random(my_color)

    def move(self, board):
        moves = legal(board, self.my_color)
        if not moves:
            return None
        return self.rng.choice(moves)
