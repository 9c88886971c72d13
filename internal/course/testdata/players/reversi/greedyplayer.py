from reversirules import flips, legal


class MyPlayer:
    """The move flipping most discs, with the newer template's select_move()."""

    def __init__(self, my_color, opponent_color):
        self.my_color = my_color

    def select_move(self, board):
        moves = legal(board, self.my_color)
        if not moves:
            return None
        return max(moves, key=lambda m: len(flips(board, self.my_color, m[0], m[1])))
