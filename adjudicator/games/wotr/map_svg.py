"""The War of the Ring board drawn as SVG from a position (after python-chess's ``chess.svg``).

A pure function of its arguments: every region is a focusable ``<g data-region="<slug>">`` at
its point of ``data/region_points.json``, borders are lines (impassable ones dashed), settlements
are marks in their nation's colour with a ring in the controlling side's colour, and the figures
are counters with their numbers. Highlights (legal destinations, the selected stack) come in as
arguments, so the same function draws every state of the page.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from functools import cache
from html import escape

from adjudicator.games.wotr.board import BOARD, DATA_DIR, FREE_PEOPLES, SHADOW, Region
from adjudicator.games.wotr.position import Position

WIDTH = 1000
MARGIN = 20
#: The highlight ring of a region (selected, a legal destination) and its tap target, in sheet
#: units; the page's script keeps the target at least 44 px across at every zoom.
HALO_RADIUS = 14
HIT_RADIUS = 23

NATION_COLOURS = {
    "gondor": "#3b6fb6",
    "rohan": "#2f8f4e",
    "north": "#5aa6c8",
    "elves": "#7cc4a4",
    "dwarves": "#9a6b3f",
    "sauron": "#b3261e",
    "isengard": "#d9a400",
    "southrons": "#a0457a",
}
SIDE_COLOURS = {FREE_PEOPLES: "#1d4e89", SHADOW: "#1a1a1a"}
NO_NATION = "#9e9e9e"


@cache
def region_points() -> Mapping[str, tuple[int, int]]:
    """Each region's point on the 1000-unit-wide sheet."""
    raw = json.loads((DATA_DIR / "region_points.json").read_text(encoding="utf-8"))
    return {slug: (p["x"], p["y"]) for slug, p in raw["regions"].items()}


@cache
def sheet_height() -> int:
    """The sheet's height: the lowest point plus a margin."""
    return max(y for _, y in region_points().values()) + 2 * MARGIN


@cache
def _borders() -> str:
    """Every border once: passable as a plain line, impassable dashed."""
    points = region_points()
    lines = []
    for kind, attr in (("passable", "neighbours"), ("impassable", "impassable")):
        pairs = {
            tuple(sorted((slug, other)))
            for slug, region in BOARD.regions.items()
            for other in getattr(region, attr)
        }
        for a, b in sorted(pairs):
            (x1, y1), (x2, y2) = points[a], points[b]
            lines.append(
                f'<line class="border {kind}" data-between="{a} {b}" '
                f'x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>'
            )
    return f'<g class="borders">{"".join(lines)}</g>'


def _settlement(slug: str, x: int, y: int, position: Position) -> str:
    region = BOARD.regions[slug]
    fill = NATION_COLOURS.get(region.nation or "", NO_NATION)
    controller = position.controller(slug) if region.is_settlement else None
    stroke = SIDE_COLOURS.get(controller or "", "#555")
    common = f'class="settlement {region.settlement}" fill="{fill}" stroke="{stroke}"'
    if region.settlement == "stronghold":
        return f'<rect {common} x="{x - 7}" y="{y - 7}" width="14" height="14"/>'
    if region.settlement == "city":
        return f'<circle {common} cx="{x}" cy="{y}" r="7"/>'
    if region.settlement == "town":
        return f'<polygon {common} points="{x},{y - 7} {x + 7},{y + 5} {x - 7},{y + 5}"/>'
    return f'<circle class="node" fill="{fill}" cx="{x}" cy="{y}" r="4"/>'


def _counters(slug: str, x: int, y: int, position: Position) -> str:
    """Army counters per side (regulars·elites·leaders), Nazgûl, characters, the Fellowship."""
    badges: list[tuple[str, str, str]] = []
    for side in (FREE_PEOPLES, SHADOW):
        units = position.side_units(slug, side)
        if units.regular or units.elite or units.leaders:
            text = f"{units.regular}·{units.elite}·{units.leaders}"
            badges.append((f"army {side}", SIDE_COLOURS[side], text))
        if side == SHADOW and units.nazgul:
            badges.append(("nazgul", "#000", f"N{units.nazgul}"))
    characters = position.characters_in(slug)
    if characters:
        badges.append(("characters", "#6a4c93", f"C{len(characters)}"))
    if position.fellowship.region == slug:
        badges.append(("fellowship", "#c89b00", "F"))
    parts = []
    top = y + 9
    for index, (kind, colour, text) in enumerate(badges):
        width = 6 * len(text) + 6
        left = x - width / 2
        row = top + 13 * index
        parts.append(
            f'<g class="counter {kind}"><rect x="{left:g}" y="{row}" width="{width}" height="12" '
            f'rx="3" fill="{colour}"/><text x="{x}" y="{row + 9.5}">{text}</text></g>'
        )
    return "".join(parts)


def board_svg(
    position: Position,
    *,
    names: Mapping[str, str],
    highlights: Mapping[str, str] | None = None,
    title: str = "",
) -> str:
    """The board as an SVG document fragment.

    ``names`` maps each region slug to its display name (the page's language; the accessible
    name of its element); ``highlights`` maps a region to extra classes (``destination``,
    ``selected``, ...).
    """
    head, tail = board_frame(title)
    return head + board_regions(position, names=names, highlights=highlights) + tail


def board_frame(title: str = "") -> tuple[str, str]:
    """:func:`board_svg`'s text before and after its regions (the sheet and every border: the
    same for every position)."""
    height = sheet_height()
    label = f' aria-label="{escape(title)}"' if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-map" role="group"{label} '
        f'viewBox="0 0 {WIDTH} {height}" data-width="{WIDTH}" data-height="{height}">'
        f'{_borders()}<g class="regions">',
        "</g></svg>",
    )


#: Regions drawn, by what each shows (at most REGIONS_KEPT, ~1.2 KB each with its key, 5 MB):
#: the regions a position leaves as they were come back in every position.
_regions: dict[tuple[object, ...], str] = {}
REGIONS_KEPT = 4_000


def board_regions(
    position: Position,
    *,
    names: Mapping[str, str],
    highlights: Mapping[str, str] | None = None,
    known: Mapping[str, str] | None = None,
) -> str:
    """:func:`board_svg`'s regions, each with its settlement and counters (``region_texts``
    joined)."""
    return "".join(region_texts(position, names=names, highlights=highlights, known=known).values())


def region_texts(
    position: Position,
    *,
    names: Mapping[str, str],
    highlights: Mapping[str, str] | None = None,
    known: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Each region's text in :func:`board_svg`, by slug in the map's order. ``known``: regions'
    texts already drawn (another position's, for the regions this one shows alike and does
    not highlight)."""
    highlights = highlights or {}
    known = known or {}
    characters = Counter(position.characters.values())  # Position.characters_in, every region
    texts = {}
    for slug, region in _regions_by_slug():
        text = known.get(slug)
        if text is None:
            extra = f" {highlights[slug]}" if slug in highlights else ""
            text = _kept_region(slug, region, position, names, extra, characters[slug])
        texts[slug] = text
    return texts


def _kept_region(
    slug: str, region: Region, position: Position, names: Mapping[str, str], extra: str, count: int
) -> str:
    """``_region(...)``, kept by what it shows."""
    key = (
        slug, names.get(slug, slug), extra,
        position.controller(slug) if region.is_settlement else None,
        position.side_units(slug, FREE_PEOPLES), position.side_units(slug, SHADOW),
        count, position.fellowship.region == slug,
    )  # fmt: skip
    text = _regions.get(key)
    if text is None:
        text = _region(slug, position, names, extra)
        if len(_regions) < REGIONS_KEPT:
            _regions[key] = text
    return text


@cache
def _regions_by_slug() -> tuple[tuple[str, Region], ...]:
    return tuple((slug, BOARD.regions[slug]) for slug in sorted(region_points()))


def _region(slug: str, position: Position, names: Mapping[str, str], extra: str) -> str:
    x, y = region_points()[slug]
    name = escape(names.get(slug, slug))
    return (
        f'<g class="region{extra}" data-region="{slug}" tabindex="0" role="button" '
        f'aria-label="{name}"><title>{name}</title>'
        f'<circle class="hit" cx="{x}" cy="{y}" r="{HIT_RADIUS}"/>'
        f'<circle class="halo" cx="{x}" cy="{y}" r="{HALO_RADIUS}"/>'
        f"{_settlement(slug, x, y, position)}"
        f'<text class="label" x="{x}" y="{y - 10}">{name}</text>'
        f"{_counters(slug, x, y, position)}</g>"
    )
