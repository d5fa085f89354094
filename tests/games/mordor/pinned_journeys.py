"""Whole-journey answers, to the last bit on this machine, for ``test_pinned_journeys.py``: the heaviest question
(Bag End, the readings of Rivendell and Rohan ahead, a roll in hand) and others from other
places, readings, companies and setups, each asked with every cache cleared.

For each: the chance (``float.hex``, or the exact fraction), this turn's part, the chance shown
under each other reading, the roll's keeps ranked, and every state each reading's solver holds
afterwards (its keys' digest, its chances' exact sums).

The float solver's last bits depend on the order of the tracks in a batch (a set's, so on
Python's hash seed) and on the machine's BLAS kernels: recorded with ``PYTHONHASHSEED=0``,
compared within 1e-12. To record them again
(only when an answer is meant to change):
``PYTHONHASHSEED=0 .venv/bin/python -m tests.games.mordor.pinned_journeys > tests/games/mordor/pinned_journeys.json``
"""  # noqa: E501

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from adjudicator.games.mordor import dice, journey, odds, whole_journey
from adjudicator.games.mordor.journey_readings import journey_with_readings
from adjudicator.games.mordor.keep import Die
from adjudicator.games.mordor.model import Face, GameSetup, PlaceReadings
from adjudicator.games.mordor.odds import TurnQuestion
from adjudicator.games.mordor.track import NazgulTrack, Square
from adjudicator.games.mordor.whole_journey import journey_keeps

ROLL = (
    Die(Face.RING, "black"),
    Die(Face.RING, "red"),
    Die(Face.ORC, "yellow"),
    Die(Face.NAZGUL, "blue"),
    Die(Face.GANDALF, "green"),
)
NAZGULS = (Die(Face.NAZGUL, "black"), Die(Face.NAZGUL, "red"), Die(Face.RING, "yellow"), *ROLL[3:])
LETTERS = {".": Square.EMPTY, "x": Square.MARKED, "s": Square.SPLIT, "h": Square.SPLIT_HALF}
ONCE = PlaceReadings(reroll_once_a_turn=True)
ALL_OTHER = PlaceReadings(one_nazgul=True, reroll_once_a_turn=True, tree_one_each=True)


class Asked(NamedTuple):
    position: int
    track: str
    others: tuple[str, ...]
    advanced: bool = True
    readings: PlaceReadings = PlaceReadings()
    setup: GameSetup = GameSetup()
    chance: str = "1/6"
    roll: tuple[Die, ...] | None = None
    rerolled: bool = False


QUESTIONS = {
    "bag_end_one_other_roll": Asked(0, ".......", ("blue",), roll=ROLL),
    "bag_end_three_others_roll": Asked(0, ".......", ("blue", "green", "yellow"), roll=ROLL),
    "bag_end_basic_alone": Asked(0, ".......", (), advanced=False, chance="0"),
    "bag_end_every_other_reading": Asked(0, "xx.....", ("blue",), readings=ALL_OTHER, chance="1/4"),
    "rivendell_one_nazgul": Asked(
        1, "xh.....", ("blue",), readings=PlaceReadings(one_nazgul=True), roll=NAZGULS
    ),
    "moria_once_a_turn_two_others": Asked(
        2, "xs.....", ("blue", "green"), readings=ONCE, chance="1/3"
    ),
    "rohan_once_rerolled": Asked(4, ".......", ("blue",), readings=ONCE, roll=ROLL, rerolled=True),
    "basic_longer_track": Asked(
        0, ".....", ("blue",), advanced=False, setup=GameSetup(hobbit_steps=12, nazgul_squares=5)
    ),
    "shelob_exact": Asked(8, "xxxxxxs", ("blue",)),
}


def _clear() -> None:
    for module in (dice, journey, odds, whole_journey):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def _number(value: Fraction | float | None) -> str | None:
    if value is None:
        return None
    return str(value) if isinstance(value, Fraction) else float(value).hex()


def _digest(solver: whole_journey.WholeJourney) -> list:
    """Every state the solver holds: their keys' digest, and their chances' exact sum and sum
    weighted by the keys' order (``math.fsum``: compared within the float solver's precision)."""
    rows = sorted(
        (f"{position}:{','.join(track.squares)}", value)
        for (position, track), value in solver.values.items()
    )
    keys = hashlib.sha256("\n".join(key for key, _ in rows).encode()).hexdigest()
    weighted = math.fsum(value * number for number, (_, value) in enumerate(rows, 1))
    return [keys, math.fsum(value for _, value in rows).hex(), weighted.hex()]


def answer(name: str) -> dict:
    """One question's answer, every cache cleared first."""
    position, track, others, advanced, readings, setup, chance, roll, rerolled = QUESTIONS[name]
    question = TurnQuestion(
        position,
        NazgulTrack(tuple(LETTERS[c] for c in track)),
        "red",
        others,
        advanced,
        "reach_mordor",
        setup,
        readings,
    )
    chance = Fraction(chance)
    _clear()
    odds_ = journey_with_readings(question, chance)
    keeps = journey_keeps(question, chance, roll, rerolled=rerolled) if roll else None
    shown = {
        f"{reading.id}={other.reading}": other.answer.params["chance"]
        for reading in odds_.readings
        for other in reading.others
    }
    variants = [question.readings] + [
        question.readings.under(reading.id, other.reading)
        for reading in odds_.readings
        for other in reading.others
    ]
    solved = {}
    for variant in variants:
        solver = whole_journey._solver(replace(question, readings=variant), chance)
        solver.value(position, question.track)
        solved[repr(variant)] = (solver.value(position, question.track).hex(), _digest(solver))
    return {
        "reach_mordor": _number(odds_.reach_mordor),
        "this_turn": _number(odds_.this_turn),
        "states": odds_.states,
        "readings": shown,
        "keeps": None
        if keeps is None
        else [[list(k.keep), _number(k.value)] for k in keeps.keeps] + [_number(keeps.reroll)],
        "solvers": solved,
    }


def main() -> None:
    print(json.dumps({name: answer(name) for name in QUESTIONS}, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
