"""The move checker's API against its contract and its OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from adjudicator.games.common import Citation
from adjudicator.games.wotr.moves import Destination, MoveVerdict
from adjudicator.web.wotr_moves.presenters import destinations_payload
from tests.openapi import assert_matches_schema

CHECK, LEGAL = "/api/wotr/moves/check/", "/api/wotr/moves/legal/"


@pytest.fixture
def api():
    client = APIClient()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def post(api, url, body):
    response = api.post(url, body, format="json")
    assert_matches_schema(response, url, "post")
    return response


def test_issue_example_is_legal(api):
    response = post(
        api,
        CHECK,
        {
            "position": "setup",
            "move": {
                "kind": "army",
                "from": "minas-tirith",
                "to": "osgiliath",
                "units": {"regular": 1, "elite": 0, "leaders": 0},
                "die": "army",
            },
        },
    )
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["reasons"] == []
    assert body["citations"][0]["url"].endswith("/rules/wotr-rules/peremeshchenie-armii/")


def test_rohan_not_at_war_gets_reasons_with_citations(api):
    body = post(
        api,
        CHECK,
        {
            "position": "setup",
            "move": {
                "kind": "army",
                "from": "Fords of Isen",
                "to": "gap-of-rohan",
                "units": {"regular": 2, "leaders": 1},
                "die": "army",
            },
        },
    ).json()
    assert body["legal"] is False
    [reason] = body["reasons"]
    assert reason["code"] == "not_at_war_border"
    assert "Rohan is not at war" in reason["message"]
    assert reason["citation"]["section"] == "obiavlenie-voiny"


def test_nazgul_example_and_every_reason(api):
    body = post(
        api,
        CHECK,
        {
            "position": "setup",
            "move": {
                "kind": "nazgul",
                "from": "dol-guldur",
                "to": "rivendell",
                "count": 1,
                "die": "army",
            },
        },
    ).json()
    assert {r["code"] for r in body["reasons"]} == {"wrong_die", "nazgul_fp_stronghold"}


def test_russian_messages(api):
    response = api.post(
        CHECK,
        {"move": {"kind": "army", "from": "edoras", "to": "erech", "units": {"regular": 1}}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    reasons = response.json()["reasons"]
    assert [r["code"] for r in reasons] == ["impassable", "not_at_war_border"], reasons
    assert "Эдорас" in reasons[0]["message"] and "Эрех" in reasons[0]["message"]
    assert "не в состоянии войны" in reasons[1]["message"]
    assert reasons[1]["message"].startswith("Нация «Рохан»")


def test_polish_messages(api):
    response = api.post(
        CHECK,
        {"move": {"kind": "nazgul", "from": "morannon", "to": "rivendell", "count": 1}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    [reason] = response.json()["reasons"]
    assert "Nazgule nie mogą wejść" in reason["message"]


@pytest.mark.parametrize(
    ("language", "message"),
    [("ru", "обязательное поле"), ("pl", "pole jest wymagane"), ("en", "is required")],
)
def test_a_missing_field_is_said_in_the_readers_language(api, language, message):
    """The reader's ``is required`` was English on every page; the field path stays the API's."""
    response = api.post(
        CHECK,
        {"move": {"kind": "army", "from": "edoras", "units": {"regular": 1}, "die": "army"}},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert {"field": "move.to", "message": message, "code": "required"} in response.json()["errors"]


def test_bad_input_lists_every_problem(api):
    response = post(
        api,
        CHECK,
        {
            "position": {"armies": {"atlantis": {"gondor": {"regular": 1}}}},
            "move": {
                "kind": "army",
                "from": "minas-tirith",
                "to": "valinor",
                "units": {"regular": 1},
            },
            "factions": {"orcs": {}},
        },
    )
    assert response.status_code == 400
    fields = {e["field"] for e in response.json()["errors"]}
    assert {"position.armies.atlantis", "move.to", "factions.orcs"} <= fields


def test_units_that_are_not_there_are_a_400(api):
    response = post(
        api,
        CHECK,
        {"move": {"kind": "army", "from": "edoras", "to": "folde", "units": {"regular": 4}}},
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "move.units.regular"


def test_missing_move_is_a_400(api):
    response = post(api, CHECK, {"position": "setup"})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "move"


def test_legal_destinations_of_a_rohan_army(api):
    body = post(
        api,
        LEGAL,
        {
            "position": "setup",
            "piece": {
                "kind": "army",
                "from": "fords-of-isen",
                "units": {"regular": 2, "leaders": 1},
            },
        },
    ).json()
    regions = {d["region"]: d["steps"] for d in body["destinations"]}
    assert regions == {"helms-deep": 1, "westemnet": 1, "fangorn": 1, "druwaith-iaur": 1}
    assert body["count"] == 4  # Rohan is not at war: Orthanc and the Gap of Rohan are closed


def test_legal_destinations_of_the_nazgul(api):
    body = post(api, LEGAL, {"piece": {"kind": "nazgul", "from": "morannon", "count": 1}}).json()
    regions = {d["region"] for d in body["destinations"]}
    assert "bree" in regions and "rivendell" not in regions and "morannon" not in regions
    assert body["assumptions"]


@pytest.mark.django_db
def test_the_destinations_headline_is_in_each_askers_language(api):
    """The headline, kept per language and count (issue 29), is each asker's own."""
    body = {
        "piece": {"kind": "army", "from": "fords-of-isen", "units": {"regular": 2, "leaders": 1}}
    }
    headlines = {}
    for language in ("en", "ru", "pl", "en", "ru"):
        api.defaults["HTTP_ACCEPT_LANGUAGE"] = language
        headlines.setdefault(language, set()).add(post(api, LEGAL, body).json()["headline"])
    assert headlines == {
        "en": {"4 legal destinations"},
        "ru": {"4 допустимых региона"},
        "pl": {"4 dozwolone cele"},
    }


def test_destinations_cite_each_section_once_the_first_time_it_is_cited():
    """Every destination's citations, each section once (equal citations are one, whatever
    object holds them; its first title is kept), in the order first cited."""
    first, second = Citation("wotr-rules", "a", "First"), Citation("wotr-rules", "a", "Second")
    other = Citation("wotr-rules", "b", "Other")
    found = [
        Destination(region, 1, MoveVerdict(legal=True, citations=cited))
        for region, cited in (("bree", (first, other)), ("arnor", (second, other, first)))
    ]
    shown = destinations_payload({"kind": "declare"}, tuple(found))["citations"]
    assert [(c["section"], c["title"]) for c in shown] == [("a", "First"), ("b", "Other")]


def test_legal_destinations_bad_piece(api):
    response = post(api, LEGAL, {"piece": {"kind": "dragon"}})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "piece.kind"


def test_a_position_that_is_not_an_object_is_named_once(api):
    response = post(api, CHECK, {"position": 5, "move": {"kind": "fellowship"}})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["position"]


def test_legal_destinations_name_the_piece_not_a_move(api):
    """Figures asked for that are not there: the 400 names the request's own field."""
    response = post(
        api,
        LEGAL,
        {
            "position": "setup",
            "piece": {"kind": "faction", "faction": "eagles", "from": "eagles-eyrie"},
        },
    )
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["piece.count"]


def test_a_character_in_a_reason_is_named_in_the_readers_language(api):
    """Reasons named characters by board.json's English name on the Russian page and API."""
    body = api.post(
        CHECK,
        {"move": {"kind": "character", "characters": ["strider"], "to": "bree"}},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    ).json()
    [reason] = [r for r in body["reasons"] if r["code"] == "in_fellowship"]
    assert reason["message"].startswith("Бродяжник ")


@pytest.mark.parametrize(
    ("language", "die", "companions", "position"),
    [
        (
            "ru",
            "должно быть одним из: army, character, muster, event, faction, а не 'dragon'",
            "назовите хотя бы одного компаньона",
            'должно быть "setup" или объектом позиции',
        ),
        (
            "pl",
            "musi być jednym z: army, character, muster, event, faction, nie 'dragon'",
            "wskaż co najmniej jednego towarzysza",
            'musi być "setup" albo obiektem pozycji',
        ),
        (
            "en",
            "must be one of army, character, muster, event, faction, not 'dragon'",
            "name at least one companion",
            'must be "setup" or a position object',
        ),
    ],
)
def test_move_input_problems_are_said_in_the_readers_language(
    api, language, die, companions, position
):
    """The die choice, the missing companions and a non-object position were English in ru/pl."""
    response = api.post(
        CHECK,
        {"position": [], "move": {"kind": "separate", "die": "dragon"}},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field": "move.die", "message": die, "code": "invalid_choice"} in errors
    assert {"field": "move.companions", "message": companions, "code": "rule"} in errors
    assert {"field": "position", "message": position, "code": "rule"} in errors


@pytest.mark.parametrize(
    ("language", "message"),
    [("ru", "должно быть одним из: "), ("pl", "musi być jednym z: "), ("en", "must be one of ")],
)
def test_an_unknown_piece_kind_is_said_in_the_readers_language(api, language, message):
    response = api.post(
        LEGAL, {"piece": {"kind": "dragon"}}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "piece.kind"
    assert error["message"].startswith(message) and error["message"].endswith("'dragon'")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "ru",
            {
                "move.units.elite": "должно быть от 0 до 10, а не 11",
                "factions.orcs": "неизвестная фракция 'orcs'",
                "factions.eagles.eagles-eyrie": "должно быть не меньше 0, а не -1",
            },
        ),
        (
            "pl",
            {
                "move.units.elite": "musi być od 0 do 10, nie 11",
                "factions.orcs": "nieznana frakcja 'orcs'",
                "factions.eagles.eagles-eyrie": "musi być co najmniej 0, nie -1",
            },
        ),
        (
            "en",
            {
                "move.units.elite": "must be between 0 and 10, not 11",
                "factions.orcs": "unknown faction 'orcs'",
                "factions.eagles.eagles-eyrie": "must be at least 0, not -1",
            },
        ),
    ],
)
def test_unit_and_faction_problems_are_said_in_the_readers_language(api, language, expected):
    """Unit counts and faction figures were checked in English only (a wrong type or an
    unknown key is the schema's to refuse: see test_an_unknown_key_inside_a_piece...)."""
    response = api.post(
        CHECK,
        {
            "move": {
                "kind": "army",
                "from": "edoras",
                "to": "folde",
                "units": {"regular": 1, "elite": 11},
                "die": "army",
            },
            "factions": {"orcs": {}, "eagles": {"eagles-eyrie": -1}},
        },
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    errors = {e["field"]: e["message"] for e in response.json()["errors"]}
    assert errors.items() >= expected.items()


@pytest.mark.parametrize(
    ("language", "units", "nazgul"),
    [
        (
            "ru",
            "в регионе edoras только 1 (rohan, regular), а не 4",
            "назгулов в регионе morannon: только 1, а не 3",
        ),
        (
            "pl",
            "w regionie edoras jest tylko 1 (rohan, regular), nie 4",
            "Nazguli w regionie morannon: tylko 1, nie 3",
        ),
        ("en", "only 1 rohan regular in edoras, not 4", "only 1 Nazgûl in morannon, not 3"),
    ],
)
def test_figures_that_are_not_there_are_said_in_the_readers_language(api, language, units, nazgul):
    """Asking for more figures than stand in the region was answered in English only."""

    def errors(move):
        response = api.post(CHECK, {"move": move}, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 400
        return {e["field"]: e["message"] for e in response.json()["errors"]}

    army = {"kind": "army", "from": "edoras", "to": "folde", "units": {"regular": 4}}
    assert errors(army)["move.units.regular"] == units
    ringwraiths = {"kind": "nazgul", "from": "morannon", "to": "bree", "count": 3}
    assert errors(ringwraiths)["move.count"] == nazgul


def test_an_unknown_key_inside_a_piece_or_its_units_is_a_400_naming_it(api):
    piece = {"kind": "army", "from": "minas-tirith", "units": {"regular": 1, "horses": 1}}
    response = api.post(LEGAL, {"piece": {**piece, "frm": "x"}}, format="json")

    assert response.status_code == 400
    errors = {(e["field"], e["code"]) for e in response.json()["errors"]}
    assert errors == {("piece.frm", "unknown_field"), ("piece.units.horses", "unknown_field")}
    assert_matches_schema(response, LEGAL, "post")
