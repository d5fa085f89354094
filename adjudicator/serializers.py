"""API shapes every app shares (docs/conventions.md, API): errors, citations, reasons, odds.

Each is one OpenAPI component; an app that adds fields subclasses it under its own prefixed
name (``WojnaAttemptSerializer(ProbabilitySerializer)``).
"""

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
