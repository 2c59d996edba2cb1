"""``{% word_report_url word game %}``: the "report this word" link for a word shown in a game log
(missing, wrong or offensive), pointing at the lexicon's report page with the game filled in."""

from urllib.parse import urlencode

from django import template
from django.urls import reverse

register = template.Library()


@register.simple_tag
def word_report_url(word: str, game, kind: str = "wrong") -> str:
    lexicon = (game.options or {}).get("lexicon", "")
    query = {"lexicon": lexicon, "game": game.pk, "word": str(word).lower(), "kind": kind}
    return f"{reverse('word_report')}?{urlencode(query)}"
