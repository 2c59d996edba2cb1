"""Names that cannot be faked: what a username or display name must pass when it is set or changed.

A name is refused when it looks like another player's username or display name (Unicode lookalikes
and case included: ``accounts/lookalikes.py``), when it is or holds one of the site's reserved words
(Moderator, Admin, Letterpost ...), or when it holds a badge's words or marks ("BOT", "(bot)", "[mod]",
🤖): the site draws badges itself, as markup (``accounts/templatetags/players.py``), and a name must
not be able to imitate one.  Bots are players too (``User.is_bot``), so a bot's names are among the
names compared.  A username is checked like a display name: it is the public name of a player
without one.

Only a name being set or changed is checked (the forms call these when the value differs from the
stored one): existing players keep their names.  Sign-up, the profile form and the admin's user forms
are the ways a name is set by a person; ``ensure_bots`` and ``createsuperuser`` are the operator's.

Every check reads all players' names once (one query; roughly 0.1 s of CPU per 10,000 names): right
for rare writes such as a sign-up or a new display name, never for a page.  Knows nothing of games or
moderation.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _

from .lookalikes import lookalike_keys
from .models import User

# Stable codes of the refusals (``ValidationError.code``).
NAME_LOOKS_TAKEN = "NAME_LOOKS_TAKEN"
NAME_RESERVED = "NAME_RESERVED"
NAME_BADGE = "NAME_BADGE"

MSG_LOOKS_TAKEN = _("This name looks too much like “%(name)s”, another player's name: choose one that "
                    "cannot be mistaken for it.")
MSG_RESERVED = _("“%(word)s” is kept for Letterpost itself and its staff: choose a name without it.")
MSG_BADGE = _("A name may not look like a badge (such as “BOT”, “(bot)”, “[mod]” or 🤖): the site shows "
              "players' badges itself.")

# Refused alone, as a word of a name, and as the whole name once spaces and punctuation are gone
# ("M.o.d-erator"); lookalikes and any case included.
RESERVED_WORDS = ("moderator", "admin", "administrator", "letterpost", "system", "staff", "support")
# The badges' own words (the bot badge shows "BOT" and is read "(bot)"; the moderator's "MOD",
# "(moderator)") and marks that pass for a badge.
BADGE_WORDS = ("bot", "mod")
BADGE_MARKS = frozenset("\U0001F916\U0001F6E1\u2705\u2714\u2713\u2611")  # 🤖 🛡 ✅ ✔ ✓ ☑

_INVISIBLE = frozenset({"Cf", "Cc"})  # format and control characters: direction marks, zero widths
_WORD_PARTS = ("L", "N", "M")  # letters, digits, and the marks on them


@cache
def _keys_of(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset().union(*(lookalike_keys(word) for word in words))


def username_normalise(username: str) -> str:
    """NFKC, as Django's own user forms do: fullwidth "ａｌｉｃｅ" is stored as "alice"."""
    return unicodedata.normalize("NFKC", username)


def display_name_normalise(name: str) -> str:
    """NFKC, without direction overrides and other controls (which could make a page show a name
    other than the one stored; the zero-width joiner of emoji sequences stays), spaces collapsed."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if ch == "\u200d" or unicodedata.category(ch) not in _INVISIBLE)
    return " ".join(text.split())


def _seen(name: str) -> str:
    """The name as a reader sees it: normalised, and without the joiner either."""
    return display_name_normalise(name).replace("\u200d", "")


def _words(text: str) -> list[str]:
    """The runs of letters and digits, then all of them joined (the name without spaces or punctuation)."""
    words, word = [], []
    for ch in text + " ":
        if unicodedata.category(ch)[0] in _WORD_PARTS:
            word.append(ch)
        elif word:
            words.append("".join(word))
            word = []
    return words + ["".join(words)] if len(words) > 1 else words


def _check_marks(name: str) -> None:
    text = _seen(name)
    if any(ch in BADGE_MARKS for ch in text):
        raise ValidationError(MSG_BADGE, code=NAME_BADGE)
    for word in _words(text):
        keys = lookalike_keys(word)
        if not keys.isdisjoint(_keys_of(BADGE_WORDS)):
            raise ValidationError(MSG_BADGE, code=NAME_BADGE)
        if not keys.isdisjoint(_keys_of(RESERVED_WORDS)):
            raise ValidationError(MSG_RESERVED, code=NAME_RESERVED, params={"word": word})


def _check_lookalikes(name: str, *, user: User | None) -> None:
    keys = lookalike_keys(_seen(name))
    others = User.objects.all()
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    for username, display_name in others.values_list("username", "display_name").iterator(chunk_size=2000):
        for other in (username, display_name):
            if other and not keys.isdisjoint(lookalike_keys(_seen(other))):
                raise ValidationError(MSG_LOOKS_TAKEN, code=NAME_LOOKS_TAKEN, params={"name": other})


def username_check(username: str, *, user: User | None = None) -> None:
    """Raise ``ValidationError`` (one of the codes above) unless ``username`` (normalised) may be
    taken by ``user`` (None: a new player)."""
    _check_marks(username)
    _check_lookalikes(username, user=user)


def display_name_check(display_name: str, *, user: User) -> None:
    """Raise ``ValidationError`` unless ``user`` may show ``display_name`` (normalised).  Empty is
    fine (the username shows), and so is a name that looks like the player's own username: it shows
    nothing their username does not."""
    if not display_name:
        return
    MaxLengthValidator(User._meta.get_field("display_name").max_length)(display_name)
    if user.username and not lookalike_keys(_seen(display_name)).isdisjoint(lookalike_keys(user.username)):
        return
    _check_marks(display_name)
    _check_lookalikes(display_name, user=user)
