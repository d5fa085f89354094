"""Duels: the score difference, the row of Wyniki pojedynku and a fight to the end.

Each side adds Morale and Odwaga and subtracts its earlier wounds; the defender's total is taken
from the attacker's; that number and the die give the wounds from Wyniki pojedynku. In every
round each character strikes once and is struck once; the duel goes on until one of them dies
(rules: Pojedynek, Odporność).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from adjudicator.games.common import N_, Reason, unique_citations

from . import citations as cite
from .answers import D6_ASSUMPTION, Answer
from .dice import DIE_FACES
from .tables import DUEL_TABLE_NAME, ENTER_TABLE, DuelTable, DuelWounds
from .validation import MAX_ATTRIBUTE, Problems

FIRST_STRIKE_ASSUMPTION = N_(
    "In each round the character who started the duel strikes first; the text says only that "
    "each character attacks once and defends once per round."
)
WOUNDS_ASSUMPTION = N_(
    "Every earlier wound counts in the score, including a Nazgûl's ordinary (stroke) wounds."
)
FIGHT_ASSUMPTION = N_(
    "A fight to the end: both sides fight round after round until one falls (the players may "
    "also agree to stop; spells are not included)."
)


@dataclass(frozen=True)
class Duelist:
    """A character in a duel: Morale, Odwaga, wounds taken and, optionally, Odporność."""

    morale: int
    odwaga: int
    wounds: int = 0
    odpornosc: int | None = None

    @property
    def total(self) -> int:
        """Morale + Odwaga − wounds (rules: Pojedynek)."""
        return self.morale + self.odwaga - self.wounds


@dataclass(frozen=True)
class DuelExchange:
    """One face of the die when one character strikes, and the wounds the table gives."""

    roll: int
    wounds: DuelWounds | None


@dataclass(frozen=True)
class DuelFight:
    """How a fight to the end finishes, exactly."""

    attacker_falls: Fraction
    defender_falls: Fraction
    both_fall: Fraction
    endless: Fraction


@dataclass(frozen=True)
class DuelAnswer(Answer):
    """The duel's numbers: both totals, the differences and what the table gives."""

    attacker_total: int = 0
    defender_total: int = 0
    difference: int = 0
    exchanges: tuple[DuelExchange, ...] = ()
    return_exchanges: tuple[DuelExchange, ...] = ()
    table_entered: bool = False
    missing: tuple[tuple[int, int], ...] = ()
    fight: DuelFight | None = None


class _MissingCell(LookupError):
    def __init__(self, difference: int, die: int):
        super().__init__(difference, die)
        self.key = (difference, die)


def score_difference(attacker: Duelist, defender: Duelist) -> int:
    """Attacker's (Morale + Odwaga − wounds) minus the defender's (rules: Pojedynek)."""
    return attacker.total - defender.total


def resolve_duel(
    attacker: Duelist, defender: Duelist, table: DuelTable | None = None
) -> DuelAnswer:
    """The duel's score difference and, when the table is entered, its wounds and outcome."""
    _check(attacker, defender)
    difference = score_difference(attacker, defender)
    cited = [cite.DUEL, cite.COURAGE, cite.MORALE]
    assumptions = [WOUNDS_ASSUMPTION, D6_ASSUMPTION]
    common = {
        "attacker_total": attacker.total,
        "defender_total": defender.total,
        "difference": difference,
    }
    if table is None:
        reason = Reason(ENTER_TABLE, cite.TABLES, {"table": DUEL_TABLE_NAME}, code="table_missing")
        return DuelAnswer(
            **common,
            reasons=(reason,),
            citations=unique_citations([*cited, cite.TABLES]),
            assumptions=tuple(assumptions),
        )
    exchanges = tuple(DuelExchange(r, table.lookup(difference, r)) for r in DIE_FACES)
    returns = tuple(DuelExchange(r, table.lookup(-difference, r)) for r in DIE_FACES)
    missing = tuple(
        (d, e.roll)
        for d, row in ((difference, exchanges), (-difference, returns))
        for e in row
        if e.wounds is None
    )
    reasons: list[Reason] = []
    fight = None
    if attacker.odpornosc is not None and defender.odpornosc is not None:
        cited.append(cite.ENDURANCE)
        assumptions += [FIRST_STRIKE_ASSUMPTION, FIGHT_ASSUMPTION]
        try:
            fight = fight_to_the_end(attacker, defender, table)
        except _MissingCell as gap:
            missing = tuple(dict.fromkeys((*missing, gap.key)))
    if missing:
        reasons.append(
            Reason(
                N_(
                    "Your Wyniki pojedynku table has no row for %(cells)s: complete it from "
                    "your copy."
                ),
                cite.TABLES,
                {"cells": ", ".join(f"{d:+d}/{r}" for d, r in missing)},
                code="table_incomplete",
            )
        )
    return DuelAnswer(
        **common,
        exchanges=exchanges,
        return_exchanges=returns,
        table_entered=True,
        missing=missing,
        fight=fight,
        reasons=tuple(reasons),
        citations=unique_citations(cited),
        assumptions=tuple(assumptions),
    )


def fight_to_the_end(attacker: Duelist, defender: Duelist, table: DuelTable) -> DuelFight:
    """Exact odds of a duel fought round after round until one character falls.

    Wounds never heal during a duel, so the only cycle is a round without wounds: its
    probability is divided out (a geometric series), and a state whose rounds can never wound
    anyone counts as endless.
    """
    top_a, top_d = attacker.odpornosc, defender.odpornosc
    assert top_a is not None and top_d is not None
    base_a, base_d = attacker.morale + attacker.odwaga, defender.morale + defender.odwaga
    rounds = len(DIE_FACES) ** 2

    def strike(difference: int, roll: int) -> DuelWounds:
        cell = table.lookup(difference, roll)
        if cell is None:
            raise _MissingCell(difference, roll)
        return cell

    def round_outcomes(wa: int, wd: int) -> Counter[tuple[int, int]]:
        """Where one round leads, in 36ths (the first strike alone, when it ends the duel)."""
        outcomes: Counter[tuple[int, int]] = Counter()
        for first in DIE_FACES:
            hit = strike((base_a - wa) - (base_d - wd), first)
            wa1, wd1 = wa + hit.attacker, wd + hit.defender
            if wa1 >= top_a or wd1 >= top_d:
                outcomes[wa1, wd1] += len(DIE_FACES)
                continue
            for second in DIE_FACES:
                back = strike((base_d - wd1) - (base_a - wa1), second)
                outcomes[wa1 + back.defender, wd1 + back.attacker] += 1
        return outcomes

    @cache
    def settle(wa: int, wd: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        following = round_outcomes(wa, wd)
        stay = following.pop((wa, wd), 0)
        if stay == rounds:
            return Fraction(0), Fraction(0), Fraction(0), Fraction(1)
        total = [Fraction(0)] * 4
        for (na, nd), count in following.items():
            a_down, d_down = na >= top_a, nd >= top_d
            if a_down or d_down:
                total[2 if a_down and d_down else 0 if a_down else 1] += count
            else:
                total = [t + count * v for t, v in zip(total, settle(na, nd), strict=True)]
        moving = rounds - stay  # dividing out the rounds without wounds
        return tuple(t / moving for t in total)  # type: ignore[return-value]

    return DuelFight(*settle(attacker.wounds, defender.wounds))


def _check(attacker: Duelist, defender: Duelist) -> None:
    problems = Problems()
    for side, who in (("attacker", attacker), ("defender", defender)):
        problems.integer(f"{side}_morale", who.morale, 0, MAX_ATTRIBUTE)
        problems.integer(f"{side}_odwaga", who.odwaga, 0, MAX_ATTRIBUTE)
        problems.integer(f"{side}_wounds", who.wounds, 0, MAX_ATTRIBUTE)
        if who.odpornosc is not None:
            problems.integer(f"{side}_odpornosc", who.odpornosc, 1, MAX_ATTRIBUTE)
            if isinstance(who.wounds, int) and who.wounds >= who.odpornosc:
                problems.add(
                    f"{side}_wounds",
                    "As many wounds as Odporność: this character is dead and cannot duel.",
                )
    problems.raise_if_any()
