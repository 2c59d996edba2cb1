"""Types of the compiled Crossword move generator (``_movegen.c``, built by ``build_native.py``)."""

from collections.abc import Mapping, Sequence
from typing import Any, final

@final
class Graph:
    """A word graph of plain dicts flattened into arrays."""

    @property
    def nodes(self) -> int: ...
    @property
    def edges(self) -> int: ...

def compile_graph(root: dict[str, Any], /) -> Graph | None: ...
def configure(
    play_type: type,
    tile_type: type,
    slot_descriptors: tuple[Any, ...],
    letter_mult: Sequence[int],
    word_mult: Sequence[int],
    /,
) -> None: ...
def placements(
    graph: Graph, board: list[str], rack: Sequence[str], values: Mapping[str, int], /
) -> list[Any] | None: ...
