"""Lists as players paste them (issue 16): a GEMP export with its name, format, notes and own
headers; a lone "Ring:" header; sites under a side's header; "4x Frodo" never split silently."""

from adjudicator.games.tcg.decklist import Role, parse_deck_list
from adjudicator.games.tcg.formats import formats
from adjudicator.games.tcg.validation import validate_deck
from tests.games.tcg.sample_decks import card_index

GEMP = """Elves at Moria
Format: Fellowship Block
Author: Wingfoot81
Ring-bearer: Frodo, Son of Drogo
Ring: The One Ring, The Ruling Ring

Adventure deck:
Bag End
The Prancing Pony

Free Peoples Draw Deck:
4x Legolas, Greenleaf
2x Gimli, Son of Gloin

Shadow Draw Deck:
4x Goblin Archer

Notes:
Mulligan for Legolas.
Keep the archers back.
"""


def parsed(text: str):
    return parse_deck_list(text, card_index())


def roles(deck) -> dict[str, tuple[Role, int]]:
    return {e.card.title: (e.role, e.count) for e in deck.entries}


def test_a_gemp_export_reads_without_a_problem():
    deck = parsed(GEMP)
    assert deck.problems == ()
    found = roles(deck)
    assert found["Frodo"] == (Role.RING_BEARER, 1) and found["The One Ring"] == (Role.RING, 1)
    assert found["Bag End"] == (Role.SITE, 1) and found["The Prancing Pony"] == (Role.SITE, 1)
    assert found["Legolas"] == (Role.DRAW, 4) and found["Goblin Archer"] == (Role.DRAW, 4)


def test_the_name_is_a_card_line_when_no_format_line_follows_it():
    deck = parsed("Elves at Moria\n4x Legolas, Greenleaf")
    assert [p.code for p in deck.problems] == ["unknown_card"]


def test_a_lone_ring_header_names_the_next_card_only():
    deck = parsed("Ring:\nThe One Ring, The Ruling Ring\n4x Legolas, Greenleaf\nBag End")
    found = roles(deck)
    assert found["The One Ring"][0] is Role.RING
    assert found["Legolas"] == (Role.DRAW, 4) and found["Bag End"][0] is Role.SITE


def test_a_site_under_a_sides_header_is_a_site_but_under_draw_deck_is_reported():
    assert roles(parsed("Shadow:\n4x Goblin Archer\nBag End"))["Bag End"][0] is Role.SITE
    report = validate_deck(parsed("Draw deck:\nBag End"), formats()["fellowship_block"])
    assert "site_in_draw_deck" in {e.code for e in report.errors}


def test_four_frodos_are_not_split_into_a_ring_bearer_and_three():
    report = validate_deck(parsed("4x Frodo, Son of Drogo"), formats()["fellowship_block"])
    assert "missing_ring_bearer" in {e.code for e in report.errors}
    assert not [e for e in report.entries if e.role is Role.RING_BEARER]
    assert sum(e.count for e in report.entries) == 4
    one = validate_deck(parsed("Frodo, Son of Drogo"), formats()["fellowship_block"])
    assert "assumed_ring_bearer" in {w.code for w in one.warnings}


def test_an_events_phases_and_a_possessions_bearer_are_read_from_its_text():
    from adjudicator.games.tcg.cards import bearer_requirement, event_phases

    assert event_phases("Spell. Weather. Maneuver: Exert a [Isengard] minion ...") == ("Maneuver",)
    assert event_phases("Fellowship or Regroup: Spot a ranger ...") == ("Fellowship", "Regroup")
    assert event_phases("Plays to your support area.") == ()
    assert bearer_requirement("Bearer must be a Dwarf. Bearer is strength +2.") == "a Dwarf"
    assert bearer_requirement("Plays on a companion.") == ""


def test_the_rulebooks_russian_card_names_read_as_the_cards():
    deck = parsed(
        "Хранитель Кольца: Фродо, Son of Drogo\n"
        "Кольцо: Кольцо Всевластья, The Ruling Ring\n2x Лурц\n1x Арагорн"
    )
    found = {e.card.full_title: e.role for e in deck.entries}
    assert found["Frodo, Son of Drogo"] is Role.RING_BEARER
    assert found["The One Ring, The Ruling Ring"] is Role.RING
    assert any(title.startswith("Lurtz") for title in found)
    assert [p.code for p in deck.problems] == ["ambiguous_card"]  # Aragorn has two versions


#: GEMP's deck page (``/deck/html``) as its server writes it: name and format in headings, each
#: card a tooltip span with its image, one per ``<br/>``, the notes under an ``<h3>``.
GEMP_HTML = (
    "<html><body><div><h1>Elves at Moria</h1><h2>Format: Fellowship Block</h2>"
    "<h2>Author: Wingfoot81</h2>"
    '<b>Ring-bearer:</b> <span class="tooltip">Frodo, Son of Drogo<span>'
    '<img class="ttimage" src="https://example.org/LOTR-EN01S290.0_card.jpg" ></span></span><br/>'
    '<b>Ring:</b> <span class="tooltip">The One Ring, The Ruling Ring<span><img src="x"></span>'
    "</span><br/><br/><b>Adventure deck:</b><br/>"
    '<span class="tooltip">The Prancing Pony<span><img src="x"></span></span><br/><br/>'
    "<b>Free Peoples Draw Deck:</b><br/>\n"
    '2x <span class="tooltip">Frór, Gimli&#39;s Kinsman<span><img src="x"></span></span><br/>\n'
    '1x <span class="tooltip">Speak &quot;Friend&quot; and\n Enter<span><img src="x"></span>'
    "</span><br/><br/><b>Shadow Draw Deck:</b><br/>"
    '4x <span class="tooltip">Goblin Archer<span><img src="x"></span></span><br/>'
    "<h3>Notes</h3><br>Mulligan for Legolas.<br/>2x is plenty</div></body></html>"
)


def test_gemps_deck_page_pasted_as_html_reads_as_its_text():
    from adjudicator.games.tcg.decklist import html_export_text

    text = html_export_text(GEMP_HTML)
    assert text.splitlines()[:5] == [
        "Elves at Moria", "Format: Fellowship Block", "Author: Wingfoot81",
        "Ring-bearer: Frodo, Son of Drogo", "Ring: The One Ring, The Ruling Ring",
    ]  # fmt: skip
    assert "2x Frór, Gimli's Kinsman" in text and '1x Speak "Friend" and Enter' in text
    deck = parsed(GEMP_HTML)
    assert deck.problems == ()
    found = roles(deck)
    assert found["Frodo"] == (Role.RING_BEARER, 1) and found["The One Ring"] == (Role.RING, 1)
    assert found["The Prancing Pony"] == (Role.SITE, 1) and found["Frór"] == (Role.DRAW, 2)
    assert found["Goblin Archer"] == (Role.DRAW, 4) and sum(roles(deck)[t][1] for t in found) == 10


def test_a_plain_list_is_not_taken_for_html():
    from adjudicator.games.tcg.decklist import html_export_text

    plain = "4x Legolas, Greenleaf\n2 1R50 # <3 elves\n"
    assert html_export_text(plain) == plain


def test_every_card_name_the_russian_rulebook_gives_reads_and_a_russian_title_suggests():
    deck = parsed("Трубка Бильбо\n2 Урук-хайский Арсенал\nГость на хоббитской вечеринке\n"
                  "Фродо, Сын Дрого")  # fmt: skip
    assert {e.card.id for e in deck.entries} == {"1_285", "1_157", "1_297"}
    (problem,) = deck.problems
    assert problem.code == "unknown_card" and problem.line == 4
    assert "1_290" in {card.id for card in problem.suggestions}  # Frodo, Son of Drogo
