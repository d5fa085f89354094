"""The rule tables missing from the source ("Tabele i zestawienia"), entered by the user.

Empty by default: the site never ships table values it cannot cite. Fill them in the admin or
with ``manage.py import_wojna_tables table.json`` from your own copy of the rules.
"""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from adjudicator.games.common import InvalidInput, translate_problems
from adjudicator.games.wojna.tables import (
    MAX_MODIFIED_DIE,
    SPELL_CATEGORIES,
    check_odds_label,
    search_table,
)

DIE_FACE = [MinValueValidator(1), MaxValueValidator(6)]
PERCENT = [MaxValueValidator(100)]
SEARCH_ROW_FIELDS = ("points_from", "points_to", "die", "capture")


class BattleResultEntry(models.Model):
    """One cell of Wyniki bitwy: a force-ratio column and a modified die → losses in percent."""

    odds = models.CharField(
        _("force ratio"),
        max_length=8,
        help_text=_("The column, attacker first: 3:1 or 1:2 (the text writes 3-1)."),
    )
    die = models.SmallIntegerField(
        _("modified die"),
        validators=[MinValueValidator(-MAX_MODIFIED_DIE), MaxValueValidator(MAX_MODIFIED_DIE)],
        help_text=_("The die after the leaders' Morale."),
    )
    attacker_loss = models.PositiveSmallIntegerField(_("attacker's loss (%)"), validators=PERCENT)
    defender_loss = models.PositiveSmallIntegerField(_("defender's loss (%)"), validators=PERCENT)

    class Meta:
        ordering = ["odds", "die"]
        constraints = [
            models.UniqueConstraint(fields=["odds", "die"], name="wojna_battle_cell_unique")
        ]
        verbose_name = _("Wyniki bitwy cell")
        verbose_name_plural = _("Wyniki bitwy (battle results)")

    def __str__(self) -> str:
        return f"{self.odds} / {self.die}: {self.attacker_loss}% / {self.defender_loss}%"

    def clean(self) -> None:
        """One spelling per column ("3:1"), so "3-1" cannot sit beside it as another cell."""
        try:
            self.odds = check_odds_label(self.odds)
        except ValueError:
            raise ValidationError({"odds": _("Write the column as 3:1 or 1:2.")}) from None


class DuelResultEntry(models.Model):
    """One cell of Wyniki pojedynku: a score difference and a die → wounds to each side."""

    difference = models.SmallIntegerField(
        _("score difference"), help_text=_("Attacker's Morale + Odwaga − wounds minus defender's.")
    )
    die = models.PositiveSmallIntegerField(_("die"), validators=DIE_FACE)
    attacker_wounds = models.PositiveSmallIntegerField(_("wounds to the attacker"))
    defender_wounds = models.PositiveSmallIntegerField(_("wounds to the defender"))

    class Meta:
        ordering = ["difference", "die"]
        constraints = [
            models.UniqueConstraint(fields=["difference", "die"], name="wojna_duel_cell_unique")
        ]
        verbose_name = _("Wyniki pojedynku cell")
        verbose_name_plural = _("Wyniki pojedynku (duel results)")

    def __str__(self) -> str:
        return f"{self.difference:+d} / {self.die}: {self.attacker_wounds} / {self.defender_wounds}"


class SpellEntry(models.Model):
    """One cell of Czary: a spell category and a die → a number (wounds, or a Morale bonus)."""

    category = models.CharField(
        _("spell category"), max_length=1, choices=[(c, c) for c in SPELL_CATEGORIES]
    )
    die = models.PositiveSmallIntegerField(_("die"), validators=DIE_FACE)
    value = models.PositiveSmallIntegerField(_("result"))

    class Meta:
        ordering = ["category", "die"]
        constraints = [
            models.UniqueConstraint(fields=["category", "die"], name="wojna_spell_cell_unique")
        ]
        verbose_name = _("Czary cell")
        verbose_name_plural = _("Czary (spells)")

    def __str__(self) -> str:
        return f"{self.category} / {self.die}: {self.value}"


class SearchTableEntry(models.Model):
    """A die face that succeeds for pools of search points in a range; "n" allows a capture."""

    points_from = models.PositiveSmallIntegerField(_("search points from"))
    points_to = models.PositiveSmallIntegerField(
        _("search points to"), null=True, blank=True, help_text=_("Empty: and more.")
    )
    die = models.PositiveSmallIntegerField(_("successful die face"), validators=DIE_FACE)
    capture = models.BooleanField(_('marked "n" (capture allowed)'), default=False)

    class Meta:
        ordering = ["points_from", "die"]
        verbose_name = _("Poszukiwania row")
        verbose_name_plural = _("Poszukiwania (search)")

    def __str__(self) -> str:
        top = self.points_to if self.points_to is not None else "+"
        return f"{self.points_from}–{top}: {self.die}{'n' if self.capture else ''}"

    def clean(self) -> None:
        """No run backwards, no second row of the same die for an overlapping pool: either would
        make every search answer refuse the table."""
        others = list(SearchTableEntry.objects.exclude(pk=self.pk).values(*SEARCH_ROW_FIELDS))
        mine = {field: getattr(self, field) for field in SEARCH_ROW_FIELDS}
        try:
            search_table([*others, mine])
        except InvalidInput as invalid:
            where = f"search[{len(others)}]"
            problems = [
                message
                for at, message in translate_problems(invalid.problems, gettext)
                if at == where
            ]
            if problems:
                raise ValidationError(problems) from None
