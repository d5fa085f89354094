"""Draw odds: the exact hypergeometric tail against independent computations (a product of
single draws, enumeration of every hand), and the deck's shuffled pile as the rules make it."""

from fractions import Fraction
from itertools import combinations
from math import prod

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.tcg import citations as rules
from adjudicator.games.tcg.decklist import parse_deck_list
from adjudicator.games.tcg.draw_odds import at_least, draw_odds, opening_hand_table
from tests.games.tcg.sample_decks import card_index, legal_deck


def none_drawn(population: int, successes: int, draws: int) -> Fraction:
    """P(no hit) as the product of the single draws' chances of missing."""
    return prod(
        (Fraction(population - successes - i, population - i) for i in range(draws)), start=1
    )


def test_four_copies_in_a_sixty_card_pile_in_eight_cards():
    chance = at_least(60, 4, 8, 1)
    assert chance == 1 - none_drawn(60, 4, 8)
    assert round(float(chance), 4) == 0.4448


@given(
    st.integers(1, 9).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n), st.integers(0, n + 1))
    )
)
def test_the_tail_equals_an_enumeration_of_every_hand(case):
    population, successes, draws, k = case
    hands = list(combinations(range(population), draws))
    hits = [sum(card < successes for card in hand) >= k for hand in hands]
    assert at_least(population, successes, draws, k) == Fraction(sum(hits), len(hands))


def entries(text: str):
    return parse_deck_list(text, card_index()).entries


def test_the_opening_hand_comes_from_the_pile_without_the_starting_fellowship():
    deck = legal_deck()
    odds = draw_odds(entries(deck), "type:Minion")
    assert odds.deck_size == 60 and odds.copies > 0
    assert odds.opening_hand == at_least(60, odds.copies, 8, 1)
    assert [s.seen for s in odds.by_site] == [8, 10, 12, 14, 16, 18, 20, 22, 24]
    assert all(a.chance <= b.chance for a, b in zip(odds.by_site, odds.by_site[1:], strict=False))
    assert rules.OPENING_HAND in odds.citations and rules.RECONCILE in odds.citations
    assert any("draw" in a for a in odds.assumptions)


def test_a_card_is_found_by_title_or_collector_number_and_counts_its_copies():
    deck = legal_deck()
    parsed = entries(deck)
    first = next(e for e in parsed if e.role.value == "draw")
    by_title = draw_odds(parsed, first.card.title, draws_per_site=0)
    by_number = draw_odds(parsed, first.card.collector_info, draws_per_site=0)
    assert by_title.copies == by_number.copies >= first.count
    assert {s.seen for s in by_title.by_site} == {8}


def test_at_least_two_copies_is_less_likely_than_one():
    parsed = entries(legal_deck())
    assert (
        draw_odds(parsed, "side:shadow", 2).opening_hand
        < draw_odds(parsed, "side:shadow", 1).opening_hand
    )


def test_a_target_not_in_the_pile_or_bad_numbers_name_every_problem():
    with pytest.raises(InvalidInput) as error:
        draw_odds(entries(legal_deck()), "culture:No such culture", 0, 99)
    assert {field for field, _ in error.value.problems} == {"target", "at_least", "draws_per_site"}


def test_the_table_lists_every_card_of_the_pile_most_likely_first():
    parsed = entries(legal_deck())
    table = opening_hand_table(parsed)
    assert sum(row.copies for row in table) == 60
    chances = [row.opening_hand for row in table]
    assert chances == sorted(chances, reverse=True)
    assert table[0].opening_hand == at_least(60, table[0].copies, 8, 1)
