from randomplayer import MyPlayer as Random


class MyPlayer(Random):
    """Reads weights.txt, which lies beside it, by a relative path: not found, since a
    player runs in its agent's directory."""

    def __init__(self, my_color, opponent_color):
        Random.__init__(self, my_color, opponent_color)
        self.weights = open("weights.txt").read()
