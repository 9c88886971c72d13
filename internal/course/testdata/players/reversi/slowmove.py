import time

from randomplayer import MyPlayer as Random


class MyPlayer(Random):
    """Plays randomly, but its second move takes too long."""

    def __init__(self, my_color, opponent_color):
        Random.__init__(self, my_color, opponent_color)
        self.moves = 0

    def move(self, board):
        self.moves += 1
        if self.moves == 2:
            time.sleep(0.5)
        return Random.move(self, board)
