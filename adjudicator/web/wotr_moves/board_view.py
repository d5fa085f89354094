"""The board as a list by nation, with the legal destinations highlighted."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from adjudicator.compression import KeptText
from adjudicator.games.wotr.board import BOARD, CHARACTER_NAMES, NATION_NAMES
from adjudicator.games.wotr.position import Position, standard_setup
from adjudicator.web.form_rendering import escaped
from adjudicator.web.per_language import per_language
from adjudicator.web.wotr_moves.names import FACTION_NAMES, SETTLEMENT_NAMES, SIDE_NAMES
from adjudicator.web.wotr_moves.presenters import region_name

NATION_ORDER = ("gondor", "rohan", "north", "elves", "dwarves", "sauron", "isengard", "southrons")


def _figures(units: Any) -> str:
    parts = [
        (units.regular, "r"),
        (units.elite, "e"),
        (units.leaders, "L"),
        (units.nazgul, "N"),
    ]
    return " ".join(f"{n}{mark}" for n, mark in parts if n)


@per_language
def _groups() -> list[tuple[str, list[tuple[str, str, str]]]]:
    """Each nation's group (then the lands of no nation): its label and its regions by name,
    each (slug, name, settlement): the same for every position in one language."""
    groups = [(n, _(NATION_NAMES[n])) for n in NATION_ORDER] + [(None, _("Lands of no nation"))]
    return [(label, _regions_of(nation)) for nation, label in groups]


def _regions_of(nation: str | None) -> list[tuple[str, str, str]]:
    regions = [
        (slug, region_name(slug), _(SETTLEMENT_NAMES[r.settlement]) if r.settlement else "")
        for slug, r in BOARD.regions.items()
        if r.nation == nation
    ]
    return sorted(regions, key=lambda row: row[1])


@per_language
def _names() -> dict[str, dict[str, str]]:
    """The nations', characters' and sides' names in the active language."""
    return {
        "nation": {n: _(name) for n, name in NATION_NAMES.items()},
        "character": {c: _(name) for c, name in CHARACTER_NAMES.items()},
        "side": {side: _(name) for side, name in SIDE_NAMES.items()},
    }


def _region_row(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    region: tuple[str, str, str],
    destinations: Mapping[str, int | None],
    characters: Mapping[str, list[str]],
    names: Mapping[str, Mapping[str, str]],
) -> dict[str, Any]:
    slug, name, settlement = region
    armies = [
        {"nation": names["nation"][n], "side": BOARD.side_of(n), "figures": _figures(u)}
        for n, u in sorted(position.nation_units(slug).items())
        if u
    ]
    return {
        "slug": slug,
        "name": name,
        "settlement": settlement,
        "controller": (
            names["side"][position.controller(slug)] if BOARD.regions[slug].is_settlement else None
        ),
        "besieged": position.is_besieged(slug),
        "armies": armies,
        "characters": characters.get(slug, []),
        "factions": [
            f"{n} {_(FACTION_NAMES[f])}"
            for f, regions in factions.items()
            if (n := regions.get(slug))
        ],
        "fellowship": position.fellowship.region == slug,
        "destination": slug in destinations,
        "steps": destinations.get(slug),
    }


#: Rows written, by what each shows (at most ROWS_KEPT, ~0.65 KB each with its key, 2.6 MB):
#: the regions a position leaves as they were come back in every position.
_rows: dict[tuple[Any, ...], str] = {}
ROWS_KEPT = 4_000


def _row(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    region: tuple[str, str, str],
    destinations: Mapping[str, int | None],
    characters: Mapping[str, list[str]],
    names: Mapping[str, Mapping[str, str]],
    language: str | None,
) -> str:
    """``_row_html(_region_row(...))``, kept by the language and what the row reads."""
    slug = region[0]
    key = (
        language, region, tuple(position.nation_units(slug).items()),
        position.controller(slug) if BOARD.regions[slug].is_settlement else None,
        position.is_besieged(slug), tuple(characters.get(slug, ())),
        position.fellowship.region == slug, slug in destinations, destinations.get(slug),
        tuple((f, regions.get(slug)) for f, regions in factions.items()),
    )  # fmt: skip
    html = _rows.get(key)
    if html is None:
        html = _row_html(_region_row(position, factions, region, destinations, characters, names))
        if len(_rows) < ROWS_KEPT:
            _rows[key] = html
    return html


@receiver(setting_changed)
def _forget_rows(**_kwargs: Any) -> None:
    _rows.clear()


#: Texts of the board's rows escaped once (names, figures, steps: a few thousand at most).
_escaped: dict[Any, str] = {}
ESCAPED_LIMIT = 20_000


def _esc(value: Any) -> str:
    """``escaped(value)``, kept for plain strings and numbers (by type: a safe string of the
    same text is another key) since the same few hundred come back in every position."""
    key = (type(value), value)
    text = _escaped.get(key)
    if text is None:
        text = escaped(value)
        if type(value) in (str, int) and len(_escaped) < ESCAPED_LIMIT:
            _escaped[key] = text
    return text


def _row_html(r: Mapping[str, Any]) -> str:
    esc = _esc
    css = ("destination" if r["destination"] else "") + (" occupied" if r["armies"] else "")
    controller = f" ({esc(r['controller'])})" if r["controller"] else ""
    armies = "".join(
        f'<span class="army {esc(a["side"])}">{esc(a["nation"])}: {esc(a["figures"])}</span> '
        for a in r["armies"]
    )
    characters = "".join(f'<span class="character">{esc(c)}</span> ' for c in r["characters"])
    factions = "".join(f'<span class="faction">{esc(f)}</span> ' for f in r["factions"])
    steps = r["steps"]
    reached = f"✔ {'' if steps is None else esc(steps)}" if r["destination"] else ""
    return (
        f'\n    <tr id="region-{esc(r["slug"])}" class="{css}">\n'
        f'      <th scope="row">{esc(r["name"])}{" 💍" if r["fellowship"] else ""}</th>\n'
        f"      <td>{esc(r['settlement'])}{controller}{' ⛓' if r['besieged'] else ''}</td>\n"
        f"      <td>{armies}\n          {characters}\n          {factions}</td>\n"
        f'      <td class="steps">{reached}</td>\n    </tr>\n  '
    )


def board_table(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    destinations: Mapping[str, int | None],
    known: Mapping[str, str] = MappingProxyType({}),
) -> SafeString:
    """The board's groups (one per nation, then the lands of no nation, regions by name) as
    tables, a row per region (what a loop of template nodes per region wrote, the same text:
    105 rows were a third of the page's time, issue 29). ``known``: rows already written for
    some regions, by slug (``setup_rows`` of the regions a position shows as the setup does)."""
    return mark_safe("".join(board_table_parts(position, factions, destinations, known)))


def board_table_parts(
    position: Position,
    factions: Mapping[str, Mapping[str, int]],
    destinations: Mapping[str, int | None],
    known: Mapping[str, str] = MappingProxyType({}),
) -> list[str]:
    """:func:`board_table`'s text in parts: each group's head, its rows, its end."""
    names = _names()  # once: each call reads the active language
    characters = _character_names(position, names)
    parts = []
    language = get_language()
    for label, regions in _groups():
        parts.append(
            f'\n<section class="nation-group">\n  <h3>{escaped(label)}</h3>\n'
            f'  <table class="board-table"><tbody>\n  '
        )
        parts += (
            known.get(r[0])
            or _row(position, factions, r, destinations, characters, names, language)
            for r in regions
        )
        parts.append("\n  </tbody></table>\n</section>\n")
    return parts


@per_language
def setup_rows() -> Mapping[str, str]:
    """Each region's row in the standard setup with no factions and no destinations, by slug."""
    names = _names()
    characters = _character_names(standard_setup(), names)
    return MappingProxyType(
        {
            region[0]: _row_html(_region_row(standard_setup(), {}, region, {}, characters, names))
            for _label, regions in _groups()
            for region in regions
        }
    )


@per_language
def setup_table() -> KeptText:
    """The standard setup's board (no factions, no destinations) kept by its parts' chunks: a
    position's board shares those it shows alike (``KeptText``)."""
    return KeptText(board_table_parts(standard_setup(), {}, {}, setup_rows()))


def _character_names(position: Position, names: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """The names of the characters standing in each region (``Position.characters_by_region``)."""
    return {
        where: [names["character"][slug] for slug in slugs]
        for where, slugs in position.characters_by_region.items()
    }
