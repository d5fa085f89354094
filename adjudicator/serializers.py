"""API shapes every app shares (docs/conventions.md, API): errors, citations, reasons, odds.

Each is one OpenAPI component; an app that adds fields subclasses it under its own prefixed
name (``WojnaAttemptSerializer(ProbabilitySerializer)``).
"""

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text="Where: a field path (position.armies.edoras.rohan.regular, rolled[0].face), "
        "non_field_errors, or body for a request that cannot be read."
    )
    message = serializers.CharField()


class ErrorResponseSerializer(serializers.Serializer):
    """Bad input: every problem, each naming its field (``adjudicator.api.exception_handler``)."""

    detail = serializers.CharField(help_text="Every problem in one line.")
    errors = ErrorItemSerializer(many=True)


class CitationSerializer(serializers.Serializer):
    """A rulebook section an answer rests on (``adjudicator.citations.citation_payload``)."""

    rulebook = serializers.CharField(help_text="The rulebook's slug.")
    section = serializers.CharField(help_text="The section's anchor.")
    title = serializers.CharField()
    url = serializers.CharField(help_text="The section's page.")


class ProbabilitySerializer(serializers.Serializer):
    """An exact probability (``adjudicator.games.common.probability``)."""

    probability = serializers.FloatField()
    exact = serializers.CharField(help_text="The exact fraction p/q.")


class ReasonSerializer(serializers.Serializer):
    """One finding of a check (``adjudicator.games.common.Reason``), translated, with its rule."""

    code = serializers.CharField()
    message = serializers.CharField()
    citation = CitationSerializer(allow_null=True)


class ExactValueSerializer(serializers.Serializer):
    """An exact value that is not a probability (an expectation, a policy's worth)."""

    value = serializers.FloatField()
    exact = serializers.CharField(help_text="The exact fraction p/q.")


class StrictSerializer(serializers.Serializer):
    """Refuses keys it does not know: a misspelt field ("leadrship") must be a 400, not
    silently dropped and answered without it."""

    def to_internal_value(self, data):
        unknown = (
            {key: [_("unknown field")] for key in data if key not in self.fields}
            if isinstance(data, Mapping)
            else {}
        )
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if unknown and isinstance(error.detail, dict):
                raise serializers.ValidationError({**error.detail, **unknown}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


class AbsoluteUrlField(serializers.URLField):
    """A model's ``get_absolute_url`` as an absolute URL (with the request in the context)."""

    def __init__(self, **kwargs):
        super().__init__(source="get_absolute_url", read_only=True, **kwargs)

    def to_representation(self, value: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(value) if request is not None else value
