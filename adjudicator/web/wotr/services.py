"""Between the web and the engine: a validated request → the engine's value types → the
engine's answer (the database is not needed here). No words: ``presenters.py`` says the answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from adjudicator.games.wotr.battle import Army, Battle, BattleOdds, battle_odds
from adjudicator.games.wotr.battle_plan import BattlePlan, plan_battle, smallest_army
from adjudicator.games.wotr.factions import FactionAttack, FactionAttackOdds, faction_attack_odds
from adjudicator.games.wotr.from_position import position_battle_odds
from adjudicator.games.wotr.hunt import Hunt, HuntOdds, hunt_odds
from adjudicator.games.wotr.hunt_plan import (
    HuntAdvice,
    Journey,
    advise_hunt,
    cadence_count_of,
    tie_rule_of,
)
from adjudicator.games.wotr.reading import read_position
from adjudicator.games.wotr.victory import (
    VictoryResult,
    read_control,
    victory,
    victory_from_position,
)


def army_from(data: Mapping[str, Any]) -> Army:
    return Army(**{k: v for k, v in data.items() if k in Army.__dataclass_fields__})


def battle_from(data: Mapping[str, Any], **options: Any) -> Battle:
    """The battle of a request: both armies, the settlement, the siege, and ``options``."""
    return Battle(
        attacker=army_from(data["attacker"]),
        defender=army_from(data["defender"]),
        settlement=data["settlement"],
        siege=data["siege"],
        **options,
    )


def run_battle(data: Mapping[str, Any]) -> BattleOdds:
    battle = battle_from(
        data, rounds=data["rounds"], attacker_stops_below=data["attacker_stops_below"]
    )
    return battle_odds(battle)


def run_position_battle(data: Mapping[str, Any]) -> BattleOdds:
    position = read_position(data["position"])
    odds = position_battle_odds(
        position,
        data["attacker_region"],
        data["defender_region"],
        sortie=data["sortie"],
        rounds=data["rounds"],
        attacker_stops_below=data["attacker_stops_below"],
        attacker=dict(data.get("attacker") or {}),
        defender=dict(data.get("defender") or {}),
    )
    return odds


def run_battle_plan(data: Mapping[str, Any]) -> tuple[BattlePlan, dict[str, Any] | None]:
    battle = battle_from(data, rounds=None)
    goal = data["goal"]
    plan = plan_battle(battle, goal)
    target = data.get("target_percent")
    smallest = None
    if target is not None:
        smallest = {
            "target_percent": target,
            "regular": smallest_army(plan.battle, goal, Fraction(target, 100)),
        }
    return plan, smallest


def run_faction_attack(data: Mapping[str, Any]) -> FactionAttackOdds:
    attack = FactionAttack(
        faction=data["faction"],
        figures=data["figures"],
        regular=data["target"]["regular"],
        elite=data["target"]["elite"],
        attacks=data["attacks"],
        casualty_policy=data["casualty_policy"],
        in_orthanc=data["in_orthanc"],
    )
    return faction_attack_odds(attack)


def _hunt_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields a hunt and a journey share, as the engine takes them."""
    rerolls = data.get("rerolls") or {}
    pool = data["pool"]
    return {
        "hunt_dice": data["hunt_dice"],
        "fp_dice_in_box": data["fp_dice_in_box"],
        "rerolls": frozenset(name for name, on in rerolls.items() if on),
        "corruption": data["corruption"],
        "pool": pool if isinstance(pool, str) else tuple(pool),
        "drawn": tuple(data["drawn"]),
        "special_tiles": tuple(data["special_tiles"]),
        "companions": tuple(data["companions"]),
        "mordor_step": data["mordor_step"],
    }


def hunt_from(data: Mapping[str, Any]) -> Hunt:
    return Hunt(
        **_hunt_fields(data),
        casualty=data["casualty"],
        moves=data.get("moves", 1),
        forced=data.get("forced", False),
    )


def run_hunt(data: Mapping[str, Any]) -> HuntOdds:
    return hunt_odds(hunt_from(data))


def run_hunt_plan(data: Mapping[str, Any]) -> HuntAdvice:
    journey = Journey(
        **_hunt_fields(data),
        moves_to_mordor=data["moves_to_mordor"],
        moves_per_turn=data["moves_per_turn"],
        tie_rule=tie_rule_of(data.get("readings") or {}),
        cadence_count=cadence_count_of(data.get("readings") or {}),
    )
    return advise_hunt(journey)


def run_victory(data: Mapping[str, Any]) -> VictoryResult:
    if data.get("position") is not None:
        return victory_from_position(read_position(data["position"]))
    control = read_control(data.get("control") or {})
    return victory(control, data["corruption"], data["mordor_step"])


def validate_answer(data: Any) -> dict[str, Any]:
    position = read_position(data)
    return {
        "valid": True,
        "position": position.to_dict(),
        "shadow_vp": position.victory_points("shadow"),
        "free_peoples_vp": position.victory_points("free_peoples"),
    }
