"""The test suite's toy game as a kind of the site: its engine and a name, nothing else, so every
other part is the generic one (the proof that a new game needs its folder and one registration)."""

from games.registry import KindSpec
from tests.games.toy_engine import ENGINE

KIND = KindSpec(engine=ENGINE, name="Toy", summary="Race to a total: add one to three, or choose at once.")
