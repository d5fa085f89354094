"""The board's rows and the map's regions kept by what each shows (``board_view._rows``,
``map_svg._regions``): the same text as written afresh, for positions, highlights and factions
that share most of their regions, in every language."""

import random

import pytest
from django.utils import translation

from adjudicator.games.wotr import map_svg
from adjudicator.games.wotr.reading import read_position
from adjudicator.web.wotr_moves import board_view, presenters
from tests.web.wotr_moves.test_skeleton import positions


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_kept_rows_and_regions_are_written_afresh_alike(monkeypatch, language):
    rng = random.Random(language)
    cases = [
        (position, {"ents": {"fangorn": rng.randint(1, 2)}} if rng.random() < 0.3 else {},
         {r: rng.choice([None, 1, 2]) for r in rng.sample(sorted(position.armies), 3)})
        for position in map(read_position, positions(40))
    ]  # fmt: skip
    with translation.override(language):
        names = presenters.region_names()
        kept = [
            (board_view.board_table(p, f, d),
             map_svg.board_regions(p, names=names, highlights={r: "destination" for r in d}))
            for p, f, d in cases
        ]  # fmt: skip
        assert len(board_view._rows) < 40 * 105 and len(map_svg._regions) < 40 * 105
        monkeypatch.setattr(board_view, "ROWS_KEPT", 0)
        monkeypatch.setattr(map_svg, "REGIONS_KEPT", 0)
        board_view._rows.clear()
        map_svg._regions.clear()
        for (p, f, d), (table, regions) in zip(cases, kept, strict=True):
            assert board_view.board_table(p, f, d) == table
            highlights = {r: "destination" for r in d}
            assert map_svg.board_regions(p, names=names, highlights=highlights) == regions
