"""Every section the TCG engine cites exists in the parsed rulebook."""

import pytest

from adjudicator.games.tcg import citations
from rules_corpus.parsing import parse_rulebook


@pytest.mark.parametrize("citation", citations.ALL, ids=lambda c: c.anchor)
def test_each_citation_resolves_to_a_section(citation):
    rulebook = parse_rulebook(citation.rulebook)
    section = rulebook.section(citation.anchor)
    assert section.heading == citation.title


def test_every_citation_constant_is_listed():
    constants = [v for v in vars(citations).values() if isinstance(v, type(citations.SKIRMISH))]
    assert set(constants) == set(citations.ALL)
