"""The whole journey under each reading of the places still ahead (rules: Ривенделл, Рохан):
the answer carries Rivendell's Nazgûl and Rohan's re-roll as readings, each with the chance to
reach Mordor computed under the other reading (docs/mordor.md)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from adjudicator.games.common import N_, Reason
from adjudicator.games.mordor.journey import JourneyOdds
from adjudicator.games.mordor.model import (
    PlaceReadings,
    location_at,
    place_readings_of,
    turn_rules,
)
from adjudicator.games.mordor.odds import TurnQuestion, turn_context
from adjudicator.games.mordor.whole_journey import (
    Company,
    journey_chance,
    reach_chance,
    whole_journey,
)

JOURNEY_CHANCE = N_("chance to reach Mordor over the whole journey: %(chance)s")


def _chance(value: Fraction | float) -> Reason:
    return Reason(JOURNEY_CHANCE, params={"chance": f"{float(value):.6%}"})


def _share_solved(question: TurnQuestion, other: TurnQuestion, chance: Fraction) -> None:
    """Give the float solver under ``other``'s readings the states already solved under the
    question's that lie past the last place where the two readings differ (their chances do
    not depend on it), so only the places before it are solved again."""
    setup, advanced = question.setup, question.advanced
    differ = [
        position
        for position in range(question.position, setup.hobbit_steps)
        if turn_rules(location_at(position, setup), advanced, question.readings)
        != turn_rules(location_at(position, setup), advanced, other.readings)
    ]
    dice = turn_context(question).dice
    company = Company(len(question.other_colors), chance)
    solved = whole_journey(setup, advanced, dice, company, question.readings).values
    target = whole_journey(setup, advanced, dice, company, other.readings).values
    for state, value in solved.items():
        if state[0] > max(differ, default=setup.hobbit_steps):
            target.setdefault(state, value)


def journey_with_readings(question: TurnQuestion, other_mark_chance: Fraction) -> JourneyOdds:
    """:func:`whole_journey.journey_chance`, carrying the readings of the places still ahead
    with the chance under each other reading."""
    answer = journey_chance(question, other_mark_chance)
    setup = question.setup
    ahead = [
        turn_rules(location_at(position, setup), question.advanced)
        for position in range(question.position, setup.hobbit_steps)
    ]

    def under(_: str, readings: PlaceReadings) -> Reason:
        if readings == question.readings:
            return _chance(answer.reach_mordor)
        other = replace(question, readings=readings)
        _share_solved(question, other, other_mark_chance)
        return _chance(reach_chance(other, other_mark_chance))

    readings = place_readings_of(ahead, question.readings, under)
    return replace(answer, readings=readings)
