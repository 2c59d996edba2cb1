"""Random complete games: after every move the log replays to the same state, no view leaks a secret,
the state survives a JSON round trip, and every game ends with an outcome."""

import json
import random

import pytest

from engines.base import Context, SetLexicon, leaks
from engines.crossword import ENGINE

ENGLISH_WORDS = """
aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er es ex fa fe go
ha he hi hm ho id if in is it jo ka ki la li lo ma me mi mo mu my na ne no nu od oe of oh oi om on op or os
ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us ut we wo xi xu ya ye yo za
ace act add ado ads age ago aid ail aim air ale all and ant any ape arc are ark arm art ash ask ate awe axe
bad bag ban bar bat bay bed bee bet bid big bin bit boa bob bog boo bow box boy bud bug bun bus but buy cab
can cap car cat cob cod cog con coo cop cot cow coy cry cub cue cup cut dab dad dam day den dew did die dig
dim din dip doe dog don dot dry dub due dug dye ear eat ebb eel egg ego elf elk elm emu end eon era ere err
eve ewe eye fad fan far fat fax fed fee fen few fib fig fin fir fit fix fly foe fog for fox fry fun fur gab
gag gal gap gas gel gem get gig gin gnu gob god got gum gun gut guy gym had hag ham has hat hay hem hen her
hew hex hid him hip his hit hob hoe hog hop hot how hub hue hug hum hut ice icy ill imp ink inn ion ire irk
ivy jab jag jam jar jaw jay jet jig job jog jot joy jug keg ken key kid kin kit lab lad lag lap law lax lay
led leg let lid lie lip lit log lot low lug mad man map mar mat maw may men met mid mix mob mod mop mow mud
mug mum nab nag nap net new nib nil nip nit nod nor not now nun nut oaf oak oar oat odd ode off oft ohm oil
old one opt orb ore our out owe owl own pad pal pan par pat paw pay pea peg pen pep per pet pew pie pig pin
pit ply pod pop pot pox pro pry pub pug pun pup put quo rag ram ran rap rat raw ray red rib rid rig rim rip
rob rod roe rot row rub rue rug rum run rut rye sad sag sap sat saw say sea see set sew she shy sin sip sir
sis sit six ski sky sly sob sod son sop sow soy spa spy sty sub sue sum sun sup tab tad tag tan tap tar tax
tea tee ten the tic tie tin tip toe tog ton too top tot tow toy try tub tug two urn use van vat vet vex via
vie vow wad wag war was wax way web wed wee wet who why wig win wit woe wok won woo wow yak yam yap yaw yea
yes yet yew you zap zed zee zen zip zoo
able acre aged ages aide also area army away baby back bake ball band bank bare barn base bath bead beam
bean bear beat been beer bell belt bend best bike bill bind bird bite blue boat body bold bone book boot
bore born boss both bowl bulk burn bush busy cage cake call calm came camp cane card care case cash cast
cave cell chat chin chip city clad clay clip club coal coat code coin cold come cook cool cope copy core
corn cost crew crop cure cute dare dark data date dawn dead deal dear debt deck deep deer dine dire dirt
dish dive does done door dose down drag draw drop drum dual duck dune dust duty each earn ease east easy
edge else even ever exit face fact fade fail fair fall fame farm fast fate fear feed feel feet fell felt
file fill film find fine fire firm fish five flat flea fled flew flip flow foam fold folk food foot form
fort four free frog from fuel full fund gain game gate gave gear gift girl give glad goal goat gold golf
gone good gray grew grid grin grip grow gulf hair half hall hand hang hard harm hate have head heal heap
hear heat held hell help herb here hero hide high hill hint hire hold hole holy home hope horn hose host
hour huge hung hunt hurt idea inch into iron item jade jail jazz join joke jump jury just keen keep kept
kick kind king kiss kite knee knew knit know lace lack laid lake lamb lamp land lane last late lawn lead
leaf lean left lend lens less life lift like lime line link lion list live load loan lock loft long look
lord lose loss lost loud love luck made mail main make male mall many mare mark mask mass mate maze meal
mean meat meet melt menu mere mild milk mill mind mine mint miss mode mole mood moon more most move much
mule must name navy near neat neck need nest news next nice nine none nose note noun oath obey odds omen
once only onto open oven over pace pack page paid pail pain pair pale palm park part pass past path peak
pear peel peer pest pick pile pine pink pipe plan play plot plus poem poet pole pond pony pool poor pope
port pose post pour pray prey pull pump pure push quit quiz race rack rage raid rail rain rake ramp rank
rare rate read real rear rely rent rest rice rich ride ring riot rise risk road roam roar robe rock rode
role roll roof room root rope rose ruby rude rule rush rust safe sage said sail sake sale salt same sand
sane sang save seal seat seed seek seem seen self sell send sent ship shoe shop shot show shut sick side
sign silk sing sink site size skin slam slip slow snow soap soar sock soft soil sold sole some song soon
sore sort soul soup sour spin spot star stay stem step stir stop such suit sure swan swim tail take tale
talk tall tame tank tape task team tear tell tend tent term test text than that them then they thin this
tide tidy tile till time tiny tire toad told toll tone took tool tour town trap tray tree trim trip true
tube tune turn twin type ugly unit upon urge used user vary vast verb very vest view vine vote wade wage
wait wake walk wall want warm warn wash wave weak wear weed week well went were west what when whip wide
wife wild will wind wine wing wire wise wish with woke wolf wood wool word wore work worm yard yarn year
zero zone zoom
"""

DUTCH_WORDS = """
aan af al as be bh de di do du ei en er ex ge ha he hé ie in is ja je ka ke la le lo ma me na ne nu of oh
om on op os pa pi re si so ta te to uk ul un uw va ve wc we xi zo
aap bad bak bal ban bed bel ben bes bid bij bol bom bon bos bot bus dag dak dal dam das dek den dik dis
dit dom dop dun duo eed eek eel een eer eik eis elf end gat gas gek gel gen gil gin gom gul haa had ham
hak hal hap hek hel hen her hij hik hit hok hol hun hut ijs jas jij jou jun kaa kam kap kat kei kin kip
kok kom kop kus kut laf lag lak lam las lat lef leg lek lep let lid lig lip los lot lui lus maf mag mak
man mat mee mei men mes met mij mis mok mol mus nam nat nee net nek nep neus nog non nou oma oog ook oom
oor opa ons oud pad pak pan pap pas pet pil pin pit pop pot pro raa rad ram rap rat red rek rem ren rib
rij rok rol rug rus sap sok som sop sta tak tal tam tas teen tel ten tik tin tip tol ton top tor tuin uil
uit vak val van vat vee vel ven vet vis vol vos vuur wad wak wal wan was wat weg wel wet wie wil win wit
zag zak zal zee zei zes zet zij zin zit zon zot zus
adem bank boom boot brug deur doek doos dorp duif eend fiets geld gras haan hand hart hoed hond huis
jaar kaas kalf kast klok koek kool koor kust lamp land lepel maan melk mond muis nest neus noot oven
paard peer pijl raam rand rivier roos ster stoel tafel taal tand tent trein vaas vlag vork vuur water
weide wolk woord zaad zand zeep zolder zoon
""".replace("hé", "he")


def english():
    return SetLexicon(ENGLISH_WORDS.split())


def dutch():
    return SetLexicon(DUTCH_WORDS.split())


def without_some(words, seed):
    """A stricter lexicon for challenge games, so that random play also makes (and loses) phonies."""
    rng = random.Random(seed)
    return SetLexicon(w for w in words if rng.random() > 0.15)


def replay(seats, options, seed, moves, ctx):
    state = ENGINE.setup(seats, options, seed)
    for seat, move in moves:
        state = ENGINE.apply(state, seat, move, ctx)
    return state


# Under the Dutch rule 9 scoreless turns end a game only once no one can draw, and with this small word
# list random players often exchange for ever (no word fits, tiles in the bag): the Dutch seeds are
# ones whose games end, and the game that exchanges down to the last tile has English tiles.
GAMES = [
    (2, {"challenge": "void"}, 11),
    (2, {"challenge": "single"}, 12),
    (2, {"challenge": "double"}, 13),
    (3, {"challenge": "void"}, 14),
    (3, {"challenge": "single", "tile_set": "nl"}, 16),
    (4, {"challenge": "double"}, 16),
    (4, {"challenge": "void", "tile_set": "nl"}, 17),
    (2, {"challenge": "void", "min_bag_for_exchange": 1}, 18),
]


@pytest.mark.parametrize("seats,options,seed", GAMES)
def test_random_games_replay_hide_secrets_and_finish(seats, options, seed):
    words = DUTCH_WORDS if options.get("tile_set") == "nl" else ENGLISH_WORDS
    generating = Context(lexicon=SetLexicon(words.split()))
    judging = generating
    if options["challenge"] != "void":
        judging = Context(lexicon=without_some(words.split(), seed))
    rng = random.Random(seed)
    state = ENGINE.setup(seats, options, seed)
    moves = []
    kinds = set()
    for _ in range(600):
        if ENGINE.outcome(state) is not None:
            break
        (seat,) = ENGINE.to_act(state)
        move = ENGINE.random_move(state, seat, rng, generating)
        state = ENGINE.apply(state, seat, move, judging)
        moves.append((seat, move))
        kinds.add(state["log"][-1].get("result") or state["log"][-1]["type"])

        assert replay(seats, options, seed, moves, judging) == state
        for viewer in [*range(seats), None]:
            assert leaks(ENGINE, state, viewer, ENGINE.view(state, viewer)) == []
        assert json.loads(json.dumps(state)) == state
    outcome = ENGINE.outcome(state)
    assert outcome is not None, "the game did not finish"
    assert list(outcome.scores) == state["scores"] and len(outcome.ranks) == seats
    assert "place" in kinds
    tile_total = sum(len(r["tiles"]) for r in state["racks"]) + len(state["bag"]) + sum(
        ch != "." for line in state["board"] for ch in line)
    assert tile_total == (102 if options.get("tile_set") == "nl" else 100)


def test_random_challenge_games_exercise_both_challenge_outcomes():
    results = set()
    for seed in range(6):
        options = {"challenge": "single"}
        generating = Context(lexicon=english())
        judging = Context(lexicon=without_some(ENGLISH_WORDS.split(), seed))
        rng = random.Random(seed)
        state = ENGINE.setup(2, options, seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng, generating), judging)
        results |= {e["result"] for e in state["log"] if e.get("type") == "challenge"}
    assert results == {"valid", "withdrawn"}


def test_random_move_finds_real_plays_on_an_empty_board():
    state = ENGINE.setup(2, {}, 3)
    state["racks"][state["to_move"]]["tiles"] = list("CATSDOG")
    move = ENGINE.random_move(state, state["to_move"], random.Random(1), Context(lexicon=english()))
    assert move["type"] == "place"
    after = ENGINE.apply(state, state["to_move"], move, Context(lexicon=english()))
    assert after["log"][-1]["score"] > 0


def test_random_move_without_a_lexicon_exchanges_or_passes():
    state = ENGINE.setup(2, {}, 3)
    move = ENGINE.random_move(state, state["to_move"], random.Random(1), Context())
    assert move["type"] in ("exchange", "pass")
