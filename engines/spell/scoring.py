"""Round scoring in Spell, as the rulebook counts it.

A found term earns 1 point per free field (neither written nor crossed out) on the clue boards used
and 10 points per clue board left unused; a round whose term was not found earns nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

FIELDS_PER_BOARD = 7
BOARDS_PER_ROUND = 5
POINTS_PER_UNUSED_BOARD = 10


def free_fields(board: Mapping[str, Any]) -> int:
    return FIELDS_PER_BOARD - board["crossed"] - len(board["letters"])


def round_score(boards: Sequence[Mapping[str, Any]], found: bool) -> int:
    """Points for a round whose used clue boards are ``boards``."""
    if not found:
        return 0
    unused = BOARDS_PER_ROUND - len(boards)
    return sum(free_fields(b) for b in boards) + POINTS_PER_UNUSED_BOARD * unused
