"""The rules pages: an index of the games and one "How to play" page per game.

A page's long text lives in a template per language (``rules/<language>/<kind>.html``), chosen by the
active language with English as the fallback; the pictures come from ``guide.diagrams``.  Anyone may
read them, signed in or not.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.translation import get_language

from . import diagrams
from .catalogue import BY_KIND, GAMES


def rules_index(request):
    return render(request, "guide/index.html", {"games": GAMES})


def rules_page(request, kind: str):
    game = BY_KIND.get(kind)
    if game is None:
        raise Http404
    language = diagrams.language_of(get_language())
    template = select_template([f"guide/{language}/{kind}.html", f"guide/en/{kind}.html"])
    content_language = template.template.name.split("/")[1]
    context = {
        "game": game,
        "others": [g for g in GAMES if g.kind != kind],
        "content_language": content_language,
        "days_per_move": settings.DAYS_PER_MOVE_CHOICES,
        "default_days": settings.DEFAULT_DAYS_PER_MOVE,
        **diagrams.for_kind(kind, content_language),
    }
    return render(request, template.template.name, context)
