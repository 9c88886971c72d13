from randomplayer import Player as Random


class Player(Random):
    """The placement of the highest gain, then the largest card, in tournament mode."""

    def choose(self, moves):
        if not self.tournament:
            return Random.choose(self, moves)
        return max(moves, key=lambda m: (self.desk.gain(m[0], m[1], m[2]), len(m[2]) * len(m[2][0])))
