"""A corpus of 43 decks written from GEMP's deck validation (``DefaultLotroFormat`` and the
Fellowship block format: Ring-bearer, the One Ring, 60 draw cards, as many Free Peoples as
Shadow cards, 4 copies of a title with the Ring-bearer counted, one site of each number 1–9,
sets 1–3, the restricted Forces of Mordor) and the rulebook's starting-fellowship rules; each
deck with the verdict GEMP gives and the rule (our error code) that decides it (issue 16).
The validator must agree on every one."""

from typing import NamedTuple

import pytest

from adjudicator.games.tcg.decklist import parse_deck_list
from adjudicator.games.tcg.formats import formats
from adjudicator.games.tcg.validation import validate_deck
from tests.games.tcg.sample_decks import card_index, legal_deck
from tests.games.tcg.test_validation import (
    FOUR_FP,
    LAST_SITE,
    LEGAL,
    RING,
    RING_BEARER,
    swap,
    with_starting,
)


class DeckCase(NamedTuple):
    name: str
    text: str
    legal: bool
    decided_by: frozenset[str]  # the error codes that make it illegal (empty when legal)


def case(name: str, text: str, *codes: str) -> DeckCase:
    return DeckCase(name, text, not codes, frozenset(codes))


def gemp_export(deck: str) -> str:
    """The legal deck laid out as GEMP exports it (name, format, its own headers, notes)."""
    lines = deck.splitlines()
    body = [
        "Free Peoples Draw Deck:" if line == "Free Peoples:"
        else "Shadow Draw Deck:" if line == "Shadow:"
        else "Adventure deck:" if line == "Sites:"
        else line
        for line in lines[1:]
    ]  # fmt: skip
    return "\n".join(["Corpus deck", "Format: Fellowship Block", *body, "", "Notes:", "gg"])


def with_forces_of_mordor(copies: int) -> str:
    """The legal deck with Forces of Mordor (1_248) and as many more Free Peoples cards."""
    deck = swap(FOUR_FP, f"{FOUR_FP}\n{copies}x Gimli's Helm")
    return deck.replace("Shadow:\n", f"Shadow:\n{copies}x Forces of Mordor\n", 1)


CORPUS = [
    *(case(f"legal, offset {n}", legal_deck(n)) for n in range(6)),
    case("legal, 62 cards (31 + 31)", legal_deck(free_peoples=31, shadow=31)),
    case("legal, 100 cards (50 + 50)", legal_deck(free_peoples=50, shadow=50)),
    case("GEMP export of a legal deck", gemp_export(LEGAL)),
    case("lone Ring: header", swap(RING, "Ring:\nThe One Ring, The Ruling Ring")),
    case("sites listed under Shadow:", LEGAL.replace("\nSites:\n", "\n")),
    case("Ring-bearer marked *RB* in the list", swap(RING_BEARER, "Frodo, Son of Drogo *RB*")),
    case("RB plus three more Frodos", swap(FOUR_FP, "3x Frodo, Old Bilbo's Heir\n1x Axe Strike")),
    case("RB plus four more Frodos",
         swap(FOUR_FP, "4x Frodo, Old Bilbo's Heir"), "too_many_copies"),
    case("no Ring-bearer", swap(RING_BEARER, ""), "missing_ring_bearer"),
    case("Merry as Ring-bearer",
         swap(RING_BEARER, "Ring-bearer: Merry, Friend to Sam"), "invalid_ring_bearer"),
    case("two Ring-bearers",
         LEGAL + "\nFrodo, Reluctant Adventurer *RB*", "too_many_ring_bearers"),
    case("no One Ring", swap(RING, ""), "missing_ring"),
    case("a possession as the Ring", swap(RING, "Ring: Dwarven Armor"), "invalid_ring"),
    case("two One Rings", LEGAL + "\nRing: The One Ring, Isildur's Bane", "too_many_rings"),
    case("59 draw cards", legal_deck(free_peoples=29, shadow=30),
         "draw_deck_too_small", "unbalanced_sides"),
    case("58 draw cards, balanced", legal_deck(free_peoples=29, shadow=29),
         "draw_deck_too_small"),
    case("31 Free Peoples, 30 Shadow", legal_deck(free_peoples=31), "unbalanced_sides"),
    case("30 Free Peoples, 31 Shadow", legal_deck(shadow=31), "unbalanced_sides"),
    case("five copies of a title", swap(FOUR_FP, "5x Axe Strike (1C3)"),
         "too_many_copies", "unbalanced_sides"),
    case("same title, other subtitle, counted together",
         swap(FOUR_FP, "2x Gandalf, The Grey Wizard\n3x Gandalf, Friend of the Shirefolk"),
         "too_many_copies", "unbalanced_sides"),
    case("a site in the draw deck", LEGAL + "\nDraw deck:\nEast Road", "site_in_draw_deck"),
    case("the Ring in the draw deck",
         LEGAL + "\nDraw deck:\nThe One Ring, Isildur's Bane", "ring_in_draw_deck"),
    case("no site 9", swap(LAST_SITE, ""), "missing_site_number"),
    case("two sites 2", LEGAL + "\nEast Road", "duplicate_site_number"),
    case("a possession under Sites:", LEGAL + "\nSites:\nDwarven Armor", "not_a_site"),
    case("one Forces of Mordor (restricted)", with_forces_of_mordor(1)),
    case("two Forces of Mordor (restricted)", with_forces_of_mordor(2), "too_many_restricted"),
    case("starting fellowship: Sam", with_starting("Sam, Son of Hamfast")),
    case("starting fellowship: Gimli then Farin",
         with_starting("Gimli, Son of Gloin", "Farin, Dwarven Emissary")),
    case("starting fellowship: Legolas and a Lórien Elf",
         with_starting("Legolas, Greenleaf", "Lórien Elf")),
    case("starting fellowship: a lone Farin", with_starting("Farin, Dwarven Emissary"),
         "starting_fellowship_requirement"),
    case("starting fellowship: a lone Lórien Elf", with_starting("Lórien Elf"),
         "starting_fellowship_requirement"),
    case("starting fellowship: a possession", with_starting("Gimli's Helm"),
         "starting_fellowship_not_companion"),
    case("starting fellowship: over 4 twilight",
         with_starting("Aragorn, Ranger of the North", "Sam, Son of Hamfast"),
         "starting_fellowship_too_expensive"),
    case("starting fellowship: a second Frodo", with_starting("Frodo, Old Bilbo's Heir"),
         "starting_fellowship_not_unique"),
    case("four Frodos and no Ring-bearer marked",
         swap(RING_BEARER, "").replace("Free Peoples:\n", "Free Peoples:\n4x Frodo, Son of Drogo\n",
                                       1),
         "missing_ring_bearer", "unbalanced_sides"),
    case("a line that is no card", swap(FOUR_FP, "4x Axe Strik"), "unknown_card"),
]  # fmt: skip


def test_the_corpus_is_forty_decks_or_more():
    assert len(CORPUS) >= 40
    assert len({deck.name for deck in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize("deck", CORPUS, ids=[deck.name for deck in CORPUS])
def test_the_validator_agrees_with_gemp(deck):
    report = validate_deck(parse_deck_list(deck.text, card_index()), formats()["fellowship_block"])
    found = {error.code for error in report.errors}
    assert report.valid is deck.legal, [e.render() for e in report.errors]
    assert found == deck.decided_by
