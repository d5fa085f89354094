"""The schema fast path (adjudicator/schema_fit.py): a value it lets through at once is one
jsonschema finds nothing wrong with, for every request schema held by a SchemaJSONField; and
the usual values (a setup piece, a move) do go through it (issue 29)."""

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from adjudicator.games.wotr.position import standard_setup
from adjudicator.schema_fit import fits
from adjudicator.web.wotr_moves.serializers import FACTIONS_SCHEMA, MOVE_SCHEMA, PIECE_SCHEMA
from bench.moves import pieces

SCHEMAS = [MOVE_SCHEMA, PIECE_SCHEMA, FACTIONS_SCHEMA]
KEYS = sorted({*MOVE_SCHEMA["properties"], "regular", "elite", "leaders", "nation", "x"})
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 12), st.sampled_from([1.0, 2.5, -0.0]),
    st.sampled_from(["army", "separate", "nazgul", "edoras", "character", "move", "x", ""]),
)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)
    ),
    max_leaves=12,
)


USUAL = [
    {**piece, "to": "edoras", "die": "army"} if to else piece
    for piece in pieces(standard_setup())
    for to in (False, True)
]
CHANGED_KEYS = ["kind", "die", "count", "cards", "units", "regular", "nation", "then", "x"]
#: A usual piece or move with one key, or one key of its units, given another value.
CHANGED = st.builds(
    lambda base, key, value, inner: (
        {**base, "units": {**base["units"], key: value}}
        if inner and isinstance(base.get("units"), dict)
        else {**base, key: value}
    ),
    st.sampled_from(USUAL), st.sampled_from(CHANGED_KEYS), st.one_of(SCALARS, VALUES),
    st.booleans(),
)  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(st.sampled_from(SCHEMAS), st.one_of(VALUES, CHANGED))
def test_a_value_let_through_is_one_jsonschema_finds_nothing_wrong_with(schema, value):
    if fits(schema, value):
        assert not list(Draft202012Validator(schema).iter_errors(value))


def test_the_usual_values_go_through_at_once():
    setup = standard_setup()
    for piece in pieces(setup):
        assert fits(PIECE_SCHEMA, piece), piece
        assert fits(MOVE_SCHEMA, {**piece, "to": "edoras", "die": "army"}), piece
    assert fits(FACTIONS_SCHEMA, {"ents": {"fangorn": 3}})
    for wrong in [
        {"kind": "army", "units": {"regular": True}},
        {"kind": "army", "tto": "edoras"},
        {"kind": "nazgul", "count": -1},
        {"kind": "nazgul", "count": 11},
        {"kind": "army", "units": "two"},
        {"kind": "fly"},
        {"from": "edoras"},
        {"kind": "army", "units": []},
    ]:
        assert not fits(PIECE_SCHEMA, wrong), wrong
        assert list(Draft202012Validator(PIECE_SCHEMA).iter_errors(wrong)), wrong
