"""A corpus of decks written from GEMP's deck validation and the rulebook's starting-fellowship
rules, each with the verdict and the rule (our error code) that decides it (issue 16). The
validator must agree on every one.

GEMP's rules, from ``DefaultLotroFormat.validateDeck`` and its format list ``lotrFormats.hjson``
(PlayersCouncil/gemp-lotr): a Ring-bearer that can start with the Ring, The One Ring, at least
60 draw cards with as many Free Peoples as Shadow cards and nothing else, at most 4 cards of a
title counting the Ring-bearer, 9 sites with no site number twice, the format's sets, its
banned cards, and one copy of a restricted card (Fellowship Block restricts none; Open restricts
Forces of Mordor). GEMP does not judge a starting fellowship (it is chosen when the game
starts): those cases follow the rulebook's "Начальное Братство Кольца"."""

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
    format: str = "fellowship_block"


def case(name: str, text: str, *codes: str, fmt: str = "fellowship_block") -> DeckCase:
    return DeckCase(name, text, not codes, frozenset(codes), fmt)


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


def gemp_html(deck: str) -> str:
    """The deck as GEMP's deck page writes it (``<b>Header:</b><br/>``, a tooltip span per card)."""

    def card(line: str) -> str:
        count, _, title = line.partition("x ")
        return f'{count}x <span class="tooltip">{title}<span><img src="x.jpg"></span></span>'

    parts = ["<html><body><div><h1>Corpus deck</h1><h2>Format: Fellowship Block</h2>"]
    for line in deck.splitlines():
        if line.endswith(":") or line.startswith(("Ring-bearer:", "Ring:")):
            header, _, rest = line.partition(":")
            parts.append(f"<br/><b>{header}:</b> {rest.strip()}<br/>")
        elif line.strip() and not line.startswith("#"):
            parts.append((card(line) if line[0].isdigit() else line) + "<br/>")
    return "".join(parts) + "<h3>Notes</h3><br>2x gg</div></body></html>"


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
    case("two Forces of Mordor: not restricted in the Fellowship block", with_forces_of_mordor(2)),
    case("four Forces of Mordor in the Fellowship block", with_forces_of_mordor(4)),
    case("one Forces of Mordor in Open (restricted)", with_forces_of_mordor(1), fmt="open"),
    case("two Forces of Mordor in Open (restricted)", with_forces_of_mordor(2),
         "too_many_restricted", fmt="open"),
    case("the legal deck in Open", LEGAL, fmt="open"),
    case("The One Ring as the Ring-bearer",
         swap(RING_BEARER, "Ring-bearer: The One Ring, Isildur's Bane"),
         "invalid_ring_bearer"),
    case("GEMP's deck page pasted as HTML", gemp_html(LEGAL)),
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
    case("starting fellowship: two versions of Merry",
         with_starting("Merry, Friend to Sam", "Merry, From O'er the Brandywine"),
         "starting_fellowship_not_unique"),
    case("starting fellowship: an ally", with_starting("The Gaffer, Sam's Father"),
         "starting_fellowship_not_companion"),
    case("starting fellowship: Elrond, an ally who must spot Gandalf or an Elf",
         with_starting("Elrond, Lord of Rivendell"),
         "starting_fellowship_not_companion", "starting_fellowship_requirement"),
    case("starting fellowship: Merry, Pippin and Sam (4 twilight)",
         with_starting("Merry, Friend to Sam", "Pippin, Friend to Frodo", "Sam, Son of Hamfast")),
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
    report = validate_deck(parse_deck_list(deck.text, card_index()), formats()[deck.format])
    found = {error.code for error in report.errors}
    assert report.valid is deck.legal, [e.render() for e in report.errors]
    assert found == deck.decided_by
