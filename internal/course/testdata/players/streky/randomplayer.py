import random

from base import BasePlayer
from strekyrules import Desk


class Player(BasePlayer):
    """A random legal placement, seeded; it keeps the desk from the cards played."""

    def __init__(self, login, boardRows, boardCols, cardsAtHand):
        BasePlayer.__init__(self, login, boardRows, boardCols, cardsAtHand)
        self.desk = Desk(boardRows, boardCols)
        self.hand = [card for card in cardsAtHand]
        self.rng = random.Random(len(cardsAtHand))

    def choose(self, moves):
        return self.rng.choice(moves)

    def play(self, newCardOnDesk):
        if newCardOnDesk:
            self.desk.put(*newCardOnDesk)
            self.cardsOnDesk.append(newCardOnDesk)
        moves = self.desk.placements(self.hand)
        if not moves:
            return []
        row, col, card, i = self.choose(moves)
        del self.hand[i]
        self.desk.put(row, col, card)
        self.cardsOnDesk.append([row, col, card])
        return [row, col, card]
