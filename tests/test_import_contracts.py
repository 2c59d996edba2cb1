"""The engines' purity contract (``pyproject.toml``, checked by import-linter) names every other module of
the games app: a new module there is forbidden to the engines from the day it is added, not once someone
remembers to list it."""

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_the_engines_are_forbidden_every_other_module_of_the_games_app():
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (pure,) = [c for c in contracts if c.get("source_modules") == ["games.engines"]]
    games = REPO / "games"
    siblings = {f"games.{p.stem}" for p in games.glob("*.py") if p.stem != "__init__"}
    siblings |= {f"games.{p.name}" for p in games.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    siblings -= {"games.engines", "games.migrations"}
    assert siblings - set(pure["forbidden_modules"]) == set()
