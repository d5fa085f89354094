"""Battles read from a board position: who attacks whom, with what, where.

The attacking army is every unit of the attacking side in ``attacker_region``; its leadership
counts leaders, Nazgûl and the characters there (rules: Сила армии и лидерство). A besieging
army attacking the stronghold in its own region fights a siege (rules: Ведение осады); with
``sortie`` the besieged army attacks the besiegers (rules: Вылазка: normal rules). An army
next door may attack the besiegers, never the besieged (rules: Снятие осады, Ведение осады).
Whether the attack is allowed (nations at war, and so on) is the move checker's question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.games.common import N_, InvalidInput, Problems
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import Army, Battle, BattleOdds, battle_odds
from adjudicator.games.wotr.board import (
    BOARD,
    FORTIFICATION,
    FREE_PEOPLES,
    SHADOW,
    STRONGHOLD,
    resolve_region,
)
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.position import Position


def _enemy(side: str) -> str:
    return SHADOW if side == FREE_PEOPLES else FREE_PEOPLES


def battle_from_position(
    position: Position,
    attacker_region: str,
    defender_region: str,
    *,
    sortie: bool = False,
    **options: Any,
) -> Battle:
    """The battle the position implies; ``options`` are further ``Battle`` and ``Army`` fields
    (``rounds``, ``attacker_stops_below``, ``attacker``/``defender`` dicts of modifiers)."""
    attack_from = resolve_region(attacker_region, "attacker_region").slug
    attack_at = resolve_region(defender_region, "defender_region").slug
    besieged = position.besieged_side(attack_at)
    siege = attack_from == attack_at and besieged is not None and not sortie
    if attack_from == attack_at:
        side, problems = _side_within(besieged, sortie)
    else:
        side, problems = _side_across(position, attack_from, attack_at, sortie=sortie)
    attackers = position.side_units(attack_from, side) if side else None
    defenders = position.side_units(attack_at, _enemy(side)) if side else None
    for units, field, region, army_side in (
        (attackers, "attacker_region", attack_from, side),
        (defenders, "defender_region", attack_at, side and _enemy(side)),
    ):
        if units is not None and not units.units:
            problems.append(
                (
                    field,
                    Message(N_("no %(side)s units in %(region)s"), side=army_side, region=region),
                )
            )
    if problems or side is None or attackers is None or defenders is None:
        raise InvalidInput(problems)
    army_options = {k: options.pop(k, {}) for k in ("attacker", "defender")}
    return Battle(
        attacker=replace(
            Army(attackers.regular, attackers.elite, position.leadership(attack_from, side)),
            **army_options["attacker"],
        ),
        defender=replace(
            Army(
                defenders.regular,
                defenders.elite,
                position.leadership(attack_at, _enemy(side)),
            ),
            **army_options["defender"],
        ),
        settlement="none" if sortie else _settlement(position, attack_at, _enemy(side)),
        siege=siege,
        **options,
    )


def _side_within(besieged: str | None, sortie: bool) -> tuple[str, Problems]:
    """Who attacks within one region: the besiegers, or the besieged in a sortie (rules:
    Ведение осады, Вылазка)."""
    if besieged is None:
        return FREE_PEOPLES, [
            ("defender_region", Message(N_("attacking within one region needs a siege")))
        ]
    return (besieged if sortie else _enemy(besieged)), []


def _side_across(
    position: Position, attack_from: str, attack_at: str, *, sortie: bool
) -> tuple[str | None, Problems]:
    """Who attacks from one region into an adjacent one (rules: Атака), and why it may
    not."""
    problems: Problems = []
    if attack_at not in BOARD.regions[attack_from].neighbours:
        problems.append(
            (
                "defender_region",
                Message(
                    N_("%(target)s is not adjacent to %(source)s"),
                    target=attack_at,
                    source=attack_from,
                ),
            )
        )
    if sortie:
        problems.append(
            ("sortie", Message(N_("a sortie attacks the besiegers in the same region")))
        )
    present = position.army_sides(attack_from)
    if position.besieged_side(attack_from) is not None:
        # the besieged army may only sortie (rules: Вылазка): the besiegers attack out
        present = (_enemy(position.besieged_side(attack_from)),)
    if not present:
        problems.append(
            ("attacker_region", Message(N_("no army in %(region)s"), region=attack_from))
        )
        return None, problems
    side = present[0]
    if position.besieged_side(attack_at) == _enemy(side):
        problems.append(
            (
                "defender_region",
                Message(
                    N_(
                        "the army besieged in %(region)s can be attacked only by the "
                        "besiegers in its region"
                    ),
                    region=attack_at,
                ),
            )
        )
    return side, problems


def _settlement(position: Position, region: str, defender: str) -> str:
    """The defender's settlement: a fortification helps whoever holds it, a city or
    stronghold only its controller (rules: Атака города или укрепления)."""
    kind = BOARD.regions[region].settlement
    if kind == FORTIFICATION:
        return kind
    if kind is None or position.controller(region) != defender:
        return "none"
    return kind


def position_battle_odds(
    position: Position,
    attacker_region: str,
    defender_region: str,
    *,
    sortie: bool = False,
    **options: Any,
) -> BattleOdds:
    """``battle_odds`` of the battle a position implies, noting where its numbers came from."""
    battle = battle_from_position(
        position, attacker_region, defender_region, sortie=sortie, **options
    )
    odds = battle_odds(battle)
    notes = [
        N_(
            "Armies, leadership and settlement are read from the position; whether the "
            "attack is allowed (nations at war, ...) is not checked here."
        ),
        N_(
            "Every unit, leader and character in the attacking region attacks; none is kept "
            "back as a rearguard."
        ),
    ]
    if battle.settlement == STRONGHOLD and not battle.siege:
        notes.append(
            N_(
                "The defender could instead retreat into its stronghold and be "
                "besieged; this is the field battle."
            )
        )
    relief = not sortie and position.is_besieged(resolve_region(defender_region).slug)
    cited = (
        (cite.ATTACK,)
        + odds.citations
        + ((cite.SORTIE,) if sortie else ())
        + ((cite.RELIEF,) if relief and not battle.siege else ())
    )
    return replace(odds, assumptions=odds.assumptions + tuple(notes), citations=cited)
