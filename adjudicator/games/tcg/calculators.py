"""Table calculators: skirmish, archery, twilight on a move, roaming, move limit, companions,
burdens and the opening bid. Each answer names the rulebook sections it applies.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    Message,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
)
from adjudicator.games.tcg import citations as rules
from adjudicator.games.tcg.cards import FREE_PEOPLES, SHADOW, english_title, fold
from adjudicator.games.tcg.limits import FIRST_SITE, LAST_SITE, MIN_PLAYERS

#: Problems whose bounds are the limits' constants, given as parameters.
SITE_NUMBER = Message(N_("must be between %(low)s and %(high)s"), low=FIRST_SITE, high=LAST_SITE)
SITE_PATH_NUMBERS = Message(
    N_("give the Shadow numbers of sites %(first)s to %(last)s (%(fewest)s to %(most)s)"),
    first=FIRST_SITE + 1, last=LAST_SITE, fewest=1, most=LAST_SITE - FIRST_SITE,
)  # fmt: skip
TOO_FEW_PLAYERS = Message(N_("the game needs at least %(players)s players"), players=MIN_PLAYERS)
ROAMING_PENALTY = 2
COMPANION_LIMIT = 9
DEFAULT_RESISTANCE = 10


def _require(problems: list[tuple[str, str]]) -> None:
    if problems:
        raise InvalidInput(problems)


def _non_negative(problems: list[tuple[str, str]], **values: int) -> None:
    problems.extend((name, N_("must be 0 or more")) for name, value in values.items() if value < 0)


def _unique_names(problems: list[tuple[str, str]], where: str, names: Sequence[str]) -> None:
    if len(set(names)) != len(names):
        problems.append((where, N_("each character needs a different name")))


# --- Skirmish -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """A character in a skirmish. ``wearing_ring`` applies to the Ring-bearer only."""

    name: str
    strength: int
    vitality: int = 1
    wounds: int = 0
    damage: int = 0
    ring_bearer: bool = False
    wearing_ring: bool = False
    burdens: int = 0
    resistance: int = DEFAULT_RESISTANCE


@dataclass(frozen=True)
class FighterOutcome:
    """What the skirmish did to one character."""

    name: str
    side: str
    wounds_taken: int
    wounds_total: int
    burdens_added: int
    burdens_total: int
    killed: bool
    corrupted: bool


@dataclass(frozen=True, kw_only=True)
class SkirmishResult(Answer):
    """Totals, winner, wounds per losing character and each character's fate."""

    free_peoples_strength: int
    shadow_strength: int
    winner: str
    overwhelmed: bool
    wounds_per_loser: int
    outcomes: tuple[FighterOutcome, ...]


def _check_fighters(where: str, fighters: Sequence[Fighter]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if not fighters:
        problems.append((where, N_("at least one character is needed")))
    _unique_names(problems, where, [f.name for f in fighters])
    for i, f in enumerate(fighters):
        _non_negative(
            problems,
            **{
                f"{where}[{i}].strength": f.strength,
                f"{where}[{i}].wounds": f.wounds,
                f"{where}[{i}].damage": f.damage,
                f"{where}[{i}].burdens": f.burdens,
            },
        )
        if (f.ring_bearer or f.wearing_ring) and where == "shadow":
            problems.append((f"{where}[{i}]", N_("the Ring-bearer is a Free Peoples character")))
        elif f.wearing_ring and not f.ring_bearer:
            problems.append(
                (f"{where}[{i}].wearing_ring", N_("only the Ring-bearer wears the Ring"))
            )
        if f.vitality < 1:
            problems.append((f"{where}[{i}].vitality", N_("must be 1 or more")))
        elif f.wounds >= f.vitality:
            problems.append(
                (f"{where}[{i}].wounds", N_("a character with that many wounds is dead"))
            )
        if f.ring_bearer and f.burdens >= f.resistance:  # rules: Поражение
            problems.append(
                (f"{where}[{i}].burdens", N_("burdens at resistance: the Ring-bearer is corrupted"))
            )
    return problems


def _take_wounds(fighter: Fighter, side: str, wounds: int, per_burden: int) -> FighterOutcome:
    """Wounds are placed one at a time; the Ring-bearer wearing the Ring takes burdens instead."""
    if fighter.wearing_ring:
        burdens = fighter.burdens + wounds * per_burden
        return FighterOutcome(
            fighter.name, side, 0, fighter.wounds, wounds * per_burden, burdens,
            killed=False, corrupted=burdens >= fighter.resistance,
        )  # fmt: skip
    taken = min(wounds, fighter.vitality - fighter.wounds)
    total = fighter.wounds + taken
    return FighterOutcome(
        fighter.name, side, taken, total, 0, fighter.burdens,
        killed=total >= fighter.vitality, corrupted=False,
    )  # fmt: skip


def _check_skirmish(
    free_peoples: Sequence[Fighter], shadow: Sequence[Fighter], burdens_per_wound: int
) -> None:
    """Both sides well formed, one Ring-bearer at most, at least one burden per wound."""
    problems = _check_fighters("free_peoples", free_peoples) + _check_fighters("shadow", shadow)
    if sum(f.ring_bearer for f in free_peoples) > 1:
        problems.append(("free_peoples", N_("there is only one Ring-bearer")))
    if burdens_per_wound < 1:
        problems.append(("burdens_per_wound", N_("must be 1 or more")))
    _require(problems)


def _winner_reason(fp_total: int, shadow_total: int) -> Reason:
    """The higher total strength wins, ties go to the Shadow (rules: Подведение итогов
    сражения).
    """
    return Reason(
        N_("Free Peoples strength %(fp)s against Shadow strength %(shadow)s: "
           "the Free Peoples win.") if fp_total > shadow_total else
        N_("Free Peoples strength %(fp)s against Shadow strength %(shadow)s: the Shadow "
           "wins (a tie goes to the Shadow).") if fp_total == shadow_total else
        N_("Free Peoples strength %(fp)s against Shadow strength %(shadow)s: "
           "the Shadow wins."),
        rules.SKIRMISH, {"fp": fp_total, "shadow": shadow_total}, "winner",
    )  # fmt: skip


def _overwhelm_losers(
    losers: Sequence[Fighter], loser_side: str, win_total: int, lose_total: int
) -> tuple[list[FighterOutcome], list[Reason]]:
    """At least double the losers' strength kills every loser outright, Ring or not (rules:
    Подведение итогов сражения, Кольцо Всевластья).
    """
    reasons = [
        Reason(
            N_("%(win)s is at least double %(lose)s: every losing character is "
               "overwhelmed and killed, whatever its vitality."),
            rules.SKIRMISH, {"win": win_total, "lose": lose_total}, "overwhelmed",
        )
    ]  # fmt: skip
    outcomes = [
        FighterOutcome(f.name, loser_side, 0, f.wounds, 0, f.burdens, True, False) for f in losers
    ]
    if any(f.ring_bearer and f.wearing_ring for f in losers):
        reasons.append(
            Reason(
                N_("An overwhelmed Ring-bearer has no time to put on the Ring: he is "
                   "killed."),
                rules.THE_ONE_RING, code="ring_bearer_overwhelmed",
            )
        )  # fmt: skip
    return outcomes, reasons


def _wound_losers(
    losers: Sequence[Fighter], loser_side: str, wounds: int, burdens_per_wound: int
) -> tuple[list[FighterOutcome], list[Reason]]:
    """Each loser takes one wound plus the winners' damage bonuses; the Ring-bearer wearing the
    Ring takes burdens instead (rules: Подведение итогов сражения, Кольцо Всевластья).
    """
    reasons = [
        Reason(
            N_("Each losing character takes %(wounds)s wound(s): 1 plus %(damage)s for "
               "damage bonuses on the winning side."),
            rules.SKIRMISH, {"wounds": wounds, "damage": wounds - 1}, "wounds",
        )
    ]  # fmt: skip
    outcomes = [_take_wounds(f, loser_side, wounds, burdens_per_wound) for f in losers]
    if any(f.wearing_ring for f in losers):
        reasons.append(
            Reason(
                N_("The Ring-bearer wearing The One Ring takes %(per)s burden(s) for each "
                   "wound instead."),
                rules.THE_ONE_RING, {"per": burdens_per_wound}, "ring_burdens",
            )
        )  # fmt: skip
    return outcomes, reasons


def _fate_reasons(outcomes: Sequence[FighterOutcome], losers: Sequence[Fighter]) -> list[Reason]:
    """Deaths (rules: Смерть) and a lost Ring-bearer, which loses the game (rules:
    Поражение). ``outcomes`` starts with the losers' outcomes, in order.
    """
    reasons = []
    if any(o.killed for o in outcomes):
        reasons.append(
            Reason(
                N_("A character dies when its wounds equal its vitality (or when "
                   "overwhelmed)."),
                rules.KILLED, code="killed",
            )
        )  # fmt: skip
    bearer_lost = [
        o
        for o, f in zip(outcomes, losers, strict=False)
        if f.ring_bearer and (o.killed or o.corrupted)
    ]
    if bearer_lost:
        reasons.append(
            Reason(
                N_("The Ring-bearer is killed or corrupted: the player loses unless Sam can "
                   "become the Ring-bearer (only after a death)."),
                rules.LOSING, code="ring_bearer_lost",
            )
        )  # fmt: skip
    return reasons


def _skirmish_assumptions(
    free_peoples: Sequence[Fighter], overwhelmed: bool, win_total: int
) -> tuple[str, ...]:
    """What the skirmish answer takes for granted: modifiers already in the strengths, the 0
    against 0 reading, and the rulebook's one burden per wound.
    """
    assumptions = [
        N_("Strengths already include every modifier (possessions, card texts); damage "
           "bonuses are the damage +N keywords of the winning characters."),
    ]  # fmt: skip
    if overwhelmed and win_total == 0:
        assumptions.append(
            N_("0 against 0: the Shadow wins the tie, and 0 is read as at least double 0, so "
               "the losers are overwhelmed (the rulebook does not treat this case apart).")
        )  # fmt: skip
    if any(f.wearing_ring for f in free_peoples):
        assumptions.append(
            N_(
                "The rulebook adds one burden per wound while the Ring is worn; some One Ring "
                "cards add more (set burdens per wound)."
            )
        )
    return tuple(assumptions)


ZERO_SKIRMISH = "zero_skirmish"
ZERO_OVERWHELMS, ZERO_WOUNDS = "overwhelms", "wounds"
ZERO_READINGS = {
    ZERO_OVERWHELMS: N_("0 is read as at least double 0: the losers are overwhelmed"),
    ZERO_WOUNDS: N_(
        "0 does not exceed 0 («превышает»): the Shadow wins the tie and the losers take wounds"
    ),
}
ZERO_QUOTE = (
    "«В случае равенства побеждает Тьма.» … «Если общая сила одной стороны по меньшей мере "
    "вдвое превышает общую силу другой стороны, все персонажи проигравшей стороны оказываются "
    "убиты»"
)
ZERO_OUTCOME = N_("%(killed)s of %(losers)s losing characters killed, %(wounds)s wound(s) each")


def resolve_skirmish(
    free_peoples: Sequence[Fighter],
    shadow: Sequence[Fighter],
    burdens_per_wound: int = 1,
    readings: Mapping[str, str] | None = None,
) -> SkirmishResult:
    """Resolve one skirmish (rules: Подведение итогов сражения).

    The higher total strength wins, ties go to the Shadow; each losing character takes one
    wound plus one per damage +1 on the winning side; a winner with at least double the
    loser's strength kills every loser outright (overwhelmed), Ring or not. A 0–0 skirmish
    rests on a reading (``readings``: ``zero_skirmish``, ``overwhelms`` by default or
    ``wounds``) and carries the outcome under both.
    """
    readings = readings or {}
    check_reading_ids(readings, (ZERO_SKIRMISH,))
    zero_reading = pick_reading(readings, ZERO_SKIRMISH, ZERO_READINGS)
    result = _skirmish(free_peoples, shadow, burdens_per_wound, zero_reading)
    if result.free_peoples_strength or result.shadow_strength:
        return result

    def outcome(reading: str) -> Reason:
        shown = (
            result
            if reading == zero_reading
            else _skirmish(free_peoples, shadow, burdens_per_wound, reading)
        )
        losers = [o for o in shown.outcomes if o.side != shown.winner]
        params = {
            "killed": sum(o.killed for o in losers),
            "losers": len(losers),
            "wounds": shown.wounds_per_loser,
        }
        return Reason(ZERO_OUTCOME, params=params)

    reading = reading_of(
        ZERO_SKIRMISH, rules.SKIRMISH, ZERO_QUOTE, zero_reading, ZERO_READINGS, outcome
    )
    return dataclasses.replace(result, readings=(reading,))


def _skirmish(
    free_peoples: Sequence[Fighter],
    shadow: Sequence[Fighter],
    burdens_per_wound: int,
    zero_reading: str,
) -> SkirmishResult:
    """The skirmish under a reading of 0 against 0 (see :func:`resolve_skirmish`)."""
    _check_skirmish(free_peoples, shadow, burdens_per_wound)
    fp_total = sum(f.strength for f in free_peoples)
    shadow_total = sum(f.strength for f in shadow)
    fp_wins = fp_total > shadow_total
    winner, (winners, losers) = (
        (FREE_PEOPLES, (free_peoples, shadow)) if fp_wins else (SHADOW, (shadow, free_peoples))
    )
    loser_side = SHADOW if fp_wins else FREE_PEOPLES
    win_total, lose_total = (fp_total, shadow_total) if fp_wins else (shadow_total, fp_total)
    overwhelmed = win_total >= 2 * lose_total and (win_total > 0 or zero_reading == ZERO_OVERWHELMS)
    wounds = 1 + sum(f.damage for f in winners)
    if overwhelmed:
        outcomes, effects = _overwhelm_losers(losers, loser_side, win_total, lose_total)
    else:
        outcomes, effects = _wound_losers(losers, loser_side, wounds, burdens_per_wound)
    outcomes += [
        FighterOutcome(f.name, winner, 0, f.wounds, 0, f.burdens, False, False) for f in winners
    ]
    reasons = [_winner_reason(fp_total, shadow_total), *effects, *_fate_reasons(outcomes, losers)]
    return SkirmishResult(
        free_peoples_strength=fp_total, shadow_strength=shadow_total, winner=winner,
        overwhelmed=overwhelmed, wounds_per_loser=0 if overwhelmed else wounds,
        outcomes=tuple(outcomes), reasons=tuple(reasons), citations=_cite(reasons),
        assumptions=_skirmish_assumptions(free_peoples, overwhelmed, win_total),
    )  # fmt: skip


def _cite(reasons: Iterable[Reason], *extra: Citation) -> tuple[Citation, ...]:
    return tuple(dict.fromkeys([*(r.citation for r in reasons if r.citation), *extra]))


# --- Archery ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shooter:
    """A character in the archery phase. ``home_site``/``joins_archery`` concern allies."""

    name: str
    archer: bool = False
    vitality: int = 1
    wounds: int = 0
    ally: bool = False
    home_site: int | None = None
    joins_archery: bool = False

    def takes_part(self, site_number: int) -> bool:
        """Companions always; allies at their home site or when their text lets them."""
        return not self.ally or self.joins_archery or self.home_site == site_number


@dataclass(frozen=True)
class WoundPlacement:
    """Wounds placed on one character by archery."""

    name: str
    wounds_taken: int
    wounds_total: int
    killed: bool


@dataclass(frozen=True, kw_only=True)
class ArcheryResult(Answer):
    """Both archery totals, and the check of each side's wound assignment if one was given."""

    fellowship_total: int
    minion_total: int
    fellowship_capacity: int
    minion_capacity: int
    wounds_ignored_by_fellowship: int
    wounds_ignored_by_minions: int
    fellowship_placements: tuple[WoundPlacement, ...]
    minion_placements: tuple[WoundPlacement, ...]
    legal: bool


def _room(targets: Sequence[Shooter]) -> int:
    """How many wounds the characters can still take before all of them are dead."""
    return sum(t.vitality - t.wounds for t in targets)


def _place(
    where: str, total: int, targets: Sequence[Shooter], assignment: Mapping[str, int] | None
) -> tuple[tuple[WoundPlacement, ...], int, list[Reason]]:
    """Check that ``assignment`` places exactly the wounds that fit, none past a death."""
    capacity = _room(targets)
    ignored = max(0, total - capacity)
    if assignment is None:
        return (), ignored, []
    reasons: list[Reason] = []
    by_name = {t.name: t for t in targets}
    unknown = sorted(set(assignment) - set(by_name))
    if unknown:
        reasons.append(
            Reason(
                N_("%(side)s: wounds assigned to characters who cannot take them here: "
                   "%(names)s."),
                rules.ARCHERY, {"side": where, "names": ", ".join(unknown)}, "unknown_target",
            )
        )  # fmt: skip
    placements = []
    for target in targets:
        wounds = assignment.get(target.name, 0)
        room = target.vitality - target.wounds
        if wounds > room:
            reasons.append(
                Reason(
                    N_("%(side)s: %(name)s can take only %(room)s more wound(s); wounds are "
                       "placed one at a time."),
                    rules.ARCHERY, {"side": where, "name": target.name, "room": room},
                    "too_many_wounds",
                )
            )  # fmt: skip
        taken = min(wounds, room)
        placements.append(
            WoundPlacement(
                target.name, taken, target.wounds + taken, target.wounds + taken >= target.vitality
            )
        )
    expected = total - ignored
    placed = sum(assignment.values())
    if placed != expected:
        reasons.append(
            Reason(
                N_("%(side)s: %(placed)s wound(s) assigned, but exactly %(expected)s must be "
                   "placed (%(ignored)s cannot be placed and are ignored)."),
                rules.ARCHERY,
                {"side": where, "placed": placed, "expected": expected, "ignored": ignored},
                "wrong_total",
            )
        )  # fmt: skip
    return tuple(placements), ignored, reasons


ARCHERY_SHADOW_PLAYERS = N_(
    "With several Shadow players every archer minion counts in the minion total («Не важно, "
    "сколько имеется игроков Тьмы, все их лучники подсчитываются»), and the fellowship total "
    "is placed by the one Shadow player the Free Peoples player chooses, on his own minions: "
    "list that player's minions and add the other players' archers as a minion modifier."
)
ARCHERY_RING = N_(
    "A Ring-bearer wearing the Ring takes a burden instead of each wound, archery wounds too "
    "(«Если в это время он получает ранение, вместо этого добавьте на его карту один жетон "
    "бремени»): count those wounds as burdens."
)


def resolve_archery(
    fellowship: Sequence[Shooter],
    minions: Sequence[Shooter],
    site_number: int,
    fellowship_modifier: int = 0,
    minion_modifier: int = 0,
    fellowship_assignment: Mapping[str, int] | None = None,
    minion_assignment: Mapping[str, int] | None = None,
) -> ArcheryResult:
    """Archery fire (rules: Стрельба): count archers, then place each total as wounds.

    The minion archery total counts every archer minion; the fellowship archery total counts
    archer companions and archer allies at their home site. The Free Peoples player wounds
    his companions (and participating allies) by the minion total, then a Shadow player
    wounds his minions by the fellowship total; wounds that fit nowhere are ignored.
    """
    problems: list[tuple[str, str]] = []
    if not FIRST_SITE <= site_number <= LAST_SITE:
        problems.append(("site_number", SITE_NUMBER))
    for where, group in (("fellowship", fellowship), ("minions", minions)):
        _unique_names(problems, where, [s.name for s in group])
        for i, s in enumerate(group):
            if s.vitality < 1:
                problems.append((f"{where}[{i}].vitality", N_("must be 1 or more")))
            elif not 0 <= s.wounds < s.vitality:
                problems.append(
                    (f"{where}[{i}].wounds", N_("must be 0 or more and below vitality"))
                )
    for where, assignment in (
        ("fellowship_assignment", fellowship_assignment),
        ("minion_assignment", minion_assignment),
    ):
        if any(v < 0 for v in (assignment or {}).values()):
            problems.append((where, N_("wounds must be 0 or more")))
    _require(problems)
    taking_part = [s for s in fellowship if s.takes_part(site_number)]
    fellowship_total = max(0, sum(s.archer for s in taking_part) + fellowship_modifier)
    minion_total = max(0, sum(s.archer for s in minions) + minion_modifier)
    fp_places, fp_ignored, fp_reasons = _place(
        N_("Fellowship"), minion_total, taking_part, fellowship_assignment
    )
    sh_places, sh_ignored, sh_reasons = _place(
        N_("Minions"), fellowship_total, minions, minion_assignment
    )
    reasons = [
        Reason(
            N_("Minion archery total %(minion)s: the Free Peoples player places that many "
               "wounds on his companions (and participating allies)."),
            rules.ARCHERY, {"minion": minion_total}, "minion_total",
        ),
        Reason(
            N_("Fellowship archery total %(fellowship)s (archer companions, and archer allies "
               "at home site %(site)s): a Shadow player places that many wounds on his "
               "minions."),
            rules.ARCHERY, {"fellowship": fellowship_total, "site": site_number},
            "fellowship_total",
        ),
    ]  # fmt: skip
    problems_found = fp_reasons + sh_reasons
    verdict = problems_found
    if (fellowship_assignment or minion_assignment) and not problems_found:
        verdict = [
            Reason(N_("The wound assignment is legal."), rules.ARCHERY, code="assignment_legal")
        ]
    return ArcheryResult(
        fellowship_total=fellowship_total, minion_total=minion_total,
        fellowship_capacity=_room(taking_part), minion_capacity=_room(minions),
        wounds_ignored_by_fellowship=fp_ignored, wounds_ignored_by_minions=sh_ignored,
        fellowship_placements=fp_places, minion_placements=sh_places, legal=not problems_found,
        reasons=tuple(verdict + reasons), citations=_cite(reasons, rules.ALLIES),
        assumptions=(N_("Archery totals include the modifiers you entered from card texts; a "
                        "total never goes below 0."), ARCHERY_SHADOW_PLAYERS, ARCHERY_RING),
    )  # fmt: skip


# --- Twilight: moving, roaming --------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Figures(Answer):
    """A calculator's figure(s) by name, in the answer envelope."""

    values: Mapping[str, int | bool | None]


def _answer(values: Mapping, reasons: Sequence[Reason], assumptions: Sequence[str] = ()) -> Figures:
    return Figures(
        values=dict(values),
        reasons=tuple(reasons),
        citations=_cite(reasons),
        assumptions=tuple(assumptions),
    )


@dataclass(frozen=True, kw_only=True)
class SitePathTwilight(Answer):
    """The twilight each move along the site path adds, and their sum."""

    moves: tuple[Mapping[str, int], ...]  # site, shadow_number, twilight_added, running_total
    total: int


SITE_PATH_NOT_A_POOL = N_(
    "The running total is the twilight the moves add, not the twilight pool: the pool is emptied "
    "at the start of every turn («В начале вашего хода вы убираете все жетоны из Котла Тьмы») "
    "and the Shadow spends from it."
)
RUSSIAN_TITLE_NOTE = N_(
    "A Russian title the rulebook gives stands for the English card (Фродо is Frodo, Арагорн "
    "is Aragorn), as in deck lists."
)


def site_path_twilight(shadow_numbers: Sequence[int], companions: int) -> SitePathTwilight:
    """The twilight the fellowship adds moving along the site path from site 1 (rules: Как
    осуществляется перемещение): each move to site n adds site n's Shadow number plus one per
    companion; ``shadow_numbers`` are those of sites 2, 3... in order (8 at most: site 9)."""
    problems: list[tuple[str, str]] = []
    if not 1 <= len(shadow_numbers) <= LAST_SITE - FIRST_SITE:
        problems.append(("shadow_numbers", SITE_PATH_NUMBERS))
    problems += [(f"shadow_numbers[{i}]", N_("must be 0 or more"))
                 for i, n in enumerate(shadow_numbers) if n < 0]  # fmt: skip
    if companions < 1:
        problems.append(("companions", N_("the fellowship has at least the Ring-bearer")))
    _require(problems)
    moves, total = [], 0
    for site, shadow in enumerate(shadow_numbers, start=2):
        total += shadow + companions
        moves.append({"site": site, "shadow_number": shadow,
                      "twilight_added": shadow + companions, "running_total": total})  # fmt: skip
    reasons = (
        Reason(
            N_("From site 1 to site %(last)s the fellowship adds %(total)s twilight: the sites' "
               "Shadow numbers (%(shadow)s) and %(companions)s for the companions on each of "
               "%(moves)s moves."),
            rules.HOW_TO_MOVE,
            {"last": len(shadow_numbers) + 1, "total": total, "shadow": sum(shadow_numbers),
             "companions": companions, "moves": len(shadow_numbers)},
            "site_path_twilight",
        ),
    )  # fmt: skip
    return SitePathTwilight(
        moves=tuple(moves),
        total=total,
        reasons=reasons,
        citations=_cite(reasons, rules.MOVE_LIMIT),
        assumptions=(
            N_(
                "The same number of companions on every move (the Ring-bearer included); cards "
                "that add or remove twilight are not counted."
            ),
            SITE_PATH_NOT_A_POOL,
        ),
    )


def move_twilight(shadow_number: int, companions: int) -> Figures:
    """Twilight added when the fellowship moves (rules: Как осуществляется перемещение):
    the new site's Shadow number plus one per companion in the fellowship.
    """
    problems: list[tuple[str, str]] = []
    _non_negative(problems, shadow_number=shadow_number)
    if companions < 1:
        problems.append(("companions", N_("the fellowship has at least the Ring-bearer")))
    _require(problems)
    return _answer(
        {"twilight_added": shadow_number + companions},
        [
            Reason(
                N_("Shadow number %(shadow)s + %(companions)s companion(s) = %(total)s twilight "
                   "tokens added to the pool."),
                rules.HOW_TO_MOVE,
                {"shadow": shadow_number, "companions": companions,
                 "total": shadow_number + companions},
                "twilight_added",
            )
        ],
        [N_("Companions include the Ring-bearer; allies are not companions and add nothing.")],
    )  # fmt: skip


def minion_cost(
    twilight_cost: int,
    minion_site_number: int,
    current_site: int,
    penalty_reduction: int = 0,
    twilight_pool: int | None = None,
) -> Figures:
    """Twilight a Shadow player removes to play a minion (rules: Введение карт Тьмы в игру):
    its cost, plus the roaming penalty of 2 when played at a site numbered below its own.
    """
    problems: list[tuple[str, str]] = []
    _non_negative(problems, twilight_cost=twilight_cost, penalty_reduction=penalty_reduction)
    for name, value in (("minion_site_number", minion_site_number), ("current_site", current_site)):
        if not FIRST_SITE <= value <= LAST_SITE:
            problems.append((name, SITE_NUMBER))
    if twilight_pool is not None and twilight_pool < 0:
        problems.append(("twilight_pool", N_("must be 0 or more")))
    _require(problems)
    roaming = current_site < minion_site_number
    penalty = max(0, ROAMING_PENALTY - penalty_reduction) if roaming else 0
    total = twilight_cost + penalty
    reasons = [
        Reason(
            N_("Site %(site)s is below the minion's site number %(minion_site)s: it is roaming "
               "and costs %(penalty)s more (%(total)s in all).") if roaming else
            N_("Site %(site)s is not below the minion's site number %(minion_site)s: no "
               "roaming penalty (%(total)s in all)."),
            rules.PLAYING_SHADOW_CARDS,
            {"site": current_site, "minion_site": minion_site_number, "penalty": penalty,
             "total": total},
            "roaming" if roaming else "not_roaming",
        )
    ]  # fmt: skip
    affordable = None
    if twilight_pool is not None:
        affordable = twilight_pool >= total
        reasons.append(
            Reason(
                N_("The pool holds %(pool)s: enough to pay %(total)s.") if affordable else
                N_("The pool holds %(pool)s: not enough to pay %(total)s."),
                rules.TWILIGHT_COST, {"pool": twilight_pool, "total": total},
                "affordable" if affordable else "not_affordable",
            )
        )  # fmt: skip
    return _answer(
        {"roaming": roaming, "penalty": penalty, "total_cost": total, "affordable": affordable},
        reasons,
        [N_("Twilight cost already includes card modifiers; a site that lowers the roaming "
            "penalty is entered as the reduction.")],
    )  # fmt: skip


# --- Moves, companions, burdens, bids ------------------------------------------------------


def move_limit(players_at_start: int, moves_made: int = 0) -> Figures:
    """The move limit (rules: Предел перемещения): 2 in a two-player game, otherwise the
    number of opponents at the start of the game; the fellowship moves at least once a turn.
    """
    problems: list[tuple[str, str]] = []
    if players_at_start < MIN_PLAYERS:
        problems.append(("players_at_start", TOO_FEW_PLAYERS))
    _non_negative(problems, moves_made=moves_made)
    _require(problems)
    limit = 2 if players_at_start == 2 else players_at_start - 1
    reasons = [
        Reason(
            N_("Two players: the move limit is 2.") if players_at_start == 2 else
            N_("%(players)s players: the move limit is the number of opponents, %(limit)s."),
            rules.MOVE_LIMIT, {"players": players_at_start, "limit": limit}, "limit",
        )
    ]  # fmt: skip
    if moves_made > limit:
        reasons.append(
            Reason(
                N_("%(moves)s moves already exceed the limit of %(limit)s."),
                rules.MOVE_LIMIT, {"moves": moves_made, "limit": limit}, "over_limit",
            )
        )  # fmt: skip
    return _answer(
        {
            "move_limit": limit,
            "must_move": moves_made == 0,
            "may_move_again": moves_made < limit,
            "moves_left": max(0, limit - moves_made),
        },
        reasons,
        [N_("The limit is set by the number of players at the start of the game, even after "
            "a player is eliminated.")],
    )  # fmt: skip


@dataclass(frozen=True)
class CompanionRef:
    """A companion by title; ``unique`` if the card has the uniqueness dot."""

    title: str
    unique: bool = False


def _title_key(title: str) -> str:
    """A card's title without its subtitle, loosely: "Aragorn, King in Exile" is Aragorn
    (rules: Уникальность: cards of one title with different subtitles are the same); a Russian
    title the rulebook gives is its English one (Фродо is Frodo)."""
    return fold(english_title(title).split(",", 1)[0])


def can_play_companion(
    in_play: Sequence[CompanionRef], dead_pile: Sequence[CompanionRef], candidate: CompanionRef
) -> Figures:
    """May this companion be played? At most 9 companions in play and in the dead pile
    together (rules: Введение в игру спутника); no second unique title in play
    (Уникальность) nor one whose title is in the dead pile (Смерть).
    """
    count = len(in_play) + len(dead_pile)
    reasons = []
    if count + 1 > COMPANION_LIMIT:
        reasons.append(
            Reason(
                N_("%(in_play)s companion(s) in play and %(dead)s in the dead pile: a new one "
                   "would exceed %(limit)s."),
                rules.PLAYING_COMPANIONS,
                {"in_play": len(in_play), "dead": len(dead_pile), "limit": COMPANION_LIMIT},
                "companion_limit",
            )
        )  # fmt: skip
    key = _title_key(candidate.title)
    same_in_play = [c for c in in_play if _title_key(c.title) == key]
    same_dead = [c for c in dead_pile if _title_key(c.title) == key]
    unique = any(c.unique for c in (candidate, *same_in_play, *same_dead))
    if unique and same_in_play:
        reasons.append(
            Reason(
                N_("%(title)s is unique and a card of that title is already in play."),
                rules.UNIQUENESS, {"title": candidate.title}, "unique_in_play",
            )
        )  # fmt: skip
    if unique and same_dead:
        reasons.append(
            Reason(
                N_("%(title)s is unique and a card of that title is in your dead pile."),
                rules.KILLED, {"title": candidate.title}, "unique_dead",
            )
        )  # fmt: skip
    legal = not reasons
    if legal:
        reasons.append(
            Reason(
                N_("%(count)s companion(s) in play and in the dead pile: %(title)s can be "
                   "played (%(after)s of %(limit)s)."),
                rules.PLAYING_COMPANIONS,
                {"count": count, "title": candidate.title, "after": count + 1,
                 "limit": COMPANION_LIMIT},
                "allowed",
            )
        )  # fmt: skip
    return _answer(
        {"legal": legal, "companions_counted": count, "room_left": max(0, COMPANION_LIMIT - count)},
        reasons,
        [
            N_("Every copy of a non-unique companion counts separately; the Ring-bearer counts."),
            N_(
                "Titles are compared without their subtitles (the part after a comma), case or "
                "accents; a title is unique if any of its cards entered is."
            ),
            RUSSIAN_TITLE_NOTE,
        ],
    )


def corruption(burdens: int, resistance: int = DEFAULT_RESISTANCE, added: int = 0) -> Figures:
    """Burdens against resistance (rules: Поражение): the Ring-bearer is corrupted when his
    burdens reach his resistance, and his player loses.
    """
    problems: list[tuple[str, str]] = []
    _non_negative(problems, burdens=burdens, added=added)
    if resistance < 1:
        problems.append(("resistance", N_("must be 1 or more")))
    _require(problems)
    total = burdens + added
    corrupted = total >= resistance
    return _answer(
        {"burdens": total, "corrupted": corrupted,
         "burdens_to_corruption": max(0, resistance - total)},
        [
            Reason(
                N_("%(burdens)s burden(s) against resistance %(resistance)s: the Ring-bearer "
                   "is corrupted and the player loses.") if corrupted else
                N_("%(burdens)s burden(s) against resistance %(resistance)s: %(left)s more "
                   "would corrupt the Ring-bearer."),
                rules.LOSING,
                {"burdens": total, "resistance": resistance, "left": max(0, resistance - total)},
                "corrupted" if corrupted else "safe",
            )
        ],
    )  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class BidResult(Answer):
    """Who chooses a seat when, and the burdens each Ring-bearer starts with."""

    choosing_order: tuple[str, ...]
    ties: tuple[tuple[str, ...], ...]
    burdens: Mapping[str, int]


def _check_bids(bids: Mapping[str, int], tie_order: Sequence[str]) -> None:
    """At least two named players, no negative bid, and a tie order naming each bidder at most
    once (rules: Кто начинает игру?).
    """
    problems: list[tuple[str, str]] = []
    if len(bids) < MIN_PLAYERS:
        problems.append(("bids", TOO_FEW_PLAYERS))
    if any(not name.strip() for name in bids):
        problems.append(("bids", N_("each player needs a name")))
    problems += [(f"bids.{name}", N_("must be 0 or more")) for name, bid in bids.items() if bid < 0]
    if any(name not in bids for name in tie_order):
        problems.append(("tie_order", N_("names a player who did not bid")))
    if len(set(tie_order)) != len(tie_order):
        problems.append(("tie_order", N_("names a player more than once")))
    _require(problems)


def opening_bids(
    bids: Mapping[str, int], tie_order: Sequence[str] = (), resistance: int = DEFAULT_RESISTANCE
) -> BidResult:
    """The opening bid (rules: Кто начинает игру?): the highest bid chooses its place in the
    turn order first, then the next, and so on; ties are settled at random (``tie_order`` is
    the result of that draw); each bid becomes the bidder's starting burdens.
    """
    _check_bids(bids, tie_order)
    rank = {name: i for i, name in enumerate(tie_order)}
    ordered = sorted(bids, key=lambda n: (-bids[n], rank.get(n, len(rank))))
    ties = tuple(
        tuple(group)
        for _, g in groupby(ordered, key=lambda n: bids[n])
        if len(group := list(g)) > 1
    )
    reasons = [
        Reason(
            N_("Bids are chosen in order %(order)s; each bid becomes that Ring-bearer's "
               "starting burdens."),
            rules.BIDDING, {"order": ", ".join(ordered)}, "order",
        )
    ]  # fmt: skip
    unsettled = [t for t in ties if not all(name in rank for name in t)]
    if unsettled:
        reasons.append(
            Reason(
                N_("Equal bids are settled at random: %(ties)s (enter the result as the tie "
                   "order)."),
                rules.BIDDING, {"ties": "; ".join(", ".join(t) for t in unsettled)}, "ties",
            )
        )  # fmt: skip
    doomed = [name for name in ordered if bids[name] >= resistance]
    if doomed:
        reasons.append(
            Reason(
                N_("%(names)s bid(s) %(resistance)s or more: that Ring-bearer starts "
                   "corrupted and the player loses."),
                rules.LOSING, {"names": ", ".join(doomed), "resistance": resistance}, "doomed",
            )
        )  # fmt: skip
    return BidResult(
        choosing_order=tuple(ordered), ties=ties, burdens={name: bids[name] for name in ordered},
        reasons=tuple(reasons), citations=_cite(reasons),
        assumptions=(N_("The choosing order is not the turn order: each bidder picks any free "
                        "place in turn."),),
    )  # fmt: skip
