"""Word graphs: the minimised DAWG holds exactly the lexicon's words, the lazy protocol graph walks the
same words, and a DAWG is built once per lexicon object and version."""

from engines import wordgraph
from engines.base import SetLexicon
from lexicons.index import WordIndex

WORDS = ["cat", "cats", "bat", "bats", "at", "a", "tact", "zebra"]


def spelled(node, prefix=""):
    """Every word reachable from ``node``."""
    found = {prefix} if wordgraph.END in node else set()
    for letter in wordgraph.children(node):
        found |= spelled(node.get(letter), prefix + letter)
    return found


def distinct_nodes(node):
    seen, stack = {}, [node]
    while stack:
        current = stack.pop()
        if id(current) not in seen:
            seen[id(current)] = current
            stack.extend(v for v in current.values() if isinstance(v, dict))
    return len(seen)


def test_the_dawg_spells_exactly_the_words_and_shares_equal_endings():
    dawg = wordgraph.build_dawg(WORDS + ["CAT", ""])
    assert spelled(dawg) == {w.upper() for w in WORDS}
    # cat/bat and cats/bats end the same way: after C and after B stands one shared node.
    assert dawg["C"]["A"] is dawg["B"]["A"]
    trie_nodes = 1 + len({w[:i] for w in WORDS for i in range(1, len(w) + 1)})
    assert distinct_nodes(dawg) < trie_nodes


def test_the_protocol_graph_walks_the_same_words():
    lazy = wordgraph.prefix_root(SetLexicon(WORDS))
    assert spelled(lazy) == {w.upper() for w in WORDS}
    assert wordgraph.walk(lazy, "ZEB") is not None and wordgraph.walk(lazy, "ZEA") is None
    assert wordgraph.is_word_end(wordgraph.walk(lazy, "TACT")) and not wordgraph.is_word_end(lazy)


def test_lexicons_list_their_words_for_the_graph():
    index = WordIndex.from_words(["Cat", "at", "cat"], code="t", version=2)
    assert sorted(index.words()) == ["at", "cat"]
    assert SetLexicon(["B", "a"]).words() == ["a", "b"]


def test_a_dawg_is_built_once_per_lexicon_object_and_version():
    first = SetLexicon(WORDS, code="graph-test", version=1)
    same_label = SetLexicon(["dog"], code="graph-test", version=1)
    graph = wordgraph.dawg_for(first)
    assert wordgraph.dawg_for(first) is graph
    assert spelled(wordgraph.dawg_for(same_label)) == {"DOG"}  # another object: never another's graph
    assert wordgraph.root_for(first) is wordgraph.dawg_for(first)


def test_a_lexicon_that_cannot_list_its_words_is_searched_through_the_protocol():
    class Unlisted(SetLexicon):
        def words(self):
            return None

    lexicon = Unlisted(WORDS, code="unlisted")
    assert wordgraph.dawg_for(lexicon) is None
    assert spelled(wordgraph.root_for(lexicon)) == {w.upper() for w in WORDS}
