"""Term cards for Spell: each card has two sides of five secret terms in one language.

Curators edit them in the admin (lexicons/admin_terms.py) or as CSV (lexicons/term_csv.py); games draw
active cards of their language when they are created (lexicons/term_decks.py).  A side is stored as
its five terms separated by commas, and the accepted alternatives as "term: alt, alt; term: alt",
the same text the admin and the CSV files show, so that curators read and search one format.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class TermCard(models.Model):
    language = models.CharField(_("language"), max_length=8, db_index=True)
    side_a = models.CharField(_("side A"), max_length=300, help_text=_("Five terms, separated by commas."))
    side_b = models.CharField(_("side B"), max_length=300, help_text=_("Five terms, separated by commas."))
    alternatives = models.CharField(
        _("accepted alternatives"), max_length=1000, blank=True,
        help_text=_('Other words accepted for a term, e.g. "bicycle: bike; television: tv".'),
    )
    # Retire a card instead of deleting it: the starter deck is loaded only into an empty language.
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        db_table = "games_termcard"
        ordering = ["language", "pk"]
        verbose_name = _("term card")
        verbose_name_plural = _("term cards")
        indexes = [models.Index(fields=["language", "active"])]

    def __str__(self) -> str:
        return f"{self.language} #{self.pk}: {self.side_a} / {self.side_b}"
