"""The moves page's "Position as JSON" written by ``views.indented_json``: json.dumps's text with
``ensure_ascii=False, indent=1``, for a position and for any JSON value."""

import json

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.wotr.position import standard_setup
from adjudicator.web.wotr_moves.views import indented_json

LEAVES = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.dictionaries(st.integers(), inner, max_size=3)
        | st.tuples(inner, inner)
    ),
    max_leaves=25,
)


def test_a_position_is_written_as_json_dumps_writes_it():
    data = standard_setup().to_dict()
    assert indented_json(data) == json.dumps(data, ensure_ascii=False, indent=1)


@given(VALUES)
def test_any_json_value_is_written_as_json_dumps_writes_it(value):
    assert indented_json(value) == json.dumps(value, ensure_ascii=False, indent=1)
