"""Every ``Citation`` constant of every game's citations module names a section that exists.

An anchor is ``slugify(heading)`` with ``-2``, ``-3``... for repeats (docs/conventions.md); a
citation whose anchor is not in ``rules_corpus.parsing.parse_rulebook`` would link to a 404.
"""

import importlib
import pkgutil

import pytest

import adjudicator.games
from adjudicator.games.common import Citation
from rules_corpus.parsing import parse_rulebook

CITATION_MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(adjudicator.games.__path__, "adjudicator.games.")
    if module.name.endswith(".citations")
)
CITATIONS = [
    pytest.param(value, id=f"{name.removeprefix('adjudicator.games.')}.{constant}")
    for name in CITATION_MODULES
    for constant, value in vars(importlib.import_module(name)).items()
    if isinstance(value, Citation)
]


def test_every_games_citations_are_collected():
    assert CITATION_MODULES == [
        "adjudicator.games.mordor.citations",
        "adjudicator.games.tcg.citations",
        "adjudicator.games.wojna.citations",
        "adjudicator.games.wotr.citations",
        "adjudicator.games.wotr.moves.citations",
    ]
    assert len(CITATIONS) > 100


@pytest.mark.parametrize("citation", CITATIONS)
def test_citation_names_a_section_of_its_rulebook(citation: Citation):
    assert citation.anchor in parse_rulebook(citation.rulebook).anchors
    assert citation.title
