"""Sets, cards (every field of the data), keywords, and saved decks with their cards."""

import uuid

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class CardSet(models.Model):
    """An expansion: 1 The Fellowship of the Ring, 2 Mines of Moria, 3 Realms of the Elf-lords."""

    number = models.PositiveSmallIntegerField(_("number"), primary_key=True)
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        ordering = ["number"]
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Keyword(models.Model):
    """A keyword printed in bold on cards (Archer, Damage+1, Fierce, Sanctuary...)."""

    name = models.CharField(_("name"), max_length=40, primary_key=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("keyword")
        verbose_name_plural = _("keywords")

    def __str__(self) -> str:
        return self.name


class Side(models.TextChoices):
    FREE_PEOPLES = "free_peoples", _("Free Peoples")
    SHADOW = "shadow", _("Shadow")


class Card(models.Model):
    """One card, as in ``cards_db/data/lotr-tcg-setNN.json``."""

    id = models.CharField(_("collector key"), max_length=12, primary_key=True)
    collector_info = models.CharField(_("collector info"), max_length=12, unique=True)
    card_set = models.ForeignKey(
        CardSet, models.PROTECT, related_name="cards", verbose_name=_("set")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    rarity = models.CharField(_("rarity"), max_length=1)
    title = models.CharField(_("title"), max_length=100, db_index=True)
    subtitle = models.CharField(_("subtitle"), max_length=100, blank=True)
    unique = models.BooleanField(_("unique"), default=False)
    side = models.CharField(_("side"), max_length=12, choices=Side.choices, blank=True)
    culture = models.CharField(_("culture"), max_length=20, blank=True, db_index=True)
    type = models.CharField(_("type"), max_length=20, db_index=True)
    twilight_cost = models.SmallIntegerField(_("twilight cost"), null=True, blank=True)
    shadow_number = models.SmallIntegerField(_("Shadow number"), null=True, blank=True)
    strength = models.SmallIntegerField(_("strength"), null=True, blank=True)
    vitality = models.SmallIntegerField(_("vitality"), null=True, blank=True)
    resistance = models.SmallIntegerField(_("resistance"), null=True, blank=True)
    signet = models.CharField(_("signet"), max_length=20, blank=True)
    site_number = models.SmallIntegerField(_("site number"), null=True, blank=True)
    ally_home = models.CharField(_("ally home"), max_length=8, blank=True)
    site_direction = models.CharField(_("site direction"), max_length=8, blank=True)
    race = models.CharField(_("race"), max_length=20, blank=True)
    item_class = models.CharField(_("item class"), max_length=20, blank=True)
    keywords = models.ManyToManyField(
        Keyword, related_name="cards", blank=True, verbose_name=_("keywords")
    )
    can_start_with_ring = models.BooleanField(_("can start with the Ring"), default=False)
    phases = models.CharField(
        _("phases"), max_length=80, blank=True,
        help_text=_("An event's phases, as its text opens (\"Fellowship Regroup\")."),
    )  # fmt: skip
    bearer = models.CharField(
        _("bearer"), max_length=60, blank=True,
        help_text=_("Who may bear a possession or artifact (\"a Dwarf\", \"Gimli\")."),
    )  # fmt: skip
    game_text = models.TextField(_("game text"), blank=True)
    lore = models.TextField(_("lore"), blank=True)
    search_text = models.TextField(_("search text"), blank=True, editable=False)
    #: Indexed: the cards' version (``services.cards_version``), read by every card list and deck
    #: check, takes its MAX (a scan of the 609 cards was 0.28 ms a request; issue 29).
    changed = models.DateTimeField(_("changed"), auto_now=True, db_index=True)

    class Meta:
        ordering = ["card_set", "number"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return f"{self.full_title} ({self.collector_info})"

    def get_absolute_url(self) -> str:
        return reverse("cards_db:card", kwargs={"key": self.pk})

    @property
    def full_title(self) -> str:
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title


class Deck(models.Model):
    """A saved deck: its list as pasted, the cards read from it, and its last verdict.

    ``id`` is the public permalink; ``edit_key`` is the secret that allows editing.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    edit_key = models.UUIDField(default=uuid.uuid4, editable=False)
    name = models.CharField(_("name"), max_length=120)
    format = models.CharField(_("format"), max_length=40)
    source = models.TextField(_("list"))
    ring_bearer = models.ForeignKey(
        Card, models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("Ring-bearer"),
    )  # fmt: skip
    ring = models.ForeignKey(
        Card, models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("The One Ring"),
    )  # fmt: skip
    check_starting_fellowship = models.BooleanField(
        _("Check the starting fellowship"), default=True
    )
    valid = models.BooleanField(_("legal"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)
    #: The key of the link stored when the deck was saved from the page (deleted with it).
    link_key = models.CharField(max_length=16, blank=True, editable=False)

    class Meta:
        ordering = ["-updated"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("cards_db:deck", kwargs={"pk": self.pk})


class DeckCard(models.Model):
    """A card of a deck with its role (draw deck, starting fellowship, site...) and line."""

    class Role(models.TextChoices):
        DRAW = "draw", _("draw deck")
        STARTING = "starting", _("starting fellowship")
        RING_BEARER = "ring_bearer", _("Ring-bearer")
        RING = "ring", _("The One Ring")
        SITE = "site", _("site")

    deck = models.ForeignKey(Deck, models.CASCADE, related_name="cards", verbose_name=_("deck"))
    card = models.ForeignKey(Card, models.PROTECT, related_name="+", verbose_name=_("card"))
    count = models.PositiveSmallIntegerField(_("count"))
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    line = models.PositiveIntegerField(_("line"))

    class Meta:
        ordering = ["deck", "line"]
        verbose_name = _("deck card")
        verbose_name_plural = _("deck cards")

    def __str__(self) -> str:
        return f"{self.count}× {self.card}"


class IdempotentSave(models.Model):
    """The answer to a save made with an ``Idempotency-Key`` header, kept a day: a retry with
    the same key (its answer lost) gets it again and stores nothing twice (docs/api.md)."""

    key = models.CharField(max_length=100, primary_key=True)
    #: SHA-256 of the method, path and body: the same key with another request is refused.
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return self.key
