"""API shapes every app shares (docs/conventions.md, API): errors, citations, reasons, odds.

Each is one OpenAPI component; an app that adds fields subclasses it under its own prefixed
name (``WojnaAttemptSerializer(ProbabilitySerializer)``).
"""

import copy
from collections.abc import Callable, Iterator, Mapping
from functools import cache, partial
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from jsonschema import Draft202012Validator
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from adjudicator.error_codes import ERROR_CODES
from adjudicator.schema_fit import fits


class ErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(
        help_text="Where: a field path (position.armies.edoras.rohan.regular, rolled[0].face), "
        "non_field_errors, or body for a request that cannot be read."
    )
    message = serializers.CharField()
    code = serializers.CharField(
        help_text="What kind of problem, for programs: one of the table in docs/api.md ("
        + ", ".join(ERROR_CODES)
        + "); rule when the request is well formed but the game's rules or data refuse it."
    )


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


class ReadingAnswerSerializer(serializers.Serializer):
    """One way to read an unclear text and the answer under it."""

    reading = serializers.CharField(help_text="The reading's id (a value of readings.<id>).")
    says = serializers.CharField(help_text="How the text is read.")
    answer = serializers.CharField(help_text="What the checker answers under this reading.")


class ReadingSerializer(serializers.Serializer):
    """A point where the answer rests on a reading of ambiguous or silent text
    (``adjudicator.games.common.Reading``)."""

    id = serializers.CharField(help_text="The request field readings.<id> picks the reading.")
    citation = CitationSerializer()
    quote = serializers.CharField(help_text="The rulebook's words it rests on.")
    chosen = ReadingAnswerSerializer(help_text="The reading this answer used.")
    others = ReadingAnswerSerializer(
        many=True, help_text="Each other reading, with the answer computed under it."
    )


class AnswerSerializer(serializers.Serializer):
    """What every checker's answer carries (``adjudicator.games.common.Answer``, shown by
    ``adjudicator.citations.answer_payload``); each app's answer adds its own fields."""

    headline = serializers.CharField(
        help_text="One line answering the question (what a page shows first). Every checker "
        "answers with it; the older names of the same line, verdict (War of the Ring) and "
        "summary (Journey to Mordor, Wojna o Pierścień), are deprecated copies."
    )
    reasons = ReasonSerializer(many=True, help_text="The findings behind the answer.")
    citations = CitationSerializer(many=True)
    assumptions = serializers.ListField(
        child=serializers.CharField(), help_text="Readings of the rules the answer assumed."
    )
    readings = ReadingSerializer(
        many=True,
        required=False,
        help_text="Where the text is unclear: the reading used and the answer under each other "
        "(empty or absent where the answer rests on no such reading).",
    )


def readings_field(ids: str) -> serializers.Serializer:
    """The request field that picks readings of unclear text: ``{"<id>": "<reading>"}``; ``ids``
    lists this question's, ``"<id>: <reading>, <reading> or <reading>"`` (several separated by
    ``; ``; each answer's ``readings`` shows them), and makes a closed object of them: an
    unknown id is a 400."""
    return _readings_class(ids)(
        default=dict,
        help_text=f"Readings of unclear text to use instead of the default ({ids}); each "
        "answer's readings list the choices.",
    )


@cache
def _readings_class(ids: str) -> type[serializers.Serializer]:
    """One class per list of readings (two questions with the same readings share it, as
    one component of the schema)."""
    fields = {}
    for reading in ids.split("; "):
        reading_id, choices = reading.split(": ")
        names = choices.replace(" or ", ", ").split(", ")
        fields[reading_id] = serializers.ChoiceField(choices=names, required=False)
    name = "".join(part.title() for part in "_".join(fields).split("_")) + "ReadingsSerializer"
    return type(name, (StrictSerializer,), {**fields, "__doc__": f"The reading of {ids}."})


class ExactValueSerializer(serializers.Serializer):
    """An exact value that is not a probability (an expectation, a policy's worth)."""

    value = serializers.FloatField()
    exact = serializers.CharField(help_text="The exact fraction p/q.")


#: JSON Schema's type names as an error message says them.
JSON_TYPE_NAMES = {
    "boolean": _("true or false"),
    "integer": _("an integer"),
    "number": _("a number"),
    "string": _("a string"),
    "array": _("a list"),
    "object": _("an object"),
    "null": _("null"),
}

#: The Python values of each JSON type (a bool is no number).
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "boolean": (bool,),
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "array": (list,),
    "object": (Mapping,),
}


def expected(*types: str) -> str:
    """``expected a string / an object``, in the reader's language."""
    names = " / ".join(str(JSON_TYPE_NAMES.get(name, name)) for name in types)
    return str(_("expected %(type)s") % {"type": names})


def _json_type(field: serializers.Field) -> str | None:
    """The JSON type the schema gives a DRF field (None: any, or the field's own schema)."""
    if isinstance(field, serializers.BooleanField):
        return "boolean"
    if isinstance(field, serializers.IntegerField):
        return "integer"
    if isinstance(field, serializers.FloatField):
        return "number"
    if isinstance(field, serializers.DecimalField | serializers.CharField):
        return "string"
    if isinstance(field, serializers.MultipleChoiceField | serializers.ListSerializer):
        return "array"
    if isinstance(field, serializers.ChoiceField):
        return "integer" if all(isinstance(key, int) for key in field.choices) else "string"
    if isinstance(field, serializers.ListField):
        return "array"
    if isinstance(field, serializers.DictField | serializers.Serializer):
        return "object"
    return None


def json_type_problem(field: serializers.Field, value: Any) -> str | None:
    """Why ``value`` is not of the JSON type the schema gives ``field``, or None.

    DRF coerces ("5" to 5, 0 to false, 7 to "7"); the OpenAPI document promises the types, so
    the API holds clients to them (issue 12: the API keeps its word, checked by schemathesis).
    Nested strict serializers check their own fields; list and dict fields their items.
    """
    kind = _json_type(field)
    if value is None or kind is None:
        return None  # allow_null is DRF's own check
    if isinstance(value, bool) != (kind == "boolean") or not isinstance(value, JSON_TYPES[kind]):
        return expected(kind)
    if isinstance(field, serializers.ListField):
        items = value
    elif isinstance(field, serializers.DictField):
        items = value.values()
    else:
        return None
    return next(filter(None, (json_type_problem(field.child, item) for item in items)), None)


#: Fields that hold other fields (bound to them in their ``__init__``): copied DRF's way.
_CONTAINERS = (serializers.BaseSerializer, serializers.ListField, serializers.DictField)


def _field_copy(field: serializers.Field, memo: dict) -> serializers.Field:
    """A request's own copy of a declared field. DRF deep-copies each by calling its
    ``__init__`` again (a fifth of a small API request's time); a plain field's state is
    set in ``__init__`` and only replaced afterwards (``bind``, ``choices = ...``), never
    changed in place, so a shallow copy is the same field. Containers keep DRF's copy."""
    return copy.deepcopy(field, memo) if isinstance(field, _CONTAINERS) else copy.copy(field)


#: Each request serializer's fields, bound to an instance holding no request's data.
_SHARED_FIELDS: dict[type, Any] = {}


def _bound_fields(serializer: serializers.Serializer) -> Any:
    """DRF's ``fields`` of ``serializer``, bound to it once (DRF's cached property, read
    through the instance's ``__dict__`` as the class's own property overrides it)."""
    if "fields" not in serializer.__dict__:
        serializer.__dict__["fields"] = serializers.Serializer.fields.func(serializer)
    return serializer.__dict__["fields"]


@cache
def _own_attributes(cls: type) -> frozenset[str]:
    """The names a serializer class or its bases below StrictSerializer define."""
    below = cls.__mro__[: cls.__mro__.index(StrictSerializer)]
    return frozenset(name for klass in below for name in vars(klass))


class StrictSerializer(serializers.Serializer):
    """Refuses keys it does not know: a misspelt field ("leadrship") must be a 400, not
    silently dropped and answered without it; and values not of the type the schema gives
    their field (``json_type_problem``)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        memo: dict = {}
        return {name: _field_copy(field, memo) for name, field in self._declared_fields.items()}

    @property
    def fields(self) -> Any:
        """The fields, bound once per class and shared by every instance without a context
        (every request's validation; issue 29: copying them was a fifth of a small request):
        a request serializer keeps no state in its fields, and its checks read no context. A
        class whose ``__init__`` sets its fields (choices read from the database) has its own."""
        if self._context or self.partial or "__init__" in _own_attributes(type(self)):
            return _bound_fields(self)
        shared = _SHARED_FIELDS.get(type(self))
        if shared is None:
            shared = _SHARED_FIELDS[type(self)] = _bound_fields(type(self)())
        return shared

    def is_valid(self, *, raise_exception: bool = False) -> bool:
        """DRF's, with a plain body (:func:`plain_validated`) read at once: the same values
        without DRF's walk, for every request validated this way (issue 29)."""
        unread = hasattr(self, "initial_data") and not hasattr(self, "_validated_data")
        if unread and not (self._context or self.partial):
            plain = plain_validated(type(self), self.initial_data)
            if plain is not None:
                self._validated_data, self._errors = plain, {}
                return True
        return super().is_valid(raise_exception=raise_exception)

    def to_internal_value(self, data):
        problems: dict[str, list[ErrorDetail]] = {}
        if isinstance(data, Mapping):
            problems = {
                key: [ErrorDetail(str(_("unknown field")), code="unknown_field")]
                for key in data
                if key not in self.fields
            }
            for key, field in self.fields.items():
                wrong_type = (
                    key in data and not field.read_only and json_type_problem(field, data[key])
                )
                if wrong_type:
                    problems[key] = [ErrorDetail(wrong_type, code="wrong_type")]
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if problems and isinstance(error.detail, dict):
                raise serializers.ValidationError({**error.detail, **problems}) from None
            raise
        if problems:
            raise serializers.ValidationError(problems)
        return value


class _NotPlain(Exception):
    """A value the plain reading does not take: DRF's validation reads it, and words its
    problems."""


#: How a field of a plain request is read: its name, its value given → the validated value
#: (raises ``_NotPlain``), and the field (what stands for its value when it is left out).
_Reading = tuple[str, Callable[[Any], Any], serializers.Field]
#: A class's field names and each field's reading.
_Readings = tuple[frozenset[str], tuple[_Reading, ...]]


def plain_validated(serializer_class: type[serializers.Serializer], data: Any) -> Any:
    """``data`` validated by ``serializer_class`` at once when it is plain (issue 29): only
    the class's fields, each of its schema type and within its bounds, so that DRF's
    validation would find no problem and give the same values (defaults filled, nested
    objects read the same way); ``None`` for anything else, which DRF's validation reads and
    reports. A class with checks of its own (``validate``...) is always DRF's."""
    readings = _plain_readings(serializer_class)
    if readings is None or type(data) is not dict:
        return None
    try:
        return _read_plain(readings, data)
    except (_NotPlain, serializers.ValidationError, DjangoValidationError):
        return None


def _read_plain(readings: _Readings, data: dict[str, Any]) -> dict[str, Any]:
    names, fields = readings
    if not data.keys() <= names:
        raise _NotPlain
    value: dict[str, Any] = {}
    for name, read, field in fields:
        given = data.get(name, serializers.empty)
        if given is serializers.empty:
            if field.required:
                raise _NotPlain
            if field.default is not serializers.empty:
                value[name] = field.get_default()
        elif given is None:
            if not field.allow_null:
                raise _NotPlain
            value[name] = None
        else:
            value[name] = read(given)
    return value


#: The methods through which a serializer class can add to its fields' validation: a class that
#: defines any of them is always validated by DRF.
_OWN_VALIDATION = frozenset(
    {
        "__init__",
        "validate",
        "to_internal_value",
        "run_validation",
        "validate_empty_values",
        "run_validators",
        "get_fields",
        "get_validators",
    }
)


@cache
def _plain_readings(serializer_class: type) -> _Readings | None:
    """Each field's plain reading, or ``None`` when the class's validation is not only its
    fields' (its own ``validate``, ``validate_<field>``, validators, read-only or renamed
    fields, fields set per instance)."""
    if not issubclass(serializer_class, StrictSerializer):
        return None
    own = _own_attributes(serializer_class)
    serializer = serializer_class()
    if own & _OWN_VALIDATION or serializer.validators:
        return None
    readings = []
    for name, field in serializer.fields.items():
        if hasattr(serializer, f"validate_{name}") or field.read_only:
            return None
        if field.source_attrs != [name]:
            return None
        read = _plain_reading(field)
        if read is None:
            return None
        readings.append((name, read, field))
    return frozenset(serializer.fields), tuple(readings)


def _plain_reading(field: serializers.Field) -> Callable[[Any], Any] | None:
    """How a given value of ``field`` is read: at once for whole numbers, booleans, string
    choices and strict nested objects; any other field by DRF (its own ``run_validation``,
    after the schema type check that StrictSerializer makes)."""
    kind = type(field)
    if kind is serializers.IntegerField and _bounds_only(field):
        low, high = field.min_value, field.max_value
        if low is not None and high is not None:
            return partial(_whole_number, low, high)
    if kind is serializers.BooleanField and not field.validators:
        return _boolean
    words = kind is serializers.ChoiceField and all(map(_is_str, field.choices))
    if words and not field.validators:
        return partial(_choice, field.choice_strings_to_values)
    if isinstance(field, StrictSerializer):
        readings = _plain_readings(type(field))
        return None if readings is None else partial(_nested, readings)
    if isinstance(field, serializers.BaseSerializer):
        return None
    return partial(_by_drf, field)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _bounds_only(field: serializers.Field) -> bool:
    bounds = (MinValueValidator, MaxValueValidator)
    return all(type(validator) in bounds for validator in field.validators)


def _whole_number(low: int, high: int, given: Any) -> int:
    if type(given) is not int or not low <= given <= high:
        raise _NotPlain
    return given


def _boolean(given: Any) -> bool:
    if type(given) is not bool:
        raise _NotPlain
    return given


def _choice(choices: Mapping[str, Any], given: Any) -> Any:
    if type(given) is not str or given not in choices:
        raise _NotPlain
    return choices[given]


def _nested(readings: _Readings, given: Any) -> dict[str, Any]:
    if type(given) is not dict:
        raise _NotPlain
    return _read_plain(readings, given)


def _by_drf(field: serializers.Field, given: Any) -> Any:
    if json_type_problem(field, given):
        raise _NotPlain
    return field.run_validation(given)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


class SchemaJSONField(serializers.JSONField):
    """A JSON value an engine reads, first held to the types of the JSON Schema the OpenAPI
    document gives it (``schema``, documented by the subclass itself), so that a key the engine
    would ignore still has the type the document promises, and to its closed objects
    (``additionalProperties: false``: an unknown key at any depth is refused, naming it).
    Values (enums, required keys, ranges) are the engine's to judge, in its own words."""

    schema: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "schema" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} must say its JSON Schema (schema = ...)")
        extend_schema_field(cls.schema)(cls)

    def to_internal_value(self, data: Any) -> Any:
        value = super().to_internal_value(data)
        if fits(self.schema, value):  # the usual value, held to its schema at once
            return value
        validator = Draft202012Validator(self.schema)
        problems: dict[str, list[ErrorDetail]] = {}
        for error in validator.iter_errors(value):
            for path, message in _schema_problems(validator, error):
                where = "".join(
                    f"[{part}]" if isinstance(part, int) else f".{part}" for part in path
                )
                problems.setdefault(where.lstrip("."), []).append(message)
        if not problems:
            return value
        if list(problems) == [""]:
            raise serializers.ValidationError(problems[""])
        raise serializers.ValidationError(problems)


def _schema_problems(
    validator: Draft202012Validator, error: Any
) -> Iterator[tuple[tuple[str | int, ...], ErrorDetail]]:
    """The type and unknown-key problems in one JSON Schema error, where each is: a key the
    object does not define (``additionalProperties: false``) or a value of another type; of a
    ``oneOf``/``anyOf``, those of the one branch of the value's type."""
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and error.validator_value is False:
        known = error.schema.get("properties", {})
        for key in error.instance:
            if key not in known:
                yield (*path, key), ErrorDetail(str(_("unknown field")), code="unknown_field")
    elif error.validator == "type":
        yield path, ErrorDetail(expected(*_as_list(error.validator_value)), code="wrong_type")
    elif error.validator in ("oneOf", "anyOf"):
        branches = error.validator_value
        typed = [
            index
            for index, branch in enumerate(branches)
            if "type" in branch and validator.is_type(error.instance, branch["type"])
        ]
        if len(typed) == 1:
            for sub in error.context:
                if sub.relative_schema_path[0] == typed[0]:
                    yield from _schema_problems(validator, sub)
            return
        wanted = [branch.get("type", "") for branch in branches]
        yield path, ErrorDetail(expected(*filter(None, wanted)), code="wrong_type")


class AbsoluteUrlField(serializers.URLField):
    """A model's ``get_absolute_url`` as an absolute URL (with the request in the context)."""

    def __init__(self, **kwargs):
        super().__init__(source="get_absolute_url", read_only=True, **kwargs)

    def to_representation(self, value: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(value) if request is not None else value


@extend_schema_field(
    {
        "type": "string",
        "deprecated": True,
        "description": "Deprecated (API v1): the same line as headline, under its first name.",
    }
)
class DeprecatedHeadlineField(serializers.CharField):
    """``verdict`` or ``summary``: the headline under the name version 1 first gave it."""
