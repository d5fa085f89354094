"""Factions of the Warriors of Middle-earth expansion: entering play, recruiting, moving alone,
stacking limits and the faction hand limit (Воины Средиземья, глава III)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import BOARD, FREE_PEOPLES, SHADOW, STRONGHOLD
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves import graph
from adjudicator.games.wotr.moves.context import FACTION_SIDES, MAX_FACTION_FIGURES, Situation
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import EVENT, FACTION_DIE, MUSTER, Move

DATA = Path(__file__).resolve().parent.parent / "data" / "factions.json"

ENTRY = {
    "dead": rules.DEAD_ENTRY,
    "eagles": rules.EAGLES_ENTRY,
    "ents": rules.ENTS_ENTRY,
    "pirates": rules.PIRATES_ENTRY,
    "dunlendings": rules.DUNLENDINGS_ENTRY,
    "spiders": rules.SPIDERS_ENTRY,
}
SETUP = {
    "dead": rules.DEAD_SETUP,
    "eagles": rules.EAGLES_SETUP,
    "ents": rules.ENTS_SETUP,
    "pirates": rules.PIRATES_SETUP,
    "dunlendings": rules.DUNLENDINGS_SETUP,
    "spiders": rules.SPIDERS_SETUP,
}
ASSUME_COAST = N_(
    "The coastal regions of the western sea come from this project's data file (transcribed "
    "from the board map, unverified): Forlindon, Grey Havens, Harlindon, Minhiriath, "
    "Enedwaith, Druwaith Iaur, Andrast, Anfalas, Dol Amroth, Lamedon, Pelargir, West "
    "Harondor, Umbar."
)
ASSUME_FP_LOSSES = N_(
    "Free Peoples faction figures destroyed never return; the position does not record them, "
    "so every figure not on the board is taken to be available."
)


@cache
def faction_data() -> Mapping[str, Any]:
    """``data/factions.json``: setups, stacking limits, the Pirates' coast, the Dead's reach."""
    return MappingProxyType(json.loads(DATA.read_text(encoding="utf-8")))


def pirate_regions() -> frozenset[str]:
    """Where Pirates may go: the western sea's coast, Gondor except Erech, and Osgiliath."""
    data = faction_data()
    gondor = {s for s, r in BOARD.regions.items() if r.nation == "gondor"} - {"erech"}
    return frozenset({*data["pirates_coastal_regions"], *gondor, "osgiliath"})


def stacking_limit(faction: str) -> int | None:
    """Pirates 5, Dunlendings 3 per region; the others none (Предел группирования)."""
    return faction_data()["factions"][faction]["stacking"]


def check_faction(situation: Situation, move: Move, findings: Findings) -> None:
    """Dispatch on the faction action."""
    {"enter": _check_enter, "recruit": _check_recruit, "move": _check_move}[move.action](
        situation, move, findings
    )


def _entry_condition(situation: Situation, faction: str) -> bool:
    position = situation.position
    fellowship_region = position.fellowship.region
    if faction == "dead":
        reach = set(faction_data()["dead_entry_regions"])
        return any(situation.character_region(c) in reach for c in ("strider", "aragorn"))
    if faction == "eagles":
        return fellowship_region != "rivendell" or situation.in_play("gandalf-white")
    if faction == "ents":
        companion_there = any(
            BOARD.characters[c].is_companion for c in position.characters_in("fangorn")
        )
        return situation.in_play("saruman") and (companion_there or fellowship_region == "fangorn")
    if faction == "pirates":
        return situation.at_war("southrons")
    if faction == "dunlendings":
        return situation.in_play("saruman")
    return fellowship_region != "rivendell"


CONDITIONS = {
    "dead": N_(
        "Strider or Aragorn must be in Erech or one region from it (Edoras, Helm's Deep "
        "and Westemnet included)"
    ),
    "eagles": N_(
        "the Fellowship's last known region must not be Rivendell, or Gandalf the "
        "White must be in play"
    ),
    "ents": N_("Saruman must be in play and a companion or the Fellowship in Fangorn"),
    "pirates": N_("the Southrons & Easterlings must be at war"),
    "dunlendings": N_("Saruman must be in play"),
    "spiders": N_("the Fellowship's last known region must not be Rivendell"),
}


def _check_die(
    findings: Findings,
    move: Move,
    allowed: tuple[str, ...],
    what: str,
    citation: rules.Citation = rules.FACTION_DICE,
) -> None:
    if move.die not in allowed:
        findings.fail(
            "wrong_die",
            N_("%(what)s needs %(allowed)s, not %(die)s"),
            citation,
            what=what,
            allowed=" / ".join(allowed),
            die=move.die,
        )


def _check_enter(situation: Situation, move: Move, findings: Findings) -> None:
    faction = move.faction
    findings.cite(rules.FACTION_ENTRY, ENTRY[faction], SETUP[faction])
    entering = N_("bringing a faction into play")
    _check_die(findings, move, (MUSTER, FACTION_DIE), entering, rules.FACTION_ENTRY)
    if situation.faction_in_play(faction):
        findings.fail(
            "faction_in_play",
            N_("the %(faction)s are already in play"),
            rules.FACTION_ENTRY,
            faction=faction,
        )
    if not _entry_condition(situation, faction):
        findings.fail(
            "entry_condition",
            CONDITIONS[faction],
            ENTRY[faction],
            faction=faction,
        )
    if findings.ok:
        placements = _setup(situation, faction)
        findings.effect(
            "faction_placed",
            N_("the %(faction)s enter play: %(placements)s"),
            SETUP[faction],
            faction=faction,
            placements=", ".join(f"{n} in {r}" for r, n in placements.items()) or "—",
        )
        if faction == "dead":
            findings.effect(
                "strider_to_erech",
                N_(
                    "Strider (or Aragorn) moves to Erech to join the Army of the Dead, with any "
                    "companions in his region who choose to"
                ),
                rules.DEAD_ENTRY,
            )


def _setup(situation: Situation, faction: str) -> dict[str, int]:
    setup = dict(faction_data()["factions"][faction]["setup"])
    if faction == "dunlendings":
        return {r: n for r, n in setup.items() if situation.controller(r) == SHADOW}
    return setup


def _check_recruit(situation: Situation, move: Move, findings: Findings) -> None:
    faction = move.faction
    findings.cite(SETUP[faction], rules.FACTION_FIGURES)
    _check_die(findings, move, (FACTION_DIE,), N_("recruiting a faction"))
    if not situation.faction_in_play(faction):
        findings.fail(
            "faction_not_in_play",
            N_("the %(faction)s are not in play: bring them in first"),
            rules.FACTION_ENTRY,
            faction=faction,
        )
        return
    region = move.to or next(iter(faction_data()["factions"][faction]["setup"]))
    placements = _recruit_regions(situation, faction, region)
    if not placements:
        findings.fail(
            "recruit_region",
            N_("the %(faction)s cannot be recruited in %(region)s"),
            SETUP[faction],
            faction=faction,
            region=region,
        )
        return
    added = sum(placements.values())
    if situation.faction_total(faction) + added > MAX_FACTION_FIGURES:
        findings.fail(
            "faction_pool",
            N_("all 8 figures of the %(faction)s are already in play"),
            rules.FACTION_FIGURES,
            faction=faction,
        )
    if FACTION_SIDES[faction] == FREE_PEOPLES:
        findings.assume(ASSUME_FP_LOSSES)
    _check_stack(findings, situation, faction, placements)


def _recruit_regions(situation: Situation, faction: str, region: str) -> dict[str, int]:
    """Where one "recruit faction" result places figures (Начальная расстановка и найм)."""
    if faction == "dead":
        dead_at = [r for r, n in situation.factions.get("dead", {}).items() if n]
        return {dead_at[0]: 1} if dead_at and region == dead_at[0] else {}
    if faction == "spiders":
        return {"dol-guldur": 1, "minas-morgul": 1}
    if faction == "dunlendings":
        settlements = {
            r: 1 for r in ("north-dunland", "south-dunland") if situation.controller(r) == SHADOW
        }
        if region in settlements:
            return settlements
        land = BOARD.regions[region].nation
        army = situation.units(region, SHADOW) and not situation.is_inside(region, SHADOW)
        return {region: 1} if land in ("isengard", "rohan") and army else {}
    home = next(iter(faction_data()["factions"][faction]["setup"]))
    return {home: 1} if region == home else {}


def _check_stack(
    findings: Findings, situation: Situation, faction: str, placements: Mapping[str, int]
) -> None:
    limit = stacking_limit(faction)
    if limit is None:
        return
    citation = rules.PIRATES_STACKING if faction == "pirates" else rules.DUNLENDINGS_STACKING
    for region, added in placements.items():
        after = situation.faction_at(faction, region) + added
        if after > limit:
            findings.fail(
                "faction_stacking",
                N_("%(count)s %(faction)s in %(region)s: at most %(limit)s in one region"),
                citation,
                count=after,
                faction=faction,
                region=region,
                limit=limit,
            )


def _check_move(situation: Situation, move: Move, findings: Findings) -> None:
    faction = move.faction
    have = situation.faction_at(faction, move.origin)
    if move.count > have:
        raise InvalidInput(
            [("move.count", f"only {have} {faction} figures in {move.origin}, not {move.count}")]
        )
    _check_die(findings, move, (EVENT, FACTION_DIE), N_("moving faction figures"))
    findings.assume(
        N_(
            "Faction figures move only by the effect of a faction event card; its own text is "
            "not known to this checker (Воины Средиземья: Использование фракций)."
        )
    )
    MOVERS[faction](situation, move, findings)
    _check_stack(findings, situation, faction, {move.to: move.count})


def _move_pirates(situation: Situation, move: Move, findings: Findings) -> None:
    findings.cite(rules.PIRATES_LIMITS, rules.PIRATES_MOVEMENT)
    findings.assume(ASSUME_COAST)
    allowed = pirate_regions()
    if move.to not in allowed:
        findings.fail(
            "pirates_region",
            N_(
                "Pirates may go only to the western sea's coast, Gondor (not Erech) and "
                "Osgiliath; not %(to)s"
            ),
            rules.PIRATES_LIMITS,
            to=move.to,
        )
        return
    _reach(findings, move, 4, lambda r: r in allowed, rules.PIRATES_MOVEMENT)


def _alone_blocker(situation: Situation, faction: str):
    def can_enter(region: str) -> bool:
        if situation.units(region, FREE_PEOPLES) and not situation.is_inside(region, FREE_PEOPLES):
            return False
        data = BOARD.regions[region]
        guarded = data.settlement == STRONGHOLD if faction == "dunlendings" else data.is_settlement
        unconquered = (
            guarded
            and data.nation is not None
            and BOARD.side_of(data.nation) == FREE_PEOPLES
            and situation.controller(region) == FREE_PEOPLES
        )
        besieged = data.settlement == STRONGHOLD and situation.besieged_by(region, SHADOW)
        return not unconquered or besieged

    return can_enter


def _move_alone(situation: Situation, move: Move, findings: Findings) -> None:
    faction = move.faction
    citation = rules.DUNLENDINGS_ALONE if faction == "dunlendings" else rules.SPIDERS_ALONE
    limits = rules.DUNLENDINGS_LIMITS if faction == "dunlendings" else rules.SPIDERS_LIMITS
    findings.cite(citation, limits)
    can_enter = _alone_blocker(situation, faction)
    if not can_enter(move.to):
        findings.fail(
            "faction_blocked",
            N_(
                "moving alone, the %(faction)s cannot enter %(to)s: a Free Peoples army or an "
                "unconquered Free Peoples settlement is there"
            ),
            limits,
            faction=faction,
            to=move.to,
        )
        return
    _reach(findings, move, 2, can_enter, citation)


def _move_eagles(situation: Situation, move: Move, findings: Findings) -> None:
    findings.cite(rules.EAGLES_MOVEMENT)
    findings.path_length = graph.distances(move.origin, len(BOARD.regions)).get(move.to)


def _move_chain(situation: Situation, move: Move, findings: Findings) -> None:
    """The Dead (one figure destroyed per step) and the Ents (a chain from Fangorn) move only
    into regions free of enemy units."""
    faction = move.faction
    citation = rules.DEAD_MOVEMENT if faction == "dead" else rules.ENTS_MOVEMENT
    findings.cite(citation)

    def free(region: str) -> bool:
        return not situation.units(region, SHADOW)

    if faction == "dead":
        _move_dead(situation, move, findings, free)
        return
    if move.origin == "fangorn" and situation.faction_at("ents", "fangorn") <= move.count:
        findings.fail(
            "ents_last_in_fangorn",
            N_("at least one Ent must always stay in Fangorn (the Entwood)"),
            rules.ENTS_LIMITS,
        )
    ents = {r for r, n in situation.factions.get("ents", {}).items() if n}
    next_to_ents = any(move.to in graph.neighbours(r) for r in ents)
    if not free(move.to) or move.origin != "fangorn" or not next_to_ents:
        findings.fail(
            "ents_chain",
            N_(
                "an Ent leaves the Entwood in Fangorn for a region next to other Ents, free of "
                "enemy units"
            ),
            citation,
        )
    findings.path_length = 1
    if findings.ok and move.to == "orthanc" and situation.in_play("saruman"):
        findings.effect(
            "saruman_destroyed",
            N_("the Ents enter Orthanc with no Shadow units there: Saruman is destroyed"),
            rules.ORTHANC_DESTROYED,
        )


def _move_dead(situation: Situation, move: Move, findings: Findings, free) -> None:
    """The Army of the Dead never splits; each region it moves destroys one of its figures,
    and the faction leaves play when none is left (Мертвецы: ограничения, передвижение,
    уничтожение)."""
    figures = situation.faction_at("dead", move.origin)
    if "count" in move.raw and move.count != figures:
        findings.fail(
            "dead_split",
            N_("the Dead never split: all %(figures)s figures in %(origin)s move together"),
            rules.DEAD_LIMITS,
            figures=figures,
            origin=move.origin,
        )
    _reach(findings, move, figures, free, rules.DEAD_MOVEMENT)
    if not findings.ok:
        return
    left = figures - findings.path_length
    findings.effect(
        "dead_destroyed",
        N_("%(lost)s figures of the Dead are destroyed on the way; %(left)s remain"),
        rules.DEAD_MOVEMENT,
        lost=findings.path_length,
        left=left,
    )
    if not left:
        findings.effect(
            "faction_removed",
            N_("no figure of the Dead is left: the faction leaves play"),
            rules.DEAD_DESTRUCTION,
        )


def _reach(findings: Findings, move: Move, reach: int, can_enter, citation) -> None:
    found = graph.distances(move.origin, reach, can_enter)
    if move.to == move.origin or move.to not in found:
        findings.fail(
            "too_far",
            N_("%(to)s is more than %(reach)s regions away by the regions this faction may enter"),
            citation,
            to=move.to,
            reach=reach,
        )
    else:
        findings.path_length = found[move.to]


MOVERS = {
    "pirates": _move_pirates,
    "dunlendings": _move_alone,
    "spiders": _move_alone,
    "eagles": _move_eagles,
    "dead": _move_chain,
    "ents": _move_chain,
}


def check_faction_hand(situation: Situation, move: Move, findings: Findings) -> None:
    """At most 4 faction cards in hand (3 per player in team games), apart from the 6-card
    limit (Карты событий фракций; Игра втроем и вчетвером)."""
    limits = faction_data()["faction_hand_limit"]
    limit = limits["team_game"] if move.team_game else limits["two_players"]
    citation = rules.FACTION_TEAM_GAME if move.team_game else rules.FACTION_CARDS
    findings.cite(citation)
    if move.cards > limit:
        findings.fail(
            "faction_hand",
            N_("%(cards)s faction cards in hand: at most %(limit)s; discard the rest at once"),
            citation,
            cards=move.cards,
            limit=limit,
        )
