"""Placing a season's players into divisions: pure functions, no Django.

Returning players keep last season's order with promotion and relegation applied; newcomers follow,
strongest rating first, so they fill the lowest divisions with room.  Divisions are as even as
possible; the lowest ones take the odd extra player, so a growing league never keeps a relegated
player up.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

# How a returning player came to their new level: those relegated from above sit ahead of those
# who stayed, who sit ahead of those promoted from below (it matters only when divisions shrink).
FROM_ABOVE, STAYED, FROM_BELOW = 0, 1, 2


@dataclass(frozen=True)
class Returning:
    player: Hashable
    level: int  # last season's division, 1 is the top
    position: int  # last season's final place in it
    movement: int  # -1 promoted (up a level), 0 stayed, +1 relegated


def division_count(n: int, smallest: int, largest: int) -> int:
    """How many divisions ``n`` players make: enough that none is over ``largest`` unless that
    would make one under ``smallest`` (then the fewest that respects ``smallest``)."""
    if n <= 0:
        return 0
    return max(1, min(-(-n // largest), n // smallest))


def division_sizes(n: int, smallest: int, largest: int) -> list[int]:
    count = division_count(n, smallest, largest)
    if count == 0:
        return []
    base, extra = divmod(n, count)
    return [base + (1 if i >= count - extra else 0) for i in range(count)]


def placement_order(returning: Sequence[Returning], newcomers: Sequence[tuple[Hashable, float]]) -> list:
    """Everyone in the order they fill the divisions, top division first."""

    def key(r: Returning):
        group = STAYED if r.movement == 0 else FROM_BELOW if r.movement < 0 else FROM_ABOVE
        return (max(1, r.level + r.movement), group, r.position)

    order = [r.player for r in sorted(returning, key=key)]
    order += [player for player, _ in sorted(newcomers, key=lambda pr: -pr[1])]
    return order


def place(order: Sequence[Hashable], smallest: int, largest: int) -> list[list]:
    """Split the ordered players into divisions, top first."""
    divisions, start = [], 0
    for size in division_sizes(len(order), smallest, largest):
        divisions.append(list(order[start:start + size]))
        start += size
    return divisions
