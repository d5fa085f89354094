"""Deck validation: legal decks from the card data, and decks that break exactly one rule."""

from dataclasses import replace

import pytest

from adjudicator.games.tcg import citations as rules
from adjudicator.games.tcg.decklist import parse_deck_list
from adjudicator.games.tcg.formats import TRANSLATABLE_NAMES, DeckFormat, formats
from adjudicator.games.tcg.validation import validate_deck
from tests.games.tcg.sample_decks import card_index, legal_deck

FELLOWSHIP_BLOCK = formats()["fellowship_block"]
LEGAL = legal_deck()
FOUR_FP = "4x Axe Strike (1C3)"
RING_BEARER = "Ring-bearer: Frodo, Son of Drogo"
RING = "Ring: The One Ring, The Ruling Ring"
LAST_SITE = "Emyn Muil"


def report(text: str, fmt: DeckFormat = FELLOWSHIP_BLOCK):
    return validate_deck(parse_deck_list(text, card_index()), fmt)


def codes(text: str, fmt: DeckFormat = FELLOWSHIP_BLOCK) -> list[str]:
    return [e.code for e in report(text, fmt).errors]


def swap(old: str, new: str, deck: str = LEGAL) -> str:
    """The deck with one whole line replaced (the line must be there)."""
    assert old in deck.splitlines(), old
    return "\n".join(new if line == old else line for line in deck.splitlines())


def with_starting(*cards: str) -> str:
    """The legal deck with ``cards`` as its starting fellowship, taken out of the Free Peoples."""
    deck = swap(FOUR_FP, f"{4 - len(cards)}x Axe Strike (1C3)")
    return deck + "\nStarting fellowship:\n" + "\n".join(cards)


@pytest.mark.parametrize("offset", [0, 3, 6])
def test_decks_built_from_the_data_are_legal(offset):
    result = report(legal_deck(offset))
    assert result.valid, [e.render() for e in result.errors]
    assert result.warnings == ()
    assert result.stats["free_peoples"] == result.stats["shadow"] == 30
    assert [len(slot["cards"]) for slot in result.stats["sites"]] == [1] * 9


def test_frodo_ring_bearer_plus_three_frodos_is_legal():
    assert codes(swap(FOUR_FP, "3x Frodo, Old Bilbo's Heir\n1x Axe Strike")) == []


ONE_RULE_BROKEN = {
    "missing_ring_bearer": lambda: swap(RING_BEARER, ""),
    "invalid_ring_bearer": lambda: swap(RING_BEARER, "Ring-bearer: Merry, Friend to Sam"),
    "too_many_ring_bearers": lambda: LEGAL + "\nFrodo, Reluctant Adventurer *RB*",
    "missing_ring": lambda: swap(RING, ""),
    "invalid_ring": lambda: swap(RING, "Ring: Dwarven Armor"),
    "too_many_rings": lambda: LEGAL + "\nRing: The One Ring, Isildur's Bane",
    "draw_deck_too_small": lambda: legal_deck(free_peoples=29, shadow=29),
    "unbalanced_sides": lambda: legal_deck(free_peoples=31),
    "site_in_draw_deck": lambda: LEGAL + "\nDraw deck:\nEast Road",
    "ring_in_draw_deck": lambda: LEGAL + "\nDraw deck:\nThe One Ring, Isildur's Bane",
    "too_many_copies": lambda: swap("2x Dwarven Heart (1C10)", "2x Axe Strike"),
    "missing_site_number": lambda: swap(LAST_SITE, ""),
    "duplicate_site_number": lambda: LEGAL + "\nEast Road",
    "not_a_site": lambda: LEGAL + "\nSites:\nDwarven Armor",
    "starting_fellowship_not_companion": lambda: with_starting("Gimli's Helm"),
    "starting_fellowship_too_expensive": lambda: with_starting(
        "Aragorn, Ranger of the North", "Sam, Son of Hamfast"
    ),
    "starting_fellowship_not_unique": lambda: with_starting("Frodo, Old Bilbo's Heir"),
}


@pytest.mark.parametrize("code", ONE_RULE_BROKEN)
def test_each_broken_rule_is_the_only_error(code):
    assert codes(ONE_RULE_BROKEN[code]()) == [code]


def test_a_legal_starting_fellowship():
    result = report(with_starting("Sam, Son of Hamfast", "Merry, Friend to Sam"))
    assert result.valid
    assert result.stats["starting_fellowship"]["twilight"] == 3
    assert result.stats["draw_deck"] == 60


def test_starting_fellowship_check_is_optional():
    deck = with_starting("Gimli's Helm")
    parsed = parse_deck_list(deck, card_index())
    assert validate_deck(parsed, FELLOWSHIP_BLOCK, check_starting_fellowship=False).valid


def test_four_more_frodos_break_the_copy_rule_counting_the_ring_bearer():
    (error,) = report(swap(FOUR_FP, "4x Frodo, Old Bilbo's Heir")).errors
    assert error.code == "too_many_copies"
    assert "counting the Ring-bearer" in error.render()
    assert (error.params["count"], error.params["rest"]) == (5, 3)
    assert error.citation == rules.DRAW_DECK


def test_subtitles_do_not_make_a_different_title():
    deck = swap(FOUR_FP, "2x Legolas, Greenleaf\n2x Legolas, Prince of Mirkwood")
    assert codes(deck) == []
    deck = swap("2x Dwarven Heart (1C10)", "2x Legolas, Son of Thranduil", deck)
    (error,) = report(deck).errors
    assert (error.code, error.params["title"], error.params["count"]) == (
        "too_many_copies",
        "Legolas",
        6,
    )
    assert len(error.cards) == 3


def test_a_format_limits_the_sets():
    only_set_one = DeckFormat("set_one", "Set 1", frozenset({1}), 60, 4, tuple(range(1, 10)), 4)
    deck = swap(FOUR_FP, "4x Legolas, Son of Thranduil")
    assert codes(deck, FELLOWSHIP_BLOCK) == []
    assert codes(deck, only_set_one) == ["card_not_in_format"]
    assert formats()["fellowship_block"].sets == frozenset({1, 2, 3})


def test_every_format_name_is_marked_for_translation():
    """The pages and messages show ``gettext(name)``: a name not marked would stay English."""
    assert {slug: f.name for slug, f in formats().items()} == TRANSLATABLE_NAMES


def test_unmarked_frodo_is_taken_as_ring_bearer_with_a_warning():
    result = report(swap(RING_BEARER, "Frodo, Son of Drogo"))
    assert result.valid
    assert [w.code for w in result.warnings] == ["assumed_ring_bearer"]


def test_side_headers_that_disagree_with_the_card_only_warn():
    result = report(LEGAL.replace("Shadow:", "Free Peoples:"))
    assert result.valid
    assert [w.code for w in result.warnings] == ["section_side_mismatch"]


def test_errors_name_their_lines_and_cards():
    deck = swap("2x Dwarven Heart (1C10)", "2x Axe Strike")
    error = report(deck).errors[0]
    lines = deck.splitlines()
    assert error.lines == (lines.index(FOUR_FP) + 1, lines.index("2x Axe Strike") + 1)
    assert [c.id for c in error.cards] == ["1_3"]


def test_unknown_lines_make_the_deck_invalid_and_cite_deck_building():
    result = report(LEGAL + "\nNo Such Card")
    assert [e.code for e in result.errors] == ["unknown_card"]
    assert result.errors[0].citation == rules.DECK_BUILDING


def test_every_error_cites_a_rule():
    for make in ONE_RULE_BROKEN.values():
        for error in report(make()).errors:
            assert error.citation.rulebook == "lotr-tcg-rules"


def test_stats_of_the_legal_deck():
    stats = report(LEGAL).stats
    assert stats["draw_deck"] == 60
    assert sum(stats["twilight_curve"]["free_peoples"].values()) == 30
    assert sum(stats["twilight_curve"]["shadow"].values()) == 30
    assert sum(stats["types"].values()) == 60
    assert (
        stats["cultures"] == {"Dwarven": 30, "Moria": 26, "Isengard": 2, "Sauron": 2}
        or sum(stats["cultures"].values()) == 60
    )
    assert (stats["ring_bearer"]["id"], stats["ring"]["id"]) == ("1_290", "1_2")


def test_one_unreadable_line_is_the_only_error_the_totals_wait_for_it():
    """A misspelt line leaves the draw deck one card short, but only the line is reported: the
    totals are checked once every line names a card (rules: Создание своей колоды)."""
    broken = swap("4x Axe Strike (1C3)", "4x Axe Strik")
    checked = report(broken)
    assert [e.code for e in checked.errors] == ["unknown_card"]
    assert "totals_not_checked" in [w.code for w in checked.warnings]
    assert "totals_not_checked" not in [w.code for w in report(LEGAL).warnings]


@pytest.mark.parametrize(
    ("starting", "refused"),
    [
        (["Dwarf Guard"], {"Dwarf Guard"}),  # "To play, spot a Dwarf": Frodo is a Hobbit
        (["Lórien Elf"], {"Lórien Elf"}),
        (["Dwarf Guard", "Lórien Elf"], {"Dwarf Guard", "Lórien Elf"}),
        (["Gimli, Son of Gloin", "Dwarf Guard"], set()),  # Gimli first, then the Guard
        (["Dwarf Guard", "Gimli, Son of Gloin"], set()),  # the order listed does not matter
        (["Legolas, Greenleaf", "Lórien Elf"], set()),
    ],
)
def test_a_starting_companion_must_meet_its_play_requirement(starting, refused):
    """Issue 16: Dwarf Guard ("To play, spot a Dwarf") was accepted beside a lone Frodo."""
    result = report(with_starting(*starting))
    problems = [e for e in result.errors if e.code == "starting_fellowship_requirement"]
    assert {c.title for p in problems for c in p.cards} == refused
    assert all(p.citation == rules.STARTING_FELLOWSHIP for p in problems)


def test_a_restricted_card_is_allowed_once_where_its_format_restricts_it():
    """Today's GEMP restricts Forces of Mordor (1_248) in Open, not in the Fellowship block."""
    block, open_format = formats()["fellowship_block"], formats()["open"]
    assert block.restricted == block.banned == frozenset()
    assert "1_248" in open_format.restricted
    one = swap(FOUR_FP, "3x Axe Strike (1C3)") + "\n1x Forces of Mordor"
    two = swap(FOUR_FP, "2x Axe Strike (1C3)") + "\n2x Forces of Mordor"
    assert "too_many_restricted" not in codes(one, open_format)
    assert "too_many_restricted" in codes(two, open_format)
    assert "too_many_restricted" not in codes(two, block)


def test_a_banned_card_is_named():
    fmt = replace(formats()["fellowship_block"], banned=frozenset({"1_50"}))
    result = validate_deck(parse_deck_list(LEGAL + "\n1x Legolas, Greenleaf", card_index()), fmt)
    assert "card_banned" in {e.code for e in result.errors}


def test_play_requirements_are_read_as_races_cultures_types_keywords_and_titles():
    from adjudicator.games.tcg.cards import Spot, play_requirement

    assert play_requirement("To play, spot a Dwarf. While skirmishing ...") == (
        (Spot(race="Dwarf"),),
    )
    assert play_requirement("To play, spot 2 [Shire] companions.") == (
        (Spot(2, culture="Shire", type="Companion"),),
    )
    assert play_requirement("To play, spot Gandalf or an Elf.") == (
        (Spot(title="Gandalf"),), (Spot(race="Elf"),),
    )  # fmt: skip
    assert play_requirement("To play, spot Frodo and a Nazgul.") == (
        (Spot(title="Frodo"), Spot(race="Nazgul")),
    )
    assert play_requirement("To play, exert an Elf ally.") == ((Spot(race="Elf", type="Ally"),),)
    assert play_requirement("To play, spot a [Sauron] tracker.") == (
        (Spot(culture="Sauron", keyword="Tracker"),),
    )
    assert play_requirement("Plays to your support area.") == ()
    assert play_requirement("To play, spot a wounded thing under a hill.") is None


def test_every_play_requirement_of_the_data_is_read():
    """No card's "To play, spot/exert ..." falls back to unknown (which is never taken as met)."""
    from adjudicator.games.tcg.cards import play_requirement
    from tests.games.tcg.sample_decks import all_cards

    unread = [c.id for c in all_cards() if play_requirement(c.game_text) is None]
    assert unread == []


def _index_with(*extra):
    from adjudicator.games.tcg.cards import CardIndex
    from tests.games.tcg.sample_decks import all_cards

    return CardIndex((*all_cards(), *extra))


@pytest.mark.parametrize(
    ("requirement", "starting", "refused"),
    [
        ("To play, spot Gandalf.", [], True),
        ("To play, spot Gandalf.", ["Gandalf, Friend of the Shirefolk"], False),
        ("To play, spot 2 [Shire] companions.", [], True),  # Frodo is one
        ("To play, spot 2 [Shire] companions.", ["Merry, Friend to Sam"], False),
        ("To play, spot Frodo and an Elf.", [], True),
        ("To play, spot Frodo and an Elf.", ["Legolas, Greenleaf"], False),
        ("To play, spot a wounded thing under a hill.", [], True),  # unknown: never met
    ],
)
def test_a_starting_requirement_of_culture_count_or_title_is_met_in_some_order(
    requirement, starting, refused
):
    """Cards of sets 1–3 only ask a race; the rule reads cultures, counts and titles too."""
    from adjudicator.games.tcg.cards import Card

    test_card = Card(
        "9_1", "9C1", 9, 1, "C", "Test Guard", unique=False, side="free_peoples",
        culture="Gondor", type="Companion", twilight_cost=0, race="Man", game_text=requirement,
    )  # fmt: skip
    text = with_starting("Test Guard", *starting)
    result = validate_deck(parse_deck_list(text, _index_with(test_card)), FELLOWSHIP_BLOCK, True)
    problems = [e for e in result.errors if e.code == "starting_fellowship_requirement"]
    assert bool(problems) is refused
    if refused:
        assert problems[0].params["requirement"] == requirement.removeprefix("To play, ")[:-1]
