"""A position read for one question is reused for the next in the same JSON text
(``services.read_request_position``); one with problems is refused every time."""

import copy
import json

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.reading import read_position
from adjudicator.web.wotr_moves import services


def test_the_same_position_text_is_read_once_and_equals_a_fresh_reading():
    data = standard_setup().to_dict()
    data["armies"]["edoras"]["rohan"]["regular"] = 2
    first = services.read_request_position(data)
    again = services.read_request_position(copy.deepcopy(data))
    assert again is first
    assert first == read_position(data)


def test_a_changed_position_is_read_anew():
    data = standard_setup().to_dict()
    first = services.read_request_position(data)
    data["armies"]["edoras"]["rohan"]["regular"] = 3
    changed = services.read_request_position(data)
    assert changed is not first
    assert changed.armies["edoras"]["rohan"].regular == 3


def test_a_position_with_problems_is_refused_every_time():
    data = standard_setup().to_dict()
    data["armies"]["edoras"]["rohan"]["regular"] = -1
    for _ in range(2):
        with pytest.raises(InvalidInput) as refused:
            services.read_request_position(data)
        fields = {field for field, _ in refused.value.problems}
        assert "position.armies.edoras.rohan.regular" in fields


def test_the_least_recently_asked_position_is_the_one_let_go():
    """At most POSITIONS_KEPT positions are kept; asking one again keeps it longer."""

    def variant(n: int) -> dict:
        data = standard_setup().to_dict()
        data["fellowship"]["corruption"] = n % 12
        data["hunt_box"] = {"shadow_dice": n // 12 % 8, "free_peoples_dice": n // 96 % 6}
        return data

    first, second = (services.read_request_position(variant(n)) for n in (0, 1))
    for n in range(2, services.POSITIONS_KEPT + 1):
        services.read_request_position(variant(n))
        if n == 2:
            assert services.read_request_position(variant(0)) is first  # asked again
    assert services.read_request_position(variant(0)) is first
    assert services.read_request_position(variant(1)) is not second


def test_counts_no_region_holds_are_refused_and_not_kept():
    """The plain figures kept per process hold only counts a region can hold: a 4,000-digit
    count is refused as before, and keeping it would let junk fill the memo (the review)."""
    from adjudicator.games.wotr import reading

    data = standard_setup().to_dict()
    data["armies"]["edoras"]["rohan"]["regular"] = 10**4000
    with pytest.raises(InvalidInput):
        read_position(data)
    assert all(max(dict(key).values(), default=0) <= 10 for key in reading._PLAIN_UNITS)


def test_the_same_text_parsed_again_is_reused_and_a_value_of_another_type_is_not():
    """Each request parses its body afresh: equal text, the position read before; a count
    given as 1.0 instead of 1 is another value, read anew (and refused: counts are whole
    numbers), never the position kept for 1."""
    data = standard_setup().to_dict()
    data["armies"]["edoras"]["rohan"]["regular"] = 1
    text = json.dumps(data)
    first = services.read_request_position(json.loads(text))
    assert services.read_request_position(json.loads(text)) is first
    as_float = text.replace('"regular": 1,', '"regular": 1.0,', 1)
    assert as_float != text
    with pytest.raises(InvalidInput):
        services.read_request_position(json.loads(as_float))
