"""The card, deck and calculator pages (Django test client)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from adjudicator.web import registry
from cards_db.forms import FighterForm, FighterFormSet, ShooterForm
from cards_db.models import Deck
from tests.games.tcg.sample_decks import all_cards, legal_deck

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def test_card_list_filters_and_searches(cards, client):
    page = client.get(reverse("cards_db:index"), {"q": "Lórien", "side": "free_peoples"})
    assert page.status_code == 200
    assert "Lórien Elf" in page.content.decode()
    assert "Goblin Runner" not in page.content.decode()


def test_card_list_filters_by_several_sets(cards, client):
    """The set select takes several sets: a card of any of them, not only the last one."""
    page = client.get(reverse("cards_db:index"), {"set": ["1", "3"], "race": "Dwarf"},
                      HTTP_ACCEPT_LANGUAGE="en")  # fmt: skip
    html = page.content.decode()
    expected = sum(c.set in {1, 3} and c.race == "Dwarf" for c in all_cards())
    assert page.status_code == 200
    assert f'<h2 class="meta">{expected} cards</h2>' in html
    (select,) = re.findall(r'<select name="set".*?</select>', html, re.S)
    assert re.findall(r'<option value="(\d)" selected>', select) == ["1", "3"]
    assert 'id="id_set_helptext"' in html


def test_card_list_rejects_a_bad_filter(cards, client):
    assert client.get(reverse("cards_db:index"), {"strength_min": "x"}).status_code == 400


def test_card_list_kept_rendered_until_the_cards_change(cards, client):
    """The filters and tiles are rendered once per question and language, and again as soon
    as a card changes (``cards_version``); another language is another rendering."""
    from cards_db.models import Card

    first = client.get(reverse("cards_db:index"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    card_id = re.search(r'<a href="/cards/card/([^/]+)/"', first)[1]
    card = Card.objects.get(pk=card_id)
    card.subtitle = "Keeper of the Cache"
    card.save()

    again = client.get(reverse("cards_db:index"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    russian = client.get(reverse("cards_db:index"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    assert "Keeper of the Cache" not in first
    assert "Keeper of the Cache" in again
    assert "Find cards" in again and "Find cards" not in russian


def test_card_detail_shows_stats_and_text(cards, client):
    page = client.get(reverse("cards_db:card", kwargs={"key": "1_50"}), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Greenleaf" in html and "Archer" in html and "1R50" in html


def test_collector_info_redirects_to_the_card(cards, client):
    response = client.get("/cards/card/1R50/")
    assert response.status_code == 301 and response["Location"] == "/cards/card/1_50/"
    assert client.get("/cards/card/9_999/").status_code == 404


def test_check_shows_the_report_without_saving(cards, client):
    text = legal_deck().replace("4x Axe Strike (1C3)", "5x Axe Strike (1C3)")
    posted = client.post(reverse("cards_db:deck_new"), {"list": text, "format": "fellowship_block",
                                                       "check": "1"})  # fmt: skip
    assert posted.status_code == 302 and "?deck=" in posted["Location"]
    page = client.get(posted["Location"])
    html = page.content.decode()
    assert page.status_code == 200
    assert "data-share" in html and posted["Location"] in html
    assert 'data-verdict="invalid"' in html and 'data-code="too_many_copies"' in html
    assert "igralnaia-koloda-draw-deck" in html
    assert "5x Axe Strike (1C3)" in html
    assert not Deck.objects.exists()
    # the same list checked again gets the same link
    again = client.post(reverse("cards_db:deck_new"), {"list": text, "format": "fellowship_block",
                                                      "check": "1"})  # fmt: skip
    assert again["Location"] == posted["Location"]
    assert client.get(reverse("cards_db:deck_new"), {"deck": "aaaaaaaaaaaa"}).status_code == 404


def test_save_then_reopen_edit_and_export(cards, client):
    form = {"name": "Dwarves", "list": legal_deck(), "format": "fellowship_block",
            "check_starting_fellowship": "on", "save": "1"}  # fmt: skip
    response = client.post(reverse("cards_db:deck_new"), form)
    deck = Deck.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/cards/decks/{deck.pk}/edit/{deck.edit_key}/"
    edit = client.get(response["Location"])
    assert "Dwarves" in edit.content.decode()
    shown = client.get(deck.get_absolute_url())
    assert 'data-verdict="valid"' in shown.content.decode()
    client.post(response["Location"], {**form, "name": "Dwarves 2"})
    deck.refresh_from_db()
    assert deck.name == "Dwarves 2"
    exported = client.get(reverse("cards_db:deck_export", kwargs={"pk": deck.pk}))
    assert exported.content.decode().startswith("# Dwarves 2\n")


def test_a_deck_saved_without_the_starting_fellowship_check_reopens_without_it(cards, client):
    form = {"name": "Loose", "list": legal_deck(), "format": "fellowship_block", "save": "1"}
    response = client.post(reverse("cards_db:deck_new"), form)
    edit = client.get(response["Location"]).content.decode()
    (checkbox,) = re.findall(r'<input[^>]*name="check_starting_fellowship"[^>]*>', edit)
    assert "checked" not in checkbox
    assert Deck.objects.get().check_starting_fellowship is False


def test_a_wrong_edit_key_is_a_404(cards, client):
    form = {"name": "A", "list": legal_deck(), "format": "fellowship_block", "save": "1"}
    client.post(reverse("cards_db:deck_new"), form)
    deck = Deck.objects.get()
    url = f"/cards/decks/{deck.pk}/edit/{deck.pk}/"
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    ("language", "name"),
    [("ru", "Блок „Братство Кольца“ (сеты 1–3)"), ("pl", "Blok Drużyny Pierścienia (dodatki 1–3)")],
)
def test_format_names_are_in_the_page_language(cards, client, language, name):
    form = {"name": "A", "list": legal_deck(), "format": "fellowship_block", "save": "1"}
    client.post(reverse("cards_db:deck_new"), form)
    for url in (reverse("cards_db:deck_new"), Deck.objects.get().get_absolute_url()):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert name in html and "Fellowship block (sets" not in html


@pytest.mark.parametrize(
    "text", ["", "   ", "No Such Card\n2 Goblin Runner", "1 Goblin Runner\n" * 10_000]
)
def test_bad_lists_are_400_and_save_nothing(cards, client, text):
    form = {"name": "X", "list": text, "format": "fellowship_block", "save": "1"}
    page = client.post(reverse("cards_db:deck_new"), form)
    assert page.status_code == 400
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("slug", "data", "expected"),
    [
        ("skirmish", {
            "free_peoples-TOTAL_FORMS": 1, "free_peoples-INITIAL_FORMS": 0,
            "free_peoples-0-name": "Aragorn", "free_peoples-0-strength": 8,
            "free_peoples-0-vitality": 4, "free_peoples-0-wounds": 0, "free_peoples-0-damage": 1,
            "free_peoples-0-burdens": 0, "free_peoples-0-resistance": 10,
            "shadow-TOTAL_FORMS": 2, "shadow-INITIAL_FORMS": 0,
            **{f"shadow-{i}-{k}": v for i in (0, 1) for k, v in
               {"name": f"Orc {i}", "strength": 3, "vitality": 2, "wounds": 0, "damage": 0,
                "burdens": 0, "resistance": 10}.items()},
            "burdens_per_wound": 1,
        }, "Free Peoples strength 8 against Shadow strength 6"),
        ("move-twilight", {"shadow_number": 3, "companions": 4}, "= 7 twilight"),
        ("minion-cost", {"twilight_cost": 3, "minion_site_number": 4, "current_site": 2,
                         "penalty_reduction": 0}, "roaming"),
        ("move-limit", {"players_at_start": 2, "moves_made": 0}, "move limit is 2"),
        ("companions", {"candidate": "Boromir", "candidate_unique": "on",
                        "dead_pile": "• Boromir"}, "dead pile"),
        ("burdens", {"burdens": 10, "resistance": 10, "added": 0}, "corrupted"),
        ("bids", {"bids": "Petr: 3\nYuri: 4\nElena: 3\nMikhail: 1", "tie_order": "Elena, Petr"},
         "Yuri, Elena, Petr, Mikhail"),
    ],
)  # fmt: skip
def test_calculator_pages_answer_with_citations(client, slug, data, expected):
    url = reverse("cards_db:calculator", kwargs={"slug": slug})
    assert client.get(url).status_code == 200
    page = client.get(url, data, HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200, html[-3000:]
    assert expected in html
    assert "/rules/lotr-tcg-rules/" in html


@pytest.mark.parametrize(
    ("slug", "data"),
    [
        ("move-limit", {"players_at_start": 1, "moves_made": 0}),
        ("bids", {"bids": "Petr three"}),
        # a player who bids twice: the second line must not silently replace the first
        ("bids", {"bids": "Petr: 3\nYuri: 4\nPetr: 1"}),
        ("skirmish", {"free_peoples-TOTAL_FORMS": 0, "free_peoples-INITIAL_FORMS": 0,
                      "shadow-TOTAL_FORMS": 0, "shadow-INITIAL_FORMS": 0,
                      "burdens_per_wound": 1}),
    ],
)  # fmt: skip
def test_calculator_pages_reject_bad_input_with_400(client, slug, data):
    url = reverse("cards_db:calculator", kwargs={"slug": slug})
    assert client.get(url, data).status_code == 400


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_calculator_index_says_what_each_answers_and_by_which_rule(client, language):
    html = client.get(reverse("cards_db:calculators"), HTTP_ACCEPT_LANGUAGE=language)
    html = html.content.decode()
    calculators = [link["checker"] for link in registry.index_links("tcg")]
    assert len(calculators) >= 9
    for checker in calculators:
        (item,) = re.findall(rf'<li><a href="/cards/{checker.page}">.*?</li>', html, re.S)
        with translation.override("en"):
            assert escape(str(checker.blurb)) not in item
        with translation.override(language):
            assert escape(str(checker.blurb)) in item
        anchor = checker.citations[0].anchor
        assert f'<a href="/rules/lotr-tcg-rules/{anchor}/" lang="ru">' in item


def test_unknown_calculator_is_a_404(client):
    assert client.get("/cards/calculators/nope/").status_code == 404


def test_a_companion_link_naming_two_candidates_asks_of_the_first(client):
    """A hand-edited link with two candidates (one card is asked of) was a 500."""
    page = client.get(
        "/cards/calculators/companions/?candidate.0.title=Sam&candidate.1.title=Frodo",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 200


SKIRMISH_PAGES = [
    "/cards/calculators/skirmish/",
    "/cards/calculators/skirmish/?free_peoples-TOTAL_FORMS=1&free_peoples-INITIAL_FORMS=0"
    "&free_peoples-0-name=Aragorn&free_peoples-0-strength=8&shadow-TOTAL_FORMS=2"
    "&shadow-INITIAL_FORMS=0&shadow-0-name=Orc&shadow-0-strength=5&shadow-1-name=Troll"
    "&shadow-1-strength=x&shadow-1-vitality=0",
    "/cards/calculators/archery/?fellowship-TOTAL_FORMS=1&fellowship-INITIAL_FORMS=0"
    "&fellowship-0-name=Legolas&fellowship-0-archer=on&minions-TOTAL_FORMS=1"
    "&minions-INITIAL_FORMS=0&minions-0-name=Orc&minions-0-home_site=99",
]


def test_rows_of_a_formset_share_their_classs_fields_in_one_language_only():
    """A calculator's rows take the fields set up once per class and language
    (``ApiFieldsForm.row_fields``), each row named by its own prefix."""
    with translation.override("en"):
        rows = FighterFormSet(prefix="shadow").forms
        english = rows[0].fields["strength"]
        english_label = str(english.label)
    with translation.override("ru"):
        russian = FighterFormSet(prefix="shadow").forms[0].fields["strength"]
        russian_label = str(russian.label)
    assert rows[1].fields["strength"] is english and rows[0].fields is not rows[1].fields
    assert russian is not english and russian_label == "Сила" != english_label
    assert rows[1]["strength"].html_name == "shadow-1-strength"


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_calculator_pages_are_the_same_with_fields_made_per_row(monkeypatch, client, language):
    def page(path: str) -> str:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        return TOKEN.sub("", response.content.decode())

    shared = {path: page(path) for path in SKIRMISH_PAGES}
    for form_class in (FighterForm, ShooterForm):
        monkeypatch.setattr(form_class, "row_fields", False)
    for path in SKIRMISH_PAGES:
        assert page(path) == shared[path], path
