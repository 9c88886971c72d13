from quoridorrules import Base


class Player(Base):
    """Walks a shortest path; when blocked by the other player, any legal move."""

    def make_move(self):
        path = self.path((self.myx, self.myy), self.my_goal_row, self.blocked())
        steps = self.expand_player()
        if path and len(path) > 1 and list(path[1]) in steps:
            return self.play(1, list(path[1]))
        if steps:
            return self.play(1, steps[0])
        walls = self.expand_obstacles()
        if walls:
            return self.play(2, walls[0])
        return None
