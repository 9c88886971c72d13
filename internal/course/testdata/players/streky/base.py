# A minimal stand-in for the STREKY course kit's base.py, written for these tests.


class BasePlayer:
    def __init__(self, login, boardRows, boardCols, cardsAtHand):
        self.userLogin = login
        self.boardRows = boardRows
        self.boardCols = boardCols
        self.cardsAtHand = cardsAtHand
        self.cardsOnDesk = []
        self.playerName = login
        self.tournament = False
