"""The import contracts (``pyproject.toml``, checked by import-linter) keep their simple shape: every
package of ours is a layer of the one layers line, with the pure engines at the bottom, and no contract
carries an exception or a hand-kept list of modules, so a new module is held by the layers the day it
is added."""

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _config():
    return tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]


def _our_packages():
    return {p.name for p in REPO.iterdir()
            if (p / "__init__.py").exists() and p.name not in {"tests", "bench"}}


def test_every_package_is_a_root_package_and_a_layer():
    config = _config()
    assert set(config["root_packages"]) == _our_packages()
    (layers,) = [c for c in config["contracts"] if c["type"] == "layers"]
    in_layers = {name.strip() for line in layers["layers"] for name in line.split("|")}
    assert in_layers == _our_packages()
    assert layers["layers"][-1] == "engines"


def test_no_contract_has_exceptions_or_lists_modules_of_an_app():
    for contract in _config()["contracts"]:
        assert "ignore_imports" not in contract, contract["name"]
        for key in ("source_modules", "forbidden_modules", "layers"):
            for module in contract.get(key, ()):
                assert "." not in module, (contract["name"], module)


def test_the_engines_are_forbidden_the_frameworks():
    (pure,) = [c for c in _config()["contracts"] if c.get("source_modules") == ["engines"]]
    assert {"django", "rest_framework", "channels", "celery"} <= set(pure["forbidden_modules"])


def test_the_play_side_of_the_games_app_never_imports_its_web_side():
    """``games.web`` (pages, API, sockets, forms, presenters) reads and calls the play side (models,
    services, store, selectors, clock, events, policies, bots); the play side does not know it exists.
    Template tags and the app's config are Django's fixed places for the web side's glue."""
    import grimp

    graph = grimp.build_graph("games")
    web_side = {"games.web", "games.templatetags", "games.apps"}
    play_side = {m for m in graph.modules
                 if not any(m == w or m.startswith(w + ".") for w in web_side)}
    crossing = sorted(
        (importer, imported)
        for importer in play_side
        for imported in graph.find_modules_directly_imported_by(importer)
        if imported == "games.web" or imported.startswith("games.web.")
    )
    assert crossing == []
