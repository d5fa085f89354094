"""Rulebooks and their sections, as parsed from the vendored sources (``rules_corpus/sources``)."""

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Game(models.TextChoices):
    WAR_OF_THE_RING = "wotr", _("War of the Ring")
    LOTR_TCG = "lotr-tcg", _("The Lord of the Rings TCG")
    JOURNEY_TO_MORDOR = "journey-to-mordor", _("Journey to Mordor")
    WOJNA_O_PIERSCIEN = "wojna", _("Wojna o Pierścień")


class Language(models.TextChoices):
    RUSSIAN = "ru", _("Russian")
    POLISH = "pl", _("Polish")
    ENGLISH = "en", _("English")


class Rulebook(models.Model):
    """One vendored rulebook file and what the manifest says of it."""

    slug = models.SlugField(unique=True)
    game = models.CharField(max_length=32, choices=Game.choices)
    title = models.CharField(max_length=200)
    language = models.CharField(max_length=2, choices=Language.choices)
    edition = models.CharField(max_length=200, blank=True)
    source_file = models.CharField(max_length=200)
    source_sha256 = models.CharField(max_length=64, help_text=_("Hash of the parsed source."))
    corrections = models.JSONField(
        default=list, blank=True, help_text=_("Mojibake fixed at load time.")
    )
    order = models.PositiveSmallIntegerField(default=0)
    updated = models.DateTimeField(
        auto_now=True, help_text=_("When the loaded text last changed (the bulk download's).")
    )

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rules_corpus:rulebook", kwargs={"rulebook": self.slug})


class Section(models.Model):
    """A citable section: a node of the rulebook's tree (chapter, section, paragraph)."""

    rulebook = models.ForeignKey(Rulebook, on_delete=models.CASCADE, related_name="sections")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    anchor = models.SlugField(max_length=100, help_text=_("Stable permalink anchor."))
    number_path = models.CharField(max_length=40, help_text=_("Position in the tree, e.g. 3.2.1"))
    level = models.PositiveSmallIntegerField()
    heading = models.CharField(max_length=500)
    text = models.TextField(blank=True)
    position = models.PositiveIntegerField(help_text=_("Order in the rulebook."))

    class Meta:
        ordering = ["rulebook", "position"]
        constraints = [
            models.UniqueConstraint(fields=["rulebook", "anchor"], name="unique_section_anchor"),
            models.UniqueConstraint(
                fields=["rulebook", "position"], name="unique_section_position"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number_path} {self.heading}"

    def get_absolute_url(self) -> str:
        return reverse(
            "rules_corpus:section",
            kwargs={"rulebook": self.rulebook.slug, "anchor": self.anchor},
        )
