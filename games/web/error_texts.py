"""Translated explanations of the stable error codes, for players who do not read English.

Engines stay free of Django, so their refusal messages are English (and more specific). When the
active language is not English, the interfaces show the translated explanation for the code instead;
the code itself never changes.  Registered with ``core.errors`` when the games app is ready.
"""

from django.utils.translation import gettext_lazy as _

TEXTS = {
    "NOT_YOUR_TURN": _("It is not your turn."),
    "GAME_OVER": _("The game is over."),
    "BAD_MOVE": _("That move is not valid here."),
    "STALE_VERSION": _("The game has moved on since you looked; reload and try again."),
    "NOT_YOUR_GAME": _("You do not have a seat in this game."),
    "NOT_FOUND": _("No such game."),
    "GAME_NOT_ACTIVE": _("The game is not in progress."),
    "GAME_NOT_FINISHED": _("Only a finished game can be played again."),
    "IDEMPOTENCY_KEY_REUSED": _("This request was already sent with different content."),
    "BAD_REQUEST": _("The request is malformed."),
    "UNKNOWN_KIND": _("There is no such game."),
    "BAD_OPTIONS": _("These game settings cannot be used."),
    "UNKNOWN_FIELD": _("The request has a field this address does not take."),
    "SEEK_NOT_OPEN": _("This seek has already been taken or withdrawn."),
    "TOO_MANY_GAMES": _("A player of this game already has as many games going as a player may have at once; "
                        "finish, withdraw or decline some first."),
    "ALREADY_SEATED": _("You already have a seat in this game."),
    "UNKNOWN_PLAYER": _("There is no player by that name."),
    "PLAYER_ON_VACATION": _("That player is on vacation; challenge them when they are back."),
    "ALREADY_CHOSEN": _("You have already chosen this turn; wait for the others."),
    "TILE_NOT_ON_RACK": _("You do not have those tiles on your rack."),
    "SQUARE_TAKEN": _("That square is already taken."),
    "OFF_BOARD": _("That is off the board."),
    "NOT_IN_LINE": _("The tiles of one turn must lie in one row or one column."),
    "HAS_GAP": _("The tiles you place must not leave a gap."),
    "NOT_CONNECTED": _("Your word must touch a tile already on the board."),
    "FIRST_MOVE_CENTRE": _("The first word must cover the centre star and have at least two letters."),
    "UNKNOWN_WORD": _("Not in the word list: %(words)s"),
    "BAG_TOO_SMALL": _("There are too few tiles in the bag to exchange."),
    "NOTHING_TO_CHALLENGE": _("There is no play to challenge."),
    "NO_SUCH_TILE": _("There is no tile there on your arm."),
    "CELL_TAKEN": _("That cell is already filled."),
    "CANNOT_AFFORD_RETURN": _("Your score does not cover the penalty for returning that tile."),
    "NOTHING_TO_CLEAR": _("There is nothing there to clear."),
    "BLANK_NEEDS_LETTER": _("Choose the letter for the blank tile."),
    "NOT_IN_HAND": _("That card is not in the hand you hold."),
    "NOT_YOURS": _("You can only use cards you picked and the jumper."),
    "CARD_USED_TWICE": _("A card can be used only once in a word."),
    "TOO_SHORT": _("A word needs at least three letters."),
    "WILD_NEEDS_LETTER": _("Choose the letter for the Wild card."),
    "DOUBLE_WITHOUT_LETTER": _("A Double must be attached to a letter of your word."),
    "NOT_A_PREFIX": _("The letters on the board must be the start of your clue word."),
    "BOARD_FULL": _("This board has no free field left."),
    "NOT_A_LETTER": _("Write a single letter."),
    "NO_PENDING_RULING": _("There is no guess waiting for a ruling."),
}
