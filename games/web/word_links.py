"""The "report this word" link for a word shown in a game (missing, wrong or offensive): the lexicon's
report page with the game filled in.  Used by the board view-models and the ``word_report_url`` tag."""

from urllib.parse import urlencode

from django.urls import reverse


def report_url(*, lexicon: str, game_id: int, word: str, kind: str = "wrong") -> str:
    query = {"lexicon": lexicon, "game": game_id, "word": str(word).lower(), "kind": kind}
    return f"{reverse('word_report')}?{urlencode(query)}"
