"""The deck-list parser on clean and messy pastes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.tcg.cards import CardIndex
from adjudicator.games.tcg.decklist import (
    MAX_LINES,
    MAX_SUGGESTED,
    ListTooLong,
    Role,
    Section,
    parse_deck_list,
    replace_card,
)
from tests.games.tcg.sample_decks import card_index, legal_deck
from tests.memory import MB, peak_bytes


def parse(text: str):
    return parse_deck_list(text, card_index())


def only_entry(text: str):
    parsed = parse(text)
    assert not parsed.problems, parsed.problems
    (entry,) = parsed.entries
    return entry


@pytest.mark.parametrize(
    ("line", "count", "card_id"),
    [
        ("4x Legolas, Greenleaf", 4, "1_50"),
        ("4 x Legolas, Greenleaf", 4, "1_50"),
        ("4 Legolas, Greenleaf", 4, "1_50"),
        ("x4 Legolas, Greenleaf", 4, "1_50"),
        ("Legolas, Greenleaf x4", 4, "1_50"),
        ("Legolas, Greenleaf (4)", 4, "1_50"),
        ("4× legolas greenleaf", 4, "1_50"),
        ("2 1R50", 2, "1_50"),
        ("1R50", 1, "1_50"),
        ("1 R 50", 1, "1_50"),
        ("3 1_50", 3, "1_50"),
        ("2x Legolas, Greenleaf (1R50)", 2, "1_50"),
        ("2x Legolas (1R50)", 2, "1_50"),
        ("2x Legolas, Greenlef (1R50)", 2, "1_50"),
        ("4 Goblin Runner 1U178", 4, "1_178"),
        ("Legolas, Greenleaf 4x", 4, "1_50"),
        ("- 2 Lorien Elf", 2, "1_53"),
        ("* 2 LÓRIEN ELF", 2, "1_53"),
        ("2 Lórien Elf   # my favourite", 2, "1_53"),
        ("2 Lorien Elf // comment", 2, "1_53"),
        ("•Gimli, Son of Gloin", 1, "1_13"),
        ("The Bridge of Khazad-dum", 1, "1_349"),
    ],
)
def test_line_forms(line, count, card_id):
    entry = only_entry(line)
    assert (entry.count, entry.card.id) == (count, card_id)


def test_sections_and_markers_give_roles():
    parsed = parse(
        "Ring-bearer:\nFrodo, Son of Drogo\n\nRing: The One Ring, The Ruling Ring\n"
        "## Sites (9)\nBag End\n**Free Peoples:**\n2 Legolas, Greenleaf\n"
        "Starting fellowship:\nGimli, Son of Gloin\nShadow (30):\n3 Goblin Runner\n"
    )
    roles = {e.card.id: (e.role, e.section) for e in parsed.entries}
    assert roles == {
        "1_290": (Role.RING_BEARER, Section.RING_BEARER),
        "1_2": (Role.RING, Section.RING),
        "1_319": (Role.SITE, Section.SITES),
        "1_50": (Role.DRAW, Section.FREE_PEOPLES),
        "1_13": (Role.STARTING, Section.STARTING),
        "1_178": (Role.DRAW, Section.SHADOW),
    }


def test_headers_without_a_colon_are_headers_not_unknown_cards():
    parsed = parse(
        "Free Peoples (30)\n2 Legolas, Greenleaf\nSHADOW\n3 Goblin Runner\nSites\nBag End"
    )
    assert not parsed.problems
    assert [e.section for e in parsed.entries] == [
        Section.FREE_PEOPLES, Section.SHADOW, Section.SITES,
    ]  # fmt: skip
    (named,) = parse("The One Ring").problems
    assert named.code == "ambiguous_card"


def test_inline_header_applies_to_its_line_only():
    parsed = parse("Shadow:\nRing-bearer: Frodo, Son of Drogo\n2 Goblin Runner")
    assert [(e.role, e.section) for e in parsed.entries] == [
        (Role.RING_BEARER, Section.RING_BEARER),
        (Role.DRAW, Section.SHADOW),
    ]


def test_ring_bearer_marker_and_unsectioned_sites_and_ring():
    parsed = parse("Frodo, Son of Drogo *RB*\nThe One Ring, Isildur's Bane\nBree Gate")
    assert [e.role for e in parsed.entries] == [Role.RING_BEARER, Role.RING, Role.SITE]


def test_line_numbers_count_blank_and_comment_lines():
    parsed = parse("# deck\n\n// nothing\n2 Goblin Runner\n\nNo Such Card")
    assert parsed.entries[0].line == 4
    assert parsed.problems[0].line == 6


def test_ambiguous_title_lists_every_version():
    (problem,) = parse("4 Aragorn").problems
    assert problem.code == "ambiguous_card"
    assert {c.id for c in problem.suggestions} == {"1_89", "1_365", "3_38"}


def test_a_collector_number_naming_another_card_is_reported_not_guessed():
    """The name says Prince of Mirkwood (1U51), the number says Greenleaf (1R50): the two
    differ in strength, text and uniqueness checks, so the line is not read as either."""
    (problem,) = parse("2x Legolas, Prince of Mirkwood (1R50)").problems
    assert problem.code == "ambiguous_card"
    assert {c.id for c in problem.suggestions} == {"1_50", "1_51"}
    assert "1R50" in problem.message % problem.params


def test_unknown_card_suggests_close_names():
    (problem,) = parse("Legolas, Grenleaf").problems
    assert problem.code == "unknown_card"
    assert problem.suggestions[0].id == "1_50"


def test_only_a_list_s_first_problems_get_suggestions(monkeypatch):
    """Each suggestion compares a name with every card name: 600 typos are not 600 × names
    comparisons (issue 27)."""
    looked_for = []
    suggest = CardIndex.suggest
    monkeypatch.setattr(
        CardIndex, "suggest", lambda self, key: looked_for.append(key) or suggest(self, key)
    )
    problems = parse("\n".join(f"1 Legolas, Grenleaf {n}" for n in range(600))).problems
    assert len(problems) == 600
    assert len(looked_for) == MAX_SUGGESTED
    assert problems[MAX_SUGGESTED - 1].suggestions and not problems[MAX_SUGGESTED].suggestions


def test_the_longest_list_is_read_in_bounded_memory():
    text = "\n".join(f"99 {'Gandalf, Frend of the Grey ' * 3}"[:99] for _ in range(MAX_LINES))
    card_index()
    assert peak_bytes(lambda: parse(text)) < 8 * MB


@pytest.mark.parametrize("line", ["-2 Goblin Runner", "0 Goblin Runner", "100 Goblin Runner"])
def test_impossible_counts_are_reported(line):
    (problem,) = parse(line).problems
    assert problem.code == "invalid_count"


def test_garbage_bytes_are_unknown_lines_not_crashes():
    parsed = parse("\x00\x01 2 Goblin\x07 Runner\n\ufffd\ufffd\n\udcff")
    assert parsed.entries[0].card.id == "1_178"
    assert [p.code for p in parsed.problems] == ["unknown_card"]


def test_the_line_limit_counts_lines_not_line_breaks():
    assert len(parse("1 Goblin Runner\n" * MAX_LINES).entries) == MAX_LINES
    with pytest.raises(ListTooLong):
        parse("1 Goblin Runner\n" * (MAX_LINES + 1))


def test_a_ten_thousand_line_paste_is_refused():
    with pytest.raises(ListTooLong):
        parse("1 Goblin Runner\n" * 10_000)
    assert MAX_LINES < 10_000


def test_the_legal_sample_parses_cleanly():
    parsed = parse(legal_deck())
    assert not parsed.problems
    assert sum(e.count for e in parsed.entries) == 62 + 9


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400))
def test_any_text_parses_without_crashing(text):
    parsed = parse(text)
    assert all(e.count >= 1 for e in parsed.entries)
    assert all(p.line >= 1 for p in parsed.problems)


@pytest.mark.parametrize(
    ("line", "fixed"),
    [
        ("4X Legolas", "4x Legolas, Greenleaf (1R50)"),
        ("Legolas x4", "4x Legolas, Greenleaf (1R50)"),
        ("4х Legolas", "4x Legolas, Greenleaf (1R50)"),  # a Cyrillic х
        ("x4 Legolas", "4x Legolas, Greenleaf (1R50)"),
        ("Legolas", "Legolas, Greenleaf (1R50)"),
        ("Ring-bearer: Legolsa", "Ring-bearer: Legolas, Greenleaf (1R50)"),
        ("Legolsa *RB*", "Legolas, Greenleaf (1R50) *RB*"),
        ("Shadow: Legolsa", "Shadow: Legolas, Greenleaf (1R50)"),
    ],
)
def test_a_fixed_line_keeps_its_count_header_and_marker(line, fixed):
    """ "Fix this line" names the tapped card and keeps what else the line says (the count in
    any form the reader takes: 4 copies stayed 1 before)."""
    assert replace_card(line, "Legolas, Greenleaf (1R50)") == fixed
