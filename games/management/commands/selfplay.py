"""``manage.py selfplay KIND --games N --seed S``: random complete games, checked after every move.

``KIND`` may be ``all``: every kind the site offers, once for each of its ``KindSpec.selfplay_options``
(Crossword with English and with Dutch tiles).

``--bots LEVEL`` has every seat played by that level's bot (``engines.bots``) instead of random
moves.  Exits non-zero on any failure (a replay that differs, a leaked secret, an illegal move).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from core.errors import AppError
from engines import registry
from engines.base import Context
from engines.bots import choose_move, levels
from games import registry as kinds
from games.selfplay import play_many
from lexicons.common_words import common_word_predicate
from lexicons.store import lexicon_for_code, lexicon_language
from lexicons.term_decks import spell_selfplay_options


class Command(BaseCommand):
    help = "Play complete games with random legal moves, checking replay and hidden information."

    def add_arguments(self, parser):
        parser.add_argument("kind", help="A game kind, or all.")
        parser.add_argument("--games", type=int, default=20)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--seats", type=int, help="Seats per game (default: cycle through the allowed counts).")
        parser.add_argument("--options", default="{}", help="Game options as JSON.")
        parser.add_argument("--bots", metavar="LEVEL",
                            help="Every seat is played by this level's bot (e.g. club) instead of random moves.")

    def handle(self, *args, kind, games, seed, seats, options, bots, **kw):
        options = json.loads(options)
        if kind != "all":
            return self._play(kind, games, seed, seats, options, bots)
        for spec in kinds.specs():
            for variant in spec.selfplay_options:
                self._play(spec.kind, games, seed, seats, {**variant, **options}, bots)

    def _play(self, kind, games, seed, seats, options, bots):
        try:
            engine = registry.get(kind)
        except KeyError:
            raise CommandError(f"unknown game kind {kind!r}; known: {', '.join(registry.kinds())}") from None
        if engine.uses_term_deck:
            try:
                options = spell_selfplay_options(options, seed)
            except AppError as exc:
                raise CommandError(exc.message) from None
        ctx = self._context(engine, options)
        chooser = self._bot(kind, bots, options) if bots else None
        failed = played = total_moves = 0
        for result in play_many(
            engine, games=games, seed=seed, options=options, ctx=ctx, seats_for=(lambda n: seats) if seats else None,
            chooser=chooser,
        ):
            played += 1
            total_moves += result.moves
            if result.failures:
                failed += 1
                for failure in result.failures:
                    self.stderr.write(f"game seed {result.seed}: {failure}")
        self.stdout.write(f"{kind}: {played} games, {total_moves} moves, {failed} failed")
        if failed:
            raise CommandError(f"{failed} of {played} games failed")

    def _bot(self, kind, level, options):
        if level not in levels(kind):
            known = ", ".join(levels(kind)) or "none"
            raise CommandError(f"no {level!r} bot for {kind}; levels: {known}")
        code = options.get("lexicon") or registry.get(kind).default_lexicon(options)
        common_word = common_word_predicate(lexicon_language(code) if code else "en")

        def chooser(state, seat, rng, ctx):
            return choose_move(kind, state, seat, ctx, level, rng, common_word=common_word)

        return chooser

    def _context(self, engine, options) -> Context:
        code = options.get("lexicon") or engine.default_lexicon(options)
        if not code:
            return Context()
        options.setdefault("lexicon", code)
        return Context(lexicon=lexicon_for_code(code))
