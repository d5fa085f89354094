"""``{% memo %}``: a block rendered once per language and keyed value, then repeated."""

import re

from django.template import engines
from django.test import Client
from django.utils import translation

TEMPLATE = "{% load memo %}{% memo x %}{{ y }}{% endmemo %}"


def test_a_block_is_rendered_once_per_language_and_value(settings):
    template = engines["django"].from_string(TEMPLATE)
    with translation.override("en"):
        assert template.render({"x": 1, "y": "a"}) == "a"
        assert template.render({"x": 1, "y": "b"}) == "a"  # kept: only x and the language count
        assert template.render({"x": 2, "y": "b"}) == "b"
    with translation.override("pl"):
        assert template.render({"x": 1, "y": "c"}) == "c"
    settings.STATIC_URL = "/other-static/"  # a changed setting forgets every rendering
    with translation.override("en"):
        assert template.render({"x": 1, "y": "d"}) == "d"


def test_blocks_inside_a_memo_are_still_found_by_extends():
    """A memo block without a ``{% block %}`` is left out of ``{% extends %}``'s walk for
    blocks; one with a block keeps it overridable."""
    from django.template import Context, Template
    from django.template.base import Origin
    from django.template.loader_tags import BlockNode

    engine = engines["django"].engine
    parent = Template(
        "{% load memo %}{% memo %}a{% endmemo %}{% memo %}[{% block b %}parent{% endblock %}]"
        "{% endmemo %}",
        origin=Origin("memo-parent"), engine=engine,
    )  # fmt: skip
    child = engine.from_string("{% extends parent %}{% block b %}child{% endblock %}")
    plain, with_block = parent.nodelist[1], parent.nodelist[2]
    assert plain.child_nodelists == () and with_block.child_nodelists == ("nodelist",)
    assert [n.name for n in parent.nodelist.get_nodes_by_type(BlockNode)] == ["b"]
    with translation.override("en"):
        assert child.render(Context({"parent": parent})) == "a[child]"


def test_the_page_chrome_keeps_per_request_parts(db):
    """The search box's words, the language switch's token and return path are the request's."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    first = client.get("/wotr/?q=siege").content.decode()
    second = Client(HTTP_ACCEPT_LANGUAGE="en").get("/cards/?q=gimli").content.decode()
    assert 'value="siege"' in first and 'value="gimli"' in second
    assert 'name="next" type="hidden" value="/cards/?q=gimli"' in second
    token = 'name="csrfmiddlewaretoken" value="'
    assert first.split(token)[1][:64] != second.split(token)[1][:64]
    assert 'href="/wotr/" aria-current="page"' in first
    assert 'href="/cards/" aria-current="page"' in second
    with translation.override("pl"):
        polish = Client(HTTP_ACCEPT_LANGUAGE="pl").get("/wotr/").content.decode()
    assert '<html lang="pl">' in polish and 'value="pl" lang="pl"' in polish


def test_unless_renders_afresh_and_keeps_nothing():
    template = engines["django"].from_string(
        "{% load memo %}{% memo unless=bound %}{{ y }}{% endmemo %}"
    )
    with translation.override("en"):
        assert template.render({"bound": True, "y": "a"}) == "a"  # not kept
        assert template.render({"bound": False, "y": "b"}) == "b"
        assert template.render({"bound": True, "y": "c"}) == "c"
        assert template.render({"bound": False, "y": "d"}) == "b"


def test_the_citations_are_kept_per_set_of_citations():
    """``includes/citations.html`` is kept under everything it shows of its citations: another
    title or address is another rendering, the same set the same text."""
    from django.template.loader import get_template

    template = get_template("includes/citations.html")
    cite = {"rulebook": "wotr-2e-en", "url": "/rules/a/", "title": "Combat", "section": "s1"}
    with translation.override("en"):
        first = template.render({"citations": [cite]})
        retitled = template.render({"citations": [{**cite, "title": "Siege"}]})
        moved = template.render({"citations": [{**cite, "url": "/rules/b/"}]})
        again = template.render({"citations": [dict(cite)]})
    assert ">Combat</a>" in first and ">Siege</a>" in retitled and "/rules/b/" in moved
    assert again == first


def test_an_empty_odds_form_is_kept_per_checker(db):
    """The War of the Ring pages keep their empty form per checker (two share a template); a
    question's form is written afresh with its values."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    battle = client.get("/wotr/battle/").content.decode()
    position = client.get("/wotr/battle/position/").content.decode()
    asked = client.get("/wotr/battle/?attacker.regular=4&defender.regular=3").content.decode()
    again = client.get("/wotr/battle/").content.decode()
    form = re.compile(r'<form method="get".*?</form>', re.S)
    assert form.search(battle)[0] == form.search(again)[0] != form.search(position)[0]
    assert 'name="attacker.regular" value="4"' in form.search(asked)[0]


def test_a_bounded_per_language_memo_keeps_at_most_its_size():
    from adjudicator.web.per_language import per_language

    made = []

    @per_language(maxsize=2)
    def words(n: int) -> str:
        made.append(n)
        return f"{translation.get_language()}:{n}"

    with translation.override("en"):
        assert [words(1), words(2), words(1)] == ["en:1", "en:2", "en:1"]
        assert words(3) == "en:3" and words(2) == "en:2"  # 2 was the least recently read
    with translation.override("pl"):
        assert words(1) == "pl:1"
    assert made == [1, 2, 3, 2, 1]
