# A minimal stand-in for the Quoridor course kit's obstacle.py, written for these tests:
# one blocked step between two neighbouring cells, in both directions.


class Obstacle:
    def __init__(self, fromx, fromy, tox, toy):
        self.fromx, self.fromy, self.tox, self.toy = fromx, fromy, tox, toy

    def cells(self):
        return frozenset([(self.fromx, self.fromy), (self.tox, self.toy)])

    def __eq__(self, other):
        return type(self) == type(other) and self.cells() == other.cells()

    def __hash__(self):
        return hash(self.cells())
