"""Word graphs for searches that walk words letter by letter (move generation, bots).

A node is a ``dict`` from an uppercase letter to the next node; a node that ends a word holds the key
``END``.  Two sources give the same walk:

* ``dawg_for(lexicon)``: a minimised DAWG (directed acyclic word graph) built once from the words the
  lexicon lists (the protocol's optional ``words()`` ability), then cached per lexicon code and
  version.  A step is one C-level ``dict.get``.
* ``prefix_root(lexicon)``: a lazy graph over ``has_prefix``/``contains`` for a lexicon that cannot
  list its words; each step it has not seen asks the lexicon.  Correct for any lexicon, but slower.

``root_for(lexicon)`` picks the DAWG when the lexicon can list its words.  Pure: no Django, no clock,
no randomness.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

END = ""  # the key marking a node that ends a word (no letter is the empty string)

Node = dict[str, Any]

# (code, version) -> (the lexicon object, its DAWG).  The object is kept and compared by identity,
# so two test lexicons that share a code and version never share a graph.
_CACHE: OrderedDict[tuple[str, int], tuple[Any, Node]] = OrderedDict()
_CACHE_SIZE = 4
_lock = threading.Lock()


def build_dawg(words: Iterable[str]) -> Node:
    """The minimised DAWG of ``words`` (any case, any order; duplicates and empty strings ignored).

    Daciuk's incremental construction over the sorted words: after each word, the part of the previous
    word's path that can no longer change is replaced by an equal registered node, so identical suffix
    graphs are shared and memory stays near the minimal graph's size.
    """
    ordered = sorted({w.upper() for w in words if w})
    register: dict[tuple, Node] = {}
    root: Node = {}
    path: list[Node] = [root]  # nodes along the previous word
    previous = ""

    def minimise(down_to: int) -> None:
        for depth in range(len(path) - 1, down_to, -1):
            node = path[depth]
            key = tuple(sorted((k, id(v) if isinstance(v, dict) else v) for k, v in node.items()))
            same = register.get(key)
            if same is None:
                register[key] = node
            else:
                path[depth - 1][previous[depth - 1]] = same
            path.pop()

    for word in ordered:
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        minimise(common)
        node = path[common]
        for letter in word[common:]:
            child: Node = {}
            node[letter] = child
            path.append(child)
            node = child
        node[END] = True
        previous = word
    minimise(0)
    return root


def dawg_for(lexicon: Any) -> Node | None:
    """The cached DAWG of ``lexicon``, or None when it cannot list its words."""
    key = (str(lexicon.code), int(lexicon.version))
    with _lock:
        held = _CACHE.get(key)
        if held is not None and held[0] is lexicon:
            _CACHE.move_to_end(key)
            return held[1]
    words = lexicon.words()
    if words is None:
        return None
    graph = build_dawg(words)
    with _lock:
        _CACHE[key] = (lexicon, graph)
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return graph


class _PrefixNode(dict):
    """A node of the lazy graph: asks ``has_prefix`` the first time a letter is stepped to."""

    __slots__ = ("prefix", "lexicon", "_end")

    def __init__(self, prefix: str, lexicon: Any) -> None:
        super().__init__()
        self.prefix = prefix
        self.lexicon = lexicon
        self._end: bool | None = None

    def get(self, letter: str, default: Any = None) -> Any:
        if dict.__contains__(self, letter):
            child = dict.__getitem__(self, letter)
            return default if child is None else child
        word = self.prefix + letter
        child = _PrefixNode(word, self.lexicon) if self.lexicon.has_prefix(word) else None
        dict.__setitem__(self, letter, child)
        return default if child is None else child

    def __contains__(self, key: object) -> bool:
        if key == END:
            if self._end is None:
                self._end = bool(self.prefix) and self.lexicon.contains(self.prefix)
            return self._end
        return self.get(key) is not None  # type: ignore[arg-type]

    def __getitem__(self, key: str) -> Any:
        child = self.get(key)
        if child is None:
            raise KeyError(key)
        return child

    def letters(self) -> list[str]:
        return [letter for letter in _ALPHABET if self.get(letter) is not None]


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def prefix_root(lexicon: Any) -> Node:
    """A fresh lazy graph over the lexicon's ``has_prefix`` and ``contains``."""
    return _PrefixNode("", lexicon)


def root_for(lexicon: Any, *, prefer: str = "dawg") -> Node:
    """The graph to search ``lexicon`` with: the DAWG when it can list its words (and ``prefer`` is
    "dawg"), otherwise the lazy prefix graph."""
    if prefer == "dawg":
        graph = dawg_for(lexicon)
        if graph is not None:
            return graph
    return prefix_root(lexicon)


def children(node: Node) -> list[str]:
    """The letters that continue some word from ``node``."""
    if isinstance(node, _PrefixNode):
        return node.letters()
    return [k for k in node if k != END]


def walk(node: Node | None, letters: str) -> Node | None:
    """The node after ``letters`` (uppercase) from ``node``, or None when no word continues so."""
    for letter in letters:
        if node is None:
            return None
        node = node.get(letter)
    return node


def is_word_end(node: Node | None) -> bool:
    return node is not None and END in node
