"""Nothing outside the game services and their store (``games/services``, ``games/store.py``) writes Game,
Seat or Move rows: a scan of every app's source for the ways Django writes rows (create, update, delete,
bulk writes, save on such an object)."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# Every package of ours: each installed app that lives in this tree, and the settings.
APPS = sorted({app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app.split(".")[0]).is_dir()}
              | {"config"})
ALLOWED = ROOT / "games" / "services"
STORE = ROOT / "games" / "store.py"
WRITES = re.compile(
    r"\b(Game|Seat|Move)\.objects\b[^\n]*?\.(create|get_or_create|update_or_create|bulk_create|bulk_update|update|delete)\("
    r"|\b(game|seat|move|seek)\.(save|delete)\("
    r"|\bseats\.(update|delete)\("
)


def test_only_the_game_services_write_game_seat_and_move_rows():
    offenders = []
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if ALLOWED in path.parents or path == STORE or "migrations" in path.parts:
                continue
            for number, line in enumerate(path.read_text().splitlines(), start=1):
                if WRITES.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_scan_covers_every_app():
    assert {"accounts", "analysis", "core", "games", "leagues", "lexicons", "notifications", "ratings"} <= set(APPS)


def test_the_scan_finds_a_write_when_there_is_one():
    assert WRITES.search("Seat.objects.filter(game=game).update(to_act=False)")
    assert WRITES.search("    game.save(update_fields=['status'])")
    assert not WRITES.search("Game.objects.filter(pk=1).exists()")
