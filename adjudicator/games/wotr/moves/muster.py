"""Recruitment (rules: Наем новых юнитов, Запреты на наем, Игра картами)."""

from __future__ import annotations

from collections import Counter

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import (
    BOARD,
    FORTIFICATION,
    MAX_UNITS_BESIEGED,
    MAX_UNITS_PER_REGION,
    SHADOW,
    STRONGHOLD,
    UNIT_KINDS,
)
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import EVENT, MUSTER, Move, Placement
from adjudicator.games.wotr.position import figures_on_board

ALLOWANCES = ((2, 0, 0), (0, 0, 2), (1, 0, 1), (0, 1, 0))
"""One muster die: 2 regulars, 2 leaders, 1 regular + 1 leader, or 1 elite (regular, elite,
leaders; Nazgûl are the Shadow's leaders)."""

ASSUME_POOL = N_(
    "The position gives no reinforcements for this nation, so it does not record casualties: "
    "its figures not on the board are taken to be in its reinforcements, but Free Peoples "
    "figures killed in battle never return; give the position's reinforcements to check "
    "against them (rules: Запреты на наем)."
)
ASSUME_FEWER = N_(
    "A muster die may recruit fewer figures than its allowance (e.g. one regular): the rule "
    "says what a die can recruit at most."
)
ASSUME_CHARACTER_CARD = N_(
    "The conditions for bringing a character into play are printed on its card, not in the "
    "rulebook: they are not checked here (rules: Наем новых юнитов)."
)


def _nation(situation: Situation, placement: Placement, where: str) -> str:
    if placement.group.nation:
        return placement.group.nation
    if placement.group.figures.nazgul:
        return "sauron"
    nation = BOARD.regions[placement.region].nation
    if nation is None:
        raise InvalidInput(
            [(f"{where}.nation", Message(N_("name the nation of the recruited figures")))]
        )
    return nation


def check_muster(situation: Situation, move: Move, findings: Findings) -> None:
    """Bring new figures into play from reinforcements."""
    findings.cite(rules.MUSTER, rules.MUSTER_LIMITS)
    by_card = move.die == EVENT
    if by_card:
        findings.cite(rules.PLAYING_CARDS)
        findings.assume(
            N_(
                "Recruited by an event card: the nation need not be at war and a besieged "
                "stronghold may be reinforced; every other rule still holds (rules: Игра картами)."
            )
        )
    elif move.die != MUSTER:
        findings.fail(
            "wrong_die",
            N_("recruiting needs a muster die or an event card, not %(die)s"),
            rules.MUSTER,
            die=move.die,
        )
    placed = [
        (p, _nation(situation, p, f"move.placements[{i}]")) for i, p in enumerate(move.placements)
    ]
    characters = [p.character for p, _ in placed if p.character]
    figures = [(p, n) for p, n in placed if not p.character]
    if characters:
        _check_characters(findings, situation, characters, bool(figures))
    if not by_card and figures:
        _check_allowance(findings, figures)
    for placement, nation in figures:
        _check_placement(findings, situation, placement, nation, by_card)
    _check_pool(findings, situation, figures)
    _check_stacking(findings, situation, figures)
    if findings.ok:
        _lonely_leaders(findings, situation, figures)


def _check_characters(
    findings: Findings, situation: Situation, characters: list[str], with_figures: bool
) -> None:
    findings.assume(ASSUME_CHARACTER_CARD)
    if len(characters) > 1 or with_figures:
        findings.fail(
            "one_character",
            N_("one muster die brings one character into play, and nothing else"),
            rules.MUSTER,
        )
    for slug in characters:
        if situation.in_play(slug):
            findings.fail(
                "character_in_play",
                N_("%(character)s is already in play"),
                rules.MUSTER,
                character=slug,
            )


def _check_allowance(findings: Findings, figures: list[tuple[Placement, str]]) -> None:
    regular = sum(p.group.figures.regular for p, _ in figures)
    elite = sum(p.group.figures.elite for p, _ in figures)
    leaders = sum(p.group.figures.leadership for p, _ in figures)
    fits = [a for a in ALLOWANCES if regular <= a[0] and elite <= a[1] and leaders <= a[2]]
    if not fits:
        findings.fail(
            "allowance",
            N_(
                "one muster die recruits 2 regulars, 2 leaders, 1 regular and 1 leader, or 1 "
                "elite; not %(regular)s regular, %(elite)s elite and %(leaders)s leaders"
            ),
            rules.MUSTER,
            regular=regular,
            elite=elite,
            leaders=leaders,
        )
    elif (regular, elite, leaders) not in ALLOWANCES:
        findings.assume(ASSUME_FEWER)
    counts = Counter()
    for placement, _ in figures:
        if placement.group.figures.regular or placement.group.figures.leadership:
            counts[placement.region] += (
                placement.group.figures.regular + placement.group.figures.leadership
            )
    two_of_a_kind = regular == 2 or leaders == 2
    if two_of_a_kind and any(n >= 2 for n in counts.values()):
        findings.fail(
            "same_settlement",
            N_("two regulars or two leaders recruited together go to different settlements"),
            rules.MUSTER_LIMITS,
        )


def _check_placement(
    findings: Findings, situation: Situation, placement: Placement, nation: str, by_card: bool
) -> None:
    region = placement.region
    data = BOARD.regions[region]
    side = BOARD.side_of(nation)
    if placement.group.figures.nazgul and not (
        data.settlement == STRONGHOLD and data.nation == "sauron"
    ):
        findings.fail(
            "nazgul_stronghold",
            N_("Nazgûl are recruited only in Sauron's strongholds, not in %(region)s"),
            rules.MUSTER,
            region=region,
        )
    if data.settlement in (None, FORTIFICATION) or data.nation != nation:
        findings.fail(
            "not_own_settlement",
            N_(
                "%(nation)s recruits only in its own towns, cities and strongholds; "
                "%(region)s is not one"
            ),
            rules.MUSTER,
            nation=nation,
            region=region,
        )
    elif situation.controller(region) != side:
        findings.fail(
            "captured",
            N_("%(region)s has been captured by the enemy: no recruiting there"),
            rules.MUSTER_LIMITS,
            region=region,
        )
    elif situation.has_enemy_units(region, side) and not situation.besieged_side(region):
        # An enemy army that entered the settlement captured it (Захват поселений); a Nazgûl
        # flying there alone is no army (Лидеры) and stops nothing.
        findings.fail(
            "enemy_army_there",
            N_("an enemy army stands in %(region)s: the settlement is captured, no recruiting"),
            rules.CAPTURE,
            region=region,
        )
    if situation.besieged_side(region) and not by_card:
        findings.fail(
            "besieged",
            N_("%(region)s is besieged: only a card may add units to a besieged stronghold"),
            rules.MUSTER_LIMITS,
            region=region,
        )
    elif situation.besieged_side(region) not in (None, side):
        findings.fail(
            "enemy_inside",
            N_("the enemy holds the stronghold of %(region)s"),
            rules.MUSTER_LIMITS,
            region=region,
        )
    if not by_card and not situation.at_war(nation):
        findings.fail(
            "not_at_war",
            N_("%(nation)s is not at war: a muster die cannot recruit it (an event card can)"),
            rules.AT_WAR,
            nation=nation,
        )


def _check_pool(
    findings: Findings, situation: Situation, figures: list[tuple[Placement, str]]
) -> None:
    """Recruits come from the nation's reinforcements (rules: Запреты на наем): the pool the
    position gives, else the figures off the board (stated: Free Peoples casualties never
    return, and a position without reinforcements does not say how many fell)."""
    wanted: Counter[tuple[str, str]] = Counter()
    for placement, nation in figures:
        for kind in UNIT_KINDS:
            wanted[nation, kind] += getattr(placement.group.figures, kind)
    pools = situation.position.reinforcements or {}
    on_board = figures_on_board(situation.position)
    for (nation, kind), count in sorted(wanted.items()):
        if not count:
            continue
        if nation in pools:
            available = getattr(pools[nation], kind)
        else:
            available = BOARD.nation_figures[nation].get(kind, 0) - on_board[nation, kind]
        if count > available:
            findings.fail(
                "pool_exhausted",
                N_("%(nation)s has only %(available)s %(kind)s left in reinforcements"),
                rules.MUSTER_LIMITS,
                nation=nation,
                kind=kind,
                available=max(available, 0),
            )
        elif nation not in pools and BOARD.side_of(nation) != SHADOW:
            findings.assume(ASSUME_POOL)


def _check_stacking(
    findings: Findings, situation: Situation, figures: list[tuple[Placement, str]]
) -> None:
    added: Counter[tuple[str, str]] = Counter()
    for placement, nation in figures:
        added[placement.region, BOARD.side_of(nation)] += placement.group.figures.units
    for (region, side), count in sorted(added.items()):
        if not count:
            continue
        inside = situation.is_inside(region, side)
        limit = MAX_UNITS_BESIEGED if inside else MAX_UNITS_PER_REGION
        after = situation.units(region, side) + count
        if after > limit:
            findings.fail(
                "stacking",
                N_("%(count)s units in %(region)s after recruiting: the limit is %(limit)s"),
                rules.STRONGHOLD_ATTACK if inside else rules.ARMY_COMPOSITION,
                count=after,
                region=region,
                limit=limit,
            )


def _lonely_leaders(
    findings: Findings, situation: Situation, figures: list[tuple[Placement, str]]
) -> None:
    """Free Peoples leaders never stand without an army: one recruited where no unit of its
    side stands is removed at once (rules: Лидеры; Nazgûl may stand alone)."""
    arriving: Counter[str] = Counter()
    for placement, nation in figures:
        if BOARD.side_of(nation) != SHADOW:
            arriving[placement.region] += placement.group.figures.units
    for placement, nation in figures:
        side = BOARD.side_of(nation)
        region = placement.region
        if side == SHADOW or not placement.group.figures.leaders:
            continue
        if not situation.units(region, side) and not arriving[region]:
            findings.effect(
                "leader_removed",
                N_("no army stands in %(region)s: the leader recruited there is removed at once"),
                rules.LEADERS,
                region=region,
            )
