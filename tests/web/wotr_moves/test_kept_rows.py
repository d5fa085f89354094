"""The board's rows and the map's regions kept by what each shows (``board_view._rows``,
``map_svg._regions``): the same text as written afresh, for positions, highlights and factions
that share most of their regions, in every language."""

import json
import random
from dataclasses import replace
from types import MappingProxyType

import pytest
from django.utils import translation

from adjudicator.games.wotr import map_svg
from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.reading import read_position
from adjudicator.web.wotr_moves import board_view, presenters, views
from tests.games.wotr.moves_cases import (
    ARMY_CASES,
    ATTACK_CASES,
    CHARACTER_CASES,
    FACTION_CASES,
    FELLOWSHIP_CASES,
)
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


def _case_positions() -> list[dict]:
    """The move table's positions: characters, sieges, captures and the Fellowship moved."""
    cases = [*ARMY_CASES, *ATTACK_CASES, *CHARACTER_CASES, *FELLOWSHIP_CASES, *FACTION_CASES]
    return list({json.dumps(c.position, sort_keys=True): c.position for c in cases}.values())


@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_a_position_page_writes_the_setups_regions_where_it_shows_them_alike(language):
    """``position_parts`` writes the setup's row, map region and armies' JSON for every region
    outside ``regions_differing_from`` (and the destinations and factions): the same text as
    each written from the position."""
    rng = random.Random(language)
    cases = [
        (read_position(data), {"ents": {"fangorn": 1}} if rng.random() < 0.3 else {},
         {r: rng.choice([None, 1]) for r in rng.sample(sorted(BOARD.regions), 2)})
        for data in [*positions(20), *_case_positions()]
    ]  # fmt: skip
    setup = standard_setup()
    cases += [  # one thing changed alone (unchecked: drawn, not judged)
        (replace(setup, sieges=frozenset({"minas-tirith"})), {}, {}),
        (replace(setup, control=MappingProxyType({"dol-amroth": "shadow"})), {}, {}),
        (
            replace(setup, characters=MappingProxyType({"gimli": "erebor", "legolas": "erebor"})),
            {},
            {},
        ),
        (
            replace(setup, characters=MappingProxyType({"legolas": "erebor", "gimli": "erebor"})),
            {},
            {},
        ),
    ]
    with translation.override(language):
        names = presenters.region_names()
        for position, factions, destinations in cases:
            parts = views.position_parts(position, factions, destinations)
            highlights = {r: "destination" for r in destinations}
            assert parts["board_table"] == board_view.board_table(position, factions, destinations)
            assert parts["board_regions"] == map_svg.board_regions(
                position, names=names, highlights=highlights
            )
            data = position.to_dict()
            assert parts["position_json"] == json.dumps(data, ensure_ascii=False, indent=1)
