# The Quoridor variant's rules the test players share: the course template's Player state
# (positions, obstacles), legal steps and walls, and shortest paths.

from obstacle import Obstacle


class Base:
    def __init__(self, name):
        self.name = name
        self.obstacles = []

    def initialization(self, sizex, sizey, myx, myy, opponentx, opponenty, max_obstacles, list_of_obstacles):
        self.sizex, self.sizey = sizex, sizey
        self.myx, self.myy = myx, myy
        self.opponentx, self.opponenty = opponentx, opponenty
        self.max_obstacles, self.my_obstacles = max_obstacles, 0
        self.obstacles = list(list_of_obstacles)
        self.my_goal_row = sizey - 1 if myy == 0 else 0
        self.opponent_goal_row = sizey - 1 - self.my_goal_row

    def opponent_move(self, moveType, result):
        if moveType == 1:
            self.opponentx, self.opponenty = result
        elif moveType == 2:
            self.obstacles += list(result)

    def blocked(self, extra=()):
        """The blocked steps, as sets of two cells."""
        return set(o.cells() for o in list(self.obstacles) + list(extra))

    def steps(self, at, blocked):
        x, y = at
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= n[0] < self.sizex and 0 <= n[1] < self.sizey and frozenset([at, n]) not in blocked:
                yield n

    def path(self, start, goal_row, blocked):
        """A shortest path to the goal row (the other player ignored), or None."""
        prev, todo = {start: None}, [start]
        for at in todo:
            if at[1] == goal_row:
                out = []
                while at is not None:
                    out.append(at)
                    at = prev[at]
                return out[::-1]
            for n in self.steps(at, blocked):
                if n not in prev:
                    prev[n] = at
                    todo.append(n)
        return None

    def expand_player(self):
        return [list(n) for n in self.steps((self.myx, self.myy), self.blocked()) if n != (self.opponentx, self.opponenty)]

    def expand_obstacles(self):
        if self.my_obstacles >= self.max_obstacles:
            return []
        out, blocked = [], self.blocked()
        for x in range(self.sizex - 1):
            for y in range(self.sizey - 1):
                for pair in ([Obstacle(x, y, x, y + 1), Obstacle(x + 1, y, x + 1, y + 1)],
                             [Obstacle(x, y, x + 1, y), Obstacle(x, y + 1, x + 1, y + 1)]):
                    with_pair = blocked | set(o.cells() for o in pair)
                    if len(with_pair) != len(blocked) + 2:
                        continue
                    if self.path((self.myx, self.myy), self.my_goal_row, with_pair) is None:
                        continue
                    if self.path((self.opponentx, self.opponenty), self.opponent_goal_row, with_pair) is None:
                        continue
                    out.append(pair)
        return out

    def play(self, kind, what):
        if kind == 1:
            self.myx, self.myy = what
        elif kind == 2:
            self.obstacles += what
            self.my_obstacles += 1
        return kind, what
