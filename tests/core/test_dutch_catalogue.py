"""The Dutch catalogue stays complete: every entry of ``locale/nl/LC_MESSAGES/django.po`` has a reviewed
translation (no empty msgstr or plural form, nothing left ``fuzzy`` by makemessages), and the committed
``django.mo`` was compiled from the .po as it is now (an edited .po that was not recompiled fails).

polib is not a dependency, so the .po is read by the small parser below; obsolete ``#~`` entries are ignored."""

import ast
import gettext
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "nl" / "LC_MESSAGES"
NPLURALS = 2  # Plural-Forms: nplurals=2; plural=(n != 1);


def po_entries(path: Path = CATALOGUE / "django.po") -> list[dict]:
    """Each entry as {"flags": {...}, "msgctxt"?, "msgid", "msgid_plural"?, "msgstr" or "msgstr[i]"}."""
    entries, entry, key = [], {"flags": set()}, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        translated = any(k.startswith("msgstr") for k in entry)
        if not line.strip() or (translated and not line.startswith(('"', "msgstr"))):  # the entry is over
            if "msgid" in entry:
                entries.append(entry)
            entry, key = {"flags": set()}, None
        if line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.strip() and not line.startswith("#"):  # translator, reference and obsolete "#~" lines: skipped
            if not line.startswith('"'):
                key, line = line.split(" ", 1)
            entry[key] = entry.get(key, "") + ast.literal_eval(line)
    return entries


def translations(entry: dict) -> list[str]:
    if "msgid_plural" in entry:
        return [entry.get(f"msgstr[{i}]", "") for i in range(NPLURALS)]
    return [entry.get("msgstr", "")]


def test_every_dutch_entry_is_translated_and_reviewed():
    unfinished = [e["msgid"] for e in po_entries() if "fuzzy" in e["flags"] or not all(translations(e))]
    assert not unfinished, f"{len(unfinished)} Dutch entries are empty or fuzzy:\n" + "\n".join(unfinished)


class _Absent(gettext.NullTranslations):
    """Answers None for a msgid the .mo lacks (NullTranslations would echo the msgid back)."""

    def gettext(self, message):
        return None

    def ngettext(self, msgid1, msgid2, n):
        return None

    def pgettext(self, context, message):
        return None

    def npgettext(self, context, msgid1, msgid2, n):
        return None


def test_the_compiled_mo_matches_the_po():
    with (CATALOGUE / "django.mo").open("rb") as mo_file:
        mo = gettext.GNUTranslations(mo_file)
    mo.add_fallback(_Absent())
    stale = []
    for e in po_entries():
        if not e["msgid"] or "fuzzy" in e["flags"] or not all(translations(e)):
            continue  # the header, and entries msgfmt leaves out (the test above reports them)
        context = [e["msgctxt"]] if "msgctxt" in e else []
        if "msgid_plural" in e:
            lookup = mo.npgettext if context else mo.ngettext
            compiled = [lookup(*context, e["msgid"], e["msgid_plural"], n) for n in (1, 2)]
        else:
            compiled = [(mo.pgettext if context else mo.gettext)(*context, e["msgid"])]
        if compiled != translations(e):
            stale.append(e["msgid"])
    assert not stale, (f"django.mo is older than django.po for {len(stale)} entries; run "
                       "`manage.py compilemessages -l nl`:\n" + "\n".join(stale))


REPO = CATALOGUE.parents[2]
# Every package of ours (the tests and benches mark nothing for players).
APPS = sorted(p.name for p in REPO.iterdir() if (p / "__init__.py").exists() and p.name not in {"tests", "bench"})
SINGULAR = {"_", "gettext", "gettext_lazy", "gettext_noop"}
PLURAL = {"ngettext", "ngettext_lazy"}


def _marked_in_python():
    """(file, line, msgid) of every string our Python code marks for translation with a literal."""
    for app in APPS:
        for path in sorted((REPO / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in SINGULAR | PLURAL and node.args):
                    continue
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
                    yield path.relative_to(REPO), node.lineno, first.value


def test_every_string_marked_in_python_is_in_the_catalogue():
    """makemessages reads no gettext call inside an f-string: such a string never reaches the .po and
    stays English for a Dutch player, although the catalogue itself looks complete."""
    known = {e["msgid"] for e in po_entries()}
    missing = [f"{path}:{line}: {msgid!r}" for path, line, msgid in _marked_in_python() if msgid not in known]
    assert not missing, (f"{len(missing)} marked strings are not in the Dutch catalogue (run makemessages; a "
                         "gettext call inside an f-string is not seen):\n" + "\n".join(missing))
