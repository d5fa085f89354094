"""Hypothesis strategies for small Journey to Mordor setups (shared by the journey tests)."""

from fractions import Fraction

from hypothesis import strategies as st

from adjudicator.games.mordor.model import DiceSpec, Face, GameSetup
from adjudicator.games.mordor.odds import TurnQuestion
from adjudicator.games.mordor.track import NazgulTrack

#: A coloured die: up to three faces, never the White Tree (only the black die has it).
COLORED = st.lists(st.sampled_from([f for f in Face if f is not Face.WHITE_TREE]), min_size=1).map(
    lambda faces: tuple(faces[:3])
)
BLACK = st.lists(st.sampled_from(list(Face)), min_size=1, max_size=3).map(tuple)
OTHERS = st.sampled_from([(), ("blue",), ("blue", "green", "yellow")])


@st.composite
def small_questions(draw, max_steps: int, chances: tuple[Fraction, ...]):
    """A question from the start of a small random setup (basic game), with the chance that
    another player's turn marks you (0 when nobody else plays)."""
    squares = draw(st.integers(1, 2))
    setup = GameSetup(
        DiceSpec(draw(COLORED), draw(BLACK)),
        hobbit_steps=draw(st.integers(1, max_steps)),
        nazgul_squares=squares,
    )
    others = draw(OTHERS)
    question = TurnQuestion(0, NazgulTrack.fresh(squares), "red", others, setup=setup)
    return question, draw(st.sampled_from(chances)) if others else Fraction(0)
