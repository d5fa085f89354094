"""Links from the board to the other checkers, their fields prefilled from the position.

The queries use the API's field names (``control.minas-tirith=shadow``, ``rerolls.army=on``),
as every checker page reads them.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix, get_urlconf, reverse

from adjudicator.games.wotr.board import BOARD, SHADOW
from adjudicator.games.wotr.hunt_plan import moves_to_a_gate
from adjudicator.games.wotr.position import Position, starting_control
from adjudicator.web.kept import kept

#: The checkers' paths by name, script prefix and URL conf (issue 29: three reverse() calls were
#: 0.05 ms of every moves page).
_paths: dict[tuple[str, str, Any], str] = {}
PATHS_KEPT = 64


def _path(name: str) -> str:
    """``reverse(name)``, kept."""
    return kept(
        _paths, (name, get_script_prefix(), get_urlconf()), lambda: reverse(name), PATHS_KEPT
    )


@receiver(setting_changed)
def _forget_paths(**_kwargs: Any) -> None:
    _paths.clear()


def victory_link(position: Position) -> str:
    """The victory check: captured settlements with points, corruption, the Mordor step."""
    query: list[tuple[str, object]] = [
        (f"control.{slug}", position.controller(slug))
        for slug, start in sorted(starting_control().items())
        if BOARD.regions[slug].victory_points and position.controller(slug) != start
    ]
    fellowship = position.fellowship
    query.append(("corruption", fellowship.corruption))
    if fellowship.mordor_step is not None:
        query.append(("mordor_step", fellowship.mordor_step))
    return f"{_path('wotr:victory')}?{urlencode(query)}"


def _hunt_query(position: Position) -> list[tuple[str, object]]:
    """The hunt where the Fellowship is: dice in the box, re-rolls the region gives,
    corruption, companions and the Mordor step (rules: Охота за Кольцом)."""
    fellowship = position.fellowship
    region = fellowship.region
    query: list[tuple[str, object]] = [
        ("hunt_dice", position.hunt_box.shadow_dice),
        ("fp_dice_in_box", position.hunt_box.free_peoples_dice),
        ("corruption", fellowship.corruption),
    ]
    if fellowship.mordor_step is not None:
        query.append(("mordor_step", fellowship.mordor_step))
    else:
        shadow = position.side_units(region, SHADOW)
        stronghold = BOARD.regions[region].settlement == "stronghold"
        rerolls = {
            "stronghold": stronghold and position.controller(region) == SHADOW,
            "army": bool(shadow.regular or shadow.elite),
            "nazgul": bool(shadow.nazgul),
        }
        query += [(f"rerolls.{kind}", "on") for kind, on in rerolls.items() if on]
    query += [("companions", c) for c in fellowship.companions]
    if position.hunt_tiles_drawn:
        query.append(("drawn", ",".join(position.hunt_tiles_drawn)))
    return query


def hunt_link(position: Position) -> str:
    """The hunt roll where the Fellowship is."""
    return f"{_path('wotr:hunt')}?{urlencode(_hunt_query(position))}"


def hunt_plan_link(position: Position) -> str:
    """The hunt advisor from where the Fellowship is: the hunt's fields and, outside Mordor,
    the moves to a gate if it has gone straight towards the nearer one."""
    query = _hunt_query(position)
    fellowship = position.fellowship
    if fellowship.mordor_step is None:
        road = moves_to_a_gate(fellowship.region, fellowship.progress)
        if road is not None:
            query.append(("moves_to_mordor", road))
    return f"{_path('wotr:hunt_plan')}?{urlencode(query)}"
