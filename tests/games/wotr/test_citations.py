"""Every citation the engine uses names a section that exists in the parsed rulebook."""

import pytest

from adjudicator.games.wotr import citations

parsing = pytest.importorskip("rules_corpus.parsing")


@pytest.mark.parametrize("citation", citations.ALL, ids=lambda c: f"{c.rulebook}#{c.anchor}")
def test_citation_anchor_exists(citation):
    book = parsing.parse_rulebook(citation.rulebook)
    assert citation.anchor in {section.anchor for section in book.sections}
