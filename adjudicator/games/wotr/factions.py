"""Faction attacks of Warriors of Middle-earth: the Dead of Dunharrow and the Ents of Fangorn.

Both work alike (rules: Атака, for each faction): for each attack the Free Peoples remove one
figure, then roll 3 dice hitting on 4+, unaffected by terrain, cards or the Shadow; they may
repeat while figures remain. Hits are casualties as in a battle (1 hit: a regular or an elite
turned regular; 2 hits: an elite). If every unit of the Shadow army dies, its Nazgûl and
minions die too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    binomial,
    marginal,
    unique_citations,
)
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import CASUALTY_POLICIES, KEEP_STRENGTH, apply_hits
from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION
from adjudicator.games.wotr.dice import die_success
from adjudicator.games.wotr.messages import Message, between, one_of

FACTIONS = ("dead", "ents")
DICE_PER_ATTACK = 3
HIT_ON = 4
MAX_FIGURES = 8
"""Each faction has 8 figures (rules: Миниатюры фракций)."""


@dataclass(frozen=True)
class FactionAttack:
    """``figures`` available to spend on attacks against a Shadow army (``regular``,
    ``elite``); the attacks go on until it is destroyed or ``attacks`` have been made
    (default: every figure)."""

    faction: str
    figures: int
    regular: int
    elite: int = 0
    attacks: int | None = None
    casualty_policy: str = KEEP_STRENGTH
    in_orthanc: bool = False
    """Ents attacking Orthanc: Saruman dies with its last Shadow unit."""

    @property
    def max_attacks(self) -> int:
        return self.figures if self.attacks is None else min(self.attacks, self.figures)


@dataclass(frozen=True, kw_only=True)
class FactionAttackOdds(Answer):
    """The exact outcome of a series of faction attacks."""

    attack: FactionAttack
    destroyed: Fraction
    damage: Mapping[int, Fraction]
    """Hits the army took (at most its hit points: regulars + 2 × elites)."""
    figures_spent: Mapping[int, Fraction]
    end_states: Mapping[tuple[int, int], Fraction]
    """(regular, elite) left in the target army."""
    faction_eliminated: Fraction
    """Every figure spent: the faction leaves the game (rules: Уничтожение)."""

    @property
    def expected_figures_spent(self) -> Fraction:
        return sum((n * p for n, p in self.figures_spent.items()), start=Fraction(0))


def check_faction_attack(attack: FactionAttack) -> None:
    """Raise ``InvalidInput`` listing every problem."""
    problems: list[tuple[str, str]] = []
    if attack.faction not in FACTIONS:
        problems.append(("faction", one_of(FACTIONS)))
    if not 1 <= attack.figures <= MAX_FIGURES:
        problems.append(("figures", between(1, MAX_FIGURES)))
    for kind in ("regular", "elite"):
        if getattr(attack, kind) < 0:
            problems.append((kind, Message(N_("must not be negative"))))
    units = attack.regular + attack.elite
    if units == 0:
        problems.append(("regular", Message(N_("there is no Shadow army to attack"))))
    if units > MAX_UNITS_PER_REGION:
        problems.append(
            (
                "regular",
                Message(N_("an army holds at most %(limit)s units"), limit=MAX_UNITS_PER_REGION),
            )
        )
    if attack.attacks is not None and attack.attacks < 1:
        problems.append(("attacks", Message(N_("must be at least 1"))))
    if attack.casualty_policy not in CASUALTY_POLICIES:
        problems.append(("casualty_policy", one_of(CASUALTY_POLICIES)))
    if attack.in_orthanc and attack.faction != "ents":
        problems.append(("in_orthanc", Message(N_("only the Ents destroy Orthanc"))))
    if problems:
        raise InvalidInput(problems)


def faction_attack_odds(attack: FactionAttack) -> FactionAttackOdds:
    """Attack after attack until the army is destroyed or the attacks run out."""
    check_faction_attack(attack)
    roll = binomial(DICE_PER_ATTACK, die_success(HIT_ON))
    hit_points = attack.regular + 2 * attack.elite
    # state: (army left, hits taken so far, attacks made) → probability
    states = {((attack.regular, attack.elite), 0, 0): Fraction(1)}
    finished: dict[tuple[tuple[int, int], int, int], Fraction] = {}
    while states:
        following: dict[tuple[tuple[int, int], int, int], Fraction] = {}
        for (army, taken, made), p in states.items():
            if made == attack.max_attacks or not any(army):
                finished[army, taken, made] = finished.get((army, taken, made), 0) + p
                continue
            for hits, p_hits in enumerate(roll):
                left = apply_hits(*army, hits, attack.casualty_policy)
                key = (left, min(hit_points, taken + hits), made + 1)
                following[key] = following.get(key, 0) + p * p_hits
        states = following
    damage = marginal(finished, lambda end: end[1])
    spent = marginal(finished, lambda end: end[2])
    ends = marginal(finished, lambda end: end[0])
    return FactionAttackOdds(
        attack=attack,
        destroyed=ends.get((0, 0), Fraction(0)),
        damage=damage,
        figures_spent=spent,
        end_states=dict(sorted(ends.items(), key=lambda item: -item[1])),
        faction_eliminated=spent.get(attack.figures, Fraction(0)),
        citations=faction_citations(attack),
        assumptions=(
            N_(
                "The Free Peoples attack again after every attack that leaves the army "
                "standing, while attacks remain."
            ),
            N_("The Shadow removes casualties by the casualty policy given."),
            *(() if attack.faction == "dead" else (ENTWOOD_ONLY,)),
        ),
    )


ENTWOOD_ONLY = N_(
    "The figures are the Ents in Fangorn (the Entwood): only those can be destroyed to attack "
    "(Ents placed in other regions cannot)."
)


def faction_citations(attack: FactionAttack) -> tuple[Citation, ...]:
    """The sections a faction attack applies."""
    if attack.faction == "dead":
        applied = [cite.DEAD_ATTACK, cite.DEAD_DESTROYED]
    else:
        applied = [cite.ENTS_ATTACK, cite.ENTS_DESTROYED]
        if attack.in_orthanc:
            applied.append(cite.ORTHANC_DESTROYED)
    return unique_citations([*applied, cite.CASUALTIES])
