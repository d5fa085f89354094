"""The odds pages: forms keep their values, answers carry a verdict, chart and citations."""

import pytest
from django.test import Client

from tests.readings import other_reading_link, reading_block

BATTLE_QUERY = {
    "attacker.regular": 5,
    "attacker.elite": 0,
    "attacker.leadership": 2,
    "attacker.strength_bonus": 0,
    "attacker.roll_modifier": 0,
    "attacker.reroll_modifier": 0,
    "attacker.casualty_policy": "keep_strength",
    "defender.regular": 3,
    "defender.elite": 0,
    "defender.leadership": 1,
    "defender.strength_bonus": 0,
    "defender.roll_modifier": 0,
    "defender.reroll_modifier": 0,
    "defender.casualty_policy": "keep_strength",
    "settlement": "city",
    "rounds": 1,
    "attacker_stops_below": 0,
}


@pytest.fixture
def client():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_index_links_every_form(client):
    page = client.get("/wotr/").content.decode()
    for path in (
        "/wotr/battle/",
        "/wotr/battle/plan/",
        "/wotr/factions/",
        "/wotr/hunt/",
        "/wotr/hunt/turn/",
        "/wotr/hunt/plan/",
        "/wotr/victory/",
    ):
        assert f'href="{path}"' in page


def test_battle_page_answers_and_keeps_values(client):
    response = client.get("/wotr/battle/", BATTLE_QUERY)
    page = response.content.decode()
    assert response.status_code == 200
    assert "331/3456" in page
    assert 'id="headline"' in page and "<svg" in page
    assert "/rules/wotr-rules/ataka-goroda-ili-ukrepleniia/" in page
    assert 'name="attacker.regular" value="5"' in page
    assert 'data-testid="headline"' in page


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"attacker.regular": 11}, "attacker_regular"),
        ({"settlement": "castle"}, "settlement"),
        ({"rounds": 51}, "rounds"),
    ],
)
def test_battle_page_bad_input_is_400_with_the_error(client, change, field):
    response = client.get("/wotr/battle/", {**BATTLE_QUERY, **change})
    assert response.status_code == 400
    assert response.context["form"].errors[field]


def test_engine_errors_land_on_the_form(client):
    response = client.get("/wotr/battle/", {**BATTLE_QUERY, "attacker.regular": 0})
    assert response.status_code == 400
    assert "strength 0" in response.content.decode()


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("ru", "Атакующий: армия с силой 0 не может атаковать"),
        ("pl", "Atakujący: "),
        ("en", "Attacker: an army with strength 0 cannot attack"),
    ],
)
def test_a_whole_side_error_is_named_as_the_form_labels_the_side(language, shown):
    """The engine says ``attacker``; the page names the side as its fieldset legend does."""
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(
        "/wotr/battle/", {**BATTLE_QUERY, "attacker.regular": 0, "attacker.elite": 0}
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert shown in page
    assert "attacker:" not in page


def test_faction_page(client):
    response = client.get(
        "/wotr/factions/",
        {
            "faction": "ents",
            "figures": 4,
            "target.regular": 3,
            "target.elite": 0,
            "casualty_policy": "keep_strength",
        },
    )
    assert response.status_code == 200
    assert "4017/4096" in response.content.decode()


def test_hunt_pages(client):
    query = {
        "hunt_dice": 3,
        "fp_dice_in_box": 1,
        "rerolls.stronghold": "on",
        "corruption": 10,
        "casualty": "corruption",
        "drawn": "",
    }
    page = client.get("/wotr/hunt/", query).content.decode()
    assert "65/81" in page
    turn = client.get("/wotr/hunt/turn/", {**query, "moves": 2})
    assert turn.status_code == 200 and "<svg" in turn.content.decode()
    bad = client.get("/wotr/hunt/", {**query, "drawn": "eye, joker"})
    assert bad.status_code == 400 and "joker" in bad.content.decode()


def test_victory_page(client):
    response = client.get(
        "/wotr/victory/",
        {"control.minas-tirith": "shadow", "control.dale": "shadow", "corruption": 0},
    )
    assert response.status_code == 200
    assert response.context["answer"]["shadow_vp"] == 3
    won = client.get("/wotr/victory/", {"corruption": 12})
    assert won.context["answer"]["condition"] == "corruption"


def test_pages_in_russian_and_polish():
    for language, word in (("ru", "Рассчитать"), ("pl", "Oblicz")):
        page = Client(HTTP_ACCEPT_LANGUAGE=language).get("/wotr/battle/").content.decode()
        assert word in page


def test_answers_are_translated_engine_messages_included():
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/wotr/battle/", BATTLE_QUERY).content.decode()
    assert "За 1 раунд атакующий уничтожает армию защитника" in page
    assert "Боевые карты не играются" in page
    page = Client(HTTP_ACCEPT_LANGUAGE="pl").get("/wotr/battle/", BATTLE_QUERY).content.decode()
    assert "W 1 rundzie atakujący niszczy armię obrońcy" in page


def test_position_battle_page(client):
    response = client.get(
        "/wotr/battle/position/",
        {
            "position": "",
            "attacker_region": "Orthanc",
            "defender_region": "Изенские броды",
            "rounds": "",
            "attacker_stops_below": 0,
        },
    )
    assert response.status_code == 200
    assert response.context["answer"]["battle"]["settlement"] == "fortification"
    bad_json = client.get(
        "/wotr/battle/position/",
        {
            "position": "{oops",
            "attacker_region": "x",
            "defender_region": "y",
            "attacker_stops_below": 0,
        },
    )
    assert bad_json.status_code == 400 and bad_json.context["form"].errors["position"]
    bad_position = client.get(
        "/wotr/battle/position/",
        {
            "position": '{"armies": {"bree": {"north": {"regular": 11}}}}',
            "attacker_region": "bree",
            "defender_region": "the-shire",
            "attacker_stops_below": 0,
        },
    )
    assert bad_position.status_code == 400
    # under the field labelled "Position (JSON)", the path inside the JSON the user typed
    assert bad_position.context["form"].errors["position"][0].startswith("armies.bree: ")


@pytest.mark.parametrize(
    ("path", "form_class"),
    [
        ("/wotr/battle/", "BattleForm"),
        ("/wotr/factions/", "FactionAttackForm"),
        ("/wotr/hunt/", "HuntForm"),
        ("/wotr/hunt/turn/", "HuntTurnForm"),
        ("/wotr/victory/", "VictoryForm"),
    ],
)
def test_each_form_as_first_shown_can_be_submitted(client, path, form_class):
    """A player who opens a form and presses the button gets an answer, not an error."""
    from django import forms as django_forms

    from adjudicator.web.wotr import forms

    form = getattr(forms, form_class)()
    query = {}
    for name, field in form.fields.items():
        value = form[name].value()
        single_choice = getattr(field, "choices", None) and not isinstance(
            field, django_forms.MultipleChoiceField
        )
        if value is None and single_choice:
            value = next(iter(field.choices))[0]  # a browser submits a select's first option
        if value is not None and value is not False and value != "":
            query[form.add_prefix(name)] = value  # the name the browser sends
    response = client.get(path, query)
    assert response.status_code == 200, response.content.decode()[-2000:]


HUNT_QUERY = {"hunt_dice": 3, "fp_dice_in_box": 1, "corruption": 10, "casualty": "corruption"}


@pytest.mark.parametrize(
    ("path", "query", "caption"),
    [
        ("/wotr/battle/", BATTLE_QUERY, "Самые вероятные исходы (атакующий обычные/элитные"),
        (
            "/wotr/factions/",
            {"faction": "ents", "figures": 4, "target.regular": 3},
            "Попадания по войску",
        ),
        ("/wotr/hunt/", HUNT_QUERY, "Порча после"),
        ("/wotr/hunt/turn/", {**HUNT_QUERY, "moves": 2}, "Носитель кольца не поддался порче"),
        ("/wotr/victory/", {"shadow_holds": ["dale"], "corruption": 0}, "Доля очков"),
    ],
)
def test_each_chart_has_a_visible_caption_above_it(path, query, caption):
    """The chart's title is not only inside the SVG: a <figcaption> shows it above the chart."""
    query = {"casualty_policy": "keep_strength", **query}
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get(path, query)
    page = response.content.decode()
    assert response.status_code == 200
    figure = page[page.index('<figure class="chart-figure">') :]
    assert figure.index("<figcaption>") < figure.index("<svg")
    caption_text = figure[figure.index("<figcaption>") : figure.index("</figcaption>")]
    assert caption in caption_text


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("ru", ["Гэндальф Серый", "Бродяжник", "Фиал Галадриэли (Phial of Galadriel)"]),
        ("pl", ["Gandalf Szary", "Obieżyświat (Strider)", "Flakonik Galadrieli"]),
    ],
)
def test_hunt_form_names_companions_and_special_tiles_in_the_readers_language(language, names):
    """board.json's English names were shown as they are on the Russian and Polish forms."""
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get("/wotr/hunt/").content.decode()
    for name in names:
        assert name in page
    assert "Gandalf the Grey" not in page and ">Phial of Galadriel<" not in page
    assert 'value="gandalf-grey"' in page and 'value="phial-of-galadriel"' in page


@pytest.mark.django_db
def test_the_battle_form_fights_to_the_end_and_the_hunt_starts_outside_mordor(client):
    battle = client.get("/wotr/battle/").context["form"]
    assert battle["rounds"].value() is None
    for path in ("/wotr/hunt/", "/wotr/hunt/turn/", "/wotr/victory/"):
        assert client.get(path).context["form"]["mordor_step"].value() is None, path


def test_the_position_battle_question_line_names_the_position_not_its_json(client):
    response = client.get(
        "/wotr/battle/position/", {"attacker_region": "orthanc", "defender_region": "fords-of-isen"}
    )
    summary = response.context["summary"]["given"] + response.context["summary"]["defaults"]
    shown = {item["label"]: str(item["value"]) for item in summary}
    assert shown["Position (JSON)"] == "the standard setup"


def test_the_hunt_headline_names_the_ring_bearers_risk_and_a_lost_companion():
    """The hunt's headline is the Ring-bearer's risk (corruption reaching 12, the reveal) and,
    when the damage is taken as companions, the chance one is eliminated."""
    query = {"hunt_dice": 3, "corruption": 4, "casualty": "companion",
             "companions": ["gimli", "legolas"]}  # fmt: skip
    answer = Client(HTTP_ACCEPT_LANGUAGE="en").get("/wotr/hunt/", query).context["answer"]
    assert answer["headline"].startswith("The Ring-bearer is corrupted (corruption reaches 12): ")
    lost = 1 - next(d["probability"] for d in answer["companions_lost"] if d["value"] == 0)
    assert answer["headline"].endswith(f"A companion is eliminated: {lost:.1%}.")


def test_battle_plan_page_gives_the_advice_first(client):
    response = client.get(
        "/wotr/battle/plan/?attacker.regular=5&attacker.elite=5&defender.elite=5"
        "&defender.regular=0&settlement=stronghold&siege=on&goal=capture&target_percent=5"
    )
    page = response.content.decode()
    assert response.status_code == 200
    headline = page.index('data-testid="headline"')
    assert (
        "Best plan: fight until one army is gone, and choose casualties hit by hit as the table "
        "shows (elsewhere turn elites into regulars first)." in page[headline:]
    )
    assert 'data-testid="casualty-choices"' in page
    assert 'name="attacker_casualty_policy"' not in page  # the plan chooses them
    assert 'data-testid="smallest-army"' in page
    assert page.index("Best plan") < page.index('name="goal"')


def test_hunt_plan_page_gives_the_advice_first(client):
    """The cadence asked for and what the others are worth, then how to answer the next hit,
    above the table and the form."""
    response = client.get(
        "/wotr/hunt/plan/?hunt_dice=2&corruption=4&moves_to_mordor=6&companions=gandalf-grey"
        "&companions=strider&companions=boromir&moves_per_turn=2"
    )
    page = response.content.decode()
    assert response.status_code == 200
    headline = page[page.index('data-testid="headline"') :]
    assert headline.startswith(
        'data-testid="headline">Moving 2 a turn, the Ring reaches Mount Doom:'
    )
    assert (
        "1 a turn: " in headline
        and "If the next hunt hits for 1: take it as corruption" in headline
    )
    assert "Separate Boromir first" in page
    assert page.index('data-testid="headline"') < page.index('data-testid="cadences"')
    assert page.index('data-testid="hits"') < page.index('name="moves_per_turn"')


def test_hunt_plan_page_says_a_cadence_counts_the_moves_made_this_turn(client):
    """Issue 25: with a die in the box, "2 moves a turn" is one more move this turn, and the
    page and the answer say so."""
    page = client.get(
        "/wotr/hunt/plan/?hunt_dice=2&fp_dice_in_box=1&corruption=4&moves_to_mordor=3"
        "&moves_per_turn=2"
    ).content.decode()
    line = page[page.index('data-testid="cadence-counting"') :]
    assert (
        "(Free Peoples dice in the hunt box: 1): “2 moves a turn” means 1 more this turn."
        in (line[: line.index("</p>")])
    )
    assert "A cadence counts the moves already made this turn" in page  # the assumption too
    assert "then loses the lowest-level companion" in page  # the tie rule
    block = reading_block(page, "hunt_tie")
    assert "Under the other reading (between answers equally good for the Ring, the" in block
    link = other_reading_link(block, "/wotr/hunt/plan/?")
    assert "readings.hunt_tie=companion_first" in link
    other = client.get(link).content.decode()
    assert "This answer reads the text as: between answers equally good for the Ring, the" in other


def test_hunt_plan_page_links_the_cadence_counted_from_now(client):
    """Issue 25: the other count of "moves a turn" beside the answer, its link round-trips,
    and the page's sentence then says the cadence counts from now."""
    page = client.get(
        "/wotr/hunt/plan/?hunt_dice=2&fp_dice_in_box=1&corruption=4&moves_to_mordor=3"
        "&moves_per_turn=2"
    ).content.decode()
    block = reading_block(page, "cadence_count")
    assert "Under the other reading (a cadence of moves a turn counts from now" in block
    link = other_reading_link(block, "/wotr/hunt/plan/?")
    assert "readings.cadence_count=from_now" in link
    other = client.get(link)
    assert other.context["form"]["reading_cadence_count"].value() == "from_now"
    text = other.content.decode()
    line = text[text.index('data-testid="cadence-counting"') :]
    assert (
        "A cadence counts from now (the reading picked; Free Peoples dice in the hunt box: 1)"
        in (line[: line.index("</p>")])
    )
    assert "“2 moves a turn” means 2 more this turn." in line[: line.index("</p>")]


def test_hunt_plan_page_in_russian_names_the_companions(client):
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(
        "/wotr/hunt/plan/?hunt_dice=3&corruption=6&mordor_step=1&companions=meriadoc"
    )
    assert page.status_code == 200
    assert "Мерри" in page.content.decode()
