"""Policies: questions a lower layer asks before a write, answered by the apps above it.

The games core must not import moderation or accounts' vacations to learn whether a player may play,
and the dictionaries must not import the games to learn whether a word report concerns a running
game.  Instead the asking module names a question here and asks it; the apps that know the answer
are listed against the question in one table (``config/wiring.py``), registered when Django starts.

- ``policy_check(question, **facts)`` calls every answer; an answer refuses by raising an
  ``AppError`` (nothing has been written yet), so the first refusal wins.
- ``policy_ask(question, **facts)`` returns the first answer that is not None (or ``default``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Asked by every write path of every app (``user``): may this player act at all?  Moderation answers
# (a suspended player may not).
MAY_ACT = "may_act"

_answers: dict[str, list[Callable[..., Any]]] = {}


def policy_register(question: str, answer: Callable[..., Any]) -> None:
    answers = _answers.setdefault(question, [])
    if answer not in answers:
        answers.append(answer)


def policy_answers(question: str) -> list[Callable[..., Any]]:
    return list(_answers.get(question, ()))


def policy_check(question: str, **facts: Any) -> None:
    """Refuse (raise the answer's AppError) if any registered answer refuses."""
    for answer in _answers.get(question, ()):
        answer(**facts)


def policy_ask(question: str, default: Any = None, **facts: Any) -> Any:
    for answer in _answers.get(question, ()):
        result = answer(**facts)
        if result is not None:
            return result
    return default
