"""``manage.py gcg_check --moves``: the move generator against recorded games, and its exit status."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.shared_data import gcg_records

HEAD = "#player1 ann Ann\n#player2 bob Bob\n"
GOOD = HEAD + ">ann: DINNVWY 8D WINDY +32 32\n>bob: ADEEGIL 7C GALE +16 16\n>ann: AEJNOSV E3 JAVE..N +34 66\n"


@pytest.fixture
def words(tmp_path):
    """A small word list file (the check needs only the words of the records it reads)."""
    path = tmp_path / "words.txt"
    path.write_text("# test words\nwindy\ngale\naw\nli\nen\njavelin\n", encoding="utf-8")
    return path


def test_a_record_whose_plays_are_all_generated_passes(tmp_path, words, capsys):
    record = tmp_path / "good.gcg"
    record.write_text(GOOD, encoding="utf-8")
    call_command("gcg_check", "--moves", "--lexicon", str(words), str(record))
    out = capsys.readouterr().out
    assert f"{record}: 3 placements checked, 0 skipped (a word not in the lexicon), 0 failed" in out


def test_a_doctored_score_fails_and_names_the_line(tmp_path, words, capsys):
    record = tmp_path / "doctored.gcg"
    record.write_text(GOOD.replace("GALE +16 16", "GALE +18 18"), encoding="utf-8")
    with pytest.raises(CommandError, match="1 of 1 records failed"):
        call_command("gcg_check", "--moves", "--lexicon", str(words), str(record))
    out = capsys.readouterr().out
    assert f"{record}: line 4: 7C GALE: generated with 16, recorded 18" in out
    assert "3 placements checked, 0 skipped (a word not in the lexicon), 1 failed" in out


def test_a_play_with_a_word_outside_the_lexicon_is_skipped_not_failed(tmp_path, words, capsys):
    record = tmp_path / "phony.gcg"
    record.write_text(GOOD.replace("JAVE..N", "JAVE..").replace("+34 66", "+30 62"), encoding="utf-8")
    call_command("gcg_check", "--moves", "--lexicon", str(words), str(record))
    assert "2 placements checked, 1 skipped (a word not in the lexicon), 0 failed" in capsys.readouterr().out


def test_an_impossible_record_is_refused_with_its_line(tmp_path, words, capsys):
    record = tmp_path / "impossible.gcg"
    record.write_text(HEAD + ">ann: XYZ 8D WINDY +32 32\n", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("gcg_check", "--moves", "--lexicon", str(words), str(record))
    assert "line 3: 8D WINDY needs DINW, which is not on the rack XYZ" in capsys.readouterr().err


def test_the_shared_records_pass_with_the_english_list(capsys):
    paths = [str(p) for p in gcg_records()]
    call_command("gcg_check", "--moves", *paths)
    out = capsys.readouterr().out
    assert out.count(" 0 failed") == len(paths)
    checked = int(out.split("total: ")[1].split()[0])
    assert checked >= 60
