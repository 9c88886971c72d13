import time

from randomplayer import MyPlayer as Random

# Every clock a harness inside this process could read now stands still.
time.perf_counter = lambda: 0.0
time.monotonic = lambda: 0.0
time.time = lambda: 0.0
time.process_time = lambda: 0.0


class MyPlayer(Random):
    """Plays randomly, but its second move takes too long, behind forged clocks."""

    def __init__(self, my_color, opponent_color):
        Random.__init__(self, my_color, opponent_color)
        self.moves = 0

    def move(self, board):
        self.moves += 1
        if self.moves == 2:
            end = 0
            while end < 9000000:  # about half a second of CPU, counted without a clock
                end += 1
        return Random.move(self, board)
