import os
import socket

from hostile import Hostile


class MyPlayer(Hostile):
    """Connects to 127.0.0.1 on the port in port.txt beside it (the test listens there)."""

    def attack(self):
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "port.txt")) as f:
            port = int(f.read())
        socket.create_connection(("127.0.0.1", port), 2).close()
        raise RuntimeError("ESCAPED: connected to port %d" % port)
