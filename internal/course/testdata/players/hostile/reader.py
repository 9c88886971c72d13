import os

from hostile import Hostile


class MyPlayer(Hostile):
    """Looks for the opponent's directory and the records (above its own directory), and
    reads the opponent's player.py (../reversi/randomplayer.py beside its directory)."""

    def attack(self):
        here = os.path.dirname(os.path.abspath(__file__))
        game = os.path.basename(os.path.dirname(os.getcwd()))  # game-NN, holding this directory
        found = [p for p in ("../agent-A", "../agent-B", "../../" + game + ".txt") if os.path.exists(p)]
        found.remove("../" + os.path.basename(os.getcwd()))
        records = [n for n in os.listdir("../..") if n != game]
        if found or records:
            raise RuntimeError("ESCAPED: sees %s %s" % (found, records))
        with open(os.path.join(here, "..", "reversi", "randomplayer.py")) as f:
            raise RuntimeError("ESCAPED: read the opponent: " + f.readline())
