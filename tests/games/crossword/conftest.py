"""Fixtures for the Django side of Crossword: lexicons, players and games started through the services.

``lexicons`` creates the lexicon rows the new-game form checks and answers ``lexicon_for_code`` with a
small ``SetLexicon`` per code, so tests need no imported word list.  ``real_lexicon`` imports the real
list into the test database instead (slow; used only where the real words matter).
"""

from __future__ import annotations

import pytest

from games import services
from tests.engines.crossword.test_random_play import ENGLISH_WORDS
from tests.games.helpers import stand_in_lexicons

DUTCH_WORDS = """
aan al als am an at be bed bel ben bes bik bol bon bos da dak dal dam dan dat de den der des dit do doe dol
dom don door dorp dus ee een eer eg ei el en er es et eten ga gaan gat ge gee geen gek gel gen gene goed
had ham hak hal hand hat he hee hel hem hen het hoe hof hol hond hoor hout ik in is ja je jij jo ka kaas
kam kan kat ke kei ken kin kip klok kok kom kon koe la laat lam land lat le leg len les lid lied lo lood
los lot ma maan man mat me mee meer mes met mij min mis mo mol mond na naam nat ne nee neer net nie niet no
nog nu of om on ons oog oom op ore os ot oud over pa pan pen pet pit po pol pot raam rat re red rek ren
rib rol rood room ros rot rug ruim sap se sla slaap slot snel so sok som soms sta stad ster stok taal tak
tam tas te tel tem ten ter tien toe tol ton top toren tot tuin u uit ur va vaak van vat ve vel ven ver
vet vis vol voor vos wa wand want water we weg wel wen wet wie wij wind wit wol zaak zag zak zal ze zee
zeg zes zet zij zin zo zon zoon zou
"""

WORDS = {"en": [*ENGLISH_WORDS.split(), "windy"], "nl": DUTCH_WORDS.split()}


@pytest.fixture
def lexicons(db, monkeypatch):
    """Lexicons en and nl as rows (for the form) and as small in-memory word sets (for the rules)."""
    return stand_in_lexicons(monkeypatch, WORDS)


@pytest.fixture
def crossword_game(lexicons, alice, bob):
    """A started two-player English game between alice (seat 0) and bob (seat 1)."""

    def make(**options):
        return services.game_create(creator=alice, kind="crossword", opponents=[bob], seed=7, options=options)

    return make
