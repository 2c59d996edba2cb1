"""The one place that decides whether move generation uses the compiled search (``_movegen.c``).

``ACTIVE`` is true when the compiled module was built (``make native``, run by ``make install``) and the
environment does not switch it off with ``LETTERPOST_NATIVE_MOVEGEN=0`` (also ``false``, ``no``, ``off``).
``movegen.placements`` asks ``placements`` here first and runs the pure-Python search
(``movegen.python_placements``, the reference) whenever this answers None: module not built or switched
off, a lazy protocol graph, or an input the compiled search does not handle (see ``_movegen.c``).

Invariant: when it answers, the answer equals ``python_placements`` on the same input -- the same plays
in the same order, with the same tiles, orientation, score, words, bingo flag, leave and first square
(``tests/games/crossword/test_native_movegen.py`` holds the two to that on every recorded position).
Pure: no Django, no clock, no randomness.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from . import board as boardmod
from .moves import Tile
from .tiles import TileSet

try:
    from . import _movegen
except ImportError:  # not built (no compiler at install time): the Python search is used
    _movegen = None  # type: ignore[assignment]  # the module or None, as the stub cannot say

ENV = "LETTERPOST_NATIVE_MOVEGEN"
AVAILABLE = _movegen is not None
ACTIVE = AVAILABLE and os.environ.get(ENV, "1").strip().lower() not in ("0", "false", "no", "off")

# The slots of movegen.Play, in the order _movegen.configure expects their descriptors.
PLAY_SLOTS = ("kind", "tiles", "across", "score", "words", "bingo", "exchange", "leave", "row", "col")

# id(root) -> (root, compiled graph or None).  The root is held so its id cannot be reused while the
# entry lives; the size matches wordgraph's own cache of DAWGs.
_GRAPHS: OrderedDict[int, tuple[dict, Any]] = OrderedDict()
_GRAPHS_SIZE = 4
_lock = threading.Lock()
_configured_for: type | None = None


def compiled(root: Any) -> Any:
    """The compiled form of a word graph of plain dicts (cached per graph object), or None."""
    if _movegen is None or type(root) is not dict:
        return None
    key = id(root)
    with _lock:
        held = _GRAPHS.get(key)
        if held is not None and held[0] is root:
            _GRAPHS.move_to_end(key)
            return held[1]
    graph = _movegen.compile_graph(root)
    with _lock:
        _GRAPHS[key] = (root, graph)
        _GRAPHS.move_to_end(key)
        while len(_GRAPHS) > _GRAPHS_SIZE:
            _GRAPHS.popitem(last=False)
    return graph


def _configure(play_type: type) -> bool:
    """Hand the Play and Tile classes and the premium squares to the compiled module (once per Play class)."""
    global _configured_for
    if _configured_for is play_type:
        return True
    if tuple(getattr(play_type, "__slots__", ())) != PLAY_SLOTS or "__dict__" in play_type.__dict__:
        return False  # Play changed shape: keep the Python search until this module learns the new slots
    descriptors = tuple(play_type.__dict__[name] for name in PLAY_SLOTS)
    squares = [boardmod.premium(r, c) for r in range(boardmod.SIZE) for c in range(boardmod.SIZE)]
    _movegen.configure(play_type, Tile, descriptors, [lm for lm, _ in squares], [wm for _, wm in squares])
    _configured_for = play_type
    return True


def placements(board: list[str], rack: Sequence[str], root: Any, tile_set: TileSet, play_type: type) -> list | None:
    """Every legal placement found by the compiled search, as ``play_type`` objects; None when the
    compiled search is off, not built, or does not handle this input (then the caller searches in Python)."""
    if not ACTIVE or boardmod.SIZE != 15:
        return None
    graph = compiled(root)
    if graph is None or not _configure(play_type):
        return None
    return _movegen.placements(graph, board, rack, tile_set.values)
