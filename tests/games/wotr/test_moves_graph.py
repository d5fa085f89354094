"""The board graph the move checker walks: 105 regions, 232 symmetric borders, all connected."""

from adjudicator.games.wotr.board import BOARD, STRONGHOLD
from adjudicator.games.wotr.moves import graph


def test_105_regions_and_232_symmetric_borders():
    assert len(BOARD.regions) == 105
    pairs = {frozenset((a, b)) for a in BOARD.regions for b in graph.neighbours(a)}
    assert len(pairs) == 232
    assert all(a in graph.neighbours(b) for a in BOARD.regions for b in graph.neighbours(a))
    assert all(a not in graph.neighbours(a) for a in BOARD.regions)


def test_every_stronghold_is_reachable_from_rivendell():
    reach = graph.distances("rivendell", len(BOARD.regions))
    strongholds = [s for s, r in BOARD.regions.items() if r.settlement == STRONGHOLD]
    assert len(strongholds) >= 10
    assert all(s in reach for s in strongholds)
    assert len(reach) == 105


def test_black_lines_never_coincide_with_passable_borders():
    for slug, region in BOARD.regions.items():
        assert not region.impassable & region.neighbours, slug


def test_distances_respect_stopping_regions():
    free = graph.distances("hollin", 2)
    stopped = graph.distances("hollin", 2, can_continue=lambda r: r != "moria")
    assert free["dimrill-dale"] == 2
    assert "dimrill-dale" not in stopped and stopped["moria"] == 1


def test_walk_ends_allow_going_back_and_forth():
    assert "rivendell" in graph.walk_ends("rivendell", 2)
    assert graph.walk_ends("rivendell", 0) == {"rivendell"}
    assert graph.broken_step(["rivendell", "hollin"]) == ("rivendell", "hollin")
    assert graph.broken_step(["rivendell", "trollshaws"]) is None
