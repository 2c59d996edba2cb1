"""Shared pieces for the Turnspell engine tests: a small word list and positions from pictures."""

from __future__ import annotations

from typing import Any

from engines.base import Context, SetLexicon
from engines.turnspell import ENGINE
from engines.turnspell.board import board_from_picture

WORDS = """
able acid aged also area army away baby back bake ball band bank bare barn base bath bead beam bean
bear beat been beer bell belt bend best bike bill bird bite blow blue boat body boil bold bone book
boot bore born boss both bowl burn bush busy cake calf call calm came camp card care cart case cash
cast cave cell chin chip city clay clip club coal coat code coin cold come cook cool cope copy cord
core corn cost crew crop cure dale dame dare dark dart data date dawn dead deal dean dear debt deck
deed deep deer desk dial dice diet dine dirt dish dive dock does dome done door dose dove down drag
draw drop drum dual duck dust duty each earn ease east easy edge else even ever exam exit face fact
fade fail fair fake fall fame farm fast fate fear feed feel feet fell felt file fill film find fine
fire firm fish five flag flat flew flow foam fold folk food foot form fort four free frog from fuel
full fund gain game gate gave gear gift girl give glad glow goal goat gold golf gone good grab gray
grew grid grin grow gulf hair half hall hand hang hard harm hate have head heal hear heat held hell
help herb here hero hide high hill hint hire hold hole holy home hook hope horn hose host hour huge
hunt hurt idea inch into iron item jazz join joke jump jury just keen keep kept kick kind king kiss
knee knew know lack lady laid lake lamb lamp land lane last late lead leaf lean left lend lens less
life lift like lime line link lion list live load loan lock long look lord lose loss lost loud love
luck made mail main make male many mare mark mass meal mean meat meet melt menu mere mild milk mind
mine miss mode mood moon more most move much must name navy near neat neck need news next nice nine
none nose note okay once only onto open oral over pace pack page paid pain pair pale palm park part
pass past path peak pear peel pick pile pine pink pipe plan play plot plus poem poet pole pond pool
poor port pose post pour pray pull pure push quit quiz race rage rail rain rank rare rate read real
rear rely rent rest rice rich ride ring rise risk road rock role roll roof room root rope rose rule
rush safe said sail sale salt same sand save seal seat seed seek seem seen self sell send sent ship
shoe shop shot show shut sick side sign silk sing site size skin slip slow snow soap sock soft soil
sold sole some song soon sort soul spot star stay step stir stop such suit sure swim tail take tale
talk tall tank tape task team tear tell tend tent term test text than that them then they thin this
tide tile time tiny tire told tone took tool tore torn tour town tree trip true tube tune turn twin
type unit upon used user vast very vice view vote wage wait wake walk wall want ward warm wash wave
weak wear week well went were west what when whom wide wife wild will wind wine wing wire wise wish
with wolf wood word wore work yard yeah year your zero zone
""".split()

LEXICON = SetLexicon(WORDS)
CTX = Context(lexicon=LEXICON)


def position(seats: int = 2, *, boards: list[str] | None = None, arms: dict[int, str] | None = None,
             scores: list[int] | None = None, seed: int = 7, **options: Any) -> dict[str, Any]:
    """A fresh game with some seats' boards drawn as pictures and some arms' tiles spelt out.

    ``arms`` maps an arm number to four characters ("." an empty space, "?" a blank).  Tiles that a
    picture puts on the table are not taken from the bag: these are rule tests, not tile counts.
    """
    state = ENGINE.setup(seats, options, seed)
    for seat, picture in enumerate(boards or []):
        if picture is not None:
            state["boards"][seat] = board_from_picture(picture)
    for arm, tiles in (arms or {}).items():
        state["spinner"][arm] = [None if t == "." else t for t in tiles]
    if scores is not None:
        state["scores"] = list(scores)
    return state


EMPTY = """
....
....
....
....
"""
