import subprocess

from hostile import Hostile


class MyPlayer(Hostile):
    """Leaves a child running, in a session of its own, for the test to look for."""

    def attack(self):
        subprocess.Popen(["sleep", "31337.4"], start_new_session=True)
        print("contained: unless the sleeper outlives the game", flush=True)
