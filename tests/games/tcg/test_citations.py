"""Every section the TCG engine cites exists in the parsed rulebook."""

import pytest

from adjudicator.games.common import Citation
from adjudicator.games.tcg import citations
from rules_corpus.parsing import parse_rulebook

CITATIONS = [v for v in vars(citations).values() if isinstance(v, Citation)]


@pytest.mark.parametrize("citation", CITATIONS, ids=lambda c: c.anchor)
def test_each_citation_resolves_to_a_section(citation):
    rulebook = parse_rulebook(citation.rulebook)
    section = rulebook.section(citation.anchor)
    assert section.heading == citation.title
