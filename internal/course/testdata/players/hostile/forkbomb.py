import os

from hostile import Hostile


class MyPlayer(Hostile):
    """Forks until it cannot; each child becomes a sleeper the test looks for."""

    def attack(self):
        n = 0
        try:
            while n < 100000:
                if os.fork() == 0:
                    os.execvp("sleep", ["sleep", "31337.3"])
                n += 1
        except OSError as e:
            print("contained: forks stopped at", n, e, flush=True)
            return
        raise RuntimeError("ESCAPED: forked %d processes" % n)
