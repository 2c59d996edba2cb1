"""The rules pages: an index of the games and one "How to play" page per game.

A page's long text lives in a template per language (``guide/<language>/<kind>.html``), chosen by the
active language with English as the fallback, and a game without one gets ``guide/generic.html``; the
pictures come from the game's spec (``guide.diagrams``).  Anyone may
read them, signed in or not.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.translation import get_language

from . import diagrams
from .catalogue import rules_game, rules_games


def rules_index(request):
    return render(request, "guide/index.html", {"games": rules_games()})


def rules_page(request, kind: str):
    game = rules_game(kind)
    if game is None:
        raise Http404
    language = diagrams.language_of(get_language())
    # A game without a page of its own gets the generic one: its summary, players and the site's clock.
    template = select_template([f"guide/{language}/{kind}.html", f"guide/en/{kind}.html", "guide/generic.html"])
    name = template.template.name
    content_language = language if name == "guide/generic.html" else name.split("/")[1]
    context = {
        "game": game,
        "others": [g for g in rules_games() if g.kind != kind],
        "content_language": content_language,
        "days_per_move": settings.DAYS_PER_MOVE_CHOICES,
        "default_days": settings.DEFAULT_DAYS_PER_MOVE,
        **diagrams.for_kind(kind, content_language),
    }
    return render(request, name, context)
