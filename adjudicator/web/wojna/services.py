"""The calculators: validated input (a form's or a serializer's data) → the engine's answer.

Forms and serializers name their fields alike, so pages and API share these functions.
"""

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from adjudicator.games.wojna import battle, characters, dice, duel, ratio_plan, ring, search

from . import selectors

Data = Mapping[str, Any]


def _leader(data: Data, side: str) -> battle.Leader | None:
    morale = data.get(f"{side}_morale")
    if morale is None:
        return None
    return battle.Leader(
        morale=morale,
        bracketed=bool(data.get(f"{side}_morale_bracketed")),
        spell_bonus=data.get(f"{side}_spell_bonus") or 0,
        spells=data.get(f"{side}_spells") or None,
    )


def _battle_arguments(data: Data) -> dict[str, Any]:
    """What a battle and its ratio plan read from the request, besides the units."""
    return {
        "attacker_leader": _leader(data, "attacker"),
        "defender_leader": _leader(data, "defender"),
        "sortie": bool(data.get("sortie")),
        "table": selectors.battle_table(),
        "spells": selectors.spell_table(),
    }


def run_battle(data: Data) -> battle.BattleAnswer:
    return battle.resolve_battle(
        data["attacker_units"],
        data["defender_units"],
        Fraction(data.get("terrain_multiplier") or 1),
        **_battle_arguments(data),
        readings=data.get("readings") or {},
    )


def run_ratio_plan(data: Data) -> ratio_plan.RatioPlan:
    return ratio_plan.plan_ratio(
        data["attacker_units"],
        data["defender_units"],
        Fraction(data.get("terrain_multiplier") or 1),
        unit_strength=data.get("unit_strength") or 1,
        **_battle_arguments(data),
        readings=data.get("readings") or {},
    )


def run_capture(data: Data) -> dice.AttemptOdds:
    return dice.capture_odds(
        data["niewola"],
        data.get("attempts") or 1,
        found=data.get("found", True) is not False,
        own_army_area=bool(data.get("own_army_area")),
    )


def run_escape(data: Data) -> dice.AttemptOdds:
    return dice.escape_odds(data["ucieczka"], data.get("attempts") or 1)


def run_ring_removal(data: Data) -> dice.AttemptOdds:
    return dice.ring_removal_odds(data["pierscien"], data.get("attempts") or 1)


def run_duel(data: Data) -> duel.DuelAnswer:
    def duelist(side: str) -> duel.Duelist:
        return duel.Duelist(
            morale=data[f"{side}_morale"],
            odwaga=data[f"{side}_odwaga"],
            wounds=data.get(f"{side}_wounds") or 0,
            odpornosc=data.get(f"{side}_odpornosc"),
            spells=data.get(f"{side}_spells") or None,
            nazgul=bool(data.get(f"{side}_nazgul")),
            strokes=data.get(f"{side}_strokes") or 0,
            magic_sword=bool(data.get(f"{side}_magic_sword")),
        )

    duel_tables = duel.DuelTables(duel=selectors.duel_table(), spells=selectors.spell_table())
    return duel.resolve_duel(
        duelist("attacker"), duelist("defender"), duel_tables, data.get("readings") or {}
    )


def run_search(data: Data) -> search.SearchAnswer:
    return search.search_odds(
        data["phase"],
        nazgul=data.get("nazgul") or 0,
        orc_units=data.get("orc_units") or (),
        other_units=data.get("other_units") or (),
        other_characters=data.get("other_characters") or 0,
        niewola=data.get("niewola"),
        table=selectors.search_table(),
        readings=data.get("readings") or {},
    )


def run_wounds(data: Data) -> characters.CharacterStatus:
    marks = characters.Marks(
        odpornosc=data["odpornosc"],
        crosses=data.get("crosses") or 0,
        circles=data.get("circles") or 0,
        strokes=data.get("strokes") or 0,
        nazgul=bool(data.get("nazgul")),
    )
    return characters.character_status(
        marks,
        character=data.get("character") or "",
        new_wounds=data.get("new_wounds") or 0,
        magic_sword=bool(data.get("magic_sword")),
        spells=bool(data.get("spells")),
        readings=data.get("readings") or {},
    )


def run_ringwraith(data: Data) -> characters.RingwraithOdds:
    return characters.ringwraith_odds(
        data["odpornosc"], data.get("circles") or 0, data["pierscien"], data.get("character") or ""
    )


def run_gollum(data: Data) -> characters.GollumOdds:
    return characters.gollum_control(data.get("previous") or None, data.get("readings") or {})


def run_inheritance(data: Data) -> ring.InheritanceAnswer:
    return ring.inherit_ring(
        [
            ring.Candidate(c["name"], c["group"], c.get("has_ring_attribute", True) is not False)
            for c in data["candidates"]
        ]
    )


def run_destruction(data: Data) -> ring.DestructionAnswer:
    return ring.ring_destroyed(data["hex"], bool(data.get("ring_worn")))


DIE_TESTS = {"capture": run_capture, "escape": run_escape, "ring_removal": run_ring_removal}


def run_die_test(data: Data) -> dice.AttemptOdds:
    """The page's one form for the three die tests, by ``data["test"]``."""
    return DIE_TESTS[data["test"]](data)
