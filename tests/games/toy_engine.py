"""A tiny engine for framework tests, with both turn-based and simultaneous play and a secret per seat.

"Race to N": each seat holds a private card; a move adds 1–3 to the shared total (turn-based), or,
in simultaneous mode, every seat chooses a number privately and the turn resolves when all have
chosen.  The game ends when the total reaches the target; the highest personal sum wins.
"""

from __future__ import annotations

from engines.base import (
    Context,
    Engine,
    IllegalMove,
    Outcome,
    bad_move,
    copy_state,
    integer,
    lexicon_option,
    not_your_turn,
    one_of,
    ranks_from_scores,
    rng_for,
    whole_number,
)

ALREADY_CHOSEN = "ALREADY_CHOSEN"


class ToyEngine(Engine):
    kind = "toy"
    min_seats = 2
    max_seats = 4
    move_schema = {"add": {"n": integer()}}
    # A word list only so that framework tests can follow a game's lexicon; the rules read none.
    options_schema = {"mode": one_of("turns", "simultaneous", default="turns"),
                      "target": whole_number(3, 1000, default=20), "lexicon": lexicon_option()}

    def setup(self, seats, options, seed):
        mode = options.get("mode", "turns")
        if mode not in ("turns", "simultaneous"):
            raise bad_move("mode must be 'turns' or 'simultaneous'.")
        target = options.get("target", 20)
        if not isinstance(target, int) or not 3 <= target <= 1000:
            raise bad_move("target must be an integer from 3 to 1000.")
        rng = rng_for(seed, "setup")
        return {
            "seed": seed,
            "mode": mode,
            "target": target,
            "seats": seats,
            "total": 0,
            "turn": 0,
            "current": 0,
            "sums": [0] * seats,
            "cards": [f"secret-card-{seat}-{rng.randrange(10**9)}" for seat in range(seats)],
            "pending": {},
            "applied": 0,
            "resolved_at": 0,
            "log": [],
        }

    def seat_count(self, state):
        return state["seats"]

    def is_over(self, state):
        return state["total"] >= state["target"]

    def to_act(self, state):
        if self.is_over(state):
            return frozenset()
        if state["mode"] == "turns":
            return frozenset({state["current"]})
        return frozenset(s for s in range(state["seats"]) if str(s) not in state["pending"])

    def turn_id(self, state):
        return str(state["turn"])

    def waiting_error(self, state, seat):
        if state["mode"] == "simultaneous" and str(seat) in state["pending"]:
            return IllegalMove(ALREADY_CHOSEN, "You have already chosen this turn.")
        return not_your_turn(seat)

    def apply(self, state, seat, move, ctx: Context):
        self.check_move(state, seat, move)
        n = move.get("n")
        if n is None or not 1 <= n <= 3:
            raise bad_move("n must be 1, 2 or 3.")
        # Its log lines are written once, as the real engines' are (the move bench plays this engine).
        state = copy_state(state, append_only=("log",))
        state["applied"] += 1
        if state["mode"] == "turns":
            state["total"] += n
            state["sums"][seat] += n
            state["turn"] += 1
            state["current"] = (seat + 1) % state["seats"]
            state["log"].append({"seat": seat, "n": n})
            return state
        state["pending"][str(seat)] = n
        if len(state["pending"]) == state["seats"]:
            for key, value in sorted(state["pending"].items()):
                state["total"] += value
                state["sums"][int(key)] += value
            state["log"].append({"turn": state["turn"], "choices": dict(sorted(state["pending"].items()))})
            state["pending"] = {}
            state["resolved_at"] = state["applied"]
            state["turn"] += 1
        return state

    def view(self, state, seat):
        self.check_viewer(state, seat)
        return {
            "total": state["total"],
            "target": state["target"],
            "turn": state["turn"],
            "sums": list(state["sums"]),
            "my_card": state["cards"][seat] if seat is not None else None,
            "chosen": sorted(int(k) for k in state["pending"]),
            "my_choice": state["pending"].get(str(seat)) if seat is not None else None,
            "log": state["log"],
        }

    def log_view(self, state, entry, seat):
        self.check_viewer(state, seat)
        move = entry["move"]
        # A choice is private until its turn resolved (it is among the moves since the last resolution).
        if state["mode"] == "simultaneous" and entry["seat"] != seat and entry["index"] >= state["resolved_at"]:
            move = {"type": "add", "n": None}
        return {**entry, "move": move}

    def hidden_from(self, state, seat):
        self.check_viewer(state, seat)
        return [card for s, card in enumerate(state["cards"]) if s != seat]

    def scores(self, state):
        return list(state["sums"])

    def outcome(self, state):
        if not self.is_over(state):
            return None
        return Outcome(scores=tuple(state["sums"]), ranks=ranks_from_scores(state["sums"]))

    def timeout_move(self, state, seat):
        self.check_in_play(state, seat)
        return {"type": "add", "n": 1}

    def random_move(self, state, seat, rng, ctx):
        self.check_acting(state, seat)
        return {"type": "add", "n": rng.randint(1, 3)}


ENGINE = ToyEngine()
