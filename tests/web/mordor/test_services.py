"""The services behind the Journey to Mordor pages: the keep page's advice is the odds'."""

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.games.mordor.model import DIE_COLORS, LOCATIONS
from adjudicator.web.mordor import services

FACES = ("ring", "orc", "warrior", "nazgul", "gandalf")


@st.composite
def first_rolls(draw):
    """A turn's first roll (all five dice) from a place of the advanced game, or of the basic."""
    rolled = [
        {
            "face": draw(st.sampled_from((*FACES, "white_tree") if c == "black" else FACES)),
            "color": c,
        }
        for c in DIE_COLORS
    ]
    return {
        "position": draw(st.integers(0, LOCATIONS.index("gondor"))),
        "player_color": draw(st.sampled_from(("yellow", "red", "blue", "green"))),
        "advanced": draw(st.booleans()),
        "goal": "progress",
        "rolled": rolled,
        "rerolled": draw(st.booleans()),
    }


@settings(max_examples=40, deadline=None)
@given(first_rolls())
def test_the_keep_pages_advice_ranks_the_keeps_as_the_odds_do(question):
    """``run_advice`` (the keep page's best keep) is ``run_odds``' ranking of the same roll,
    without the turn's odds: the same keeps, values and re-roll, in the same order."""
    _odds, advice, _journey = services.run_odds({**question, "policy": "optimal"})
    assert services.run_advice(question) == advice
