"""The move checker page without a browser: editing, checking, destinations, bad input."""

import html
import json
import re

import pytest
from django.urls import reverse

from adjudicator.web.wotr_moves.forms import StateForm, StateInputs

pytestmark = pytest.mark.django_db

URL = reverse("wotr_moves:index")


@pytest.fixture
def setup_state(client):
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    # the page as opened is written from its skeleton (no template context): its state field
    field = re.search(r'name="position" value="([^"]*)"', response.content.decode())
    return {"position": html.unescape(field[1]), "factions": "{}"}


def post(client, data):
    return client.post(URL, data, HTTP_ACCEPT_LANGUAGE="en")


ROHAN_MOVE = {
    "move-kind": "army",
    "move-origin": "fords-of-isen",
    "move-to": "gap-of-rohan",
    "move-regular": 2,
    "move-leaders": 1,
    "move-die": "army",
}


def test_check_shows_the_verdict_first_with_reasons(client, setup_state):
    response = post(client, {**setup_state, **ROHAN_MOVE, "action": "check"})
    assert response.status_code == 200
    verdict = response.context["verdict"]
    assert verdict["legal"] is False
    assert verdict["reasons"][0]["code"] == "not_at_war_border"
    html = response.content.decode()
    assert html.index('id="verdict"') < html.index('class="move-form"')
    assert "/rules/wotr-rules/obiavlenie-voiny/" in html


def test_editing_politics_changes_the_verdict(client, setup_state):
    response = post(
        client,
        {
            **setup_state,
            "action": "edit_politics",
            "politics-nation": "rohan",
            "politics-steps_from_war": 0,
            "politics-active": "on",
        },
    )
    assert response.status_code == 200
    state = response.context["state"].initial
    assert json.loads(state["position"])["political"]["rohan"] == {
        "steps_from_war": 0,
        "active": True,
    }
    response = post(client, {**state, **ROHAN_MOVE, "action": "check"})
    assert response.context["verdict"]["legal"] is True


def test_legal_destinations_are_highlighted(client, setup_state):
    response = post(
        client,
        {
            **setup_state,
            **{k: v for k, v in ROHAN_MOVE.items() if k != "move-to"},
            "action": "legal",
        },
    )
    page = response.content.decode()
    rows = dict(re.findall(r'<tr id="region-([\w-]+)" class="([^"]*)"', page))
    assert rows["helms-deep"].startswith("destination")
    assert re.search(r'id="region-helms-deep".*?<td class="steps">✔ 1</td>', page, re.S)
    assert not rows["gap-of-rohan"].startswith("destination")


def test_unknown_units_are_a_400_naming_the_field(client, setup_state):
    response = post(client, {**setup_state, **ROHAN_MOVE, "move-regular": 7, "action": "check"})
    assert response.status_code == 400
    assert response.context["errors"][0]["field"] == "move.units.regular"


def test_a_broken_position_is_a_400(client):
    response = post(client, {"position": '{"armies": {"atlantis": {}}}', "action": "check"})
    assert response.status_code == 400
    assert any(
        e["field"].startswith("position.armies.atlantis") for e in response.context["errors"]
    )
    response = post(client, {"position": "{not json", "action": "check"})
    assert response.status_code == 400


def test_setting_a_region_and_a_siege(client, setup_state):
    response = post(
        client,
        {
            **setup_state,
            "action": "edit_region",
            "region-region": "minas-tirith",
            "region-nation": "sauron",
            "region-regular": 4,
            "region-besieged": "on",
        },
    )
    data = json.loads(response.context["state"].initial["position"])
    assert data["sieges"] == ["minas-tirith"]
    assert data["armies"]["minas-tirith"]["sauron"] == {"regular": 4}


def test_an_impossible_edit_is_refused_and_the_position_kept(client, setup_state):
    response = post(
        client,
        {
            **setup_state,
            "action": "edit_region",
            "region-region": "edoras",
            "region-nation": "rohan",
            "region-leaders": 2,
        },
    )
    assert response.status_code == 400
    assert json.loads(response.context["state"].initial["position"]) == json.loads(
        setup_state["position"]
    )


def test_loading_a_position_from_json(client, setup_state):
    pasted = json.loads(setup_state["position"])
    pasted["political"]["gondor"] = {"steps_from_war": 0, "active": True}
    response = post(client, {**setup_state, "action": "load_json", "json-raw": json.dumps(pasted)})
    assert response.status_code == 200
    loaded = json.loads(response.context["state"].initial["position"])
    assert loaded["political"]["gondor"]["steps_from_war"] == 0
    response = post(client, {**setup_state, "action": "load_json", "json-raw": "{oops"})
    assert response.status_code == 400


def test_the_army_of_the_dead_moves_whole_from_the_form(client, setup_state):
    """The form's empty count must not split the Dead (Мертвецы: ограничения)."""
    state = {**setup_state, "factions": json.dumps({"dead": {"erech": 3}})}
    move = {
        "move-kind": "faction",
        "move-faction": "dead",
        "move-action": "move",
        "move-origin": "erech",
        "move-to": "lamedon",
        "move-die": "event",
    }
    response = post(client, {**state, **move, "action": "check"})
    assert response.status_code == 200
    assert response.context["verdict"]["legal"] is True, response.context["verdict"]["reasons"]


def test_gollum_can_be_chosen_as_guide_in_the_move_form(client, setup_state):
    move = {"move-kind": "guide", "move-guide": "gollum"}
    response = post(client, {**setup_state, **move, "action": "check"})
    assert response.status_code == 200
    assert response.context["verdict"]["legal"] is False


@pytest.mark.parametrize(
    ("language", "name"),
    [("ru", "Король-Чернокнижник"), ("pl", "Król Czarnoksiężnik (The Witch-king)")],
)
def test_character_choices_are_named_in_the_readers_language(client, language, name):
    """The character list showed board.json's English names on the Russian and Polish page."""
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert f'<option value="witch-king">{name}</option>' in page
    assert "The Witch-king<" not in page


def test_a_checked_move_is_a_link_that_asks_it_again(client, setup_state):
    """Its Share link (the position and the move stored under a content key) re-runs the
    check anywhere, in any language; the same question gets the same link."""
    checked = post(client, {**setup_state, **ROHAN_MOVE, "action": "check"})
    link = checked.context["share_url"]
    assert "?q=" in link
    again = post(client, {**setup_state, **ROHAN_MOVE, "action": "check"})
    assert again.context["share_url"] == link
    opened = client.get(link, HTTP_ACCEPT_LANGUAGE="ru")
    assert opened.status_code == 200
    assert opened.context["verdict"]["reasons"][0]["code"] == "not_at_war_border"
    assert client.get(URL, {"q": "aaaaaaaaaaaa"}).status_code == 400


@pytest.mark.parametrize(
    "value",
    ['{"armies": {"edoras": {"rohan": {"regular": 1}}}}', "{}", "", "<b>&amp;'\"</b> Рохан 💍"],
)
def test_the_state_inputs_are_the_forms_fields(value):
    """``StateInputs``, written from each field's text cut at its value: the same inputs as
    StateForm's fields render, an empty value (no value attribute) and markup escaped."""
    initial = {"position": value, "factions": value[::-1]}
    form = StateForm(initial=initial)
    inputs = StateInputs(initial)
    for name in ("position", "factions"):
        assert inputs[name] == str(form[name])
