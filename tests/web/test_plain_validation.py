"""``plain_validated``: a plain request body read at once gives what DRF's validation gives, and
anything else is left to DRF (issue 29)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from adjudicator.serializers import StrictSerializer, plain_validated
from adjudicator.web.registry import CHECKERS
from adjudicator.web.wotr.serializers import WotrBattleRequestSerializer, WotrHuntRequestSerializer

REQUESTS = sorted({c.request for c in CHECKERS if c.request}, key=lambda c: c.__name__)

#: Values of every JSON type, the bounds' neighbours and the choices' words among them.
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-12, 60), st.sampled_from(["", "3", "city", "town",
    "none", "keep_elites", "standard", "companion", "x" * 40]), st.floats(allow_nan=False),
    st.lists(st.sampled_from(["a", "guide", " b "]), max_size=3), st.just({}),
)  # fmt: skip
BATTLE = {"attacker": {"regular": 3, "elite": 1, "leadership": 2},
          "defender": {"regular": 2}, "settlement": "city"}  # fmt: skip
HUNT = {"hunt_dice": 3, "fp_dice_in_box": 1, "corruption": 4,
        "rerolls": {"stronghold": True}, "mordor_step": None}  # fmt: skip


def _drf(serializer_class: type, data: object) -> object:
    """DRF's own validation (``StrictSerializer.is_valid`` reads a plain body plainly)."""
    serializer = serializer_class(data=data)
    valid = serializers.Serializer.is_valid(serializer)
    return serializer.validated_data if valid else None


def _same_as_drf(serializer_class: type, data: object) -> bool:
    """Plain or not, never another answer than DRF's; returns whether it was read plainly."""
    plain = plain_validated(serializer_class, data)
    if plain is None:
        return False
    drf = _drf(serializer_class, data)
    assert drf is not None, data  # nothing DRF refuses is read plainly
    assert json.dumps(plain) == json.dumps(drf), (data, plain, drf)  # the values, in order
    return True


def test_the_usual_battle_and_hunt_are_read_plainly():
    assert _same_as_drf(WotrBattleRequestSerializer, BATTLE)
    assert _same_as_drf(WotrHuntRequestSerializer, HUNT)
    assert plain_validated(WotrBattleRequestSerializer, {**BATTLE, "setlement": "city"}) is None
    assert plain_validated(WotrHuntRequestSerializer, {**HUNT, "hunt_dice": "3"}) is None
    assert plain_validated(WotrHuntRequestSerializer, {**HUNT, "corruption": 12}) is None


def _changed(base: dict, where: list[str], value: object) -> dict:
    data = json.loads(json.dumps(base))
    inner = data
    for key in where[:-1]:
        inner = inner.setdefault(key, {}) if isinstance(inner.get(key, {}), dict) else {}
    inner[where[-1]] = value
    return data


KEYS = st.sampled_from(["attacker", "defender", "rounds", "siege", "settlement", "hunt_dice",
    "regular", "elite", "leadership", "casualty_policy", "rerolls", "stronghold", "pool",
    "drawn", "companions", "casualty", "mordor_step", "corruption", "zzz"])  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    base=st.sampled_from([BATTLE, HUNT]),
    where=st.lists(KEYS, min_size=1, max_size=2),
    value=VALUES,
    serializer_class=st.sampled_from(REQUESTS),
)
def test_any_body_is_read_as_drf_reads_it(base, where, value, serializer_class):
    _same_as_drf(serializer_class, _changed(base, where, value))


class Inner(StrictSerializer):
    count = serializers.IntegerField(min_value=0, max_value=5, required=False, default=1)


class EveryKind(StrictSerializer):
    """One field of each kind the plain reading knows, beside ones it leaves to DRF."""

    number = serializers.IntegerField(min_value=-2, max_value=9)
    flag = serializers.BooleanField(required=False)
    word = serializers.ChoiceField(["city", "town"], required=False, allow_null=True)
    digit = serializers.ChoiceField([1, 2, 3], required=False)
    text = serializers.CharField(required=False, max_length=5)
    names = serializers.ListField(child=serializers.CharField(), required=False)
    inner = Inner(required=False)


EVERY_KIND = {"number": 3, "flag": True, "word": "town", "digit": 2, "text": "ab",
              "names": ["a"], "inner": {"count": 2}}  # fmt: skip


def test_a_choice_of_numbers_is_never_given_as_a_string():
    """DRF refuses "1" for the choice 1 (the schema's type); the plain reading must not take it."""
    assert _same_as_drf(EveryKind, EVERY_KIND)
    assert plain_validated(EveryKind, {**EVERY_KIND, "digit": "1"}) is None
    assert _drf(EveryKind, {**EVERY_KIND, "digit": "1"}) is None


def test_a_class_that_reads_its_data_itself_is_drfs():
    class OwnReading(EveryKind):
        def to_internal_value(self, data):
            return super().to_internal_value(data)

    assert plain_validated(OwnReading, EVERY_KIND) is None


@settings(max_examples=300, deadline=None)
@given(
    where=st.lists(st.sampled_from([*EVERY_KIND, "zzz"]), min_size=1, max_size=2),
    value=st.one_of(VALUES, st.sampled_from(["1", " ab", "abcdefg", 2, 3.0])),
)
def test_every_kind_of_field_is_read_as_drf_reads_it(where, value):
    _same_as_drf(EveryKind, _changed(EVERY_KIND, where, value))


def test_is_valid_reads_a_plain_body_plainly_and_anything_else_as_drf(monkeypatch):
    """Every caller of ``StrictSerializer.is_valid`` (the API, the pages, Mordor's checks) gets
    the plain reading of a plain body, and DRF's validation, with its words, of anything else."""
    plain = WotrBattleRequestSerializer(data=BATTLE)
    monkeypatch.setattr(serializers.Serializer, "run_validation", None)  # DRF's walk: unusable
    assert plain.is_valid() and plain.errors == {}
    read = plain_validated(WotrBattleRequestSerializer, BATTLE)
    assert json.dumps(plain.validated_data) == json.dumps(read)
    monkeypatch.undo()
    misspelt = WotrBattleRequestSerializer(data={**BATTLE, "setlement": "city"})
    assert not misspelt.is_valid() and misspelt.errors["setlement"][0].code == "unknown_field"
