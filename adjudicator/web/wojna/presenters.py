"""Engine answers → the dicts the API returns and the templates show (messages translated)."""

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from adjudicator.citations import answer_payload
from adjudicator.formatting import percent
from adjudicator.games.common import exact_value, probability
from adjudicator.games.wojna import battle, characters, dice, duel, ratio_plan, ring, search

from .forms import GROUPS

Payload = dict[str, Any]
GROUP_LABELS = dict(GROUPS)


def _maybe(value: Fraction | None) -> Payload | None:
    return probability(value) if value is not None else None


def attempt_odds(odds: dice.AttemptOdds, request: Any = None) -> Payload:
    tests = {
        "capture": _("Capture (Niewola)"),
        "escape": _("Escape (Ucieczka)"),
        "ring_removal": _("Taking the Ring off (Pierścień)"),
    }
    summary = (
        _("%(test)s: %(per)s per attempt; over %(attempts)s attempt(s): %(total)s.")
        % {
            "test": tests[odds.test],
            "per": percent(odds.per_attempt),
            "total": percent(odds.over_attempts),
            "attempts": odds.attempts,
        }
        if odds.allowed
        else _("%(test)s is not allowed here.") % {"test": tests[odds.test]}
    )
    return {
        "headline": summary,
        "test": odds.test,
        "attribute": odds.attribute,
        "attempts": odds.attempts,
        "allowed": odds.allowed,
        "success_faces": list(odds.success_faces),
        **probability(odds.over_attempts),
        "per_attempt": probability(odds.per_attempt),
        "first_success": [{"attempt": k, **probability(p)} for k, p in odds.first_success],
        "never": probability(odds.never),
        **answer_payload(odds, request),
    }


def battle_answer(answer: battle.BattleAnswer, request: Any = None) -> Payload:
    if answer.automatic:
        summary = _("Force ratio %(column)s: the defender is removed automatically.")
    elif answer.outcomes and answer.table_entered and not answer.missing:
        summary = _("Column %(column)s, die %(modifier)+d: losses from your Wyniki bitwy table.")
    else:
        summary = _("Column %(column)s, die %(modifier)+d: read the losses in Wyniki bitwy.")
    return {
        "headline": summary % {"column": answer.column, "modifier": answer.modifier},
        "attacker_strength": answer.attacker_strength,
        "defender_strength": answer.defender_strength,
        "terrain_multiplier": str(answer.terrain_multiplier),
        "defender_effective_strength": str(answer.defender_effective),
        "exact_ratio": str(answer.ratio),
        "column": answer.column,
        "automatic_elimination": answer.automatic,
        "attacker_may_continue": answer.automatic,
        "die_modifier": answer.modifier,
        "table_entered": answer.table_entered,
        "outcomes": _outcomes(answer.outcomes),
        **answer_payload(answer, request),
    }


def _outcomes(outcomes: tuple[battle.BattleOutcome, ...]) -> list[Payload]:
    return [
        {
            "roll": o.roll,
            "modified_die": o.modified,
            **probability(o.probability),
            "attacker_loss_percent": o.losses.attacker_percent if o.losses else None,
            "defender_loss_percent": o.losses.defender_percent if o.losses else None,
            "attacker_loss": str(o.attacker_loss) if o.attacker_loss is not None else None,
            "defender_loss": str(o.defender_loss) if o.defender_loss is not None else None,
        }
        for o in outcomes
    ]


def ratio_plan_answer(plan: ratio_plan.RatioPlan, request: Any = None) -> Payload:
    """The advice first: the next column and what it takes, then every band's numbers."""
    here, *better = plan.bands
    if not better:
        summary = _("Force ratio %(column)s: the defender is removed automatically.") % {
            "column": here.column
        }
    else:
        step = better[0]
        summary = _(
            "Column %(column)s now; %(strength)s more strength (%(units)s unit(s) of "
            "%(unit)s) reaches %(next)s; %(automatic)s more removes the defender at 10:1."
        ) % {
            "column": here.column,
            "strength": step.added_strength,
            "units": step.added_units,
            "unit": plan.unit_strength,
            "next": step.column,
            "automatic": plan.bands[-1].added_strength,
        }

    def maybe_exact(value: Fraction | None) -> Payload | None:
        return exact_value(value) if value is not None else None

    return {
        "headline": summary,
        "defender_effective_strength": str(plan.defender_effective),
        "unit_strength": plan.unit_strength,
        "bands": [
            {
                "column": b.column,
                "attacker_strength": b.attacker_strength,
                "added_strength": b.added_strength,
                "added_units": b.added_units,
                "automatic_elimination": b.automatic,
                "expected_attacker_loss": maybe_exact(b.attacker_loss),
                "expected_defender_loss": maybe_exact(b.defender_loss),
                "defender_destroyed": _maybe(b.defender_destroyed),
                "outcomes": _outcomes(b.outcomes),
            }
            for b in plan.bands
        ],
        **answer_payload(plan, request),
    }


def _wounds(exchanges: tuple[duel.DuelExchange, ...]) -> list[Payload]:
    return [
        {
            "roll": e.roll,
            "attacker_wounds": e.wounds.attacker if e.wounds else None,
            "defender_wounds": e.wounds.defender if e.wounds else None,
        }
        for e in exchanges
    ]


def _strike(strikes: tuple[duel.Strike, ...]) -> list[Payload]:
    return [
        {"striker_wounds": s.striker, "struck_wounds": s.struck, **probability(s.probability)}
        for s in strikes
    ]


CANNOT_DUEL_HEADLINES = {
    ("attacker",): gettext_noop(
        "The attacker, a Nazgûl, cannot take part in duels until it heals."
    ),
    ("defender",): gettext_noop(
        "The defender, a Nazgûl, cannot take part in duels until it heals."
    ),
    ("attacker", "defender"): gettext_noop("Neither Nazgûl can take part in duels until it heals."),
}


def duel_answer(answer: duel.DuelAnswer, request: Any = None) -> Payload:
    fight = answer.fight
    scores = {
        "difference": answer.difference,
        "a": answer.attacker_total,
        "d": answer.defender_total,
    }
    return {
        "headline": _(CANNOT_DUEL_HEADLINES[answer.cannot_duel])
        if answer.cannot_duel
        else _("Score difference %(difference)+d (attacker %(a)s, defender %(d)s).") % scores,
        "attacker_total": answer.attacker_total,
        "defender_total": answer.defender_total,
        "difference": answer.difference,
        "table_entered": answer.table_entered,
        "attacker_strikes": _wounds(answer.exchanges),
        "defender_strikes": _wounds(answer.return_exchanges),
        "attacker_strike": _strike(answer.attacker_strike),
        "defender_strike": _strike(answer.defender_strike),
        "fight": None
        if fight is None
        else {
            "attacker_falls": probability(fight.attacker_falls),
            "defender_falls": probability(fight.defender_falls),
            "both_fall": probability(fight.both_fall),
            "endless": probability(fight.endless),
        },
        "cannot_duel": list(answer.cannot_duel),
        "attacker_mark": answer.attacker_mark,
        "defender_mark": answer.defender_mark,
        **answer_payload(answer, request),
    }


def search_answer(answer: search.SearchAnswer, request: Any = None) -> Payload:
    return {
        "headline": _("%(points)s search points.") % {"points": answer.points},
        "phase": answer.phase,
        "points": answer.points,
        "breakdown": [{"source": s, "points": p} for s, p in answer.breakdown],
        "table_entered": answer.table_entered,
        "success_faces": list(answer.success_faces),
        "capture_faces": list(answer.capture_faces),
        "found": _maybe(answer.found),
        "capture_allowed": _maybe(answer.capture_allowed),
        "captured": _maybe(answer.captured),
        **answer_payload(answer, request),
    }


STATUS_LABELS = {
    characters.ALIVE: gettext_noop("Alive"),
    characters.DEAD: gettext_noop("Dead"),
    characters.RINGWRAITH: gettext_noop("Ringwraith (Upiór Pierścienia), under Sauron"),
    characters.CANNOT_DUEL: gettext_noop("Cannot take part in duels"),
}


def wounds_answer(answer: characters.CharacterStatus, request: Any = None) -> Payload:
    marks = answer.marks
    assert marks is not None
    return {
        "headline": _(STATUS_LABELS[answer.status]),
        "status": answer.status,
        "odpornosc": marks.odpornosc,
        "crosses": marks.crosses,
        "circles": marks.circles,
        "strokes": marks.strokes,
        "new_mark": answer.new_mark,
        "free_squares": answer.free_squares,
        "shadow_wins": answer.shadow_wins,
        **answer_payload(answer, request),
    }


def ringwraith_answer(answer: characters.RingwraithOdds, request: Any = None) -> Payload:
    return {
        "headline": _("Becomes a Ringwraith with probability %(p)s.")
        % {"p": percent(answer.becomes_ringwraith)},
        "stages_left": answer.stages_left,
        "per_attempt": probability(answer.per_attempt),
        "removed_at": [{"stage": k, **probability(p)} for k, p in answer.removed_at],
        "becomes_ringwraith": probability(answer.becomes_ringwraith),
        "shadow_wins": probability(answer.shadow_wins),
        **answer_payload(answer, request),
    }


GOLLUM_SIDES = {
    characters.ALLIANCE: gettext_noop("Alliance (Przymierze)"),
    characters.UNSTATED: gettext_noop("Not stated by the text (3 or 4)"),
    characters.SAURON: gettext_noop("Sauron"),
}


def gollum_answer(answer: characters.GollumOdds, request: Any = None) -> Payload:
    return {
        "headline": _(
            "Gollum this stage: Alliance %(alliance)s, Sauron %(sauron)s, not stated %(unstated)s."
        )
        % {side: percent(p) for side, p in answer.distribution},
        "distribution": [
            {"side": side, "label": _(GOLLUM_SIDES[side]), **probability(p)}
            for side, p in answer.distribution
        ],
        **answer_payload(answer, request),
    }


def inheritance_answer(answer: ring.InheritanceAnswer, request: Any = None) -> Payload:
    if not answer.heirs:
        summary = _("Nobody on the hex takes the Ring.")
    elif len(answer.heirs) == 1:
        summary = _("%(name)s takes the Ring.") % {"name": answer.heirs[0]}
    else:
        summary = _("One of %(names)s takes the Ring.") % {"names": ", ".join(answer.heirs)}
    return {
        "headline": summary,
        "heirs": list(answer.heirs),
        "group": answer.group,
        "ranking": [
            {
                "name": name,
                "group": group,
                "group_label": str(GROUP_LABELS[group]),
                "priority": rank,
            }
            for name, group, rank in answer.ranking
        ],
        **answer_payload(answer, request),
    }


def destruction_answer(answer: ring.DestructionAnswer, request: Any = None) -> Payload:
    return {
        "headline": _("The Ring is destroyed.")
        if answer.destroyed
        else _("The Ring is not destroyed."),
        "destroyed": answer.destroyed,
        **answer_payload(answer, request),
    }
