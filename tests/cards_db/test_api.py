"""The cards, decks and calculators API: contract (OpenAPI schema) and behaviour."""

import pytest

from adjudicator.games.tcg.cards import fold
from cards_db.models import Deck, DeckCard
from tests.cards_db.factories import CardFactory, CardSetFactory
from tests.games.tcg.sample_decks import all_cards, legal_deck
from tests.openapi import assert_matches_schema

pytestmark = pytest.mark.django_db

VALIDATE = "/api/decks/validate/"


def validate(api, text, language="ru", **body):
    return api.post(VALIDATE, {"list": text, **body}, format="json", HTTP_ACCEPT_LANGUAGE=language)


def test_card_list_is_paginated_and_filterable(cards, api):
    response = api.get("/api/cards/", {"side": "shadow", "culture": "Moria", "type": "Minion"})
    assert response.status_code == 200
    assert_matches_schema(response, "/api/cards/")
    body = response.json()
    assert body["count"] > 20 and len(body["results"]) == 20
    assert {c["culture"] for c in body["results"]} == {"Moria"}


def has_words(card, *prefixes: str) -> bool:
    """Does some word of the card's texts start with each prefix (case and accents ignored)?"""
    parts = [card.title, card.subtitle, card.type, card.culture, card.race, card.item_class,
             card.game_text, card.lore, *card.keywords]  # fmt: skip
    words = fold(" ".join(p for p in parts if p)).split()
    return all(any(w.startswith(p) for w in words) for p in prefixes)


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ({"keyword": "Archer", "side": "shadow", "twilight_max": 2},
         lambda c: "Archer" in c.keywords and c.side == "shadow" and c.twilight_cost <= 2),
        ({"keyword": ["Archer", "Damage+1"]},
         lambda c: {"Archer", "Damage+1"} <= set(c.keywords)),
        ({"site_number": 5, "type": "Site"}, lambda c: c.site_number == 5 and c.type == "Site"),
        ({"set": 2, "race": "Dwarf"}, lambda c: c.set == 2 and c.race == "Dwarf"),
        # several sets: a card of any of them (not only the last one named)
        ({"set": [1, 3], "race": "Dwarf"}, lambda c: c.set in {1, 3} and c.race == "Dwarf"),
        ({"twilight_min": 5, "twilight_max": 5}, lambda c: c.twilight_cost == 5),
        ({"q": "Lorien elf"}, lambda c: has_words(c, "lorien", "elf")),
        ({"q": "1R50"}, lambda c: c.id == "1_50"),
        ({"q": "KHAZAD-DÛM"}, lambda c: has_words(c, "khazad", "dum")),
    ],
)  # fmt: skip
def test_card_filters_find_exactly_the_matching_cards(cards, api, query, wanted):
    body = api.get("/api/cards/", {**query, "page_size": 100}).json()
    expected = {c.id for c in all_cards() if wanted(c)}
    assert expected and {c["id"] for c in body["results"]} == expected


def test_strength_and_unique_filters(cards, api):
    body = api.get("/api/cards/", {"strength_min": 12, "unique": "true"}).json()
    assert body["results"] and all(c["strength"] >= 12 and c["unique"] for c in body["results"])


@pytest.mark.parametrize(
    ("field", "value"),
    [("twilight_min", "lots"), ("unique", "maybe"), ("set", "99"), ("set", "one")],
)
def test_bad_filter_is_a_400_naming_it(cards, api, field, value):
    """A filter that cannot be read must not be dropped silently (all 609 cards answered)."""
    response = api.get("/api/cards/", {field: value})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == [field]


@pytest.mark.parametrize("size", ["abc", "0", "-1"])
def test_a_bad_page_size_is_a_400_naming_it(cards, api, size):
    """Not silently answered with the default page size."""
    response = api.get("/api/cards/", {"page_size": size})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["page_size"]


def test_a_page_size_over_the_maximum_is_capped(cards, api):
    assert len(api.get("/api/cards/", {"page_size": 500}).json()["results"]) == 100


@pytest.mark.parametrize(("value", "unique"), [("1", True), ("yes", True), ("0", False)])
def test_unique_filter_reads_the_usual_spellings(cards, api, value, unique):
    body = api.get("/api/cards/", {"unique": value, "page_size": 100}).json()
    assert body["results"] and {c["unique"] for c in body["results"]} == {unique}


@pytest.mark.parametrize("key", ["1_50", "1R50", "1r50"])
def test_card_detail_by_id_or_collector_info(cards, api, key):
    response = api.get(f"/api/cards/{key}/")
    assert response.status_code == 200
    assert_matches_schema(response, "/api/cards/{key}/")
    assert response.json()["title"] == "Legolas"
    assert response.json()["keywords"] == ["Archer"]


@pytest.mark.parametrize("key", ["9_999", "legolas", "1X50"])
def test_unknown_card_is_a_404(cards, api, key):
    assert api.get(f"/api/cards/{key}/").status_code == 404


def test_validate_a_legal_deck(cards, api):
    response = validate(api, legal_deck(), format="fellowship_block")
    assert response.status_code == 200
    assert_matches_schema(response, VALIDATE, "post")
    body = response.json()
    assert body["valid"] is True and body["errors"] == []
    assert body["stats"]["free_peoples"] == body["stats"]["shadow"] == 30


def test_validate_names_lines_cards_and_rules(cards, api):
    text = legal_deck().replace("4x Axe Strike (1C3)", "5x Axe Strike (1C3)")
    body = validate(api, text, language="en").json()
    assert body["valid"] is False
    codes = {e["code"]: e for e in body["errors"]}
    assert set(codes) == {"too_many_copies", "unbalanced_sides"}
    error = codes["too_many_copies"]
    assert error["lines"] == [text.splitlines().index("5x Axe Strike (1C3)") + 1]
    assert error["cards"][0]["title"] == "Axe Strike"
    assert error["citation"]["section"] == "igralnaia-koloda-draw-deck"
    assert error["citation"]["url"].endswith("/rules/lotr-tcg-rules/igralnaia-koloda-draw-deck/")


def test_the_format_is_named_in_the_message_language(cards, api):
    card = CardFactory(card_set=CardSetFactory(number=4, name="The Two Towers"), title="Ent Scout")
    for lang, name in [("ru", "«Блок „Братство Кольца“ (сеты 1–3)»"),
                       ("pl", "„Blok Drużyny Pierścienia (dodatki 1–3)”")]:  # fmt: skip
        body = validate(api, f"1 {card.title}", language=lang).json()
        (error,) = [e for e in body["errors"] if e["code"] == "card_not_in_format"]
        assert name in error["message"]


def test_unknown_cards_come_back_with_suggestions(cards, api):
    body = validate(api, "4x Legolas, Grenleaf\n2 Aragorn").json()
    unknown, ambiguous = body["errors"][:2]
    assert (unknown["code"], unknown["lines"]) == ("unknown_card", [1])
    assert unknown["suggestions"][0]["id"] == "1_50"
    assert ambiguous["code"] == "ambiguous_card"
    assert len(ambiguous["cards"]) == 3


def test_messages_follow_the_request_language(cards, api):
    english = validate(api, "", language="en")
    assert english.status_code == 400
    russian = validate(api, "1 Goblin Runner", language="ru").json()
    english = validate(api, "1 Goblin Runner", language="en").json()
    assert english["errors"][0]["message"] != russian["errors"][0]["message"]
    refused = validate(api, "1 Goblin Runner", lang="en")
    assert refused.status_code == 400
    assert [e["field"] for e in refused.json()["errors"]] == ["lang"]


@pytest.mark.parametrize(
    "payload",
    [
        {"list": ""},
        {"list": "   \n  "},
        {"list": "1 Goblin Runner\n" * 10_000},
        {"list": "1 Goblin Runner", "format": "standard"},
        {},
        {"list": ["not", "text"]},
    ],
    ids=["empty", "blank", "10000-lines", "unknown-format", "no-list", "not-text"],
)
def test_bad_requests_are_400_naming_the_field(cards, api, payload):
    response = api.post(VALIDATE, payload, format="json")
    assert response.status_code == 400
    assert_matches_schema(response, VALIDATE, "post")
    assert response.json()["errors"]


def test_garbage_bytes_give_a_report_not_a_500(cards, api):
    response = api.post(
        VALIDATE, b'{"list": "\\u0000\\u0007\xff\xfe 4x Legolas"}', content_type="application/json"
    )
    assert response.status_code == 400
    nul = validate(api, "\x00 4x Legolas")
    assert nul.status_code == 400
    assert nul.json()["errors"][0]["field"] == "list"
    response = validate(api, "\x07\ufffd\x1b[31m\n-3 Goblin Runner\n\u202e1 Orc")
    assert response.status_code == 200
    assert {e["code"] for e in response.json()["errors"]} >= {"invalid_count", "unknown_card"}


def test_save_read_update_export_a_deck(cards, api):
    created = api.post("/api/decks/", {"name": "Dwarves", "list": legal_deck()}, format="json")
    assert created.status_code == 201
    assert_matches_schema(created, "/api/decks/", "post")
    body = created.json()
    deck = Deck.objects.get(pk=body["deck"]["id"])
    assert deck.valid and deck.ring_bearer_id == "1_290" and deck.ring_id == "1_2"
    assert deck.cards.filter(role=DeckCard.Role.SITE).count() == 9
    shown = api.get(f"/api/decks/{deck.pk}/")
    assert_matches_schema(shown, "/api/decks/{id}/")
    assert shown.json()["report"]["valid"] is True

    smaller = legal_deck(free_peoples=29, shadow=29)
    refused = api.put(f"/api/decks/{deck.pk}/", {"name": "X", "list": smaller}, format="json")
    assert refused.status_code == 400
    updated = api.put(
        f"/api/decks/{deck.pk}/",
        {"name": "Draft", "list": smaller, "edit_key": body["edit_key"]},
        format="json",
    )
    assert updated.status_code == 200
    deck.refresh_from_db()
    assert (deck.name, deck.valid) == ("Draft", False)

    exported = api.get(f"/api/decks/{deck.pk}/export/")
    assert exported["Content-Type"].startswith("text/plain")
    again = validate(api, exported.content.decode()).json()
    assert [e["code"] for e in again["errors"]] == ["draw_deck_too_small"]
    assert again["stats"]["draw_deck"] == 58


def test_a_deck_saved_without_the_starting_fellowship_check_is_rechecked_the_same_way(cards, api):
    """The check is optional: a deck saved without it must not read "legal" in one field and
    "illegal" in the report of its own permalink."""
    expensive = legal_deck(free_peoples=28).replace(
        "Free Peoples:",
        "Starting fellowship:\nGandalf, The Grey Wizard\nSam, Son of Hamfast\nFree Peoples:",
    )
    assert validate(api, expensive).json()["valid"] is False
    body = api.post(
        "/api/decks/",
        {"name": "Grey", "list": expensive, "check_starting_fellowship": False},
        format="json",
    ).json()
    assert body["deck"]["valid"] is True
    shown = api.get(f"/api/decks/{body['deck']['id']}/").json()
    assert shown["deck"]["valid"] is shown["report"]["valid"] is True


def test_an_unreadable_deck_is_not_saved_at_all(cards, api):
    response = api.post(
        "/api/decks/", {"name": "Bad", "list": legal_deck() + "\nNo Such Card"}, format="json"
    )
    assert response.status_code == 400
    assert "No Such Card" in response.json()["errors"][0]["message"]
    assert not Deck.objects.exists() and not DeckCard.objects.exists()


def test_a_failed_save_leaves_the_old_deck_untouched(cards, api):
    body = api.post("/api/decks/", {"name": "A", "list": legal_deck()}, format="json").json()
    before = list(DeckCard.objects.values_list("card_id", "count", "role"))
    response = api.put(
        f"/api/decks/{body['deck']['id']}/",
        {"name": "B", "list": "-4 Goblin Runner", "edit_key": body["edit_key"]},
        format="json",
    )
    assert response.status_code == 400
    assert list(DeckCard.objects.values_list("card_id", "count", "role")) == before
    assert Deck.objects.get().name == "A"


CALCULATIONS = [
    ("/api/tcg/skirmish/", {
        "free_peoples": [{"name": "Aragorn", "strength": 8, "vitality": 4}],
        "shadow": [{"name": "Orc 1", "strength": 4, "damage": 1, "vitality": 2},
                   {"name": "Orc 2", "strength": 4, "damage": 1, "vitality": 2}],
    }, {"winner": "shadow", "wounds_per_loser": 3}),
    ("/api/tcg/skirmish/", {  # issue 25: 0–0 under the other reading (wounds, no overwhelm)
        "free_peoples": [{"name": "Merry", "strength": 0, "vitality": 4}],
        "shadow": [{"name": "Orc", "strength": 0, "vitality": 2}],
        "readings": {"zero_skirmish": "wounds"},
    }, {"winner": "shadow", "overwhelmed": False, "wounds_per_loser": 1}),
    ("/api/tcg/archery/", {
        "fellowship": [{"name": "Legolas", "archer": True, "vitality": 3, "assigned_wounds": 1}],
        "minions": [{"name": "Archer", "archer": True}], "site_number": 4,
    }, {"fellowship_total": 1, "minion_total": 1, "legal": True}),
    ("/api/tcg/move-twilight/", {"shadow_number": 3, "companions": 4}, {"twilight_added": 7}),
    ("/api/tcg/minion-cost/", {"twilight_cost": 3, "minion_site_number": 4, "current_site": 2},
     {"roaming": True, "total_cost": 5, "affordable": None}),
    ("/api/tcg/move-limit/", {"players_at_start": 4}, {"move_limit": 3}),
    ("/api/tcg/companions/", {"in_play": [{"title": "Frodo", "unique": True}],
                              "dead_pile": [], "candidate": {"title": "Frodo", "unique": True}},
     {"legal": False}),
    ("/api/tcg/burdens/", {"burdens": 9, "added": 1}, {"corrupted": True}),
    ("/api/tcg/bids/", {"bids": {"Petr": 3, "Yuri": 4, "Elena": 3, "Mikhail": 1},
                        "tie_order": ["Elena", "Petr"]},
     {"choosing_order": ["Yuri", "Elena", "Petr", "Mikhail"]}),
]  # fmt: skip


@pytest.mark.parametrize(("path", "payload", "expected"), CALCULATIONS, ids=lambda v: str(v)[:20])
def test_calculators(api, path, payload, expected):
    response = api.post(path, payload, format="json")
    assert response.status_code == 200, response.json()
    assert_matches_schema(response, path, "post")
    body = response.json()
    assert {k: body[k] for k in expected} == expected
    assert body["citations"] and all(c["rulebook"] == "lotr-tcg-rules" for c in body["citations"])
    assert body["reasons"][0]["citation"]["url"].startswith("http")
    assert body["explanation"] == body["reasons"]  # the first API's name, kept


@pytest.mark.parametrize(
    ("path", "payload", "field"),
    [
        ("/api/tcg/skirmish/", {"free_peoples": [], "shadow": []},
         "free_peoples.non_field_errors"),
        ("/api/tcg/skirmish/", {"free_peoples": [{"name": "A", "strength": -1}],
                                "shadow": [{"name": "B", "strength": 1}]},
         "free_peoples[0].strength"),
        ("/api/tcg/skirmish/", {"free_peoples": [{"name": "A", "strength": 1, "vitality": 2,
                                                  "wounds": 2}],
                                "shadow": [{"name": "B", "strength": 1}]},
         "free_peoples[0].wounds"),
        ("/api/tcg/move-limit/", {"players_at_start": 1}, "players_at_start"),
        ("/api/tcg/bids/", {"bids": {"A": 1, "B": 2}, "tie_order": ["C"]}, "tie_order"),
        # burdens at resistance: the Ring-bearer is corrupted already (rules: Поражение)
        ("/api/tcg/skirmish/", {"free_peoples": [{"name": "Frodo", "strength": 3,
                                                  "ring_bearer": True, "burdens": 10,
                                                  "resistance": 10}],
                                "shadow": [{"name": "B", "strength": 1}]},
         "free_peoples[0].burdens"),
        ("/api/tcg/archery/", {"fellowship": [{"name": "A"}, {"name": "A"}], "minions": [],
                               "site_number": 1}, "fellowship"),
    ],
)  # fmt: skip
def test_calculator_bad_input_is_a_400(api, path, payload, field):
    response = api.post(path, payload, format="json")
    assert response.status_code == 400
    assert_matches_schema(response, path, "post")
    assert field in {e["field"] for e in response.json()["errors"]}


def test_events_filter_by_phase_and_possessions_by_bearer(cards, api):
    """Issue 16: an event's phase and a possession's bearer are fields, and filters."""
    skirmish = api.get("/api/cards/", {"phase": "Skirmish", "page_size": 100}).json()
    assert skirmish["count"] > 10
    assert all(c["type"] == "Event" and "Skirmish" in c["phases"] for c in skirmish["results"])
    two = api.get("/api/cards/", {"q": "ranger", "phase": "Regroup"}).json()["results"]
    assert any(c["phases"] == "Fellowship Regroup" for c in two)
    dwarven = api.get("/api/cards/", {"bearer": "dwarf", "page_size": 100}).json()["results"]
    assert dwarven and all("dwarf" in c["bearer"].lower() for c in dwarven)
    assert api.get("/api/cards/", {"phase": "Teatime"}).status_code == 400


def test_a_player_named_with_a_lone_surrogate_is_a_400(api):
    """JSON may escape a lone surrogate (\\ud800); the answer could not write it back: a 500.
    Such a body is refused at parse (issue 27)."""
    body = '{"bids": {"a\\ud800": 1, "b": 2}}'
    response = api.generic("POST", "/api/tcg/bids/", body, content_type="application/json")
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"body"}
