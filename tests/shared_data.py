"""Where the tests find data from ../shared (real game records and the like).

The folder is ``$LETTERPOST_SHARED`` when set, else ``shared`` beside the repository.  Missing data
skips the test with the reason on a developer's machine and fails it in CI (``CI=true``), where it
must be there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def shared_root() -> Path:
    override = os.environ.get("LETTERPOST_SHARED")
    return Path(override) if override else REPO.parent / "shared"


def shared_path(*parts: str) -> Path:
    """The path under the shared folder; skips (fails in CI) when it does not exist."""
    path = shared_root().joinpath(*parts)
    if not path.exists():
        message = f"{path} is missing (set LETTERPOST_SHARED to the shared folder)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


def gcg_records() -> list[Path]:
    """The real recorded games in shared/testdata/gcg (at least one, or skip/fail as above)."""
    records = sorted(shared_path("testdata", "gcg").glob("*.gcg"))
    if not records:
        shared_path("testdata", "gcg", "*.gcg")  # reports the missing records
    return records
