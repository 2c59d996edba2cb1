"""Dictionary pages for players: look a word up, and report a word (missing, wrong or offensive).

The report page is what the game pages link to from any word in a game log:
``/words/report/?lexicon=en&word=QI&game=12&kind=missing`` (every parameter optional).
Views parse, call one selector or service, and render.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from web.pages import refusal_on_form

from . import services
from .forms import WordLookupForm, WordReportForm
from .models import ReportKind
from .store import UnknownLexicon, lexicon_list, word_lookup


def words_lookup(request):
    """Is this a word?  Public, so players can check before playing (and link a lookup)."""
    form = WordLookupForm(request.GET or None)
    result = None
    withheld = None
    if form.is_bound and form.is_valid():
        withheld = services.lookup_withheld_for(user=request.user, code=form.cleaned_data["lexicon"])
    if withheld is not None:
        pass  # during a challenge-mode game the site says nothing about words in its dictionary
    elif form.is_bound and form.is_valid():
        try:
            result = word_lookup(form.cleaned_data["lexicon"], form.cleaned_data["word"])
        except UnknownLexicon:
            form.add_error("lexicon", _("There is no such dictionary."))
        else:
            if result["reason"]:
                result["reason_message"] = services.filter_reason_message(result["reason"])
            kind = ReportKind.WRONG if result["valid"] else ReportKind.MISSING
            result["report_url"] = reverse("word_report") + "?" + urlencode(
                {"lexicon": form.cleaned_data["lexicon"], "word": result["word"], "kind": kind}
            )
    return render(request, "lexicon/lookup.html",
                  {"form": form, "result": result, "withheld": withheld, "lexicons": lexicon_list()})


@login_required
def word_report(request):
    """Report a word to the curators; refusals (empty word, duplicate ...) are shown beside the form."""
    initial = {key: request.GET.get(key) for key in ("lexicon", "word", "kind", "game") if request.GET.get(key)}
    form = WordReportForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            report = services.word_report_create(
                code=data["lexicon"], word=data["word"], kind=data["kind"], reporter=request.user,
                game_id=data["game"], comment=data["comment"],
            )
        except services.LexiconError as exc:
            refusal_on_form(form, exc, "word" if exc.code in (services.BAD_WORD, services.EMPTY_WORD) else None)
        else:
            if report.during_game:
                messages.success(request, _("Thank you, we'll look at it. You will hear the verdict on %(word)s "
                                            "once the game is over.") % {"word": report.word})
            else:
                messages.success(request, _("Thank you: your report about %(word)s is with the curators; you "
                                            "will hear when it is decided.") % {"word": report.word})
            if report.game_id:
                return redirect("game_detail", game_id=report.game_id)
            return redirect(reverse("words_lookup") + "?" + urlencode({"lexicon": data["lexicon"],
                                                                        "word": report.word}))
    return render(request, "lexicon/report.html", {"form": form})
