"""Duels: the score difference, Wyniki pojedynku or Czary, and a fight to the end.

Each side adds Morale and Odwaga and subtracts its earlier wounds; the defender's total is taken
from the attacker's; that number and the die give the wounds from Wyniki pojedynku. In every
round each character strikes once and is struck once; the duel goes on until one of them dies
(rules: Pojedynek, Odporność).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from gmpy2 import mpq

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    loop_closure,
    pick_reading,
    reading_of,
    unique_citations,
)

from . import citations as cite
from .answers import D6_ASSUMPTION
from .characters import (
    CAN_DUEL,
    CANNOT_DUEL,
    CROSS,
    MAGIC_WOUND_ASSUMPTION,
    MIXED_MARKS_QUOTE,
    MIXED_MARKS_READINGS,
    NAZGUL_MIXED_MARKS,
    wound_mark,
)
from .dice import DIE_FACES
from .tables import (
    DUEL_TABLE_NAME,
    ENTER_TABLE,
    SPELL_CATEGORIES,
    SPELL_TABLE_NAME,
    DuelTable,
    DuelWounds,
    SpellTable,
)
from .validation import MAX_ATTRIBUTE, Problems, one_of

FIRST_STRIKE_ASSUMPTION = N_(
    "In each round the character who started the duel strikes first; the text says only that "
    "each character attacks once and defends once per round."
)
WOUNDS_ASSUMPTION = N_(
    "Every earlier wound counts in the score, including a Nazgûl's ordinary (stroke) wounds."
)
FIGHT_ASSUMPTION = N_(
    "A fight to the end: both sides fight round after round until one falls (the players may "
    "also agree to stop)."
)
SPELLS_ASSUMPTION = N_(
    "A caster casts on each of its strikes; a caster struck by a character without spells is "
    "struck by Wyniki pojedynku; when both cast, each rolls on Czary for its own category."
)
SPELLS_RULE = N_(
    "Spells: when the caster strikes, the Czary table gives the wounds of its opponent only; "
    "when both cast, the lower result is taken from the higher and only one of them is wounded."
)


@dataclass(frozen=True)
class Duelist:
    """A character in a duel: Morale, Odwaga, wounds taken (crosses), optionally Odporność, the
    category (A–D) of the spells it casts in this duel, if any (rules: Czary); a Nazgûl also
    its strokes (ordinary wounds), and whether it carries a Magic Sword (rules: Odporność)."""

    morale: int
    odwaga: int
    wounds: int = 0
    odpornosc: int | None = None
    spells: str | None = None
    nazgul: bool = False
    strokes: int = 0
    magic_sword: bool = False

    @property
    def marked(self) -> int:
        """The squares already holding a wound: crosses and strokes."""
        return self.wounds + self.strokes

    @property
    def total(self) -> int:
        """Morale + Odwaga − wounds, strokes included (rules: Pojedynek)."""
        return self.morale + self.odwaga - self.marked

    def mark_from(self, opponent: Duelist) -> str:
        """The mark a wound from ``opponent`` leaves: a stroke on a Nazgûl struck by a character
        with neither a Magic Sword nor spells, a cross otherwise (rules: Odporność)."""
        return wound_mark(self.nazgul, opponent.magic_sword, bool(opponent.spells))

    def fills_mixed(self, opponent: Duelist) -> bool:
        """A Nazgûl whose squares, once filled in this duel, hold crosses and strokes mixed."""
        if not self.nazgul:
            return False
        new = self.mark_from(opponent)
        return bool(self.strokes if new == CROSS else self.wounds)

    def full_mixed(self) -> bool:
        """A Nazgûl whose squares are all filled already, crosses and strokes mixed."""
        return bool(
            self.nazgul and self.wounds and self.strokes and self.odpornosc is not None
            and self.marked >= self.odpornosc
        )  # fmt: skip


@dataclass(frozen=True)
class DuelExchange:
    """One face of the die when one character strikes, and the wounds the table gives."""

    roll: int
    wounds: DuelWounds | None


@dataclass(frozen=True)
class Strike:
    """Wounds of one strike, to the striker and to the struck, with their probability."""

    striker: int
    struck: int
    probability: Fraction


@dataclass(frozen=True)
class DuelFight:
    """How a fight to the end finishes, exactly."""

    attacker_falls: Fraction
    defender_falls: Fraction
    both_fall: Fraction
    endless: Fraction


@dataclass(frozen=True)
class DuelAnswer(Answer):
    """The duel's numbers: both totals, the difference, what the tables give, the end."""

    attacker_total: int = 0
    defender_total: int = 0
    difference: int = 0
    exchanges: tuple[DuelExchange, ...] = ()
    return_exchanges: tuple[DuelExchange, ...] = ()
    attacker_strike: tuple[Strike, ...] = ()
    defender_strike: tuple[Strike, ...] = ()
    table_entered: bool = False
    missing: tuple[str, ...] = ()
    fight: DuelFight | None = None
    cannot_duel: tuple[str, ...] = ()
    attacker_mark: str = CROSS
    defender_mark: str = CROSS


@dataclass(frozen=True)
class DuelTables:
    """The user's tables a duel reads: Wyniki pojedynku and, for casters, Czary."""

    duel: DuelTable | None = None
    spells: SpellTable | None = None


class _Missing(LookupError):
    """A table, or a cell of one, that the user has not entered."""

    def __init__(self, table: str, cell: str = ""):
        super().__init__(table, cell)
        self.table, self.cell = table, cell


def score_difference(attacker: Duelist, defender: Duelist) -> int:
    """Attacker's (Morale + Odwaga − wounds) minus the defender's (rules: Pojedynek)."""
    return attacker.total - defender.total


def strike_outcomes(striker: Duelist, struck: Duelist, tables: DuelTables) -> Counter:
    """The wounds (to the striker, to the struck) of one strike, counted in 36ths.

    Without spells: Wyniki pojedynku at the score difference and the die (rules: Pojedynek).
    A caster striking: Czary gives the struck's wounds; both casting: the lower Czary result is
    taken from the higher, and only the lower roller is wounded (rules: Czary).
    """
    return _strike(score_difference(striker, struck), striker.spells, struck.spells, tables)


def _strike(
    difference: int, striker_spells: str | None, struck_spells: str | None, tables: DuelTables
) -> Counter:
    faces = len(DIE_FACES)
    outcomes: Counter = Counter()
    if striker_spells is None:
        if tables.duel is None:
            raise _Missing(DUEL_TABLE_NAME)
        for roll in DIE_FACES:
            cell = tables.duel.lookup(difference, roll)
            if cell is None:
                raise _Missing(DUEL_TABLE_NAME, f"{difference:+d}/{roll}")
            outcomes[cell.attacker, cell.defender] += faces
        return outcomes
    if tables.spells is None:
        raise _Missing(SPELL_TABLE_NAME)
    spell = _spell_lookup(tables.spells)
    for roll in DIE_FACES:
        mine = spell(striker_spells, roll)
        if struck_spells is None:
            outcomes[0, mine] += faces
            continue
        for other in DIE_FACES:
            margin = mine - spell(struck_spells, other)
            outcomes[max(-margin, 0), max(margin, 0)] += 1
    return outcomes


def _spell_lookup(table: SpellTable):
    def spell(category: str, roll: int) -> int:
        value = table.lookup(category, roll)
        if value is None:
            raise _Missing(SPELL_TABLE_NAME, f"{category}/{roll}")
        return value

    return spell


STRIKE_ORDER = "strike_order"
STARTER_FIRST, DEFENDER_FIRST = "starter_first", "defender_first"
STRIKE_ORDERS = {
    STARTER_FIRST: N_("in each round the character who started the duel strikes first"),
    DEFENDER_FIRST: N_("in each round the character challenged strikes first"),
}
STRIKE_ORDER_QUOTE = (
    "«W trakcie każdej z nich postać jest raz stroną atakującą, a raz broniącą się. Gracze "
    "sumują Morale i Odwagę swoich postaci, odejmują liczbę odniesionych wcześniej ran…»"
)
FIGHT_OUTCOME = N_("the attacker falls: %(attacker)s; the defender falls: %(defender)s")
SCORE_OUTCOME = N_("they duel: score difference %(difference)s")
SIDES = ("attacker", "defender")
CANNOT_DUEL_OUTCOMES = {
    ("attacker",): N_("the attacker cannot take part in duels until it heals"),
    ("defender",): N_("the defender cannot take part in duels until it heals"),
    SIDES: N_("neither can take part in duels until it heals"),
}
NAZGUL_MARKS = {
    ("attacker", CROSS): N_(
        "The attacker is a Nazgûl struck by a character with a Magic Sword or spells: its "
        "wounds in this duel are crosses, and with every square crossed it dies."
    ),
    ("attacker", "stroke"): N_(
        "The attacker is a Nazgûl struck by a character with neither a Magic Sword nor spells: "
        "its wounds in this duel are strokes, and with its squares filled so it leaves the duel "
        "alive, unable to duel until it heals in Barad-Dur or Dol Guldur."
    ),
    ("defender", CROSS): N_(
        "The defender is a Nazgûl struck by a character with a Magic Sword or spells: its "
        "wounds in this duel are crosses, and with every square crossed it dies."
    ),
    ("defender", "stroke"): N_(
        "The defender is a Nazgûl struck by a character with neither a Magic Sword nor spells: "
        "its wounds in this duel are strokes, and with its squares filled so it leaves the duel "
        "alive, unable to duel until it heals in Barad-Dur or Dol Guldur."
    ),
}
NAZGUL_FALLS = N_(
    "For a Nazgûl, falling means leaving the duel: it dies only with every square crossed, "
    "otherwise it cannot duel until it heals."
)
MIXED_BARRED = N_(
    "All of a Nazgûl's squares hold wounds, crosses and strokes mixed: read as the text's "
    "ordinary wounds, it cannot take part in this duel until it heals."
)
MIXED_CAN_DUEL_ASSUMPTION = N_(
    "Read so that a Nazgûl whose squares are all filled with crosses and strokes mixed may still "
    "duel: it fights on and its further wounds have no square to mark (it cannot die in this "
    "duel)."
)


def _fight(
    attacker: Duelist, defender: Duelist, tables: DuelTables, order: str, mixed: str
) -> DuelFight:
    """The fight to the end with ``order`` of strikes in each round."""
    if order == STARTER_FIRST:
        return fight_to_the_end(attacker, defender, tables, mixed)
    swapped = fight_to_the_end(defender, attacker, tables, mixed)
    return replace(
        swapped, attacker_falls=swapped.defender_falls, defender_falls=swapped.attacker_falls
    )


def _fight_reason(odds: DuelFight) -> Reason:
    shown = {
        "attacker": f"{odds.attacker_falls} ({float(odds.attacker_falls):.2%})",
        "defender": f"{odds.defender_falls} ({float(odds.defender_falls):.2%})",
    }
    return Reason(FIGHT_OUTCOME, params=shown)


def _strike_order_reading(
    attacker: Duelist,
    defender: Duelist,
    tables: DuelTables,
    chosen: tuple[str, str],
    fight: DuelFight,
) -> Reading:
    """Who strikes first within a round changes the score of the second strike (wounds taken
    earlier count): the fight's odds under each order (rules: Pojedynek)."""
    order, mixed = chosen

    def outcome(reading: str) -> Reason:
        odds = fight if reading == order else _fight(attacker, defender, tables, reading, mixed)
        return _fight_reason(odds)

    return reading_of(STRIKE_ORDER, cite.DUEL, STRIKE_ORDER_QUOTE, order, STRIKE_ORDERS, outcome)


def _outcome(answer: DuelAnswer) -> Reason:
    """One duel answer in a line: who cannot duel, or the fight's odds, or the score."""
    if answer.cannot_duel:
        return Reason(CANNOT_DUEL_OUTCOMES[answer.cannot_duel])
    if answer.fight is not None:
        return _fight_reason(answer.fight)
    return Reason(SCORE_OUTCOME, params={"difference": f"{answer.difference:+d}"})


def _mixed_marks_reading(
    attacker: Duelist,
    defender: Duelist,
    tables: DuelTables,
    chosen: tuple[str, str],
    answer: DuelAnswer,
) -> tuple[Reading, ...]:
    """The ``nazgul_mixed_marks`` reading of the wounds checker, where the duel meets it: a
    Nazgûl whose squares are already all filled with crosses and strokes mixed (it cannot duel,
    or it may), or a fight to the end that can fill them so (it leaves the duel, or fights on)
    (rules: Odporność)."""
    order, mixed = chosen
    now = attacker.full_mixed() or defender.full_mixed()
    later = answer.fight is not None and (
        attacker.fills_mixed(defender) or defender.fills_mixed(attacker)
    )
    if not (now or later):
        return ()

    def outcome(reading: str) -> Reason:
        if reading == mixed:
            return _outcome(answer)
        return _outcome(_resolve(attacker, defender, tables, (order, reading)))

    return (
        reading_of(
            NAZGUL_MIXED_MARKS, cite.ENDURANCE, MIXED_MARKS_QUOTE, mixed, MIXED_MARKS_READINGS,
            outcome,
        ),
    )  # fmt: skip


def resolve_duel(
    attacker: Duelist,
    defender: Duelist,
    tables: DuelTables = DuelTables(),
    readings: Mapping[str, str] | None = None,
) -> DuelAnswer:
    """The duel's score difference and, with the tables entered, its wounds and outcome.
    ``readings`` may pick ``strike_order``: ``starter_first`` (the default) or
    ``defender_first``; a fight to the end carries its odds under both. With a Nazgûl whose
    squares are (or may become) all filled with crosses and strokes mixed it picks
    ``nazgul_mixed_marks`` too, as the wounds checker does: ``cannot_duel`` (the default) or
    ``can_duel``, the answer under the other carried."""
    readings = readings or {}
    check_reading_ids(readings, (STRIKE_ORDER, NAZGUL_MIXED_MARKS))
    order = pick_reading(readings, STRIKE_ORDER, STRIKE_ORDERS)
    mixed = pick_reading(readings, NAZGUL_MIXED_MARKS, MIXED_MARKS_READINGS)
    _check(attacker, defender)
    answer = _resolve(attacker, defender, tables, (order, mixed))
    read = [] if answer.fight is None else [
        _strike_order_reading(attacker, defender, tables, (order, mixed), answer.fight)
    ]  # fmt: skip
    read += _mixed_marks_reading(attacker, defender, tables, (order, mixed), answer)
    return replace(answer, readings=tuple(read))


def _resolve(
    attacker: Duelist, defender: Duelist, tables: DuelTables, chosen: tuple[str, str]
) -> DuelAnswer:
    """The duel under the readings ``chosen`` (strike order, a Nazgûl's mixed marks)."""
    order, mixed = chosen
    cited, assumptions, reasons = _rules_applied(attacker, defender)
    common = {
        "attacker_total": attacker.total,
        "defender_total": defender.total,
        "difference": score_difference(attacker, defender),
        "attacker_mark": attacker.mark_from(defender),
        "defender_mark": defender.mark_from(attacker),
    }
    barred = tuple(
        side
        for side, who in zip(SIDES, (attacker, defender), strict=True)
        if who.full_mixed() and mixed == CANNOT_DUEL
    )
    if barred:
        return DuelAnswer(
            **common,
            cannot_duel=barred,
            reasons=(*reasons, Reason(MIXED_BARRED, cite.ENDURANCE, code="cannot_duel")),
            citations=unique_citations(cited),
            assumptions=tuple(assumptions),
        )
    reasons += _nazgul_reasons(attacker, defender)
    strikes, gaps = _strikes(attacker, defender, tables)
    fight = None
    if attacker.odpornosc is not None and defender.odpornosc is not None and not gaps:
        cited.append(cite.ENDURANCE)
        assumptions += _fight_assumptions(attacker, defender, chosen)
        try:
            fight = _fight(attacker, defender, tables, order, mixed)
        except _Missing as gap:
            gaps.append(gap)
        if fight is not None and (attacker.nazgul or defender.nazgul):
            reasons.append(Reason(NAZGUL_FALLS, cite.ENDURANCE, code="nazgul_falls"))
    reasons += _gap_reasons(gaps)
    if any(not gap.cell for gap in gaps):
        cited.append(cite.TABLES)
    duel, difference = tables.duel, common["difference"]
    return DuelAnswer(
        **common,
        exchanges=_per_roll(duel, difference) if duel and not attacker.spells else (),
        return_exchanges=_per_roll(duel, -difference) if duel and not defender.spells else (),
        attacker_strike=strikes[0],
        defender_strike=strikes[1],
        table_entered=duel is not None,
        missing=tuple(dict.fromkeys(f"{g.table} {g.cell}" for g in gaps if g.cell)),
        fight=fight,
        reasons=tuple(reasons),
        citations=unique_citations(cited),
        assumptions=tuple(assumptions),
    )


def _rules_applied(
    attacker: Duelist, defender: Duelist
) -> tuple[list[Citation], list[str | Reason], list[Reason]]:
    """The citations, assumptions and reasons every duel of these two carries: the score, and
    spells or a Nazgûl where they take part."""
    cited = [cite.DUEL, cite.COURAGE, cite.MORALE]
    assumptions: list[str | Reason] = [WOUNDS_ASSUMPTION, D6_ASSUMPTION]
    reasons: list[Reason] = []
    if attacker.spells or defender.spells:
        cited += [cite.SPELLS, cite.CHARACTER_SPELLS]
        assumptions.append(SPELLS_ASSUMPTION)
        reasons.append(Reason(SPELLS_RULE, cite.SPELLS, code="spells"))
    if attacker.nazgul or defender.nazgul:
        cited.append(cite.ENDURANCE)
        assumptions.append(MAGIC_WOUND_ASSUMPTION)
    return cited, assumptions, reasons


def _strikes(
    attacker: Duelist, defender: Duelist, tables: DuelTables
) -> tuple[list[tuple[Strike, ...]], list[_Missing]]:
    """One strike each way at the current wounds, and the table cells missing for them."""
    gaps: list[_Missing] = []
    strikes: list[tuple[Strike, ...]] = []
    for striker, struck in ((attacker, defender), (defender, attacker)):
        try:
            strikes.append(_distribution(strike_outcomes(striker, struck, tables)))
        except _Missing as gap:
            gaps.append(gap)
            strikes.append(())
    return strikes, gaps


def _nazgul_reasons(attacker: Duelist, defender: Duelist) -> list[Reason]:
    """What a wound does to each Nazgûl in this duel (rules: Odporność)."""
    return [
        Reason(NAZGUL_MARKS[side, mark], cite.ENDURANCE, code=f"nazgul_{mark}")
        for side, who, other in (("attacker", attacker, defender), ("defender", defender, attacker))
        if who.nazgul
        for mark in (who.mark_from(other),)
    ]


def _fight_assumptions(attacker: Duelist, defender: Duelist, chosen: tuple[str, str]) -> list[str]:
    order, mixed = chosen
    can_duel = mixed == CAN_DUEL and any(
        who.full_mixed() or who.fills_mixed(other)
        for who, other in ((attacker, defender), (defender, attacker))
    )
    return [
        *([FIRST_STRIKE_ASSUMPTION] if order == STARTER_FIRST else []),
        FIGHT_ASSUMPTION,
        *([MIXED_CAN_DUEL_ASSUMPTION] if can_duel else []),
    ]


def _per_roll(table: DuelTable, difference: int) -> tuple[DuelExchange, ...]:
    return tuple(DuelExchange(r, table.lookup(difference, r)) for r in DIE_FACES)


def _distribution(outcomes: Counter) -> tuple[Strike, ...]:
    total = sum(outcomes.values())
    return tuple(Strike(a, d, Fraction(n, total)) for (a, d), n in sorted(outcomes.items()))


def _gap_reasons(gaps: list[_Missing]) -> list[Reason]:
    reasons = [
        Reason(ENTER_TABLE, cite.TABLES, {"table": table}, code="table_missing")
        for table in dict.fromkeys(g.table for g in gaps if not g.cell)
    ]
    cells = list(dict.fromkeys(f"{g.table} {g.cell}" for g in gaps if g.cell))
    if cells:
        reasons.append(
            Reason(
                N_("Your tables have no entry for %(cells)s: complete them from your copy."),
                cite.TABLES,
                {"cells": ", ".join(cells)},
                code="table_incomplete",
            )
        )
    return reasons


def _leaves_when_full(who: Duelist, opponent: Duelist, mixed: str) -> bool:
    """Whether ``who`` is out of the duel once its squares are full: dead (all crosses), a
    Nazgûl full of strokes, or full of both under ``cannot_duel``; under ``can_duel`` a Nazgûl
    filled with both fights on, its further wounds unmarked (rules: Odporność)."""
    return mixed == CANNOT_DUEL or not (who.full_mixed() or who.fills_mixed(opponent))


def fight_to_the_end(
    attacker: Duelist, defender: Duelist, tables: DuelTables, mixed: str = CANNOT_DUEL
) -> DuelFight:
    """Exact odds of a duel fought round after round until one character falls (dies, or a
    Nazgûl can duel no more; ``mixed`` reads a Nazgûl filled with crosses and strokes mixed).

    Wounds never heal during a duel, so the only cycle is a round without wounds: its
    probability is divided out (a geometric series), and a state whose rounds can never wound
    anyone counts as endless.
    """
    top_a, top_d = attacker.odpornosc, defender.odpornosc
    assert top_a is not None and top_d is not None
    stops_a = _leaves_when_full(attacker, defender, mixed)
    stops_d = _leaves_when_full(defender, attacker, mixed)
    rounds = 36 * 36

    base_a, base_d = attacker.morale + attacker.odwaga, defender.morale + defender.odwaga

    @cache
    def strike(difference: int, striker_spells: str | None, struck_spells: str | None):
        return tuple(_strike(difference, striker_spells, struck_spells, tables).items())

    # a side is out at its Odporność, or never (wounds are capped there) when it fights on full
    end_a = top_a if stops_a else top_a + 1
    end_d = top_d if stops_d else top_d + 1

    def round_outcomes(wa: int, wd: int) -> Counter:
        """Where one round leads, in 1296ths (the first strike alone when it ends the duel);
        wounds beyond the squares go unmarked."""
        outcomes: Counter = Counter()
        first = strike((base_a - wa) - (base_d - wd), attacker.spells, defender.spells)
        for (hurt_a, hurt_d), n in first:
            wa1, wd1 = min(wa + hurt_a, top_a), min(wd + hurt_d, top_d)
            if wa1 >= end_a or wd1 >= end_d:
                outcomes[wa1, wd1] += n * 36
                continue
            back = strike((base_d - wd1) - (base_a - wa1), defender.spells, attacker.spells)
            for (hurt_d2, hurt_a2), m in back:
                outcomes[min(wa1 + hurt_a2, top_a), min(wd1 + hurt_d2, top_d)] += n * m
        return outcomes

    # Probability mass flows forward: every round that moves strictly adds wounds, so the
    # states are settled in order of their total wounds.
    # Exact rationals in GMP (``mpq``): the same numbers as ``Fraction``, eight times faster.
    start = (attacker.marked, defender.marked)
    mass: dict[tuple[int, int], mpq] = {start: mpq(1)}
    ends = [mpq(0)] * 4  # attacker falls, defender falls, both fall, endless
    while mass:
        state = min(mass, key=sum)  # the fewest wounds: nothing can still flow into it
        here = mass.pop(state)
        following = round_outcomes(*state)
        closure = loop_closure(following.pop(state, 0), rounds)  # the rounds without wounds
        if closure is None:
            ends[3] += here
            continue
        share = here * mpq(closure)
        for (na, nd), count in following.items():
            a_down, d_down = na >= end_a, nd >= end_d
            if a_down or d_down:
                ends[2 if a_down and d_down else 0 if a_down else 1] += share * count
            else:
                mass[na, nd] = mass.get((na, nd), 0) + share * count
    return DuelFight(*(Fraction(int(p.numerator), int(p.denominator)) for p in ends))


def _check(attacker: Duelist, defender: Duelist) -> None:
    problems = Problems()
    for side, who in (("attacker", attacker), ("defender", defender)):
        problems.integer(f"{side}_morale", who.morale, 0, MAX_ATTRIBUTE)
        problems.integer(f"{side}_odwaga", who.odwaga, 0, MAX_ATTRIBUTE)
        problems.integer(f"{side}_wounds", who.wounds, 0, MAX_ATTRIBUTE)
        problems.integer(f"{side}_strokes", who.strokes, 0, MAX_ATTRIBUTE)
        if who.strokes and not who.nazgul:
            problems.add(
                f"{side}_strokes", Message(N_("Only a Nazgûl's wounds are marked with strokes."))
            )
        if who.odpornosc is not None:
            problems.integer(f"{side}_odpornosc", who.odpornosc, 1, MAX_ATTRIBUTE)
            _check_full(problems, side, who)
        if who.spells is not None and who.spells not in SPELL_CATEGORIES:
            problems.add(f"{side}_spells", one_of(SPELL_CATEGORIES))
    problems.raise_if_any()


def _check_full(problems: Problems, side: str, who: Duelist) -> None:
    """A character whose squares are full cannot duel: dead with all of them crossed, a Nazgûl
    full of strokes until it heals; a Nazgûl full of both is the ``nazgul_mixed_marks`` reading
    (rules: Odporność)."""
    if not all(isinstance(n, int) for n in (who.wounds, who.strokes, who.odpornosc)):
        return
    assert who.odpornosc is not None
    if who.marked > who.odpornosc and who.strokes:
        problems.add(f"{side}_wounds", Message(N_("More wounds than Odporność squares.")))
    elif who.wounds >= who.odpornosc:
        problems.add(
            f"{side}_wounds",
            Message(N_("As many wounds as Odporność: this character is dead and cannot duel.")),
        )
    elif who.strokes >= who.odpornosc:
        problems.add(
            f"{side}_strokes",
            Message(
                N_(
                    "Every square holds a stroke: this Nazgûl cannot take part in duels until "
                    "it heals in Barad-Dur or Dol Guldur."
                )
            ),
        )
