"""Turnspell's part of the new-game form: its tiles carry English letters, so an English word list."""

from games.web.forms import EnglishWordsForm


class TurnspellForm(EnglishWordsForm):
    pass
