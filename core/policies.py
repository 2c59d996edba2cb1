"""Policies: questions a lower layer asks before a write, answered by the apps above it.

The games core must not import moderation or accounts' vacations to learn whether a player may play
or be challenged.  Instead the asking module names a question here and asks it; the apps that know the answer
are listed against the question in one table (``config/wiring.py``), registered when Django starts.

``policy_check(question, **facts)`` calls every answer; an answer refuses by raising an ``AppError``
(nothing has been written yet), so the first refusal wins.  A question that is not a permission is a
hook (``core.hooks``).
"""

from __future__ import annotations

from typing import Any

from core.hooks import Registry

# Asked by every write path of every app (``user``): may this player act at all?  Moderation answers
# (a suspended player may not).
MAY_ACT = "may_act"

_policies = Registry()
policy_register = _policies.register
policy_answers = _policies.get


def policy_check(question: str, **facts: Any) -> None:
    """Refuse (raise the answer's AppError) if any registered answer refuses."""
    for answer in _policies.get(question):
        answer(**facts)
