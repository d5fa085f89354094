"""API serializers of the card database, decks and deck reports (names prefixed ``Tcg``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from adjudicator.citations import citation_payload
from adjudicator.games.tcg.decklist import MAX_CHARS
from adjudicator.games.tcg.formats import DEFAULT_FORMAT, formats
from adjudicator.games.tcg.stats import card_ref
from adjudicator.games.tcg.validation import DeckProblem, DeckReport
from adjudicator.serializers import AbsoluteUrlField, CitationSerializer, StrictSerializer
from cards_db.i18n import tr
from cards_db.models import Card, Deck


class TcgCardSerializer(serializers.ModelSerializer):
    set = serializers.IntegerField(source="card_set_id")
    keywords = serializers.SlugRelatedField(many=True, read_only=True, slug_field="name")
    full_title = serializers.CharField(read_only=True)
    url = AbsoluteUrlField()

    class Meta:
        model = Card
        fields = [
            "id", "collector_info", "set", "number", "rarity", "title", "subtitle",
            "full_title", "unique", "side", "culture", "type", "twilight_cost", "shadow_number",
            "strength", "vitality", "resistance", "signet", "site_number", "ally_home",
            "site_direction", "race", "item_class", "keywords", "can_start_with_ring",
            "game_text", "lore", "url",
        ]  # fmt: skip


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


class TcgDeckValidateRequestSerializer(StrictSerializer):
    list = serializers.CharField(
        max_length=MAX_CHARS, trim_whitespace=False, help_text="The pasted deck list."
    )
    format = serializers.ChoiceField(choices=[], default=DEFAULT_FORMAT)
    check_starting_fellowship = serializers.BooleanField(
        default=True, help_text="Check the cards listed under 'Starting fellowship:'."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["format"].choices = [(slug, f.name) for slug, f in formats().items()]

    def validate_list(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError(_("The list is empty."))
        return value


class TcgDeckSaveRequestSerializer(TcgDeckValidateRequestSerializer):
    name = serializers.CharField(max_length=120)
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
        "citations": [citation_payload(c, request) for c in report.citations],
    }
