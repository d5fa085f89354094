"""The best keep for the roll in front of you, mid-turn: every legal keep (rules: Броски
кубиков) ranked by what the rest of the turn is worth after it under the optimal policy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import N_, InvalidInput, Message
from adjudicator.games.mordor.dice import OTHER, OWN, keep_effect
from adjudicator.games.mordor.keep import Die, legal_keeps
from adjudicator.games.mordor.model import BLACK, DIE_COLORS, Face
from adjudicator.games.mordor.odds import TurnQuestion, solver_for, turn_context


@dataclass(frozen=True)
class KeepAdvice:
    """A legal keep (indexes into the roll) and the optimal expected worth after it (a float
    for the whole journey: ``whole_journey.journey_keeps``)."""

    keep: tuple[int, ...]
    value: Fraction | float


@dataclass(frozen=True)
class RollAdvice:
    """Every legal keep, best first; in Rohan, what re-rolling the whole roll is worth."""

    keeps: tuple[KeepAdvice, ...]
    reroll: Fraction | float | None


def counted_dice(dice: Sequence[Die], other_colors: Sequence[str]) -> tuple:
    """Dice as the solver counts them: black, yours or neutral, another player's."""
    return tuple(
        (BLACK if d.color == BLACK else OTHER if d.color in other_colors else OWN, d.face, 1)
        for d in dice
    )


def check_roll(rolled: Sequence[Die], kept_before: Sequence[Die]) -> None:
    """Refuse a roll in hand that is not the rest of the five dice after those kept."""
    colors = [d.color for d in (*rolled, *kept_before)]
    problems = []
    if sorted(colors) != sorted(DIE_COLORS):
        problems.append(
            (
                "rolled",
                Message(N_("the dice rolled and those kept before are the 5 dice, once each")),
            )
        )
    if any(d.face is Face.WHITE_TREE for d in kept_before):
        problems.append(
            ("kept_before", Message(N_("the White Tree ended rolling: nothing is rolled after it")))
        )
    if problems:
        raise InvalidInput(problems)


def advise_roll(
    question: TurnQuestion,
    rolled: Sequence[Die],
    kept_before: Sequence[Die] = (),
    *,
    rerolled: bool = False,
) -> RollAdvice:
    """Rank the legal keeps of ``rolled``, the dice kept earlier this turn being ``kept_before``."""
    context = turn_context(question)
    other_colors = question.other_colors
    check_roll(rolled, kept_before)
    solver = solver_for(context)
    left, acc = solver.after(
        context.dice,
        (0, 0, 0, 0),
        keep_effect(counted_dice(kept_before, other_colors), solver.effects),
    )
    ranked = []
    fresh = solver.fresh(context.turn.may_reroll and not rerolled)  # Rohan's re-roll after it
    for keep in legal_keeps(rolled, context.turn):
        delta = keep_effect(counted_dice([rolled[i] for i in keep], other_colors), solver.effects)
        worth = solver.value(*solver.after(left, acc, delta), fresh)
        ranked.append(KeepAdvice(keep, Fraction(worth, solver.scale)))
    ranked.sort(key=lambda advice: -advice.value)
    reroll = None
    if context.turn.may_reroll and not rerolled:
        reroll = Fraction(solver.value(left, acc, may_reroll=False), solver.scale)
    return RollAdvice(tuple(ranked), reroll)
