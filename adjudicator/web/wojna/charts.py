"""The SVG chart of each distribution a Wojna answer holds (none for yes/no answers)."""

from fractions import Fraction

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from adjudicator.charts import bar_chart_svg
from adjudicator.games.wojna import battle, characters, dice, duel, ratio_plan, search

SHOWN_ATTEMPTS = 12


def _first_success_bars(
    first: tuple[tuple[int, Fraction], ...], end: str, p_end: Fraction
) -> list[tuple[str, Fraction]]:
    """Attempt 1, 2, ... of the first success (those past SHOWN_ATTEMPTS summed), then ``end``."""
    bars: list[tuple[str, Fraction]] = [(str(k), p) for k, p in first[:SHOWN_ATTEMPTS]]
    later = sum((p for _k, p in first[SHOWN_ATTEMPTS:]), Fraction(0))
    if later:
        bars.append((f">{SHOWN_ATTEMPTS}", later))
    return [*bars, (end, p_end)]


def attempts_chart(odds: dice.AttemptOdds) -> list[SafeString]:
    """When the first success comes: attempt 1, 2, ... (later ones summed) or never."""
    bars = _first_success_bars(odds.first_success, _("never"), odds.never)
    return [bar_chart_svg(bars, title=_("Attempt of the first success"))]


def battle_chart(answer: battle.BattleAnswer) -> list[SafeString]:
    """The modified die, or the defender's losses when the table is entered."""
    if answer.automatic:
        return []
    if answer.table_entered and not answer.missing:
        losses: dict[int, Fraction] = {}
        for o in answer.outcomes:
            assert o.losses is not None
            losses[o.losses.defender_percent] = (
                losses.get(o.losses.defender_percent, Fraction(0)) + o.probability
            )
        bars = [(f"{pct}%", p) for pct, p in sorted(losses.items())]
        return [bar_chart_svg(bars, title=_("Defender's losses"))]
    bars = [
        (f"{o.modified:+d}" if o.modified < 1 else str(o.modified), o.probability)
        for o in answer.outcomes
    ]
    return [bar_chart_svg(bars, title=_("Modified die"))]


def duel_chart(answer: duel.DuelAnswer) -> list[SafeString]:
    """How a fight to the end finishes, else what the attacker's strike does."""
    fight = answer.fight
    if fight is None:
        bars = [(f"{s.striker}/{s.struck}", s.probability) for s in answer.attacker_strike]
        title = _("The attacker's strike: wounds to the attacker / to the defender")
        return [bar_chart_svg(bars, title=title)] if bars else []
    bars = [
        ("1", fight.attacker_falls),
        ("2", fight.defender_falls),
        ("1+2", fight.both_fall),
        ("∞", fight.endless),
    ]
    title = _("Who falls: 1 the attacker, 2 the defender, 1+2 both, ∞ nobody")
    return [bar_chart_svg(bars, title=title)]


def search_chart(answer: search.SearchAnswer) -> list[SafeString]:
    """Not found, found, found with "n"."""
    if answer.found is None or answer.capture_allowed is None:
        return []
    bars = [
        ("—", 1 - answer.found),
        ("✓", answer.found - answer.capture_allowed),
        ("✓n", answer.capture_allowed),
    ]
    title = _('Search: — not found, ✓ found, ✓n found with "n"')
    return [bar_chart_svg(bars, title=title)]


def ringwraith_chart(answer: characters.RingwraithOdds) -> list[SafeString]:
    """The Ring comes off at stage k, or the bearer turns."""
    bars = _first_success_bars(answer.removed_at, "U", answer.becomes_ringwraith)
    title = _("Stage the Ring comes off, or U: Upiór Pierścienia (Ringwraith)")
    return [bar_chart_svg(bars, title=title)]


def gollum_chart(answer: characters.GollumOdds) -> list[SafeString]:
    labels = {"alliance": "P", "unstated": "?", "sauron": "S"}
    bars = [(labels[side], p) for side, p in answer.distribution]
    title = _("Gollum's side: P Przymierze, ? not stated (3–4), S Sauron")
    return [bar_chart_svg(bars, title=title)]


def ratio_plan_chart(plan: ratio_plan.RatioPlan) -> list[SafeString]:
    """The chance of destroying the defender in each column (when the table gives it)."""
    bars = [
        (b.column, b.defender_destroyed) for b in plan.bands if b.defender_destroyed is not None
    ]
    if not bars:
        return []
    return [bar_chart_svg(bars, title=_("Chance the defender is destroyed, by column"))]


def no_chart(answer: object) -> list[SafeString]:
    return []
