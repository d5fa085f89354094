"""Every section the Journey to Mordor engine cites exists in the parsed rulebook."""

import pytest

from adjudicator.games.mordor import citations
from rules_corpus.parsing import parse_rulebook


@pytest.mark.parametrize("citation", citations.ALL, ids=lambda c: c.anchor)
def test_each_citation_names_a_real_section(citation):
    rulebook = parse_rulebook(citation.rulebook)
    assert citation.anchor in {section.anchor for section in rulebook.sections}
