"""Engine problems (Mordor, Wojna) carry a translatable template and parameters and are put in
the request's language at the edge: the API's 400 and the checker pages."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from adjudicator.games.common import N_, Message, translate_problems
from adjudicator.games.wojna.tables import battle_table
from tests.web.mordor.test_api import ROLL

pytestmark = pytest.mark.django_db


def test_a_message_is_its_english_text_and_translates_with_its_parameters():
    message = Message(N_("Must be at least %(low)s."), low=2)
    assert message == "Must be at least 2."
    with translation.override("pl"):
        problems = translate_problems([("x", message), ("y", "plain")], translation.gettext)
    assert problems == [("x", "Musi być co najmniej 2."), ("y", "plain")]


def test_a_table_row_problem_keeps_its_parameters():
    with pytest.raises(ValueError) as error:
        battle_table([{"odds": "3:1", "die": 4, "attacker_loss": 120, "defender_loss": 0}])
    ((field, message),) = error.value.problems
    assert (field, message) == ("battle_results[0]", "120% is more than 100%")
    assert message.params == {"number": 120}


@pytest.mark.parametrize(
    ("path", "body", "field", "language", "expected"),
    [
        (
            "/api/mordor/keep/check/",
            {"player_color": "red", "rolled": ROLL, "keep": [0, 0]},
            "keep",
            "ru",
            "кубик указан дважды",
        ),
        (
            "/api/mordor/keep/check/",
            {"player_color": "red", "rolled": ROLL, "keep": [9]},
            "keep[0]",
            "pl",
            "nie ma kości 9: rzut ma 5 kości",
        ),
        (
            "/api/mordor/odds/",
            {"player_color": "red", "position": 12},
            "position",
            "ru",
            "от 0 до 8 (до Мордора)",
        ),
        (
            "/api/wojna/ringwraith/",
            {"odpornosc": 3, "circles": 3, "pierscien": 2},
            "circles",
            "ru",
            "Все клетки уже обведены: это Призрак Кольца.",
        ),
        (
            "/api/wojna/wounds/",
            {"odpornosc": 3, "strokes": 1},
            "strokes",
            "pl",
            "Kreskami zaznacza się tylko rany Nazgûla.",
        ),
        (
            "/api/wojna/ringwraith/",
            {"odpornosc": 3, "circles": 3, "pierscien": 2},
            "circles",
            "en",
            "Every square is already circled: this is a Ringwraith.",
        ),
        (  # a TCG calculator's problem, translated once at the edge like every other
            "/api/tcg/skirmish/",
            {
                "free_peoples": [{"name": "Aragorn", "strength": 8, "vitality": 4}],
                "shadow": [
                    {"name": "Orc", "strength": 3, "vitality": 1},
                    {"name": "Orc", "strength": 3, "vitality": 1},
                ],
            },
            "shadow",
            "ru",
            "у каждого персонажа должно быть своё имя",
        ),
        (  # a parameterised problem (issue 21: it stayed in English)
            "/api/wotr/combat-dice/",
            {"regular": 8, "elite": 4},
            "elite",
            "pl",
            "12",
        ),
    ],
)
def test_api_problems_follow_accept_language(path, body, field, language, expected):
    response = APIClient().post(path, body, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    messages = [e["message"] for e in response.json()["errors"] if e["field"] == field]
    assert messages and expected in messages[0]


def test_the_tables_editor_names_a_row_problem_in_the_page_language():
    bad = {
        "battle_results": "3:1 4 20 40\n3:1 4 10 50",
        "duel_results": "",
        "search": "",
        "spells": "",
    }
    response = Client(HTTP_ACCEPT_LANGUAGE="pl").post(reverse("wojna:tables"), bad)
    assert response.status_code == 400
    (error,) = response.context["form"].errors["battle_results"]
    assert "powtarza kolumnę 3:1, kość 4" in error
