"""Importing word lists: counts and reasons on a small file, idempotent reruns, curated words kept,
the real ENABLE list, and the starter data."""

import importlib

import pytest
from django.core.management import CommandError, call_command

from lexicons.filters import filter_words
from lexicons.models import Lexicon, LexiconVersion, LexiconWord, WordChange
from lexicons.services import lexicon_import, lexicon_word_change
from lexicons.sources import enable_path, read_enable, source_words
from lexicons.store import lexicon_for_code

pytestmark = pytest.mark.django_db

DUTCH_SAMPLE = """\
kat
katten
café
Amsterdam
e-mail
d'r
kg
coördinatie
ad hoc
a
onderhandelingspositie
kat
"""


@pytest.fixture
def dutch_file(tmp_path):
    path = tmp_path / "dutch.txt"
    path.write_text(DUTCH_SAMPLE, encoding="utf-8")
    return path


def test_import_adds_the_filtered_words_and_reports_rejections(dutch_file, capsys):
    call_command("import_lexicon", "nl", "--path", str(dutch_file), "--no-progress")
    out = capsys.readouterr().out
    lexicon = Lexicon.objects.get(code="nl")
    assert sorted(LexiconWord.objects.filter(lexicon=lexicon).values_list("word", flat=True)) == [
        "cafe", "coordinatie", "kat", "katten",
    ]
    assert (lexicon.version, lexicon.word_count, lexicon.language) == (1, 4, "nl")
    assert "added 4, removed 0, version 1, 4 words" in out
    assert "apostrophe 1, capitalised 1, hyphen 1, no_vowel 1, space 1, too_long 1, too_short 1" in out
    assert WordChange.objects.filter(lexicon=lexicon, version=1, action="added", user=None).count() == 4
    version = LexiconVersion.objects.get(lexicon=lexicon, version=1)
    assert (version.added, version.removed, version.word_count) == (4, 0, 4)


def test_importing_the_same_list_again_changes_nothing(dutch_file, capsys):
    call_command("import_lexicon", "nl", "--path", str(dutch_file), "--no-progress")
    call_command("import_lexicon", "nl", "--path", str(dutch_file), "--no-progress")
    assert "unchanged source" in capsys.readouterr().out
    call_command("import_lexicon", "nl", "--path", str(dutch_file), "--no-progress", "--force")
    assert "added 0, removed 0, version 1" in capsys.readouterr().out
    assert Lexicon.objects.get(code="nl").version == 1
    assert WordChange.objects.count() == 4
    assert LexiconVersion.objects.count() == 1


def test_a_new_release_adds_and_removes_but_keeps_curated_words(dutch_file, tmp_path, alice):
    lexicon_import(code="nl", path=dutch_file)
    lexicon = Lexicon.objects.get(code="nl")
    lexicon_word_change(lexicon=lexicon, raw="fiets", action="added", user=alice, reason="common word")
    lexicon_word_change(lexicon=lexicon, raw="cafe", action="removed", user=alice, reason="test removal")
    newer = tmp_path / "dutch2.txt"
    newer.write_text("kat\ncafé\nhond\n", encoding="utf-8")

    result = lexicon_import(code="nl", path=newer)

    assert (result.added, result.removed, result.curated_kept) == (1, 2, 2)
    active = set(LexiconWord.objects.filter(lexicon=lexicon, status="active").values_list("word", flat=True))
    assert active == {"kat", "hond", "fiets"}  # cafe stays removed, fiets stays added
    lexicon.refresh_from_db()
    assert (lexicon.version, lexicon.word_count) == (4, 3)
    assert set(WordChange.objects.filter(version=4).values_list("word", "action")) == {
        ("hond", "added"), ("coordinatie", "removed"), ("katten", "removed"),
    }


def test_import_of_an_unknown_code_or_a_missing_file_fails_clearly(tmp_path):
    with pytest.raises(CommandError, match="No word list source for lexicon 'xx'"):
        call_command("import_lexicon", "xx")
    with pytest.raises(CommandError, match="apt-get install -y wdutch"):
        call_command("import_lexicon", "nl", "--path", str(tmp_path / "missing"))
    assert not Lexicon.objects.exists()


def test_english_import_of_the_real_enable_list_gives_the_expected_count():
    """The real list, as ``make run`` loads it (a few seconds; it must run in CI too)."""
    metadata, words = source_words("en")
    enable_kept = filter_words(read_enable(enable_path()), "en")
    # ENABLE's 168,548 lowercase 2-15 letter words (LEXICONS.md), the 20 with no vowel (HM, MM, SH ...) too.
    assert len(enable_kept) == 168_548

    result = lexicon_import(code="en")

    lexicon = Lexicon.objects.get(code="en")
    assert lexicon.word_count == len(words) == metadata["word_count"] == result.added
    assert len(words) >= 168_548 and set(enable_kept) <= set(words)
    assert LexiconWord.objects.filter(lexicon=lexicon, status="active").count() == len(words)
    index = lexicon_for_code("en")
    assert len(index) == len(words)
    assert index.contains("qi") and index.contains("aardvark") and not index.contains("cwmx")
    assert all(index.contains(w) for w in ("hm", "mm", "sh"))
    assert lexicon_import(code="en").skipped


def test_load_starter_data_imports_english_and_is_quick_to_rerun(capsys, monkeypatch, tmp_path):
    from lexicons import starter as lexicon_starter

    small = tmp_path / "dictionary.json"
    small.write_text('["cat", "dog", "Zebra"]', encoding="utf-8")  # the real list is tested above
    monkeypatch.setattr(lexicon_starter, "lexicon_import", lambda code: lexicon_import(code=code, path=small))
    monkeypatch.setattr(lexicon_starter, "source_available", lambda code: code == "en")
    call_command("load_starter_data")
    call_command("load_starter_data")
    out = capsys.readouterr().out
    assert "lexicon en: added" in out and "lexicon en: unchanged" in out
    assert "lexicon nl: word list not installed" in out
    assert Lexicon.objects.get(code="en").version == 1


def test_the_starter_data_adds_vowel_less_english_words_to_a_list_built_without_them(capsys, monkeypatch, tmp_path):
    from lexicons import filters, loaded
    from lexicons import starter as lexicon_starter
    from lexicons import store as lexicon_store

    small = tmp_path / "dictionary.json"
    small.write_text('["cat", "hm", "mm", "sh"]', encoding="utf-8")
    monkeypatch.setattr(lexicon_starter, "lexicon_import", lambda code: lexicon_import(code=code, path=small))
    monkeypatch.setattr(lexicon_starter, "source_available", lambda code: code == "en")
    with monkeypatch.context() as before:  # a site whose English list was built when every word needed a vowel
        before.setitem(filters.VOWELS, "en", frozenset("aeiouy"))
        call_command("load_starter_data")
    lexicon = Lexicon.objects.get(code="en")
    assert not LexiconWord.objects.filter(lexicon=lexicon, word__in=["hm", "mm", "sh"]).exists()

    call_command("load_starter_data")  # what ``make run`` and ``make prod`` run at every install
    lexicon.refresh_from_db()
    assert lexicon.version == 2
    assert sorted(WordChange.objects.filter(lexicon=lexicon, version=2, action="added")
                  .values_list("word", flat=True)) == ["hm", "mm", "sh"]
    lexicon_store.forget_versions()
    loaded.forget("en")
    index = lexicon_for_code("en")
    assert all(index.contains(w) for w in ("cat", "hm", "mm", "sh"))


def test_the_migrations_create_the_curators_group():
    from django.apps import apps
    from django.contrib.auth.models import Group

    migration = importlib.import_module("lexicons.migrations.0002_curators_group")
    Group.objects.filter(name="Dictionary curators").delete()
    migration.group_create(apps, None)
    perms = set(Group.objects.get(name="Dictionary curators").permissions.values_list("codename", flat=True))
    assert perms == set(migration.CURATOR_PERMISSIONS)
