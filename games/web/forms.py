"""The new-game form: which game, its own options as controls, who plays, the time per move and
whether it is rated.

Each game has a section of fields named ``<kind>_<option>``; only the chosen game's section counts
(the page shows the others only without JavaScript).  Options that cannot work are not offered: a
tile set or game whose word list is not loaded, a Spell language with too few term cards.  The form
checks everything the page can say in words beside a field, then hands ``game_create`` exactly the
options of the chosen game; what only the service knows (a player on vacation) comes back as an
``AppError`` and is shown beside the field it concerns (see ``games.web.views.game_new``).

The games' own settings (``GameSettingsMixin``) serve every form that chooses a game: the league
form uses them too, without the number of players (a league sets that itself).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from engines import registry as engines
from games import registry
from games.bots.accounts import bots_list
from games.clock import TIME_BANK_DAYS_MAX
from lexicons.store import lexicon_list

# Languages by code, as the form names them (term cards, a tile set's word list).
LANGUAGES = {"en": gettext_lazy("English"), "nl": gettext_lazy("Dutch")}


def time_bank_field(help_text) -> forms.IntegerField:
    """The time bank in days, 0 (none) to ``TIME_BANK_DAYS_MAX``; left empty, none.  The games' service
    checks it again (``time_bank_check``) for the API and the leagues."""
    return forms.IntegerField(
        label=gettext_lazy("Time bank (days)"), min_value=0, max_value=TIME_BANK_DAYS_MAX, initial=0, required=False,
        help_text=help_text, widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1}),
    )


def explained_choice(title, explanation) -> str:
    """A radio label: the choice in bold and one line saying what it means."""
    return format_html('<span class="choice-title">{}</span> <span class="choice-hint">{}</span>', title, explanation)


class Unavailable(Exception):
    """A game cannot be played on this site now; the message says why (shown instead of its section)."""


class KindForm:
    """A kind's part of the new-game form (``KindSpec.form``): its fields and the options they make.
    This default asks only for the number of players and makes no options of its own."""

    def fields(self, form: GameSettingsMixin, kind: str, lexicons: list) -> list[str]:
        """Add the kind's fields to ``form`` (``form.add_field``) and return their names, or raise
        ``Unavailable``."""
        return form.seats_fields(kind)

    def options(self, form: GameSettingsMixin, kind: str, values: dict) -> dict:
        """Exactly the options of ``kind`` the player chose (``values``: the section's fields), each
        checked against what is offered; refusals go to ``form.add_error``."""
        return {}


class EnglishWordsForm(KindForm):
    """A game whose tiles or cards carry English letters, so its words come from an English list."""

    def fields(self, form, kind, lexicons):
        english = [lx for lx in lexicons if lx.language == "en"]
        if not english:
            raise Unavailable(_("no English word list is loaded on this site yet"))
        return [*form.seats_fields(kind), *self.own_fields(form, kind), form.lexicon_field(
            kind, english, help_text=_("The cards and tiles carry English letters, so the words are English."),
        )]

    def own_fields(self, form, kind) -> list[str]:
        return []

    def options(self, form, kind, values):
        return {"lexicon": values.get("lexicon") or form.fields[f"{kind}_lexicon"].initial}


@dataclass
class KindSection:
    """One game's part of the form: its name, its fields (names without the kind prefix) and why
    it cannot be played here, if it cannot."""

    kind: str
    name: str
    fields: list[str] = field(default_factory=list)
    cooperative: bool = False
    unavailable: str = ""
    # A template drawn under the section (``KindSpec.form_note``).
    note: str = ""


class GameSettingsMixin:
    """Each game's own settings as a section of fields named ``<kind>_<option>``, for a form with a
    ``kind`` field: ``_game_sections()`` in ``__init__`` builds them (and the ``kind`` choices: playable
    games only), ``kind_sections()`` gives them to the template (``games/_kind_sections.html``),
    ``_kind_values`` and ``_options`` read the chosen game's in ``clean``."""

    # Whether each game's section asks for the number of players.
    settings_with_seats = True

    def _game_sections(self) -> None:
        lexicons = lexicon_list()
        self.lexicons = {lx.code: lx for lx in lexicons}
        self.sections: dict[str, KindSection] = {}
        for kind in engines.kinds_in_order():
            self.sections[kind] = self._section(kind, lexicons)
        self.fields["kind"].choices = [(s.kind, s.name) for s in self.sections.values() if not s.unavailable]

    # -- the sections --------------------------------------------------------------------------------

    def add_field(self, kind: str, name: str, form_field: forms.Field) -> str:
        self.fields[f"{kind}_{name}"] = form_field
        return name

    def seats_fields(self, kind: str) -> list[str]:
        return [self.seats_field(kind)] if self.settings_with_seats else []

    def seats_field(self, kind: str) -> str:
        engine = engines.get(kind)
        choices = [(n, ngettext("%(n)s player", "%(n)s players", n) % {"n": n})
                   for n in range(engine.min_seats, engine.max_seats + 1)]
        return self.add_field(kind, "seats", forms.TypedChoiceField(
            label=_("Number of players"), coerce=int, choices=choices, initial=engine.min_seats, required=False,
        ))

    def lexicon_field(self, kind: str, lexicons, *, help_text: str = "", matching: str = "") -> str:
        """The word lists offered for ``kind``; ``matching`` labels a first, empty choice that takes the
        list of the tile set's language (the page's script replaces it by filtering the lists)."""
        choices = [(lx.code, self._lexicon_label(lx)) for lx in lexicons]
        if matching:
            choices.insert(0, ("", matching))
        return self.add_field(kind, "lexicon", forms.ChoiceField(
            label=pgettext("new game", "Word list"), choices=choices, required=False, help_text=help_text,
            initial=choices[0][0] if choices else None,
        ))

    @staticmethod
    def _lexicon_label(lexicon) -> str:
        words = ngettext("%(n)s word", "%(n)s words", lexicon.word_count) % {"n": f"{lexicon.word_count:,}"}
        return f"{lexicon.name} ({words})"

    def _section(self, kind: str, lexicons) -> KindSection:
        spec = registry.get(kind)
        section = KindSection(kind=kind, name=spec.name, cooperative=spec.engine.cooperative, note=spec.form_note)
        try:
            section.fields = (spec.form or KindForm()).fields(self, kind, lexicons)
        except Unavailable as reason:
            section.unavailable = str(reason)
        return section

    def kind_sections(self):
        """The playable games' sections with their bound fields, for the template."""
        return [
            {"kind": s.kind, "name": s.name, "cooperative": s.cooperative, "note": s.note,
             "fields": [self[f"{s.kind}_{name}"] for name in s.fields],
             # For the page's script: which language each word list offered here is in.
             "lexicon_languages": json.dumps({code: lx.language for code, lx in self.lexicons.items()})
             if "tile_set" in s.fields else ""}
            for s in self.sections.values() if not s.unavailable
        ]

    def unavailable_kinds(self) -> list[KindSection]:
        return [s for s in self.sections.values() if s.unavailable]

    def _kind_values(self, data: dict, kind: str) -> dict:
        """The chosen game's settings (names without the prefix).  Only they count: another game's
        section (all shown without a script) cannot refuse the form."""
        for other in self.sections.values():
            if other.kind != kind:
                for name in other.fields:
                    self.errors.pop(f"{other.kind}_{name}", None)
        return {name: data.get(f"{kind}_{name}") for name in self.sections[kind].fields}

    def _options(self, kind: str, values: dict) -> dict:
        """Exactly the options of ``kind`` the player chose, each checked against what is offered."""
        return (registry.get(kind).form or KindForm()).options(self, kind, values)


BOT_LEVEL_HINTS = {
    "beginner": gettext_lazy("common words only, at or near its best score"),
    "casual": gettext_lazy("any word, one of its five best scores"),
    "club": gettext_lazy("the best score it finds"),
    "expert": gettext_lazy("the best equity, with the end-game search"),
    "master": gettext_lazy("looks ahead over the tiles it cannot see; a few seconds a move"),
}


class NewGameForm(GameSettingsMixin, forms.Form):
    kind = forms.ChoiceField(label=gettext_lazy("Game"), choices=())
    # Optional for clients that post no choice: names given mean "named", none an open seek.
    play_with = forms.ChoiceField(
        label=gettext_lazy("Who plays"), widget=forms.RadioSelect, initial="named", choices=(), required=False,
    )
    days_per_move = forms.TypedChoiceField(
        label=gettext_lazy("Days per move"), coerce=int, initial=settings.DEFAULT_DAYS_PER_MOVE, choices=(),
        help_text=gettext_lazy("Each player has this long for every move; vacation stops the clock."),
    )
    time_bank_days = time_bank_field(gettext_lazy(
        "Extra days each player may use up over the whole game by moving late; the game times out only "
        "once they are gone. 0 for none."))
    rated = forms.ChoiceField(label=gettext_lazy("Rating"), widget=forms.RadioSelect, initial="rated", choices=(),
                              required=False)
    # The opponent boxes are drawn by the template (one per other seat, each with its autocomplete) and
    # read with ``getlist``; this field only carries their refusals, shown beside them.
    opponent = forms.CharField(label=gettext_lazy("Opponents"), required=False)
    # "Play a bot": one of the bot accounts (games/bots/accounts.py), drawn by the template grouped by game kind.
    bot = forms.ChoiceField(label=gettext_lazy("Bot"), required=False, choices=())

    def __init__(self, *args, user=None, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.user = user
        self._game_sections()
        self.fields["play_with"].choices = [
            ("named", explained_choice(_("Players I name"), _("Type the start of a name to find a player."))),
            ("anyone", explained_choice(_("Anyone"),
                                  _("An open seek in the lobby: the first players to accept take the seats."))),
        ]
        self.bots = bots_list()
        if self.bots:
            self.fields["play_with"].choices = [*self.fields["play_with"].choices, ("bot", explained_choice(
                _("A bot"), _("Two players, you and a bot: it accepts at once and answers within a minute.")))]
            self.fields["bot"].choices = [(b.username, b.public_name) for b in self.bots]
        self.fields["days_per_move"].choices = [
            (d, ngettext("%(n)s day", "%(n)s days", d) % {"n": d}) for d in settings.DAYS_PER_MOVE_CHOICES
        ]
        self.fields["rated"].choices = [
            ("rated", explained_choice(_("Rated"), _("The result changes your ratings."))),
            ("casual", explained_choice(_("Casual"), _("Just for the game: ratings stay as they are."))),
        ]
        playable = [s.kind for s in self.sections.values() if not s.unavailable]
        self.max_opponents = max((engines.get(k).max_seats for k in playable), default=2) - 1
        self.opponent_names = self._opponent_names()

    # -- opponents -----------------------------------------------------------------------------------

    def _opponent_names(self) -> list[str]:
        """The names typed in the opponent boxes, in order (empty boxes kept, to redraw the form)."""
        if self.is_bound:
            names = [n.strip() for n in self.data.getlist("opponent")] if hasattr(self.data, "getlist") else []
        else:
            initial = self.initial.get("opponent") or ""
            names = [n.strip() for n in initial.split(",")]
        return names[: self.max_opponents]

    def bot_groups(self) -> list[dict]:
        """The bots by game kind, for the template's grouped select (one group per kind)."""
        groups: dict[str, dict] = {}
        for bot in self.bots:
            name = self.sections[bot.bot_kind].name if bot.bot_kind in self.sections else bot.bot_kind
            groups.setdefault(bot.bot_kind, {"kind": bot.bot_kind, "name": name, "bots": []})["bots"].append(
                {"username": bot.username, "name": bot.public_name, "level": bot.bot_level,
                 "hint": BOT_LEVEL_HINTS.get(bot.bot_level, "")})
        return list(groups.values())

    def opponent_slots(self) -> list[dict]:
        names = self.opponent_names + [""] * (self.max_opponents - len(self.opponent_names))
        return [{"number": i + 1, "value": name} for i, name in enumerate(names)]

    def _resolve_opponents(self, names: list[str]) -> list:
        """The players called ``names`` (usernames, any case, or an exact display name), refusing
        unknown, repeated and self names beside the field."""
        users = get_user_model().objects.filter(is_active=True)
        found = []
        for name in names:
            matches = list(users.filter(username__iexact=name)[:2]) or list(users.filter(display_name__iexact=name)[:2])
            if len(matches) != 1:
                self.add_error("opponent", _("No player called %(name)s.") % {"name": name} if not matches
                               else _("Several players are called %(name)s; use the username.") % {"name": name})
                return []
            player = matches[0]
            if self.user is not None and player.pk == self.user.pk:
                self.add_error("opponent", _("You cannot play against yourself; name someone else."))
                return []
            if any(p.pk == player.pk for p in found):
                self.add_error("opponent", _("%(name)s is named twice.") % {"name": player.public_name})
                return []
            found.append(player)
        return found

    # -- cleaning ------------------------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if not kind:
            return data
        section = self.sections[kind]
        values = self._kind_values(data, kind)
        engine = engines.get(kind)
        seats = values.get("seats") or engine.min_seats
        options = self._options(kind, values)
        if not section.cooperative and data.get("rated") == "casual":
            options["rated"] = False
        names = [n for n in self.opponent_names if n]
        opponents = []
        play_with = data.get("play_with") or ("named" if names else "anyone")
        if play_with == "bot":
            bot = next((b for b in self.bots if b.username == data.get("bot")), None)
            if bot is None:
                self.add_error("bot", _("Choose a bot."))
            elif bot.bot_kind != kind:
                self.add_error("bot", _("%(name)s plays only %(kind)s; choose a bot for %(game)s.") % {
                    "name": bot.public_name, "kind": self.sections[bot.bot_kind].name if bot.bot_kind in self.sections
                    else bot.bot_kind, "game": section.name})
            else:
                opponents, seats = [bot], 2
        elif play_with == "anyone":
            if names:
                self.add_error("opponent", _("An open seek names nobody: clear the names, or choose “Players I name”."))
        elif not names:
            self.add_error("opponent", ngettext(
                "Name your opponent, or choose “Anyone” to post an open seek in the lobby.",
                "Name your %(n)s opponents, or choose “Anyone” to post an open seek in the lobby.",
                seats - 1) % {"n": seats - 1})
        elif len(names) != seats - 1:
            self.add_error("opponent", ngettext(
                "A game of %(seats)s players needs %(n)s opponent named; you named %(named)s.",
                "A game of %(seats)s players needs %(n)s opponents named; you named %(named)s.",
                seats - 1) % {"seats": seats, "n": seats - 1, "named": len(names)})
        else:
            opponents = self._resolve_opponents(names)
        data["game"] = {"kind": kind, "seats": seats, "options": options, "opponents": opponents,
                        "days_per_move": data.get("days_per_move"), "time_bank_days": data.get("time_bank_days") or 0}
        return data
