"""Shared builders for the Spellcrafter engine tests: card pictures, positions, a small lexicon.

Cards are written as short tokens: a suit initial and a letter (``gZ`` is the Gale Z: f flame, t tide,
s stone, g gale), ``?`` a Wild and ``+`` a Double.  In a word, ``?E`` is a Wild standing for E and a
trailing ``+`` (``gZ+``) attaches one of the player's Double cards to that letter.
"""

from __future__ import annotations

import copy
from typing import Any

from engines.base import Context, SetLexicon
from engines.spellcrafter import ENGINE
from engines.spellcrafter.deck import CARDS, DECK_IDS
from engines.spellcrafter.engine import direction_of

SUIT_INITIALS = {"f": "flame", "t": "tide", "s": "stone", "g": "gale"}

WORDS = """
act add age ago aid aim air ale all and ant any ape arc are arm art ash ask ate awe axe bad bag ban bar
bat bay bed bee beg bet bid big bin bit boa bob bog bone boo bow box boy bud bug bun bus but buy cab can
cap car cat cod cog cop cot cow cub cud cue cup cur cut dab dad dam den dew did die dig dim din dip doe
dog don dot dry dub due dug dun duo dye ear eat ebb eel egg ego elf elm emu end era eve ewe eye fad fan
far fat fax fed fee fen few fib fig fin fir fit fix flu fly fob foe fog fox fry fun fur gab gag gap gas
gel gem get gin gnu goa god got gum gun gut guy had hag ham has hat hay hem hen her hew hid him hip his
hit hob hoe hog hop hot how hub hue hug hum hut ice icy ill imp ink inn ion ire irk its ivy jab jag jam
jar jaw jay jet jig job jog jot joy jug keg ken key kid kin kit lab lad lag lap law lax lay led leg let
lid lie lip lit log lot low mad man map mat maw men met mid mix mob mod mop mow mud mug nab nag nap net
new nib nil nip nit nod nor not now nun nut oak oar oat odd ode off oil old one opt orb ore our out owl
own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit pod pop pot pry pub pun pup put quo rag
ram ran rap rat raw ray red rib rid rig rim rip rob rod roe rot row rub rug rum run rut sad sag sap sat
saw say sea set sew she shy sin sip sir sit six ski sky sly sob sod son sop sot sow soy spa spy sub sue
sum sun tab tag tan tap tar tax tea ted tee ten the thy tic tie tin tip toe tog ton too top tot tow toy
try tub tug two urn use van vat vet vex via vie vow wad wag war was wax way web wed wet who why wig win
wit woe wok won woo wow yak yam yap yaw yen yes yet yew zap zed zen zip zoo
bake band bane bare barn base bead bean bear beat bend bent best bide bile bind bird bite blot blue boat
bode bold bolt bond bore born both cake came cane cape card care cart case cast cats coat code coin cold
cone core corn cost cote dare dart date dean dear dent dine dire dole done dose dote earn east edit fame
fare fate fear fine fire foal fold fore fort gain gate gild goal gold gone hale halt hare hate heal hear
heat hide hire hold hole home hone hope horn hose host idea iron join joke kind kite lace lade lair lake
lane late lead lean lied line lion load loan lone lord lore lose lost main male mane mare mate meal mean
meat mend mile mind mine mist mode mole name near neat node none nose note oats once open oral rain rate
read real rest rice ride rime rind riot road roam robe rode role rose rote rule sale salt same sand sane
seal seat sent side sine site sole some sore sort tale tame tape tear tend tide tile time tine tire toad
told tone tore torn tour trim tuna tune vane vase vein vine vote wade wage wake ward ware warm wave wide
wine wise word wore zone
adore caste alien alone atone baker beard blame bread brine cater crane crate dealt delta diner dream earth
heart horse house irate jokes joked later learn lemon liner medal metal miner money noted ocean opera
quest quote raise rated react ridge route saint satin sauce snare stain stare stone store table taken
tenor toast tread trend unite water zonks zones
""".split()

LEXICON = SetLexicon(WORDS)
CTX = Context(lexicon=LEXICON)


def card_ids(picture: str, taken: set[str] | None = None) -> list[str]:
    """Card ids for a picture such as ``"gZ gO ? +"``, each a different physical card."""
    taken = set() if taken is None else taken
    ids = []
    for token in picture.split():
        ids.append(_first_free(token, taken))
        taken.add(ids[-1])
    return ids


def _first_free(token: str, taken: set[str]) -> str:
    for card_id in DECK_IDS:
        if card_id not in taken and _matches(token, card_id):
            return card_id
    raise ValueError(f"no free card for {token!r}")


def _matches(token: str, card_id: str) -> bool:
    card = CARDS[card_id]
    if token == "?":
        return card["kind"] == "wild"
    if token == "+":
        return card["kind"] == "double"
    return card["suit"] == SUIT_INITIALS[token[0]] and card["letter"] == token[1:].upper()


def crafting_position(picks: list[str], jumper: str = "tT", seats: int | None = None, round_no: int = 1,
                      scores: list[int] | None = None, rounds: int = 4) -> dict[str, Any]:
    """A game at the crafting step: ``picks[seat]`` is that seat's picture of picked cards; the rest of
    the deck (in a fixed order) stays in the draw pile so later rounds can still be dealt."""
    seats = len(picks) if seats is None else seats
    state = ENGINE.setup(seats, {"rounds": rounds}, seed=7)
    taken: set[str] = set()
    jumper_id = card_ids(jumper, taken)[0]
    for seat, picture in enumerate(picks):
        player = state["players"][seat]
        player.update(hand=[], picks=card_ids(picture, taken), chosen=False, craft=None)
        if scores is not None:
            player["score"] = scores[seat]
    state.update(phase="craft", step=1, round=round_no, jumper=jumper_id, burned=[], discard=[],
                 deck=[c for c in DECK_IDS if c not in taken])
    # The log must tell the same story as the doctored position (the setup's jumper was replaced).
    state["log"] = [{"type": "deal", "round": round_no, "jumper": jumper_id, "burned": [],
                     "direction": direction_of(round_no)}]
    return state


def word(state: dict[str, Any], seat: int, picture: str) -> dict[str, Any]:
    """A craft move spelling ``picture`` with this seat's picked cards and the jumper."""
    available = list(state["players"][seat]["picks"]) + [state["jumper"]]
    used: set[str] = set()
    entries = []
    for token in picture.split():
        with_double = token.endswith("+") and len(token) > 1
        token = token[:-1] if with_double else token
        if token.startswith("?"):
            card_id = next(c for c in available if c not in used and _matches("?", c))
            entry = {"card": card_id, "letter": token[1:]}
        else:
            card_id = next(c for c in available if c not in used and _matches(token, c))
            entry = {"card": card_id}
        used.add(card_id)
        if with_double:
            entry["double"] = next(c for c in available if c not in used and _matches("+", c))
            used.add(entry["double"])
        entries.append(entry)
    return {"type": "craft", "cards": entries}


NO_WORD = {"type": "craft", "cards": []}


def play_all(state: dict[str, Any], moves: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """Apply one move per seat (in seat order), as the simultaneous step's choices arrive."""
    for seat in sorted(moves):
        state = ENGINE.apply(state, seat, moves[seat], CTX)
    return state


def refused(state: dict[str, Any], seat: int, move: Any, code: str) -> None:
    """Assert that ``move`` is refused with ``code`` and the state is left exactly as it was."""
    import pytest

    from engines.base import IllegalMove

    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, seat, move, CTX)
    assert caught.value.code == code, caught.value.message
    assert state == before
