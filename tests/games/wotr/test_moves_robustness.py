"""Whatever a client sends, the checker answers a verdict or raises InvalidInput (never crashes)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.moves import Situation, check_move, legal_destinations
from adjudicator.games.wotr.moves.model import DICE, FACTION_ACTIONS, FACTIONS, MOVE_KINDS
from adjudicator.games.wotr.position import standard_setup

REGIONS = st.sampled_from(
    ["edoras", "rivendell", "minas-tirith", "morannon", "umbar", "Эрех", "nowhere", 7]
)
CHARACTERS = st.lists(
    st.sampled_from(["gimli", "strider", "witch-king", "saruman", "bilbo"]), max_size=3
)
UNITS = st.fixed_dictionaries(
    {},
    optional={
        "regular": st.integers(-1, 12),
        "elite": st.integers(0, 3),
        "leaders": st.integers(0, 2),
        "nazgul": st.integers(0, 2),
        "nation": st.sampled_from(["rohan", "gondor", "sauron", "hobbits", [], {}]),
    },
)
MOVES = st.fixed_dictionaries(
    {"kind": st.sampled_from([*MOVE_KINDS, "teleport"])},
    optional={
        "die": st.sampled_from([*DICE, "magic"]),
        "from": REGIONS,
        "to": REGIONS,
        "units": st.one_of(UNITS, st.lists(UNITS, max_size=2), st.just("x")),
        "characters": CHARACTERS,
        "companions": CHARACTERS,
        "count": st.integers(-1, 9),
        "placements": st.lists(
            st.fixed_dictionaries(
                {"region": REGIONS},
                optional={
                    "regular": st.integers(0, 3),
                    "character": st.sampled_from(["saruman", "x"]),
                },
            ),
            max_size=2,
        ),
        "nation": st.sampled_from(["rohan", "sauron", "x", ["rohan"], None]),
        "path": st.lists(REGIONS, max_size=3),
        "guide": st.sampled_from(["strider", "gollum", "meriadoc"]),
        "enter_mordor": st.booleans(),
        "faction": st.sampled_from([*FACTIONS, "orcs"]),
        "action": st.sampled_from([*FACTION_ACTIONS, "dance"]),
        "cards": st.integers(0, 9),
        "team_game": st.booleans(),
        "then": st.fixed_dictionaries({"from": REGIONS, "to": REGIONS}),
    },
)
SITUATION = Situation(
    standard_setup(), {"pirates": {"umbar": 3}, "dunlendings": {"north-dunland": 2}}
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MOVES)
def test_any_move_gets_a_verdict_or_invalid_input(move):
    try:
        verdict = check_move(SITUATION, move)
    except InvalidInput as error:
        assert error.problems and all(field.startswith("move") for field, _ in error.problems)
    else:
        assert verdict.legal == (not verdict.reasons)
        assert all(reason.citation is not None for reason in verdict.reasons)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(MOVES)
def test_any_piece_gets_destinations_or_invalid_input(piece):
    piece = {k: v for k, v in piece.items() if k != "to"}
    try:
        found = legal_destinations(SITUATION, piece)
    except InvalidInput as error:
        assert error.problems
    else:
        assert all(d.verdict.legal for d in found)
