"""The board view-models (games/web/kinds/<kind>/page.py): one per kind with a page of its own, matched one to one
with the kind templates, and no view-model where there is nothing to draw yet."""

from pathlib import Path

import pytest
from django.conf import settings

from games import registry, services
from games.web import kinds
from games.web.presenters import game_payload
from lexicons.term_decks import starter_deck_load
from tests.games.helpers import stand_in_lexicons

KIND_TEMPLATES = [Path(settings.BASE_DIR) / "templates" / "games" / "kinds",
                  *(Path(d) / "games" / "kinds" for d in settings.TEMPLATES[0]["DIRS"][1:])]
# The kinds with a board of their own (``KindSpec.page``).
PAGES = [spec.kind for spec in registry.specs() if spec.page]


def test_every_kind_template_has_a_view_model_and_every_view_model_a_template():
    templates = {p.stem for folder in KIND_TEMPLATES for p in folder.glob("*.html")
                 if not p.stem.startswith("_")} - {"generic"}
    assert set(PAGES) == templates


@pytest.mark.django_db
def test_a_kind_without_a_page_has_no_view_model(alice, bob):
    game = services.game_create(creator=alice, kind="toy", opponents=[bob], seed=1)
    assert kinds.page_context(game, game_payload(game, alice)) is None


@pytest.mark.django_db
def test_an_open_seek_has_no_view_model_yet(alice, monkeypatch):
    stand_in_lexicons(monkeypatch, {"en": ["cat"]})
    starter_deck_load(language="en")
    for kind in PAGES:
        seek = services.game_create(creator=alice, kind=kind, seats=2)
        assert kinds.page_context(seek, game_payload(seek, alice)) is None
