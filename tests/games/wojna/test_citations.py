"""The Wojna citations' titles name their sections (anchors: test_citations_resolve.py)."""

import pytest

from adjudicator.games.common import Citation
from adjudicator.games.wojna import citations

parsing = pytest.importorskip("rules_corpus.parsing")

CITATIONS = [v for v in vars(citations).values() if isinstance(v, Citation)]


@pytest.mark.parametrize("citation", CITATIONS, ids=lambda c: c.anchor)
def test_citation_title_ends_with_the_sections_heading(citation):
    """Titles name the section, prefixed by its chapter where a heading repeats or is short."""
    section = parsing.parse_rulebook(citation.rulebook).section(citation.anchor)
    assert citation.title.split(" › ")[-1] == section.heading.rstrip(".")
