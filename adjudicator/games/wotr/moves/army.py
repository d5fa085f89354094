"""Army movement and attacks (rules: Перемещение армий, Раздел армии, Запреты на перемещение,
Атака, Атака цитадели, Ведение осады, Вылазка, Снятие осады, Объявление войны)."""

from __future__ import annotations

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import (
    BOARD,
    FREE_PEOPLES,
    MAX_UNITS_PER_REGION,
    SHADOW,
    UNIT_KINDS,
)
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves import graph
from adjudicator.games.wotr.moves.context import Situation, enemy_of
from adjudicator.games.wotr.moves.factions import ASSUME_COAST, pirate_regions
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import ARMY, CHARACTER, EVENT, Move
from adjudicator.games.wotr.moves.politics import activate, advance, entering_land
from adjudicator.games.wotr.moves.resolve import (
    Force,
    characters_in,
    force_side,
    own_characters,
    resolve_force,
    total,
    whole_side,
)
from adjudicator.games.wotr.position import Position, Units

ASSUME_EVENT = N_(
    "Played with an event card: checked against the basic rules the card does not lift "
    "(rules: Игра картами); the card's own text is not known to this checker."
)


ASSUME_NO_NATION_LAND = N_(
    "A nation not at war may move its units into a region of no nation: Объявление войны says "
    "its army 'may leave its borders but not cross into another nation's land'; the sentence "
    "of Запреты на перемещение ('cannot go beyond its nation's land') is read the same way."
)
ASSUME_BESIEGED_STAY = N_(
    "The rulebook says a besieged army cannot retreat to an adjacent region (Ведение осады) and "
    "leaves its stronghold only by a sortie, after which it stays in the region (Вылазка); "
    "moving out of the stronghold is read as forbidden too."
)
ASSUME_NAZGUL_STAYS = N_(
    "Лидеры says a Nazgûl without an army 'cannot be placed' in an enemy stronghold; it is read "
    "that it cannot stay there either once the army besieging it leaves."
)
ASSUME_LEADERS_NOT_UNITS = N_(
    "The limits of a nation not at war bind its units (rules: Объявление войны speaks of units); "
    "its leaders alone may go with an army of nations at war."
)


def _force(situation: Situation, move: Move, where: str = "move.units") -> Force:
    """The moving figures: those named, or the whole side whose army stands there.

    A Nazgûl flying over an enemy army is no army of its own (rules: Лидеры), so the side with
    units is the one that moves; figures without units (Nazgûl alone) are taken only when no
    army stands there, and the move then fails for having no units.

    Kept with the situation for the same figures (the very groups: a destinations question
    checks the same move ending in each region around), once found there (issue 29).
    """
    key = (_force, move.origin, move.characters, where)
    kept = situation.kept.get(key)
    if kept is not None and kept[0] is move.groups:  # (kept, its id cannot be another's)
        return kept[1]
    force = _found_force(situation, move, where)
    situation.kept[key] = (move.groups, force)
    return force


def _found_force(situation: Situation, move: Move, where: str) -> Force:
    if move.groups:
        force = resolve_force(situation, move.origin, move.groups, where)
    else:
        position = situation.position
        sides = position.army_sides(move.origin) or position.sides_present(move.origin)
        if len(sides) != 1:
            what = (
                N_("%(region)s: both sides have an army there: name the units")
                if sides
                else N_("%(region)s: there are no figures")
            )
            raise InvalidInput([(where, Message(what, region=move.origin))])
        force = whole_side(situation, move.origin, sides[0])
    characters = where.replace("units", "characters")
    characters_in(situation, move.origin, move.characters, characters, force_side(force))
    return force


def _check_die(findings: Findings, move: Move, force: Force, side: str, what: str) -> None:
    if move.die == EVENT:
        findings.cite(rules.PLAYING_CARDS)
        findings.assume(ASSUME_EVENT)
    elif move.die not in (ARMY, CHARACTER):
        findings.fail(
            "wrong_die",
            N_(
                "an army moves or attacks with an army die, a character die or an event card, "
                "not %(die)s"
            ),
            rules.ARMY_MOVEMENT if what == "move" else rules.ATTACK,
            die=move.die,
        )
    elif move.die == CHARACTER:
        findings.cite(rules.SPLITTING if what == "move" else rules.ATTACK)
        led = total(force).leadership > 0 or any(
            BOARD.characters[c].side == side for c in move.characters
        )
        if not led:
            findings.fail(
                "character_die_needs_leader",
                N_("with a character die at least one leader or character must go with the army"),
                rules.SPLITTING if what == "move" else rules.ATTACK,
            )


def _check_not_at_war(
    findings: Findings, situation: Situation, force: Force, to: str, what: str
) -> None:
    land = BOARD.regions[to].nation
    crossing = land is not None and any(n != land for n, _ in force)
    if what == "attack" or crossing or not all(situation.at_war(n) for n, _ in force):
        findings.cite(rules.AT_WAR)
    for nation, units in force:
        if situation.at_war(nation):
            continue
        if not units.units:
            findings.assume(ASSUME_LEADERS_NOT_UNITS)
            continue
        if what == "attack":
            findings.fail(
                "not_at_war_attack",
                N_("%(nation)s is not at war: its army cannot attack"),
                rules.AT_WAR,
                nation=nation,
            )
        elif land is None:
            findings.assume(ASSUME_NO_NATION_LAND)
        elif land != nation:
            findings.fail(
                "not_at_war_border",
                N_(
                    "%(nation)s is not at war: its units cannot cross into the land of "
                    "%(land)s (only a retreat may)"
                ),
                rules.AT_WAR,
                nation=nation,
                land=land,
            )


def check_adjacent(findings: Findings, origin: str, to: str, citation: rules.Citation) -> bool:
    """``to`` must be across a passable border; a black line in the data is named, not used."""
    if to in graph.neighbours(origin):
        return True
    if graph.black_line(origin, to):
        findings.fail(
            "impassable",
            N_("no passable border between %(origin)s and %(to)s: black line on the map"),
            rules.REGIONS,
            origin=origin,
            to=to,
        )
    else:
        findings.fail(
            "not_adjacent",
            N_("%(to)s is not adjacent to %(origin)s"),
            citation,
            origin=origin,
            to=to,
        )
    return False


def check_army_move(situation: Situation, move: Move, findings: Findings) -> None:
    """Move (part of) an army to an adjacent region (rules: Перемещение армий)."""
    force = _force(situation, move)
    side = force_side(force)
    findings.cite(rules.ARMY_MOVEMENT, rules.MOVEMENT_LIMITS)
    _check_die(findings, move, force, side, "move")
    _check_leg(findings, situation, move, force, side)
    if move.then is not None:
        _check_second_army(findings, situation, move, force)
    findings.path_length = 1


def _check_leg(
    findings: Findings, situation: Situation, move: Move, force: Force, side: str
) -> None:
    origin, to = move.origin, move.to
    moving = total(force)
    if moving.units == 0:
        findings.fail(
            "no_units",
            N_("an army move needs at least one unit; leaders never move alone"),
            rules.LEADERS,
        )
    if origin == to:
        findings.fail(
            "same_region", N_("the army must move to another region"), rules.ARMY_MOVEMENT
        )
        return
    if situation.is_inside(origin, side):
        findings.fail(
            "besieged_cannot_leave",
            N_("the army is besieged in %(origin)s: it cannot leave the stronghold"),
            rules.SIEGE,
            origin=origin,
        )
        findings.cite(rules.SORTIE)
        findings.assume(ASSUME_BESIEGED_STAY)
    check_adjacent(findings, origin, to, rules.ARMY_MOVEMENT)
    _check_destination(findings, situation, to, side, moving.units)
    _check_not_at_war(findings, situation, force, to, "move")
    left = situation.position.side_units(origin, side)
    if moving != left:
        findings.cite(rules.SPLITTING)
    if side == FREE_PEOPLES:
        remaining = Units(
            left.regular - moving.regular,
            left.elite - moving.elite,
            left.leaders - moving.leaders,
        )
        if remaining.leaders and not remaining.units:
            findings.fail(
                "leaders_left_alone",
                N_(
                    "Free Peoples leaders cannot stay in %(origin)s without an army: they must "
                    "move with it"
                ),
                rules.SPLITTING,
                origin=origin,
            )
    lifted = situation.besieged_by(origin, side) and moving.units == left.units
    if lifted and side == SHADOW:
        _check_nazgul_left(findings, situation, move, moving, left)
    if findings.ok:
        if lifted:
            findings.effect(
                "siege_ends",
                N_("the siege of %(origin)s ends: the besieged army is back in the region"),
                rules.STRONGHOLD_ATTACK,
                origin=origin,
            )
        entering_land(findings, situation, side, to)
        _pirates_follow(findings, situation, origin, to)


def _check_nazgul_left(
    findings: Findings, situation: Situation, move: Move, moving: Units, left: Units
) -> None:
    """The besiegers of a Free Peoples stronghold leave: a Nazgûl (the Witch-king too) left
    behind would stand without an army in an enemy stronghold (rules: Лидеры)."""
    witch_king = "witch-king" in own_characters(situation, move.origin, SHADOW)
    if left.nazgul > moving.nazgul or (witch_king and "witch-king" not in move.characters):
        findings.fail(
            "nazgul_left_in_stronghold",
            N_(
                "the siege of %(origin)s ends as the army leaves: a Nazgûl cannot stay without "
                "an army in a Free Peoples stronghold, so it must move with the army"
            ),
            rules.LEADERS,
            origin=move.origin,
        )
        findings.assume(ASSUME_NAZGUL_STAYS)


def _pirates_follow(findings: Findings, situation: Situation, origin: str, to: str) -> None:
    """Pirates with a moving Shadow army go along only where Pirates may go
    (Воины Средиземья: Пираты, ограничения)."""
    if not situation.faction_at("pirates", origin):
        return
    findings.assume(ASSUME_COAST)
    if to in pirate_regions():
        findings.effect(
            "pirates_follow",
            N_("the Pirates in %(origin)s may move with the army"),
            rules.PIRATES_LIMITS,
            origin=origin,
        )
    else:
        findings.effect(
            "pirates_stay",
            N_("the Pirates stay in %(origin)s: they may not enter %(to)s"),
            rules.PIRATES_LIMITS,
            origin=origin,
            to=to,
        )


def _check_destination(
    findings: Findings, situation: Situation, to: str, side: str, arriving: int
) -> None:
    enemy = enemy_of(side)
    if situation.units(to, enemy):
        if situation.besieged_by(to, side):
            findings.cite(rules.REINFORCING_SIEGE)
        elif situation.is_inside(to, side):
            findings.fail(
                "friendly_stronghold_besieged",
                N_(
                    "the enemy besieges %(to)s: no army may enter until the besiegers are "
                    "defeated (attack them instead)"
                ),
                rules.RELIEVING_SIEGE,
                to=to,
            )
        else:
            findings.fail(
                "enemy_in_destination",
                N_("%(to)s holds enemy units: an army may attack it but not move into it"),
                rules.MOVEMENT_LIMITS,
                to=to,
            )
    after = situation.units(to, side) + arriving
    if after > MAX_UNITS_PER_REGION:
        findings.fail(
            "stacking",
            N_("%(count)s units in %(to)s after the move: the limit is 10"),
            rules.MOVEMENT_LIMITS,
            count=after,
            to=to,
        )


def _check_second_army(findings: Findings, situation: Situation, move: Move, force: Force) -> None:
    """The army die moves two different armies; no unit moves twice (rules: Запреты)."""
    second = move.then
    if move.die != ARMY:
        findings.fail(
            "second_army_needs_army_die",
            N_("only an army die moves two armies in one action"),
            rules.ARMY_MOVEMENT,
        )
    after_first = Situation(
        _moved(situation.position, force, move.origin, move.to), situation.factions
    )
    second_force = _force(after_first, second, "move.then.units")
    side = force_side(force)
    if force_side(second_force) != side:
        findings.fail("second_army_side", N_("both armies must be yours"), rules.ARMY_MOVEMENT)
        return
    if second.origin == move.origin:
        findings.fail(
            "same_army_twice",
            N_("the two armies of an army die must be different armies"),
            rules.ARMY_MOVEMENT,
        )
    elif second.origin == move.to:
        stood = situation.position.side_units(move.to, side).units
        if total(second_force).units > stood:
            findings.fail(
                "moved_twice",
                N_(
                    "a unit may move only once per action: the army that just arrived in "
                    "%(region)s cannot move on with the units that stood there"
                ),
                rules.MOVEMENT_LIMITS,
                region=move.to,
            )
    # The second army meets the board as the first left it: stacking counts both (rules: Запреты).
    _check_leg(findings, after_first, second, second_force, side)


def _moved(position: Position, force: Force, origin: str, to: str) -> Position:
    """The position once ``force`` has gone from ``origin`` to ``to``."""
    for nation, units in force:
        left = position.nation_units(origin).get(nation, Units())
        position = position.with_units(
            origin, nation, Units(*(getattr(left, k) - getattr(units, k) for k in UNIT_KINDS))
        )
        there = position.nation_units(to).get(nation, Units())
        position = position.with_units(to, nation, there + units)
    return position


def check_attack(situation: Situation, move: Move, findings: Findings) -> None:
    """Attack an adjacent enemy army, besiege a stronghold or sortie (rules: Атака)."""
    force = _force(situation, move)
    side = force_side(force)
    attackers = total(force)
    origin, to = move.origin, move.to
    findings.cite(rules.ATTACK)
    _check_die(findings, move, force, side, "attack")
    if attackers.units == 0:
        findings.fail(
            "no_attacking_units",
            N_("only an army with units can attack; leaders and characters alone cannot"),
            rules.DESTROYED_LEADERS,
        )
    _check_not_at_war(findings, situation, force, to, "attack")
    enemy = enemy_of(side)
    if origin == to:
        _check_siege_or_sortie(findings, situation, origin, side)
    else:
        if situation.is_inside(origin, side):
            findings.fail(
                "besieged_attacks_out",
                N_(
                    "a besieged army can only sortie against the besiegers of %(origin)s, "
                    "not attack another region"
                ),
                rules.SORTIE,
                origin=origin,
            )
        check_adjacent(findings, origin, to, rules.ATTACK)
        if not situation.units(to, enemy):
            findings.fail(
                "no_enemy_army",
                N_("there is no enemy army in %(to)s to attack"),
                rules.ATTACK,
                to=to,
            )
        elif situation.is_inside(to, enemy):
            findings.fail(
                "besieged_only_from_inside",
                N_(
                    "the army besieged in %(to)s can only be attacked by the army in the same "
                    "region"
                ),
                rules.SIEGE,
                to=to,
            )
        elif situation.besieged_by(to, enemy):
            findings.cite(rules.RELIEVING_SIEGE)
        if situation.is_stronghold_of(to, enemy) and not situation.besieged_side(to):
            findings.cite(rules.STRONGHOLD_ATTACK)
            findings.assume(
                N_(
                    "The defender of a stronghold may retreat into it before any round; "
                    "the attacker then moves in and besieges it (rules: Атака цитадели)."
                )
            )
    leaders_behind = situation.position.side_units(origin, side).leadership - attackers.leadership
    if leaders_behind or len(move.characters) < len(own_characters(situation, origin, side)):
        findings.assume(
            N_(
                "Figures not named in the attack stay behind as a rearguard: they take no "
                "losses and do not advance (rules: Атака)."
            )
        )
    if findings.ok:
        _attack_effects(findings, situation, to, enemy)


def _check_siege_or_sortie(
    findings: Findings, situation: Situation, region: str, side: str
) -> None:
    if situation.is_inside(region, side):
        findings.cite(rules.SORTIE)
    elif situation.besieged_by(region, side):
        findings.cite(rules.SIEGE)
    else:
        findings.fail(
            "nothing_to_besiege",
            N_(
                "an attack in its own region is a siege or a sortie: %(region)s has no "
                "besieged stronghold"
            ),
            rules.SIEGE,
            region=region,
        )


def _attack_effects(findings: Findings, situation: Situation, to: str, enemy: str) -> None:
    for nation, units in situation.position.nation_units(to).items():
        if BOARD.side_of(nation) != enemy or not units:
            continue
        activated = activate(
            findings, situation, nation, N_("%(nation)s becomes active: its army is attacked")
        )
        advance(
            findings,
            situation,
            nation,
            N_("%(nation)s advances one step: its army is attacked"),
            activated,
        )
