"""A checker page's query copied and its link written without Django's general machinery
(``pages._copied``, ``pages._urlencoded``; issue 29) give what ``QueryDict`` gives."""

from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.web.pages import _copied, _urlencoded

texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
queries = st.lists(st.tuples(texts, texts), max_size=8)


def as_query_dict(pairs: list[tuple[str, str]]) -> QueryDict:
    query = QueryDict(mutable=True)
    for key, value in pairs:
        query.appendlist(key, value)
    return query


@given(queries)
def test_a_link_is_querydicts_urlencode(pairs):
    query = as_query_dict(pairs)
    assert _urlencoded(dict(query.lists())) == query.urlencode(safe=".")


@given(queries)
def test_a_copy_is_querydicts_copy(pairs):
    query = as_query_dict(pairs)
    query._mutable = False  # as request.GET
    copied, djangos = _copied(query), query.copy()
    assert list(copied.lists()) == list(djangos.lists()) and copied._mutable
    copied.appendlist("k", "v")  # its own lists: the request's are unchanged
    assert list(query.lists()) == list(djangos.lists())


def test_a_mapping_not_a_querydict_is_copied_as_it_copies_itself():
    data = {"a": "1"}
    assert _copied(data) == data and _copied(data) is not data
