import pytest

from adjudicator.web.links.models import SharedInput
from adjudicator.web.links.services import (
    MAX_PAYLOAD_CHARS,
    SharedInputError,
    input_key,
    share_input,
    shared_input,
)

pytestmark = pytest.mark.django_db


def test_the_same_input_gets_the_same_key_whatever_its_key_order():
    first = share_input(kind="position", payload={"a": 1, "b": [1, 2]})
    second = share_input(kind="position", payload={"b": [1, 2], "a": 1})
    assert first == second
    assert SharedInput.objects.count() == 1
    assert shared_input(kind="position", key=first) == {"a": 1, "b": [1, 2]}


def test_different_inputs_and_kinds_get_different_keys():
    keys = {
        share_input(kind="position", payload={"a": 1}),
        share_input(kind="position", payload={"a": 2}),
        share_input(kind="deck", payload={"a": 1}),
    }
    assert len(keys) == 3


def test_a_key_is_short_and_fixed_by_content():
    key = input_key("deck", "Frodo")
    assert len(key) == 12 and key.isalnum() and key == key.lower()
    assert key == input_key("deck", "Frodo")


def test_a_key_of_another_kind_or_garbled_names_nothing():
    key = share_input(kind="deck", payload="1x Frodo")
    with pytest.raises(SharedInputError):
        shared_input(kind="position", key=key)
    with pytest.raises(SharedInputError):
        shared_input(kind="deck", key="../../etc")


def test_oversized_input_and_bad_kind_are_refused_and_nothing_stored():
    with pytest.raises(SharedInputError):
        share_input(kind="deck", payload="x" * (MAX_PAYLOAD_CHARS + 1))
    with pytest.raises(SharedInputError):
        share_input(kind="Bad Kind", payload={})
    assert not SharedInput.objects.exists()


@pytest.mark.parametrize(
    "payload",
    [True, 0, -7, 2.5, "", "Фродо «Frodo» \\ \" ✓", [], {}, [1, [None, "x"]],
     {"armies": {"the-shire": {"north": {"regular": 2}}}, "ünïcode": ["ł", 1e-9]}],
)  # fmt: skip
def test_a_stored_input_is_read_back_as_the_orm_reads_it(payload):
    key = share_input(kind="position", payload=payload)
    read = shared_input(kind="position", key=key)
    assert read == SharedInput.objects.get(key=key).payload == payload
    assert type(read) is type(payload)
