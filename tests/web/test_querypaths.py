"""The Django-free reading of a page link (``adjudicator.web.querypaths``), which the pages and
the offline odds page's browser code share, against Django's own forms: the server's reading is
the one the offline answers must equal."""

import pytest
from django import forms
from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.web import querypaths
from adjudicator.web.offline_odds import browser, views
from adjudicator.web.pages import nested_query


class DjangoReads(forms.Form):
    box = forms.BooleanField(required=False)
    number = forms.IntegerField(required=False)


def django_reads(name: str, values: list[str]):
    query = QueryDict(mutable=True)
    query.setlist(name, values)
    form = DjangoReads(query)
    form.is_valid()
    return form.cleaned_data.get(name, "invalid")


TEXT = st.text(alphabet="0123456789 .+-_aeFLSTruefls\t", max_size=6)


@settings(deadline=None)
@given(st.lists(TEXT, max_size=3))
def test_a_checkbox_reads_as_django_reads_it(values):
    assert querypaths.checkbox(values) == django_reads("box", values)


@settings(deadline=None)
@given(TEXT)
def test_a_whole_number_reads_as_django_reads_it(text):
    try:
        mine = querypaths.whole_number(text)
    except ValueError:
        mine = "invalid"
    assert mine == django_reads("number", [text])


def test_dotted_paths_nest_and_index_lists():
    query = QueryDict("rolled.0.face=ring&rolled.1.face=eye&keep=0&keep=2&a.b=1&a=2")
    assert nested_query(query) == {
        "rolled": [{"face": "ring"}, {"face": "eye"}],
        "keep": ["0", "2"],
        "a": "2",  # a key named both as a value and a path: the one given last
    }
    assert querypaths.nest([("attacker.regular", 3), ("siege", True)]) == {
        "attacker": {"regular": 3},
        "siege": True,
    }
    assert querypaths.listed(" eye, 3;;2-stop ,") == ["eye", "3", "2-stop"]


@pytest.mark.parametrize(
    ("kind", "name", "value"),
    [
        ("battle", "siege", "0"),  # ticked, as Django's checkbox reads it
        ("battle", "siege", "FALSE"),
        ("battle", "attacker.regular", "3.0"),
        ("battle", "attacker.regular", " "),
        ("hunt_turn", "rerolls.stronghold", "0"),
        ("hunt_turn", "hunt_dice", "3."),
    ],
)
def test_the_offline_page_reads_a_link_as_the_server_s_form(kind, name, value):
    """Found moving the reading here: ``siege=0`` was no siege offline and a siege on the
    server, ``siege=FALSE`` the reverse, and ``3.0`` refused offline only."""
    form_class = views.FORMS[kind]
    specs = views.field_specs(form_class())
    form = form_class(QueryDict(mutable=True) | {name: value})
    form.is_valid()
    field = next(field for field in form.fields if form.add_prefix(field) == name)
    data, wrong = browser.read_query(specs, {name: [value]})
    if field in form.errors:
        assert name in wrong
    else:
        assert name not in wrong and data[name] == form.cleaned_data[field]
