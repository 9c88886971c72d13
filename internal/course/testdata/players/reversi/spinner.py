import os

from randomplayer import MyPlayer as Random


class MyPlayer(Random):
    """Plays randomly, and leaves a child spinning from its constructor on, to think on
    (or starve) the opponent's time; the child's pid goes to spinner.pid."""

    def __init__(self, my_color, opponent_color):
        Random.__init__(self, my_color, opponent_color)
        pid = os.fork()
        if pid == 0:
            while True:
                pass
        with open("spinner.pid", "w") as f:
            f.write(str(pid))
