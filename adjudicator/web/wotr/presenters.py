"""The engines' answers as the API's response, in the request's language: the only place
where War of the Ring's answers are put in words (engine ``N_`` messages translated here).

The same dicts feed the API (as JSON) and the pages (as template context), so the two always
agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from adjudicator.citations import answer_payload, reason_payload
from adjudicator.formatting import decimal, percent
from adjudicator.games.common import Answer, exact_value, probability
from adjudicator.games.wotr.battle import Army, BattleOdds, RoundHits
from adjudicator.games.wotr.battle_plan import (
    CAPTURE,
    CHANCE_GOALS,
    DESTROY,
    EXCHANGE,
    HIT_BY_HIT,
    STATED_ERROR,
    BattlePlan,
)
from adjudicator.games.wotr.board import CHARACTER_NAMES
from adjudicator.games.wotr.combat_dice import CombatDice
from adjudicator.games.wotr.factions import FactionAttackOdds
from adjudicator.games.wotr.hunt import HuntOdds
from adjudicator.games.wotr.hunt_plan import STATED_ERROR as HUNT_PLAN_ERROR
from adjudicator.games.wotr.hunt_plan import Hit, HuntAdvice, Plan
from adjudicator.games.wotr.victory import VictoryResult

SIDE_NAMES = {
    "shadow": gettext_noop("The Shadow"),
    "free_peoples": gettext_noop("The Free Peoples"),
}


def distribution(
    values: Mapping[int, Fraction],
    row: Callable[[Fraction], dict[str, Any]] = probability,
) -> list[dict[str, Any]]:
    """Each value's chance (``row``: exact and float, or the float alone)."""
    return _rows("value", values.items(), row)


def _rows(key: str, chances: Iterable[tuple[Any, Any]], row: Callable) -> list[dict[str, Any]]:
    """Each ``(value, chance)`` as ``{key: value, **row(chance)}``; a row of the float alone
    written at once (issue 29: a hunt's or a battle's answer has dozens)."""
    if row is _float_only:
        return [{key: k, "probability": float(p)} for k, p in chances]
    return [{key: k, **row(p)} for k, p in chances]


def _common(headline: str, answer: Answer, request) -> dict[str, Any]:
    """The headline, then the envelope every answer shares (reasons, citations, assumptions)."""
    return {"headline": headline, **answer_payload(answer, request)}


# ---- battle ---------------------------------------------------------------------------------


def battle_verdict(odds: BattleOdds, chances: tuple[Fraction, Fraction] | None = None) -> str:
    """The headline: the chance the attacker destroys the defending army, over the battle asked
    (to the end unless rounds were given), then the attacker's own risk (``chances``: those
    two, when the caller has summed them already)."""
    battle = odds.battle
    defender, attacker = chances or (odds.defender_destroyed, odds.attacker_destroyed)
    values = {
        "defender": percent(defender),
        "attacker": percent(attacker),
        "rounds": battle.rounds,
        "stops": battle.attacker_stops_below,
    }
    if battle.rounds is not None:
        return (
            ngettext(
                "In %(rounds)s round the attacker destroys the defending army: %(defender)s "
                "(the attacker is destroyed: %(attacker)s).",
                "In %(rounds)s rounds the attacker destroys the defending army: %(defender)s "
                "(the attacker is destroyed: %(attacker)s).",
                battle.rounds,
            )
            % values
        )
    if battle.attacker_stops_below:
        return (
            _(
                "The attacker destroys the defending army: %(defender)s, fighting until it has "
                "fewer than %(stops)s units (the attacker is destroyed: %(attacker)s)."
            )
            % values
        )
    return (
        _(
            "The attacker destroys the defending army: %(defender)s, fighting to the end "
            "(the attacker is destroyed: %(attacker)s)."
        )
        % values
    )


def _float_only(value: Fraction | float) -> dict[str, float]:
    return {"probability": float(value)}


def _army_echo(army: Army) -> dict[str, Any]:
    return {k: getattr(army, k) for k in Army.__dataclass_fields__}


def _outcomes(odds: BattleOdds, exact: bool) -> list[dict[str, Any]]:
    """Each end state with its chance: exact and float, or the float alone (from the
    whole-number counts, without making the fraction: issue 29)."""
    if exact:
        chances, row = odds.outcomes.items(), probability
    else:
        chances, row = odds.floats, _float_only
    return [
        {"attacker": {"regular": ar, "elite": ae}, "defender": {"regular": dr, "elite": de},
         **row(p)}
        for (ar, ae, dr, de), p in chances
    ]  # fmt: skip


def _round_row(hits: RoundHits, exact: bool) -> dict[str, Any]:
    if exact:
        reached, attacker, defender = hits.reached, hits.attacker_hits, hits.defender_hits
        row: Callable[[Any], dict[str, Any]] = probability
    else:
        (reached, attacker, defender), row = hits.floats, _float_only
    return {
        "round": hits.number,
        "reached": row(reached),
        "attacker_hits": _rows("hits", enumerate(attacker), row),
        "defender_hits": _rows("hits", enumerate(defender), row),
    }


def battle_answer(odds: BattleOdds, request=None, *, exact: bool = False) -> dict[str, Any]:
    """The answer: the headline chances exact; the expected losses and the rows of the end
    states and of each round's hits exact too with ``exact``, else their floats only (the long
    fractions are most of the bytes)."""
    battle = odds.battle
    losses = odds.expected_losses(exact)
    chances = (odds.defender_destroyed, odds.attacker_destroyed)  # each summed once
    return {
        "battle": {
            "attacker": _army_echo(battle.attacker),
            "defender": _army_echo(battle.defender),
            "settlement": battle.settlement,
            "siege": battle.siege,
            "rounds": battle.rounds,
            "attacker_stops_below": battle.attacker_stops_below,
        },
        "defender_destroyed": probability(chances[0]),
        "attacker_destroyed": probability(chances[1]),
        "both_destroyed": probability(odds.both_destroyed),
        "outcomes": _outcomes(odds, exact),
        "rounds": [_round_row(r, exact) for r in odds.rounds],
        "expected_losses": {
            side: {
                kind: exact_value(value) if exact else {"value": value}
                for kind, value in kinds.items()
            }
            for side, kinds in losses.items()
        },
        **_common(battle_verdict(odds, chances), odds, request),
    }


# ---- battle planner -------------------------------------------------------------------------

POLICY_ADVICE = {
    "keep_strength": gettext_noop("turn elites into regulars first"),
    "keep_elites": gettext_noop("remove regulars first"),
    HIT_BY_HIT: gettext_noop(
        "choose casualties hit by hit as the table shows (elsewhere turn elites into regulars "
        "first)"
    ),
}
SHOWN_CHOICES = 20
"""The likeliest casualty choices an answer lists (``casualty_choices_total`` counts all)."""
GOAL_LABELS = {
    DESTROY: gettext_noop("Chance to destroy the defending army"),
    CAPTURE: gettext_noop("Chance to destroy it and keep a unit to move in"),
    EXCHANGE: gettext_noop("Expected hit points won (theirs lost minus yours)"),
}


def goal_value(goal: str, value: float) -> str:
    """A plan's worth as the page says it: a percentage, or signed hit points."""
    if goal in CHANCE_GOALS:
        return percent(value)
    return ("+" if value >= 0 else "") + decimal(value, 2)


def battle_plan_verdict(plan: BattlePlan, smallest: Mapping[str, Any] | None) -> str:
    """The advice first: when to cease, which casualties to take, and what it is worth."""
    if plan.stops:
        likeliest = plan.stops[0]
        stopping = ngettext(
            "cease attacking at %(count)s point (likeliest: your %(you)s against their %(them)s)",
            "cease attacking at %(count)s points (likeliest: your %(you)s against their %(them)s)",
            len(plan.stops),
        ) % {
            "count": len(plan.stops),
            "you": "{}/{}".format(*likeliest.attacker),
            "them": "{}/{}".format(*likeliest.defender),
        }
    else:
        stopping = _("fight until one army is gone")
    verdict = _(
        "Best plan: %(stopping)s, and %(casualties)s. %(goal)s: %(value)s (fighting to the end: "
        "%(end)s)."
    ) % {
        "stopping": stopping,
        "casualties": _(POLICY_ADVICE[plan.casualty_policy]),
        "goal": _(GOAL_LABELS[plan.goal]),
        "value": goal_value(plan.goal, plan.value),
        "end": goal_value(plan.goal, plan.to_the_end),
    }
    if smallest is None:
        return verdict
    values = {"target": smallest["target_percent"], "regular": smallest["regular"]}
    if smallest["regular"] is None:
        return (
            verdict + " " + _("Even a full army of regulars does not reach %(target)s%%.") % values
        )
    return verdict + " " + _("The fewest regulars that reach %(target)s%%: %(regular)s.") % values


def _side(side: tuple[int, int]) -> dict[str, int]:
    return {"regular": side[0], "elite": side[1]}


def battle_plan_answer(plan: BattlePlan, smallest, request=None) -> dict[str, Any]:
    return {
        "goal": plan.goal,
        "casualty_policy": plan.casualty_policy,
        "value": plan.value,
        "by_policy": plan.by_policy,
        "to_the_end": plan.to_the_end,
        "precision": STATED_ERROR,
        "stops": [
            {
                "attacker": _side(p.attacker),
                "defender": _side(p.defender),
                "reached": p.reached,
                "stop_value": p.stop_value,
                "go_on_value": p.go_on_value,
            }
            for p in plan.stops
        ],
        "casualty_choices": [
            {
                "attacker": _side(c.attacker),
                "defender": _side(c.defender),
                "taken": c.taken,
                "dealt": c.dealt,
                "keep": _side(c.keep),
                "reached": c.reached,
                "gain": c.gain,
            }
            for c in plan.casualty_choices[:SHOWN_CHOICES]
        ],
        "casualty_choices_total": len(plan.casualty_choices),
        "smallest_army": smallest,
        **_common(battle_plan_verdict(plan, smallest), plan, request),
    }


# ---- faction attacks ------------------------------------------------------------------------


def faction_answer(odds: FactionAttackOdds, request=None) -> dict[str, Any]:
    verdict = _(
        "The Shadow army is destroyed with probability %(destroyed)s, spending "
        "%(spent).2f figures on average."
    ) % {"destroyed": percent(odds.destroyed), "spent": float(odds.expected_figures_spent)}
    return {
        "destroyed": probability(odds.destroyed),
        "damage": distribution(odds.damage),
        "figures_spent": distribution(odds.figures_spent),
        "expected_figures_spent": exact_value(odds.expected_figures_spent),
        "end_states": [
            {"regular": r, "elite": e, **probability(p)} for (r, e), p in odds.end_states.items()
        ],
        "faction_eliminated": probability(odds.faction_eliminated),
        **_common(verdict, odds, request),
    }


# ---- hunt -----------------------------------------------------------------------------------


def hunt_verdict(odds: HuntOdds) -> str:
    """The Ring-bearer's risk first: corruption reaching 12, then (when the damage is taken
    as companions) a companion eliminated, then the reveal."""
    headline = _hunt_corruption(odds)
    companion_lost = 1 - odds.companions_lost.get(0, Fraction(1))
    if odds.hunt.casualty == "companion" and companion_lost:
        headline += " " + _("A companion is eliminated: %(lost)s.") % {
            "lost": percent(companion_lost)
        }
    return headline


def _hunt_corruption(odds: HuntOdds) -> str:
    if odds.hunt.moves > 1:
        return _(
            "The Ring-bearer survives %(moves)s moves uncorrupted: %(survive)s "
            "(corruption reaches 12: %(lost)s)."
        ) % {
            "moves": odds.hunt.moves,
            "survive": percent(odds.survives),
            "lost": percent(odds.corruption_12),
        }
    return _(
        "The Ring-bearer is corrupted (corruption reaches 12): %(lost)s; the Fellowship is "
        "revealed: %(reveal)s; a tile is drawn: %(success)s."
    ) % {
        "lost": percent(odds.corruption_12),
        "reveal": percent(odds.reveal),
        "success": percent(odds.success),
    }


def hunt_answer(odds: HuntOdds, request=None) -> dict[str, Any]:
    """A hunt's answer: the headline chances exact; the rows of its distributions (damage,
    corruption, companions lost, Mordor steps, each move's survival) exact too on a page and
    offline (their tables show them) and through the API with ``?exact=all``, else their
    floats only (issue 29: the long fractions are most of the bytes)."""
    row = probability if _rows_exact(request) else _float_only
    answer = {
        "success": probability(odds.success),
        "reveal": probability(odds.reveal),
        "corruption_12": probability(odds.corruption_12),
        "damage": distribution(odds.damage, row),
        "corruption": distribution(odds.corruption, row),
        "companions_lost": distribution(odds.companions_lost, row),
        "stopped": probability(odds.stopped),
        "mordor_steps": distribution(odds.steps, row),
        "pool_size": odds.pool_size,
        **_common(hunt_verdict(odds), odds, request),
    }
    if odds.hunt.moves > 1 or odds.per_move:
        answer["survive"] = probability(odds.survives)
        answer["per_move"] = _rows("move", enumerate(odds.per_move, start=1), row)
    return answer


def _rows_exact(request: Any) -> bool:
    """Whether a hunt's rows carry their exact fractions: through the API only with
    ``?exact=all`` (:func:`exact_asked`); a page's request (Django's, without
    ``query_params``) and the offline page's (None) always, as their tables show them."""
    return not hasattr(request, "query_params") or exact_asked(request)


# ---- hunt advisor ---------------------------------------------------------------------------


def _answer_text(lose: str | None, damage: int | str) -> str:
    if lose is None:
        return _("%(damage)s: take it as corruption") % {"damage": damage}
    return _("%(damage)s: lose %(name)s") % {"damage": damage, "name": _(CHARACTER_NAMES[lose])}


def hunt_plan_verdict(advice: HuntAdvice) -> str:
    """The advice first: the player's cadence and what it is worth beside the others, then how
    to answer the next hit."""
    chosen = advice.chosen
    others = "; ".join(
        _("%(moves)s a turn: %(chance)s in %(turns)s turns")
        % {"moves": plan.moves, "chance": percent(plan.chance), "turns": plan.turns}
        if plan.chance is not None
        else _("%(moves)s a turn: too long to follow in time") % {"moves": plan.moves}
        for plan in advice.cadences
        if plan is not chosen
    )
    verdict = _(
        "Moving %(moves)s a turn, the Ring reaches Mount Doom: %(chance)s, in %(turns)s turns "
        "if no stop tile halts it (%(others)s)."
    ) % {
        "moves": chosen.moves,
        "chance": percent(chosen.chance),
        "turns": chosen.turns,
        "others": others,
    }
    if advice.hits:
        verdict += " " + _("If the next hunt hits for %(answers)s.") % {
            "answers": "; ".join(_hit_answers(advice.hits))
        }
    return verdict


def _hit_answers(hits: Sequence[Hit]) -> list[str]:
    """The best answer by damage, or by damage and tile where the tiles' answers differ."""
    by_damage: dict[int, list[Hit]] = {}
    for hit in hits:
        by_damage.setdefault(hit.damage, []).append(hit)
    texts = []
    for damage, same in by_damage.items():
        if len({hit.options[0].lose for hit in same}) == 1:
            texts.append(_answer_text(same[0].options[0].lose, damage))
        else:
            texts += [
                _answer_text(hit.options[0].lose, f"{damage} ({tile_name(hit.tile)})")
                for hit in same
            ]
    return texts


def tile_name(tile: str) -> str:
    """A hit's tile as the page says it: eye, die, tile 3, with ", stop" for a stop tile."""
    value, stop, _rest = tile.partition("-stop")
    name = {"eye": _("eye"), "die": _("die")}.get(value) or _("tile %(value)s") % {"value": value}
    return _("%(tile)s, stop") % {"tile": name} if stop else name


def _plan(plan: Plan) -> dict[str, Any]:
    return {
        "kind": plan.kind,
        "moves": plan.moves,
        "companion": plan.companion,
        "chance": plan.chance,
        "this_turn": None if plan.this_turn is None else probability(plan.this_turn),
        "turns": plan.turns,
    }


def hunt_plan_answer(advice: HuntAdvice, request=None) -> dict[str, Any]:
    return {
        "chosen": _plan(advice.chosen),
        "cadences": [_plan(plan) for plan in advice.cadences],
        "others": [_plan(plan) for plan in advice.others],
        "hits": [
            {
                "tile": hit.tile,
                "damage": hit.damage,
                "options": [
                    {"lose": o.lose, "corruption": o.corruption, "chance": o.chance}
                    for o in hit.options
                ],
            }
            for hit in advice.hits
        ],
        "precision": HUNT_PLAN_ERROR,
        "outcomes": advice.outcomes,
        **_common(hunt_plan_verdict(advice), advice, request),
    }


# ---- victory --------------------------------------------------------------------------------


def victory_answer(result: VictoryResult, request=None) -> dict[str, Any]:
    deciding = result.deciding
    if deciding is None:
        verdict = _(
            "No one has won yet: the Shadow has %(shadow)s points, the Free Peoples %(fp)s."
        ) % {"shadow": result.shadow_vp, "fp": result.free_peoples_vp}
    else:
        verdict = _("%(winner)s win: %(reason)s") % {
            "winner": _(SIDE_NAMES[deciding.winner]),
            "reason": _(deciding.message),
        }
    return {
        "shadow_vp": result.shadow_vp,
        "free_peoples_vp": result.free_peoples_vp,
        "winner": result.winner,
        "condition": result.condition,
        "conditions": [
            {"code": c.code, "winner": c.winner, "message": _(c.message), "met": c.met}
            for c in result.conditions
        ],
        "points_from": {side: list(regions) for side, regions in result.points_from.items()},
        **_common(verdict, result, request),
    }


def exact_asked(request: Any) -> bool:
    """Whether an API request asks for every exact fraction (``?exact=all``; the API has checked
    the value, ``adjudicator.api.check_choices``). A page's request has no ``query_params``, nor
    has the browser's (None): no DRF here, so this module runs offline too."""
    query = getattr(request, "query_params", None)
    return query is not None and query.get("exact") == "all"


def battle_presented(odds: BattleOdds, request: Any = None) -> dict[str, Any]:
    """A battle's answer, every exact fraction when the API request asks (``?exact=all``)."""
    return battle_answer(odds, request, exact=exact_asked(request))


def battle_plan_presented(result: tuple[BattlePlan, Any], request: Any = None) -> dict[str, Any]:
    return battle_plan_answer(*result, request)


def combat_dice_answer(answer: CombatDice, request: Any = None) -> dict[str, Any]:
    """An army's combat roll: its dice, re-rolls and the chance of each number of hits."""
    return {
        "strength": answer.strength,
        "leadership": answer.leadership,
        "dice": answer.dice,
        "rerolls": answer.rerolls,
        "hit_on": answer.hit_on,
        "hits": distribution(dict(enumerate(answer.hits))),
        "expected_hits": exact_value(answer.expected_hits),
        **_common(reason_payload(answer.headline, request, _decimals)["message"], answer, request),
    }


def _decimals(key: str, value: Any) -> Any:
    """A decimal parameter as the reader's language writes it (2,32 in Russian)."""
    return decimal(value, 2) if isinstance(value, float) else value
