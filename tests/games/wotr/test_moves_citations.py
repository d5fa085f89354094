"""Every citation the move checker can answer with names a section that exists."""

from functools import cache

import pytest

from adjudicator.games.wotr.moves.citations import all_citations
from rules_corpus.parsing import parse_rulebook


@cache
def anchors(rulebook: str) -> frozenset[str]:
    parsed = parse_rulebook(rulebook)
    sections = getattr(parsed, "sections", parsed)
    found = set()

    def walk(items):
        for section in items:
            found.add(section.anchor)
            walk(getattr(section, "children", ()) or ())

    walk(sections)
    return frozenset(found)


@pytest.mark.parametrize("citation", all_citations(), ids=lambda c: f"{c.rulebook}#{c.anchor}")
def test_citation_resolves(citation):
    assert citation.anchor in anchors(citation.rulebook)


def test_there_are_citations_of_both_rulebooks():
    assert {c.rulebook for c in all_citations()} == {"wotr-rules", "wotr-warriors"}
