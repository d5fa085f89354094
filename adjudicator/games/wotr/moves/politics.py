"""Politics: what a move sets off on the political track, and advancing a marker.

Activation (rules: Активация наций): a Free Peoples nation turns active when enemy armies enter
its land, its army is attacked, or the Fellowship or a character able to activate it enters its
city or stronghold. The marker advances (rules: Изменение политической позиции) with a muster
die or a card, and by itself when the nation's army is attacked or its city or stronghold is
captured. A passive marker never enters the war box.
"""

from __future__ import annotations

from adjudicator.games.common import N_
from adjudicator.games.wotr.board import BOARD, CITY, FREE_PEOPLES, STRONGHOLD
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import EVENT, MUSTER, Move

CITY_OR_STRONGHOLD = (CITY, STRONGHOLD)


ASSUME_ACTIVATED_FIRST = N_(
    "One event both activates a passive nation and advances its marker (its army attacked, its "
    "city or stronghold captured): the nation is taken to be activated first, so a marker one "
    "step from war enters the war box; the rulebook does not state the order (rules: "
    "Активация наций, Изменение политической позиции)."
)


def activate(findings: Findings, situation: Situation, nation: str | None, why: str) -> bool:
    """Note that a passive Free Peoples nation turns active (``why`` is a message); say whether
    it does."""
    if nation is None or BOARD.side_of(nation) != FREE_PEOPLES:
        return False
    if situation.position.political_status(nation).active:
        return False
    findings.effect("activates", why, rules.ACTIVATION, nation=nation)
    return True


def advance(
    findings: Findings, situation: Situation, nation: str, why: str, activated: bool = False
) -> None:
    """Note that a nation's marker moves one step towards war (if it is not at war yet);
    ``activated``: the same event activates the nation."""
    marker = situation.position.political_status(nation)
    if marker.at_war:
        return
    if marker.steps_from_war == 1 and not marker.active:
        if not activated:
            return
        findings.assume(ASSUME_ACTIVATED_FIRST)
    findings.effect("advances", why, rules.POLITICAL_ADVANCE, nation=nation)


def entering_land(findings: Findings, situation: Situation, side: str, region: str) -> None:
    """An army of ``side`` enters ``region``: activation of an enemy nation, capture."""
    data = BOARD.regions[region]
    activated = False
    if data.nation and BOARD.side_of(data.nation) != side:
        activated = activate(
            findings,
            situation,
            data.nation,
            N_("%(nation)s becomes active: an enemy army entered its land"),
        )
    enemy_settlement = situation.controller(region) not in (None, side)
    if not data.is_settlement or not enemy_settlement or situation.besieged_side(region):
        return
    findings.effect(
        "captures",
        N_("the army captures the settlement in %(region)s"),
        rules.CAPTURE,
        region=region,
    )
    if data.nation and BOARD.side_of(data.nation) != side and data.settlement in CITY_OR_STRONGHOLD:
        advance(
            findings,
            situation,
            data.nation,
            N_("%(nation)s advances one step: its city or stronghold is captured"),
            activated,
        )


def check_politics(situation: Situation, move: Move, findings: Findings) -> None:
    """Advance a nation's marker with a muster die or a card (rules: Изменение позиции)."""
    findings.cite(rules.POLITICAL_ADVANCE, rules.POLITICAL_TRACK)
    if move.die not in (MUSTER, EVENT):
        findings.fail(
            "wrong_die",
            N_("a political marker advances with a muster die or an event card, not %(die)s"),
            rules.POLITICAL_ADVANCE,
            die=move.die,
        )
    marker = situation.position.political_status(move.nation)
    if marker.at_war:
        findings.fail(
            "already_at_war",
            N_("%(nation)s is already at war: its marker cannot advance"),
            rules.POLITICAL_TRACK,
            nation=move.nation,
        )
    elif marker.steps_from_war == 1 and not marker.active:
        findings.fail(
            "passive_to_war",
            N_("%(nation)s is passive: its marker cannot enter the war box until it is activated"),
            rules.POLITICAL_TRACK,
            nation=move.nation,
        )
    else:
        findings.effect(
            "advances",
            N_("%(nation)s moves one step towards war"),
            rules.POLITICAL_ADVANCE,
            nation=move.nation,
        )
