"""Card filters (django-filter), shared by the card list page and ``GET /api/cards/``."""

import time
from functools import lru_cache

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from adjudicator.games.tcg.cards import PHASES, collector_key, fold
from cards_db.models import Card, CardSet, Keyword, Side

CHOICES_TTL_SECONDS = 300


def _choices(field: str) -> list[tuple[str, str]]:
    """The distinct values of a card field, read lazily and kept a few minutes (they change
    only when cards are imported)."""
    return cached_choices(field, int(time.monotonic() // CHOICES_TTL_SECONDS))


@lru_cache(maxsize=16)
def cached_choices(field: str, period: int) -> list[tuple[str, str]]:
    values = Card.objects.exclude(**{field: ""}).order_by(field).values_list(field, flat=True)
    return [(v, v) for v in values.distinct()]


def search_cards(queryset: QuerySet, text: str) -> QuerySet:
    """Cards whose title, subtitle, text, lore, type, race or keywords hold every word typed
    (word prefixes; case and accents do not count); a collector number finds its card.
    """
    key = collector_key(text)
    if key is not None:
        return queryset.filter(card_set_id=key[0], number=key[1])
    condition = Q()
    for word in fold(text).split():
        condition &= Q(search_text__contains=f" {word}")
    return queryset.filter(condition)


class StrictNullBooleanSelect(forms.NullBooleanSelect):
    """Hands the raw value to the field, so that a value it cannot read is an error."""

    def value_from_datadict(self, data, files, name):
        return data.get(name)


class StrictNullBooleanField(forms.NullBooleanField):
    """Yes, no, or not filtered, in the usual spellings the API's schema lists; anything else
    ("maybe", "2") is invalid, not silently ignored."""

    widget = StrictNullBooleanSelect
    READINGS = {
        **dict.fromkeys(("", "unknown"), None),
        **dict.fromkeys(("true", "1", "yes", "on"), True),
        **dict.fromkeys(("false", "0", "no", "off"), False),
    }

    def to_python(self, value):
        if value is None or isinstance(value, bool):
            return value
        key = str(value).strip().lower()
        if key not in self.READINGS:
            raise forms.ValidationError(
                forms.ChoiceField.default_error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return self.READINGS[key]


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = StrictNullBooleanField


class ChoicesField(django_filters.fields.ModelMultipleChoiceField):
    """Several choices; an empty one (``?keyword=``, an untouched form field) chooses nothing."""

    def clean(self, value):
        return super().clean([v for v in value or [] if v != ""])


class ChoicesFilter(django_filters.ModelMultipleChoiceFilter):
    field_class = ChoicesField


class SetNumbersField(ChoicesField):
    """Set numbers: text that is not a small whole number is an unknown set, refused before it
    reaches the database (9223372036854775808 overflowed SQLite's integers: a 500)."""

    def _check_values(self, value):
        for key in value:
            if not (str(key).isdecimal() and len(str(key)) <= 4):
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": key},
                )
        return super()._check_values(value)


class SetFilter(ChoicesFilter):
    field_class = SetNumbersField


class WholeNumberFilter(django_filters.NumberFilter):
    """A number filter on a whole-number field: 0.5 is an error, as the schema's integer says."""

    field_class = forms.IntegerField


class CardFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(method="filter_q", label=_("Search"))
    set = SetFilter(
        field_name="card_set",
        queryset=CardSet.objects.all(),
        label=_("Sets"),
        help_text=_("One or several sets: a card of any of them matches."),
    )
    culture = django_filters.ChoiceFilter(choices=lambda: _choices("culture"), label=_("Culture"))
    side = django_filters.ChoiceFilter(choices=Side.choices, label=_("Side"))
    type = django_filters.ChoiceFilter(choices=lambda: _choices("type"), label=_("Type"))
    race = django_filters.ChoiceFilter(choices=lambda: _choices("race"), label=_("Race"))
    twilight_min = WholeNumberFilter(
        field_name="twilight_cost", lookup_expr="gte", label=_("Twilight from")
    )
    twilight_max = WholeNumberFilter(
        field_name="twilight_cost", lookup_expr="lte", label=_("Twilight to")
    )
    strength_min = WholeNumberFilter(
        field_name="strength", lookup_expr="gte", label=_("Strength from")
    )
    strength_max = WholeNumberFilter(
        field_name="strength", lookup_expr="lte", label=_("Strength to")
    )
    keyword = ChoicesFilter(
        field_name="keywords", queryset=Keyword.objects.all(), conjoined=True, label=_("Keywords")
    )
    unique = StrictBooleanFilter(label=_("Unique"))
    phase = django_filters.ChoiceFilter(
        choices=[(p, _(p)) for p in PHASES], method="filter_phase", label=_("Event phase")
    )
    bearer = django_filters.CharFilter(
        lookup_expr="icontains", label=_("Bearer"),
        help_text=_("Who may bear the possession: a race or a name (\"Dwarf\", \"Gimli\")."),
    )  # fmt: skip
    site_number = WholeNumberFilter(label=_("Site number"))

    class Meta:
        model = Card
        fields = ["q", "set", "culture", "side", "type", "race", "unique", "site_number"]

    def filter_phase(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """Events playable in this phase (an event may name two: "Fellowship or Regroup"; no
        phase's name is part of another's, so containing it is naming it)."""
        return queryset.filter(phases__contains=value) if value else queryset

    def filter_q(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return search_cards(queryset, value) if value.strip() else queryset
