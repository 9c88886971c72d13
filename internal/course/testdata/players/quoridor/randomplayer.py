import random

from quoridorrules import Base


class Player(Base):
    """A random legal step, or now and then a random legal wall; seeded."""

    def __init__(self, name):
        Base.__init__(self, name)
        self.rng = random.Random(name)

    def make_move(self):
        steps = self.expand_player()
        if steps and (self.rng.random() < 0.8 or self.my_obstacles >= self.max_obstacles):
            return self.play(1, self.rng.choice(steps))
        walls = self.expand_obstacles()
        if walls:
            return self.play(2, self.rng.choice(walls))
        if steps:
            return self.play(1, self.rng.choice(steps))
        return None
