from hostile import Hostile


class MyPlayer(Hostile):
    """Allocates 10 GB."""

    def attack(self):
        b = bytearray(10 << 30)
        raise RuntimeError("ESCAPED: allocated %d bytes" % len(b))
