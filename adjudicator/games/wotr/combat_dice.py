"""How many dice an army rolls in a combat round, how many failed dice it may re-roll, and the
hits that roll makes.

Rules applied (wotr-rules): the army's strength is its regular and elite units, and it rolls
that many dice, at most 5; its leadership is its leaders and Nazgûl plus its characters'
leadership ratings, and it re-rolls that many failed dice, at most 5, even when a character or
a card changes strength or leadership (Сила армии и лидерство); a die hits on 5 or 6, a city,
fortification, stronghold or card may ask for more (Бросок на атаку); only failed dice are
re-rolled, hitting as the first roll did (Перекидывание результатов из-за лидерства); a
modifier is added to the die, a 1 always misses and a 6 always hits (Модифицирование броска).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import N_, Answer, InvalidInput, Reason
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import HIT, MAX_DICE, SIEGE_HIT
from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION
from adjudicator.games.wotr.dice import die_success, successes
from adjudicator.games.wotr.messages import Message, between, one_of

MAX_LEADERS = 2 * MAX_DICE
"""Leaders and Nazgûl, or characters' leadership, counted in a question: past 5 the re-rolls
stay 5, so more would change nothing."""
MAX_MODIFIER = MAX_DICE
"""A bonus or a roll modifier, either way: ±5 already turns every die (but a 1 or a 6)."""
HIT_ON = (HIT, SIEGE_HIT)
"""5+ usually; 6+ for the attacker against a city or fortification in the first round and in
a siege (rules: Атака города или укрепления, Ведение осады)."""
LABELS = {
    "regular": N_("Regular units"),
    "elite": N_("Elite units"),
    "leaders": N_("Leaders and Nazgûl"),
    "character_leadership": N_("Characters' leadership ratings"),
    "strength_bonus": N_("Strength bonus (a character, a card)"),
    "leadership_bonus": N_("Leadership bonus (a character, a card)"),
    "hit_on": N_("A die hits on"),
    "roll_modifier": N_("Roll modifier"),
    "reroll_modifier": N_("Re-roll modifier"),
}
"""What each input is, as a page asks for it (translated where it is shown)."""
HITS_TITLE = N_("Hits this roll makes")
TITLE = N_("Combat dice: how many to roll and to re-roll")
BLURB = N_("An army's combat dice and leadership re-rolls, both at most %(most)s, and its hits.")
"""The index line; ``most`` is MAX_DICE (``BLURB_PARAMS``)."""
BLURB_PARAMS = {"most": MAX_DICE}


@dataclass(frozen=True, kw_only=True)
class CombatDice(Answer):
    """An army's combat roll: its dice, its re-rolls and the hits they make."""

    strength: int
    leadership: int
    dice: int
    rerolls: int
    hit_on: int
    hits: tuple[Fraction, ...]
    """P(k hits) for k = 0..dice, after the re-rolls."""
    expected_hits: Fraction
    headline: Reason


def combat_dice(
    regular: int,
    elite: int = 0,
    leaders: int = 0,
    character_leadership: int = 0,
    strength_bonus: int = 0,
    leadership_bonus: int = 0,
    hit_on: int = HIT,
    roll_modifier: int = 0,
    reroll_modifier: int = 0,
) -> CombatDice:
    """The dice an army rolls, the failed dice it may re-roll, and the exact chance of each
    number of hits (raises ``InvalidInput`` listing every problem)."""
    _check(locals())
    strength = regular + elite + strength_bonus
    leadership = leaders + character_leadership + leadership_bonus
    dice = max(0, min(MAX_DICE, strength))
    rerolls = max(0, min(MAX_DICE, leadership))
    first = die_success(hit_on, roll_modifier)
    hits = successes(dice, first, rerolls, die_success(hit_on, reroll_modifier))
    expected = sum((k * p for k, p in enumerate(hits)), Fraction(0))
    values = {
        "dice": dice,
        "rerolls": rerolls,
        "hit_on": hit_on,
        "expected": round(float(expected), 2),
    }
    return CombatDice(
        strength=strength,
        leadership=leadership,
        dice=dice,
        rerolls=rerolls,
        hit_on=hit_on,
        hits=hits,
        expected_hits=expected,
        headline=Reason(HEADLINE, cite.STRENGTH_AND_LEADERSHIP, values),
        reasons=_reasons(strength, leadership, dice, rerolls),
        citations=(
            cite.STRENGTH_AND_LEADERSHIP,
            cite.COMBAT_ROLL,
            cite.LEADER_REROLL,
            cite.ROLL_MODIFIERS,
        ),
        assumptions=(ASSUMED_LEADERSHIP, ASSUMED_ONE_ROUND),
    )


HEADLINE = N_(
    "Roll %(dice)s dice, hitting on %(hit_on)s+, and re-roll up to %(rerolls)s of those that "
    "miss: %(expected)s hits on average."
)
ASSUMED_LEADERSHIP = N_(
    "Leadership counts each leader and Nazgûl once and each character by its leadership "
    "rating, as given; a character's or card's effect on strength or leadership is the bonus "
    "given."
)
ASSUMED_ONE_ROUND = N_("One round's roll: the army as given, before this round's casualties.")


def _reasons(strength: int, leadership: int, dice: int, rerolls: int) -> tuple[Reason, ...]:
    said = [
        Reason(
            N_("Strength %(strength)s: %(dice)s combat dice (at most %(most)s)."),
            cite.STRENGTH_AND_LEADERSHIP,
            {"strength": strength, "dice": dice, "most": MAX_DICE},
        ),
        Reason(
            N_(
                "Leadership %(leadership)s: up to %(rerolls)s failed dice re-rolled (at most "
                "%(most)s)."
            ),
            cite.LEADER_REROLL,
            {"leadership": leadership, "rerolls": rerolls, "most": MAX_DICE},
        ),
    ]
    if rerolls > dice:
        said.append(
            Reason(
                N_("Only failed dice are re-rolled: never more than the %(dice)s rolled."),
                cite.LEADER_REROLL,
                {"dice": dice},
            )
        )
    return tuple(said)


def _check(given: dict[str, int]) -> None:
    """Every problem at once, each under its field."""
    bounds = {
        "regular": (0, MAX_UNITS_PER_REGION),
        "elite": (0, MAX_UNITS_PER_REGION),
        "leaders": (0, MAX_LEADERS),
        "character_leadership": (0, MAX_LEADERS),
        "strength_bonus": (-MAX_MODIFIER, MAX_MODIFIER),
        "leadership_bonus": (-MAX_MODIFIER, MAX_MODIFIER),
        "roll_modifier": (-MAX_MODIFIER, MAX_MODIFIER),
        "reroll_modifier": (-MAX_MODIFIER, MAX_MODIFIER),
    }
    problems: list[tuple[str, str]] = [
        (name, between(low, high))
        for name, (low, high) in bounds.items()
        if not low <= given[name] <= high
    ]
    units = given["regular"] + given["elite"]
    if units > MAX_UNITS_PER_REGION:
        problems.append(
            (
                "elite",
                Message(
                    N_("%(units)s units; an army holds at most %(limit)s"),
                    units=units,
                    limit=MAX_UNITS_PER_REGION,
                ),
            )
        )
    if given["hit_on"] not in HIT_ON:
        problems.append(("hit_on", one_of(map(str, HIT_ON))))
    if problems:
        raise InvalidInput(problems)
