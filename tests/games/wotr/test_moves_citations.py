"""The move checker cites both rulebooks (each anchor: tests/games/test_citations_resolve.py)."""

from adjudicator.games.wotr.moves.citations import all_citations


def test_there_are_citations_of_both_rulebooks():
    assert {c.rulebook for c in all_citations()} == {"wotr-rules", "wotr-warriors"}
