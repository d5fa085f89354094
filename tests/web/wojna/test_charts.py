"""The charts show a whole distribution: their bars add up to 1."""

from adjudicator.games.wojna.characters import ringwraith_odds
from adjudicator.games.wojna.dice import escape_odds
from adjudicator.web.wojna import charts


def test_ringwraith_chart_keeps_the_stages_past_the_twelfth(monkeypatch):
    """Odporność 20: 19 stages to take the Ring off, then the bearer turns; none may vanish."""
    shown = []
    monkeypatch.setattr(charts, "bar_chart_svg", lambda bars, title: shown.append(bars) or "")
    charts.ringwraith_chart(ringwraith_odds(20, 0, 1))
    (bars,) = shown
    assert sum(p for _label, p in bars) == 1
    assert len(bars) <= charts.SHOWN_ATTEMPTS + 2


def test_attempts_chart_adds_up_to_one(monkeypatch):
    shown = []
    monkeypatch.setattr(charts, "bar_chart_svg", lambda bars, title: shown.append(bars) or "")
    charts.attempts_chart(escape_odds(6, 30))
    assert sum(p for _label, p in shown[0]) == 1
