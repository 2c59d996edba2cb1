"""``{% word_report_url word game %}``: the "report this word" link for a word shown in a game log
(missing, wrong or offensive), pointing at the lexicon's report page with the game filled in."""

from urllib.parse import urlencode

from django import template
from django.urls import reverse

register = template.Library()


def report_url(*, lexicon: str, game_id: int, word: str, kind: str = "wrong") -> str:
    query = {"lexicon": lexicon, "game": game_id, "word": str(word).lower(), "kind": kind}
    return f"{reverse('word_report')}?{urlencode(query)}"


@register.simple_tag
def word_report_url(word: str, game, kind: str = "wrong") -> str:
    return report_url(lexicon=(game.options or {}).get("lexicon", ""), game_id=game.pk, word=word, kind=kind)
