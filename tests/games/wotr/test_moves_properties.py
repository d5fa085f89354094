"""Properties of the checker over generated positions and moves (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.wotr.board import BOARD, FREE_PEOPLES, SHADOW
from adjudicator.games.wotr.moves import check_move, graph, legal_destinations
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.position import Political, Position, Units, standard_setup

REGIONS = sorted(BOARD.regions)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw) -> Position:
    """The setup with a few Shadow armies dropped on free regions and random war status."""
    position = standard_setup()
    for region in draw(st.lists(st.sampled_from(REGIONS), max_size=4, unique=True)):
        if position.sides_present(region):
            continue
        position = position.with_units(region, "sauron", Units(regular=draw(st.integers(1, 2))))
    political = {
        nation: Political(0, True) if draw(st.booleans()) else position.political_status(nation)
        for nation in BOARD.nations
    }
    return Position(
        armies=position.armies,
        fellowship=position.fellowship,
        control=position.control,
        political=political,
    )


def armies_of(position: Position) -> list[tuple[str, str]]:
    return sorted(
        (region, nation)
        for region, by_nation in position.armies.items()
        for nation, units in by_nation.items()
        if units.units
    )


@SETTINGS
@given(positions(), st.data())
def test_no_army_move_into_enemy_units_except_a_stronghold_it_besieges(position, data):
    region, nation = data.draw(st.sampled_from(armies_of(position)))
    units = position.nation_units(region)[nation]
    to = data.draw(st.sampled_from(REGIONS))
    move = {
        "kind": "army",
        "from": region,
        "to": to,
        "units": {"nation": nation, **units.to_dict()},
        "die": data.draw(st.sampled_from(["army", "character", "event"])),
    }
    verdict = check_move(position, move)
    side = BOARD.side_of(nation)
    enemy = SHADOW if side == FREE_PEOPLES else FREE_PEOPLES
    if verdict.legal:
        besieging = Situation(position).besieged_by(to, side)
        assert not position.side_units(to, enemy).units or besieging
        assert to in graph.neighbours(region)
        assert position.side_units(to, side).units + units.units <= 10
    else:
        assert verdict.reasons and all(r.citation for r in verdict.reasons)


@SETTINGS
@given(positions(), st.data())
def test_army_destinations_are_one_step_away_and_legal(position, data):
    region, nation = data.draw(st.sampled_from(armies_of(position)))
    units = position.nation_units(region)[nation]
    piece = {"kind": "army", "from": region, "units": {"nation": nation, **units.to_dict()}}
    for destination in legal_destinations(position, piece):
        assert destination.steps == 1
        assert destination.region in graph.neighbours(region)
        assert check_move(position, {**piece, "to": destination.region}).legal


@SETTINGS
@given(positions(), st.data())
def test_army_destinations_are_every_region_the_checker_allows(position, data):
    """legal_destinations tries only an army's neighbours: no region of the board it skips is
    one check_move would allow."""
    region, nation = data.draw(st.sampled_from(armies_of(position)))
    units = position.nation_units(region)[nation]
    piece = {"kind": "army", "from": region, "units": {"nation": nation, **units.to_dict()}}
    allowed = {to for to in REGIONS if check_move(position, {**piece, "to": to}).legal}
    assert {d.region for d in legal_destinations(position, piece)} == allowed


@SETTINGS
@given(
    st.sampled_from(REGIONS),
    st.sampled_from(
        sorted(c for c in BOARD.characters if c not in ("witch-king", "saruman", "mouth-of-sauron"))
    ),
)
def test_character_destinations_are_reachable_in_the_stated_steps(region, slug):
    setup = standard_setup()
    companions = tuple(c for c in setup.fellowship.companions if c != slug)
    fellowship = setup.fellowship.__class__(
        region="rivendell",
        guide=max(companions, key=lambda c: BOARD.characters[c].level or 0),
        companions=companions,
    )
    position = Position(armies=setup.armies, fellowship=fellowship, characters={slug: region})
    level = BOARD.characters[slug].level or 0
    for destination in legal_destinations(position, {"kind": "character", "characters": [slug]}):
        assert 1 <= destination.steps <= level
        shortest = graph.distances(region, level)[destination.region]
        assert shortest <= destination.steps


@SETTINGS
@given(positions(), st.sampled_from(["dol-guldur", "morannon", "minas-morgul", "barad-dur"]))
def test_nazgul_never_land_in_an_unbesieged_free_peoples_stronghold(position, origin):
    for destination in legal_destinations(position, {"kind": "nazgul", "from": origin, "count": 1}):
        data = BOARD.regions[destination.region]
        assert not (
            data.settlement == "stronghold"
            and position.controller(destination.region) == FREE_PEOPLES
        )


@SETTINGS
@given(st.integers(0, 4), st.sampled_from(["rivendell", "hollin", "bree", "edoras"]))
def test_declared_fellowship_ends_exactly_progress_steps_away(progress, region):
    setup = standard_setup()
    fellowship = setup.fellowship.__class__(
        region=region,
        progress=progress,
        guide="gandalf-grey",
        companions=setup.fellowship.companions,
    )
    position = Position(armies=setup.armies, fellowship=fellowship)
    ends = graph.walk_ends(region, progress)
    for destination in legal_destinations(position, {"kind": "declare"}):
        assert destination.steps == progress
        assert destination.region in ends
        assert graph.distances(region, progress).get(destination.region) is not None


@SETTINGS
@given(positions(), st.data())
def test_separating_destinations_are_every_region_the_checker_allows(position, data):
    """legal_destinations tries only the regions within a separating companion's reach over
    the open board: no region of the board it skips is one check_move would allow (sieges,
    Shadow strongholds on the way and the progress counter as drawn)."""
    fellowship = position.fellowship.__class__(
        region=data.draw(st.sampled_from(REGIONS)),
        progress=data.draw(st.integers(0, 4)),
        guide=position.fellowship.guide,
        companions=position.fellowship.companions,
    )
    sieges = frozenset({"helms-deep", "lorien"} if data.draw(st.booleans()) else ())
    position = Position(
        armies=position.armies,
        fellowship=fellowship,
        control=position.control,
        political=position.political,
        sieges=sieges,
    )
    piece = {"kind": "separate", "companions": [data.draw(st.sampled_from(fellowship.companions))]}
    allowed = {to for to in REGIONS if check_move(position, {**piece, "to": to}).legal}
    assert {d.region for d in legal_destinations(position, piece)} == allowed
