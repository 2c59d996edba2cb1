"""``{% word_report_url word game %}``: the "report this word" link for a word shown in a game log."""

from django import template

from games.web.word_links import report_url

register = template.Library()


@register.simple_tag
def word_report_url(word: str, game, kind: str = "wrong") -> str:
    return report_url(lexicon=(game.options or {}).get("lexicon", ""), game_id=game.pk, word=word, kind=kind)
