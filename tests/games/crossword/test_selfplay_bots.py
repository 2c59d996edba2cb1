"""``manage.py selfplay --bots LEVEL``: complete games played by bots, checked after every move."""

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("level", ["beginner", "casual", "club", "expert",
                                   pytest.param("master", marks=pytest.mark.slow)])
def test_selfplay_with_crossword_bots_plays_and_checks_complete_games(lexicons, capsys, level):
    call_command("selfplay", "crossword", "--games", "2", "--seed", "5", "--seats", "2", "--bots", level)
    assert "crossword: 2 games" in capsys.readouterr().out


def test_selfplay_with_turnspell_bots_plays_and_checks_complete_games(lexicons, capsys):
    call_command("selfplay", "turnspell", "--games", "1", "--seed", "5", "--seats", "3", "--bots", "club")
    out = capsys.readouterr().out
    assert "turnspell: 1 games" in out and "0 failed" in out


def test_selfplay_with_spellcrafter_bots_plays_and_checks_complete_games(lexicons, capsys):
    call_command("selfplay", "spellcrafter", "--games", "1", "--seed", "5", "--seats", "3", "--bots", "club",
                 "--options", '{"rounds": 1}')
    out = capsys.readouterr().out
    assert "spellcrafter: 1 games" in out and "0 failed" in out


def test_selfplay_fails_when_a_bot_plays_an_illegal_move(lexicons, monkeypatch):
    """The check is real: a bot that plays a move the engine refuses fails the run."""
    from games.management.commands import selfplay

    monkeypatch.setattr(selfplay, "choose_move", lambda *a, **k: {"type": "place", "tiles": []})
    with pytest.raises(CommandError, match="1 of 1 games failed"):
        call_command("selfplay", "crossword", "--games", "1", "--seed", "5", "--seats", "2", "--bots", "club")


def test_selfplay_refuses_a_level_without_a_bot(lexicons):
    with pytest.raises(CommandError, match="no 'expert' bot for turnspell; levels: club"):
        call_command("selfplay", "turnspell", "--games", "1", "--bots", "expert")
    with pytest.raises(CommandError, match="levels: none"):
        call_command("selfplay", "spell", "--games", "1", "--bots", "club")
