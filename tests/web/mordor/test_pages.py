"""The Journey to Mordor pages: answers first, inputs kept, 400s on bad input, translated."""

import pytest

from tests.readings import other_reading_link, reading_block

pytestmark = pytest.mark.django_db

ISSUE_ROLL = (
    "face_black=ring&face_red=ring&face_yellow=orc&face_blue=nazgul&face_green=gandalf"
    "&player_color=red"
)


def test_index_links_the_tools_and_states_the_assumptions(client):
    page = client.get("/mordor/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for url in ("/mordor/keep/", "/mordor/resolve/", "/mordor/odds/"):
        assert f'href="{url}"' in page
    assert "Black die faces (assumed)" in page


def test_keep_page_answers_with_the_verdict_first_and_keeps_the_inputs(client):
    response = client.get(
        f"/mordor/keep/?{ISSUE_ROLL}&keep_black=on&keep_red=on", HTTP_ACCEPT_LANGUAGE="en"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert (
        page.index('id="headline"')
        < page.index('id="legal-keeps"')
        < page.index('class="checker-form"')
    )
    assert "Not legal" in page and "A rolled Nazgûl must be kept" in page
    assert '<option value="nazgul" selected>' in page
    assert '/rules/journey-to-mordor/broski-kubikov/"' in page


def test_keep_page_in_russian_and_polish(client):
    url = f"/mordor/keep/?{ISSUE_ROLL}&keep_blue=on"
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    polish = client.get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Можно: эти кубики разрешено отложить." in russian
    assert "Dozwolone: możesz odłożyć te kości." in polish


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/mordor/keep/?face_red=dragon&player_color=red", "dragon"),
        ("/mordor/keep/?face_red=white_tree&player_color=red", "white_tree"),
        ("/mordor/keep/?player_color=red&keep_red=on", "not rolled"),
        ("/mordor/resolve/?color_0=red&track_0=zz&active=0&kept_red=ring", "Unknown squares"),
        ("/mordor/resolve/?color_0=red&active=2&kept_red=ring", "seat is empty"),
        (
            "/mordor/odds/?position=4&player_color=red&other_colors=red&goal=progress"
            "&policy=optimal",
            "other_colors",
        ),
    ],
)
def test_bad_input_is_a_400_naming_the_problem(client, url, message):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert message in response.content.decode()
    assert 'id="verdict"' not in response.content.decode()


def test_resolve_page_sams_two_nazgul(client):
    url = (
        "/mordor/resolve/?color_0=red&color_1=blue&position_1=1&track_1=h&active=0"
        "&kept_red=nazgul&kept_blue=nazgul&kept_black=orc&kept_green=gandalf&kept_yellow=ring"
    )
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Orcs outnumber warriors" in page
    assert "<code>h......</code>" in page and "<code>#......</code>" in page


def test_odds_page_has_a_chart_per_distribution_and_exact_numbers(client):
    url = (
        "/mordor/odds/?position=4&player_color=red&other_colors=blue&advanced=on"
        "&goal=progress&policy=optimal"
    )
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('<svg class="chart"') == 2
    assert "Expected progress this turn with the optimal policy" in page
    assert 'class="exact"' in page and "/" in page.split('class="exact">')[1][:40]
    assert '/rules/journey-to-mordor/4-rokhan-1-raz-mozhete-perebrasyvat-broski/"' in page


def test_odds_page_ranks_the_keeps_of_a_roll_in_rohan(client):
    url = (
        "/mordor/odds/?position=4&advanced=on&player_color=red&goal=progress&policy=optimal"
        "&die_black=roll:orc&die_red=kept:ring&die_yellow=kept:gandalf&die_blue=kept:warrior"
        "&die_green=kept:orc"
    )
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Лучшие варианты откладывания" in page
    assert (
        'id="advice-reroll">Рохан: переброс всего броска стоит <span class="exact">1</span>' in page
    )
    assert '<option value="kept:ring" selected>' in page


def test_odds_page_over_the_whole_journey(client):
    """Default setup, Shelob's Lair with one division left: few states, a quick solve."""
    response = client.get(
        "/mordor/odds/?position=8&player_color=red&advanced=on&goal=reach_mordor"
        "&policy=optimal&nazgul_track=xxxxxx.&horizon=game&other_mark_chance=1/6"
        "&other_colors=blue",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="journey"' in html and "before the Nazgûl catch you" in html
    assert "Solitaire view" in html


def test_keep_page_names_the_best_keep_as_the_odds_page_ranks_it(client):
    roll = "face_black=ring&face_red=ring&face_yellow=orc&face_blue=nazgul&face_green=gandalf"
    keep = client.get(
        f"/mordor/keep/?{roll}&player_color=red&keep_blue=on&location=rohan",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    best = keep.context["answer"]["best_keep"]
    odds = client.get(keep.context["answer"]["odds_question"], HTTP_ACCEPT_LANGUAGE="en")
    assert odds.status_code == 200
    assert odds.context["answer"]["advice"]["keeps"][0] == best
    assert 'data-testid="best-keep"' in keep.content.decode()
    later_roll = client.get(
        "/mordor/keep/?face_red=ring&face_blue=nazgul&player_color=red&keep_blue=on&location=rohan"
    )
    assert later_roll.context["answer"]["best_keep"] is None


def test_the_best_keep_is_ranked_under_the_reading_the_page_picked(client):
    """In Rivendell under "exactly one Nazgûl is kept", keeping both Nazgûl of this roll is
    illegal: the best keep keeps one, as the Odds page it links to ranks the keeps under that
    reading; under the default reading both may be kept, and keeping all five is best."""
    roll = "face_black=ring&face_yellow=ring&face_red=nazgul&face_blue=ring&face_green=nazgul"
    asked = f"/mordor/keep/?{roll}&player_color=red&advanced=on&location=rivendell"
    default = client.get(asked, HTTP_ACCEPT_LANGUAGE="en").context["answer"]
    assert default["best_keep"]["keep"] == [0, 1, 2, 3, 4]
    keep = client.get(f"{asked}&reading_rivendell_nazgul=one", HTTP_ACCEPT_LANGUAGE="en")
    best = keep.context["answer"]["best_keep"]
    assert best["keep"] == [0, 1, 2, 3]
    assert "readings.rivendell_nazgul=one" in keep.context["answer"]["odds_question"]
    odds = client.get(keep.context["answer"]["odds_question"], HTTP_ACCEPT_LANGUAGE="en")
    assert odds.status_code == 200
    assert odds.context["answer"]["advice"]["keeps"][0] == best


def test_no_hobbit_is_chosen_for_the_player(client):
    """The Nazgûl of your colour mark you: a keep or odds question without your hobbit is a 400
    asking for it, not an answer for the yellow player."""
    for url in ("/mordor/keep/?face_red=ring", "/mordor/odds/?position=4"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400
        assert "player_color" in response.context["form"].errors


@pytest.mark.parametrize(("language", "place"), [("en", "0 — Bag End"), ("ru", "0 — Бэг-Энд")])
def test_the_place_is_named_in_the_readers_language(client, language, place):
    """The step choices were built at import, in whatever language was active then."""
    page = client.get("/mordor/odds/?position=0&player_color=red", HTTP_ACCEPT_LANGUAGE=language)
    assert place in page.content.decode()


def test_keep_page_shows_the_other_reading_and_links_to_it(client):
    """Issue 25: «Under the other reading: …» beside the answer, in every language, and a
    link that asks the same question under it."""
    query = (
        "face_black=nazgul&face_red=nazgul&keep_black=on&keep_red=on&player_color=red"
        "&location=rivendell&advanced=on"
    )
    page = client.get(f"/mordor/keep/?{query}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    block = reading_block(page, "rivendell_nazgul")
    assert "Under the other reading (exactly one Nazgûl is kept, in Rivendell too)" in block
    link = other_reading_link(block, "/mordor/keep/?")
    assert "readings.rivendell_nazgul=one" in link
    other = client.get(link, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Not legal" in other and "This keep is legal." in other
    for language, words in (("ru", "При другом прочтении"), ("pl", "Przy innym odczytaniu")):
        translated = client.get(f"/mordor/keep/?{query}", HTTP_ACCEPT_LANGUAGE=language)
        assert words in translated.content.decode()


@pytest.mark.parametrize(
    ("path", "query", "reading_id", "says", "other"),
    [
        (
            "/mordor/odds/",
            "position=4&player_color=red&other_colors=blue&advanced=on&goal=progress",
            "rohan_reroll",
            "in Rohan one roll a turn may be re-rolled whole",
            "once_a_turn",
        ),
        (
            "/mordor/resolve/",
            "color_0=yellow&position_0=9&track_0=xx&color_1=red&position_1=8&track_1=xx&active=1"
            "&kept_red=ring",
            "mordor_tie",
            "of hobbits in Mordor with as many empty divisions, the first to arrive",
            "first_arrived",
        ),
    ],
)
def test_the_other_reading_is_shown_and_its_link_round_trips(
    client, path, query, reading_id, says, other
):
    """Issue 25: the answer under the other reading beside the answer, in every language; its
    link asks the same question under it (the form shows the reading picked), and that page
    links back to the default reading."""
    page = client.get(f"{path}?{query}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"Under the other reading ({says}" in reading_block(page, reading_id)
    link = other_reading_link(reading_block(page, reading_id), f"{path}?")
    assert f"readings.{reading_id}={other}" in link
    under = client.get(link, HTTP_ACCEPT_LANGUAGE="en")
    assert under.context["answer"]["readings"][0]["chosen"]["reading"] == other
    assert under.context["form"][f"reading_{reading_id}"].value() == other
    back = other_reading_link(reading_block(under.content.decode(), reading_id), f"{path}?")
    assert f"readings.{reading_id}={other}" not in back and f"readings.{reading_id}=" in back
    for language, words in (("ru", "При другом прочтении"), ("pl", "Przy innym odczytaniu")):
        translated = client.get(link, HTTP_ACCEPT_LANGUAGE=language)
        assert words in translated.content.decode()
