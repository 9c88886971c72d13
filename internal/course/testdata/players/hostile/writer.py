from hostile import Hostile


class MyPlayer(Hostile):
    """Writes into the referee's records folder, two levels above its directory."""

    def attack(self):
        for name in ("../../game-01.txt", "../../summary.tsv", "../../forged.txt"):
            try:
                with open(name, "a") as f:
                    f.write("forged\n")
            except OSError as e:
                print("contained:", name, e, flush=True)
                continue
            raise RuntimeError("ESCAPED: wrote " + name)
