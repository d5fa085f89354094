"""API serializers of the card database, decks and deck reports (names prefixed ``Tcg``)."""

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.citations import citation_payload, citations_payload
from adjudicator.formatting import percent
from adjudicator.games.common import probability
from adjudicator.games.tcg.decklist import MAX_CHARS, html_export_text
from adjudicator.games.tcg.draw_odds import MAX_DRAWS_PER_SITE, CardOdds, DrawOdds
from adjudicator.games.tcg.formats import DEFAULT_FORMAT, formats
from adjudicator.games.tcg.limits import MAX_AT_LEAST, MAX_DECK_NAME, MAX_TARGET
from adjudicator.games.tcg.stats import card_ref
from adjudicator.games.tcg.validation import DeckProblem, DeckReport
from adjudicator.serializers import (
    AbsoluteUrlField,
    AnswerSerializer,
    CitationSerializer,
    ProbabilitySerializer,
    ReasonSerializer,
    StrictSerializer,
)
from cards_db.i18n import envelope, tr
from cards_db.models import Card, Deck


class TcgCardSerializer(serializers.ModelSerializer):
    set = serializers.IntegerField(source="card_set_id")
    keywords = serializers.SlugRelatedField(many=True, read_only=True, slug_field="name")
    full_title = serializers.CharField(read_only=True)
    url = AbsoluteUrlField()
    api_url = serializers.SerializerMethodField(
        help_text="The card's stable API address: /api/cards/<set>/<number>/."
    )

    class Meta:
        model = Card
        fields = [
            "id", "collector_info", "set", "number", "rarity", "title", "subtitle",
            "full_title", "unique", "side", "culture", "type", "twilight_cost", "shadow_number",
            "strength", "vitality", "resistance", "signet", "site_number", "ally_home",
            "site_direction", "race", "item_class", "keywords", "can_start_with_ring",
            "phases", "bearer", "game_text", "lore", "url", "api_url",
        ]  # fmt: skip

    @extend_schema_field(serializers.URLField())
    def get_api_url(self, card: Card) -> str:
        """The card's stable API address, by set and collector number."""
        path = reverse(
            "tcg-card-number", kwargs={"card_set": card.card_set_id, "number": card.number}
        )
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class TcgCardRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    collector_info = serializers.CharField()
    title = serializers.CharField()


class TcgDeckProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    lines = serializers.ListField(child=serializers.IntegerField())
    cards = TcgCardRefSerializer(many=True)
    suggestions = TcgCardRefSerializer(many=True)
    citation = CitationSerializer()


class TcgSiteSlotSerializer(serializers.Serializer):
    site_number = serializers.IntegerField()
    cards = TcgCardRefSerializer(many=True)


class TcgStartingFellowshipSerializer(serializers.Serializer):
    cards = TcgCardRefSerializer(many=True)
    twilight = serializers.IntegerField()


class TcgDeckStatsSerializer(serializers.Serializer):
    draw_deck = serializers.IntegerField()
    free_peoples = serializers.IntegerField()
    shadow = serializers.IntegerField()
    twilight_curve = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text="Per side (free_peoples, shadow): twilight cost → number of cards.",
    )
    cultures = serializers.DictField(child=serializers.IntegerField())
    types = serializers.DictField(child=serializers.IntegerField())
    sites = TcgSiteSlotSerializer(many=True)
    ring_bearer = TcgCardRefSerializer(allow_null=True)
    ring = TcgCardRefSerializer(allow_null=True)
    starting_fellowship = TcgStartingFellowshipSerializer()


class TcgDeckReportSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    format = serializers.CharField()
    errors = TcgDeckProblemSerializer(many=True)
    warnings = TcgDeckProblemSerializer(many=True)
    stats = TcgDeckStatsSerializer()
    citations = CitationSerializer(many=True)


class TcgDeckValidateResponseSerializer(TcgDeckReportSerializer):
    headline = serializers.CharField(help_text="Whether the deck is legal, in one line.")


class TcgDeckValidateRequestSerializer(StrictSerializer):
    list = serializers.CharField(
        max_length=MAX_CHARS,
        trim_whitespace=False,
        help_text="The pasted deck list. A GEMP deck page pasted as HTML is read as its text, "
        "one line per card; line numbers in the answer count those lines.",
    )
    #: The formats are data read once per process (``formats``): choices fixed with the class,
    #: whose fields are then bound once, not copied per request (issue 29).
    format = serializers.ChoiceField(
        choices=[(slug, f.name) for slug, f in formats().items()], default=DEFAULT_FORMAT
    )
    check_starting_fellowship = serializers.BooleanField(
        default=True, help_text="Check the cards listed under 'Starting fellowship:'."
    )

    def validate_list(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError(_("The list is empty."))
        return html_export_text(value)


class TcgDeckSaveRequestSerializer(TcgDeckValidateRequestSerializer):
    name = serializers.CharField(max_length=MAX_DECK_NAME)
    edit_key = serializers.UUIDField(
        required=False, help_text="Required to change a saved deck (given when it was saved)."
    )


class TcgDeckSerializer(serializers.ModelSerializer):
    url = AbsoluteUrlField()
    list = serializers.CharField(source="source")

    class Meta:
        model = Deck
        fields = ["id", "name", "format", "list", "valid", "created", "updated", "url"]


class TcgDeckDetailSerializer(serializers.Serializer):
    deck = TcgDeckSerializer()
    report = TcgDeckReportSerializer()


class TcgDeckSavedSerializer(TcgDeckDetailSerializer):
    edit_key = serializers.UUIDField(help_text="Keep it: it is needed to change the deck.")


def problem_payload(problem: DeckProblem, request: Any = None) -> dict[str, Any]:
    return {
        "code": problem.code,
        "message": tr(problem.message, problem.params),
        "lines": list(problem.lines),
        "cards": [card_ref(c) for c in problem.cards],
        "suggestions": [card_ref(c) for c in problem.suggestions],
        "citation": citation_payload(problem.citation, request),
    }


def report_payload(report: DeckReport, request: Any = None) -> dict[str, Any]:
    """A deck report in the documented shape, messages in the active language."""
    return {
        "valid": report.valid,
        "format": report.format.slug,
        "errors": [problem_payload(p, request) for p in report.errors],
        "warnings": [problem_payload(p, request) for p in report.warnings],
        "stats": report.stats,
        "citations": citations_payload(report.citations, request),
    }


def deck_headline(valid: bool, errors: int) -> str:
    """A deck report in one line: legal, or how many problems."""
    if valid:
        return str(_("The deck is legal."))
    return ngettext(
        "The deck is not legal: %(counter)s problem.",
        "The deck is not legal: %(counter)s problems.",
        errors,
    ) % {"counter": errors}


def report_presented(report: DeckReport, request: Any = None) -> dict[str, Any]:
    """The deck check's answer: the report with its headline."""
    return {"headline": deck_headline(report.valid, len(report.errors)),
            **report_payload(report, request)}  # fmt: skip


# --- Draw odds ---------------------------------------------------------------------------------


class TcgDrawOddsRequestSerializer(StrictSerializer):
    list = serializers.CharField(
        max_length=MAX_CHARS, trim_whitespace=False, help_text="The pasted deck list."
    )
    target = serializers.CharField(
        max_length=MAX_TARGET,
        help_text='A card of the draw deck (title, "1_50" or "1R50"), or a group of cards: '
        '"culture:Elven", "type:Minion", "side:shadow", "race:Orc".',
    )
    at_least = serializers.IntegerField(
        min_value=1, max_value=MAX_AT_LEAST, default=1, help_text="How many of them in hand."
    )
    draws_per_site = serializers.IntegerField(
        min_value=0, max_value=MAX_DRAWS_PER_SITE, default=2,
        help_text="Cards you draw between one site and the next (your reconcile draws).",
    )  # fmt: skip


class TcgSiteOddsSerializer(ProbabilitySerializer):
    site = serializers.IntegerField()
    seen = serializers.IntegerField(help_text="Cards drawn by then (the opening hand is 8).")


class TcgCardOddsSerializer(ProbabilitySerializer):
    card = TcgCardRefSerializer()
    copies = serializers.IntegerField()


class TcgDrawOddsResponseSerializer(AnswerSerializer):
    target = serializers.CharField()
    copies = serializers.IntegerField(help_text="Target cards in the shuffled draw deck.")
    deck_size = serializers.IntegerField(
        help_text="Cards shuffled: the draw deck without the starting fellowship."
    )
    at_least = serializers.IntegerField()
    draws_per_site = serializers.IntegerField()
    opening_hand = ProbabilitySerializer()
    by_site = TcgSiteOddsSerializer(many=True)
    opening_hand_table = TcgCardOddsSerializer(
        many=True, help_text="Every card of the draw deck: its chance in the opening hand."
    )
    explanation = ReasonSerializer(
        many=True, help_text="Deprecated: the same list as reasons (the first API's name)."
    )


def draw_odds_payload(odds: DrawOdds, table: tuple[CardOdds, ...], request: Any) -> dict[str, Any]:
    """Draw odds in the documented shape, messages in the active language: the opening-hand
    chance first (the headline), then site by site."""
    headline = ngettext(
        "%(chance)s: at least %(k)s of them in your opening hand (%(copies)s among %(deck)s "
        "cards shuffled).",
        "%(chance)s: at least %(k)s of them in your opening hand (%(copies)s among %(deck)s "
        "cards shuffled).",
        odds.at_least,
    ) % {"chance": percent(odds.opening_hand), "k": odds.at_least, "copies": odds.copies,
         "deck": odds.deck_size}  # fmt: skip
    return {
        "headline": headline,
        "target": odds.target,
        "copies": odds.copies,
        "deck_size": odds.deck_size,
        "at_least": odds.at_least,
        "draws_per_site": odds.draws_per_site,
        "opening_hand": probability(odds.opening_hand),
        "by_site": [
            {"site": s.site, "seen": s.seen, **probability(s.chance)} for s in odds.by_site
        ],
        "opening_hand_table": [
            {"card": card_ref(row.card), "copies": row.copies, **probability(row.opening_hand)}
            for row in table
        ],
        **envelope(odds, request),
    }
