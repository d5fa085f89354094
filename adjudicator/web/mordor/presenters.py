"""Engine answers → the dicts the API returns and the templates show, in the reader's language."""

from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from django.utils.translation import gettext as _

from adjudicator.charts import bar_chart_svg
from adjudicator.citations import answer_payload
from adjudicator.citations import reason_payload as shared_reason_payload
from adjudicator.formatting import decimal, percent
from adjudicator.games.common import Answer, Reason, exact_value, probability, unique_citations
from adjudicator.games.mordor.advice import RollAdvice
from adjudicator.games.mordor.journey import JourneyOdds
from adjudicator.games.mordor.keep import KeepCheck
from adjudicator.games.mordor.model import GameSetup, location_at
from adjudicator.games.mordor.odds import TurnOdds
from adjudicator.games.mordor.resolve import TurnResult

from .labels import (
    TRACK_LETTERS,
    color_label,
    face_label,
    location_label,
    policy_label,
    translated,
)

Payload = dict[str, Any]


def label_param(key: str, value: Any) -> Any:
    """Engine parameters that are English labels (faces, colours, places) are translated too."""
    if isinstance(value, str):
        return ", ".join(translated(part) for part in value.split(", "))
    return value


reason_payload = partial(shared_reason_payload, translate_param=label_param)


def _reasons(reasons: tuple[Reason, ...], request: Any) -> list[Payload]:
    return [reason_payload(r, request) for r in reasons]


def _envelope(answer: Answer, request: Any) -> Payload:
    """What every answer carries: reasons, the rules cited, the assumptions made."""
    return answer_payload(answer, request, label_param)


def keep_answer(check: KeepCheck, request: Any = None) -> Payload:
    summary = (
        _("Legal: you may keep these dice.")
        if check.legal
        else _("Not legal: %(count)d problem(s) with this keep.") % {"count": len(check.reasons)}
    )
    return {
        "legal": check.legal,
        "headline": summary,
        "notes": _reasons(check.notes, request),
        "legal_keeps": [list(keep) for keep in check.legal_keeps],
        "may_reroll": check.may_reroll,
        "ends_rolling": check.ends_rolling,
        **_envelope(check, request),
    }


def keep_descriptions(rolled: list[dict], keeps: Sequence[tuple[int, ...]]) -> list[str]:
    """Each legal keep in words: «Nazgûl (blue) + Ring (black)» (each die named once: a roll
    has up to 31 keeps)."""
    dice = [f"{face_label(die['face'])} ({color_label(die['color'])})" for die in rolled]
    return [" + ".join([dice[i] for i in keep]) for keep in keeps]


def players_table(answer: Payload) -> list[dict[str, Any]]:
    """The players after the turn as the result page lists them."""
    letters = {name: letter for letter, name in TRACK_LETTERS.items()}
    return [
        {
            "hobbit": color_label(p["color"]),
            "place": location_label(p["location"]) if p["location"] else str(p["position"]),
            "track": "".join(letters[s] for s in p["nazgul_track"]),
            "open_divisions": p["open_divisions"],
            "eliminated": p["eliminated"],
        }
        for p in answer["players"]
    ]


def resolve_answer(result: TurnResult, setup: GameSetup, request: Any = None) -> Payload:
    if result.game_over:
        summary = (
            _("Game over: %(players)s won.")
            % {"players": ", ".join(color_label(c) for c in result.winners)}
            if result.winners
            else _("Game over: nobody reached Mordor alive.")
        )
    else:
        summary = _("The rings move the hobbit %(steps)d step(s).") % {"steps": result.ring_steps}
    return {
        "headline": summary,
        "ring_steps": result.ring_steps,
        "rings_blocked": result.rings_blocked,
        "marks": result.marks,
        "splits": list(result.splits),
        "players": [
            {
                "color": p.color,
                "position": p.position,
                "location": location_at(p.position, setup),
                "nazgul_track": [s.value for s in p.track.squares],
                "open_divisions": p.track.open_divisions,
                "eliminated": p.eliminated,
            }
            for p in result.players
        ],
        "events": _reasons(result.events, request),
        "round_complete": result.round_complete,
        "game_over": result.game_over,
        "winners": list(result.winners),
        **_envelope(result, request),
    }


def advice_answer(advice: RollAdvice | None, rolled: list[dict]) -> Payload | None:
    if advice is None:
        return None
    keeps = [a.keep for a in advice.keeps]
    return {
        "keeps": [
            {"keep": list(a.keep), "dice": words, "value": exact_value(a.value)}
            for a, words in zip(advice.keeps, keep_descriptions(rolled, keeps), strict=True)
        ],
        "reroll": exact_value(advice.reroll) if advice.reroll is not None else None,
    }


def odds_answer(
    odds: TurnOdds,
    advice: RollAdvice | None = None,
    rolled: list | None = None,
    request: Any = None,
    journey: tuple[JourneyOdds, RollAdvice | None] | None = None,
) -> Payload:
    if odds.goal == "progress":
        summary = _("Expected progress this turn with the %(policy)s policy: %(value)s steps.")
    else:
        summary = _(
            "Chance to end this turn in Mordor, not eliminated, with the %(policy)s policy: "
            "%(value)s."
        )
    shown = decimal(odds.value, 3) if odds.goal == "progress" else percent(odds.value, 2)
    summary %= {"policy": policy_label(odds.policy), "value": shown}
    journey_odds = None if journey is None else journey[0]
    if journey_odds is not None:
        summary = _(
            "Chance to reach Mordor before the Nazgûl catch you, over the whole journey "
            "with the best play for it, if each other player's turn marks you with chance "
            "%(chance)s: %(value)s."
        ) % {
            "value": percent(journey_odds.reach_mordor, 4),
            "chance": journey_odds.other_mark_chance,
        }
    journey_payload = journey_answer(journey, rolled or [])
    if journey_payload and journey_payload["keeps"]:
        summary = " ".join((_journey_advice(journey_payload), summary))
    return {
        "headline": summary,
        "goal": odds.goal,
        "policy": odds.policy,
        "location": odds.location,
        "value": exact_value(odds.value),
        "optimal_value": exact_value(odds.optimal_value),
        "policy_values": {name: exact_value(v) for name, v in odds.policy_values.items()},
        "expected_steps": exact_value(odds.expected_steps),
        "expected_marks": exact_value(odds.expected_marks),
        "eliminated": probability(odds.eliminated),
        "reach_mordor": probability(odds.reach_mordor),
        "steps": [{"count": k, **probability(p)} for k, p in odds.steps.items()],
        "marks": [{"count": k, **probability(p)} for k, p in odds.marks.items()],
        "outcomes": [
            {"steps": o.steps, "marks": o.marks, "eliminated": o.eliminated, **probability(p)}
            for o, p in odds.outcomes.items()
        ],
        "advice": advice_answer(advice, rolled or []),
        "journey": journey_payload,
        **_envelope(odds if journey_odds is None else _merged(odds, journey_odds), request),
    }


def _chance(value: Fraction | float) -> Payload:
    """A whole-journey chance: exact when it was computed so, else only its float."""
    if isinstance(value, Fraction):
        return probability(value)
    return {"exact": None, "probability": value}


def journey_answer(
    journey: tuple[JourneyOdds, RollAdvice | None] | None, rolled: list[dict]
) -> Payload | None:
    if journey is None:
        return None
    odds, advice = journey
    keeps = [] if advice is None else [a.keep for a in advice.keeps]
    return {
        "reach_mordor": _chance(odds.reach_mordor),
        "this_turn": _chance(odds.this_turn),
        "precision": odds.precision,
        "other_mark_chance": str(odds.other_mark_chance),
        "states": odds.states,
        "keeps": [
            {"keep": list(a.keep), "dice": words, "reach_mordor": float(a.value)}
            for a, words in zip(
                advice.keeps if advice else (), keep_descriptions(rolled, keeps), strict=True
            )
        ],
        "reroll": None if advice is None or advice.reroll is None else float(advice.reroll),
    }


def _merged(odds: TurnOdds, journey: JourneyOdds) -> Answer:
    """One turn's and the journey's citations, assumptions and readings, each once (a
    reading's answers the journey's)."""
    turn = [a for a in odds.assumptions if a.code != "one_turn"]  # the journey's say more
    merged = {(a.code, a.message): a for a in (*turn, *journey.assumptions)}
    return Answer(
        citations=unique_citations([*odds.citations, *journey.citations]),
        assumptions=tuple(merged.values()),
        readings=tuple({r.id: r for r in (*odds.readings, *journey.readings)}.values()),
    )


def odds_charts(odds: TurnOdds) -> list[dict[str, Any]]:
    """One chart per distribution: ring steps, and Nazgûl marks on you."""
    charts = []
    for title, distribution in (
        (_("Ring steps this turn"), odds.steps),
        (_("Nazgûl marks on you this turn"), odds.marks),
    ):
        bars = [(str(k), p) for k, p in distribution.items()]
        charts.append({"title": title, "svg": bar_chart_svg(bars, title=title)})
    return charts


def _journey_advice(journey: dict[str, Any]) -> str:
    """The best move for the whole journey: the best keep, or in Rohan re-rolling the whole
    roll when that is worth more (rules: Рохан, 1 раз можете перебрасывать броски)."""
    best = journey["keeps"][0]
    reroll = journey["reroll"]
    if reroll is not None and reroll > best["reach_mordor"] + (journey["precision"] or 0):
        return _("Best for the whole journey: re-roll the whole roll (%(value)s).") % {
            "value": percent(reroll, 4)
        }
    return _("Best keep for the whole journey: %(dice)s.") % {"dice": best["dice"]}
