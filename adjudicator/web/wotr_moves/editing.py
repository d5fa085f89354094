"""Edits of the position editor, applied to the position's JSON form (then re-validated)."""

from __future__ import annotations

from typing import Any

from adjudicator.games.wotr.board import BOARD


def set_region(data: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """One nation's figures in a region, the settlement's control and the siege flag."""
    region = fields["region"]
    armies = data.setdefault("armies", {})
    if fields.get("nation"):
        figures = {
            k: fields.get(k) or 0
            for k in ("regular", "elite", "leaders", "nazgul")
            if fields.get(k)
        }
        by_nation = armies.setdefault(region, {})
        if figures:
            by_nation[fields["nation"]] = figures
        else:
            by_nation.pop(fields["nation"], None)
        if not by_nation:
            armies.pop(region, None)
    if fields.get("control") and BOARD.regions[region].is_settlement:
        data.setdefault("control", {})[region] = fields["control"]
    sieges = set(data.get("sieges", []))
    sieges = sieges | {region} if fields.get("besieged") else sieges - {region}
    data["sieges"] = sorted(sieges)
    return data


def set_political(data: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """A nation's marker."""
    data.setdefault("political", {})[fields["nation"]] = {
        "steps_from_war": fields["steps_from_war"],
        "active": fields["active"],
    }
    return data


def set_character(data: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """A character on the board (leaving the Fellowship) or off it."""
    characters = data.setdefault("characters", {})
    slug = fields["character"]
    if fields.get("region"):
        characters[slug] = fields["region"]
        fellowship = data.setdefault("fellowship", {})
        fellowship["companions"] = [c for c in fellowship.get("companions", []) if c != slug]
    else:
        characters.pop(slug, None)
    return data


def set_fellowship(data: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """The Fellowship's region, progress, state, guide and companions."""
    companions = list(fields.get("companions") or [])
    data["fellowship"] = {
        "region": fields["region"],
        "progress": fields.get("progress") or 0,
        "corruption": fields.get("corruption") or 0,
        "revealed": fields.get("revealed", False),
        "mordor_step": fields.get("mordor_step"),
        "guide": fields["guide"] if companions else "gollum",
        "companions": companions,
    }
    characters = data.setdefault("characters", {})
    for slug in companions:
        characters.pop(slug, None)
    return data


def set_faction(factions: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """Faction figures in one region."""
    by_region = factions.setdefault(fields["faction"], {})
    if fields.get("count"):
        by_region[fields["region"]] = fields["count"]
    else:
        by_region.pop(fields["region"], None)
    return {f: r for f, r in factions.items() if r}
