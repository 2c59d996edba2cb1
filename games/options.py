"""What a new game's options may be: its engine's declaration (``Engine.options_schema``, beside the
rules in ``engines/<kind>/``) and the site's own option, ``rated``.

Game creation (``services.creating``) refuses anything else before it adds what the server adds (a
default lexicon, Spell's cards) and before anything is written, so a stored game's options, and every
lobby that lists them, stay small.  Nothing here names a game kind: a new kind's declaration is read
from its engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines import registry
from engines.base import BOOLEAN, INTEGER, Engine, IllegalMove, Option, OptionSchema, check_options, flag
from games.errors import BAD_OPTIONS, GameError

# The options the site itself reads for every kind: a game of a kind with ratings is rated unless
# created with {"rated": false} (``ratings.services``).  A cooperative kind is never rated and takes
# no such option.
SITE_OPTIONS: OptionSchema = {"rated": flag(default=True)}


def options_declared(engine: Engine) -> OptionSchema:
    """Every option a game of ``engine``'s kind may be created with: its own and the site's."""
    if engine.cooperative:
        return engine.options_schema
    return {**engine.options_schema, **SITE_OPTIONS}


def options_refuse_undeclared(engine: Engine, options: Any) -> None:
    """Refuse (BAD_OPTIONS, ``details["option"]`` naming it) a creator's option that ``engine``'s kind
    does not declare, one outside its declaration (``"rated": "no"``), or one only the server sets
    (Spell's cards)."""
    name = engine.kind.capitalize()
    if engine.cooperative and isinstance(options, Mapping) and "rated" in options:
        raise GameError(BAD_OPTIONS, f'{name} is cooperative and never rated; leave out "rated".', option="rated")
    try:
        check_options(options_declared(engine), options, game=name)
    except IllegalMove as exc:
        raise GameError(BAD_OPTIONS, exc.message, **exc.details) from None


def options_chosen(engine: Engine, options: Mapping[str, Any] | None) -> dict:
    """Of a stored game's options, those a creator may choose (declared, not set by the server): what
    a rematch asks for again, so the server adds its own part afresh (Spell draws new cards)."""
    declared = options_declared(engine)
    return {k: v for k, v in (options or {}).items() if k in declared and not declared[k].by_server}


def _allowed(option: Option) -> str:
    if option.choices:
        return " | ".join(str(c) for c in option.choices) + (" | null" if option.nullable else "")
    if option.kind == BOOLEAN:
        return "true | false"
    if option.kind == INTEGER:
        return f"{option.low}-{option.high}"
    return f"text of 1-{option.max_len} characters"


def options_schema_text() -> str:
    """Every registered kind's options in one paragraph, for the API schema (built from the
    declarations when the schema is, so it never disagrees with them)."""
    kinds = []
    for kind in registry.kinds():
        declared = options_declared(registry.get(kind))
        names = [f"`{name}` ({_allowed(option)})" for name, option in declared.items() if not option.by_server]
        kinds.append(f"{kind}: {', '.join(names) or 'none'}")
    return ("Only the options the game kind declares, each as declared; anything else is 400 `BAD_OPTIONS` "
            "(`details.option` names it). " + "; ".join(kinds) + ".")
