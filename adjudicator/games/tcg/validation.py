"""Is this deck legal? The rulebook's "Создание своей колоды" applied by a format.

Each finding names its code, lines, cards and the rule it rests on. Messages are English
source strings (``N_``) with ``%(name)s`` parameters, translated by the web layer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.games.common import N_, Citation
from adjudicator.games.tcg import citations as rules
from adjudicator.games.tcg.cards import (
    COMPANION,
    FREE_PEOPLES,
    SHADOW,
    SITE,
    SPOT_RE,
    THE_ONE_RING,
    Card,
    play_requirement,
)
from adjudicator.games.tcg.decklist import DeckEntry, ParsedDeck, Role, Section
from adjudicator.games.tcg.formats import DeckFormat
from adjudicator.games.tcg.stats import DRAW_ROLES, deck_stats


@dataclass(frozen=True)
class DeckProblem:
    """One error or warning of a deck report."""

    code: str
    message: str
    citation: Citation
    params: Mapping[str, Any] = field(default_factory=dict)
    lines: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    suggestions: tuple[Card, ...] = ()

    def render(self) -> str:
        """The English message with its parameters."""
        return self.message % dict(self.params)


@dataclass(frozen=True)
class DeckReport:
    """The verdict on a deck: legal exactly when there are no errors."""

    errors: tuple[DeckProblem, ...]
    warnings: tuple[DeckProblem, ...]
    stats: Mapping[str, Any]
    entries: tuple[DeckEntry, ...]
    format: DeckFormat

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(dict.fromkeys(p.citation for p in (*self.errors, *self.warnings)))


def _lines(entries: Iterable[DeckEntry]) -> tuple[int, ...]:
    return tuple(sorted({e.line for e in entries}))


def _cards(entries: Iterable[DeckEntry]) -> tuple[Card, ...]:
    return tuple({e.card.id: e.card for e in entries}.values())


def _titles(cards: Iterable[Card]) -> str:
    return "; ".join(card.full_title for card in cards)


def _problem(code: str, message: str, citation: Citation, entries=(), **params) -> DeckProblem:
    entries = tuple(entries)
    if entries and "cards" not in params:
        params["cards"] = _titles(_cards(entries))
    return DeckProblem(code, message, citation, params, _lines(entries), _cards(entries))


def _naming(
    code: str, message: str, citation: Citation, entries: list[DeckEntry]
) -> Iterable[DeckProblem]:
    """One problem naming ``entries``, if there are any."""
    if entries:
        yield _problem(code, message, citation, entries)


def assume_ring_bearer(parsed: ParsedDeck) -> tuple[tuple[DeckEntry, ...], list[DeckProblem]]:
    """With no Ring-bearer marked, take the only card that can start with the Ring when it is
    listed once: a line of several copies ("4x Frodo") is not split silently (the draw deck
    would lose a card nobody took out); the deck is then reported without a Ring-bearer."""
    entries = parsed.entries
    if any(e.role is Role.RING_BEARER for e in entries):
        return entries, []
    able = [e for e in entries if e.role is Role.DRAW and e.card.can_start_with_ring]
    if len(able) != 1 or able[0].count != 1:
        return entries, []
    chosen = able[0]
    rest = tuple(e for e in entries if e is not chosen)
    bearer = replace(chosen, role=Role.RING_BEARER)
    warning = _problem(
        "assumed_ring_bearer",
        N_("No Ring-bearer was marked: one copy of %(cards)s is taken as the Ring-bearer "
           "(mark it with *RB* or list it under \"Ring-bearer:\")."),
        rules.DECK_BUILDING,
        [chosen],
    )  # fmt: skip
    return (bearer, *rest), [warning]


def _check_ring_bearer(entries: tuple[DeckEntry, ...]) -> Iterable[DeckProblem]:
    bearers = [e for e in entries if e.role is Role.RING_BEARER]
    if not bearers:
        yield _problem(
            "missing_ring_bearer",
            N_("The deck has no Ring-bearer (Frodo): mark him with *RB* or list him under "
               "\"Ring-bearer:\"."),
            rules.DECK_BUILDING,
        )  # fmt: skip
        return
    if sum(e.count for e in bearers) > 1:
        yield _problem(
            "too_many_ring_bearers",
            N_("The deck has more than one Ring-bearer: %(cards)s."),
            rules.DECK_BUILDING,
            bearers,
        )
    yield from _naming(
        "invalid_ring_bearer",
        N_("%(cards)s cannot be the Ring-bearer: every deck starts with Frodo carrying the "
           "Ring."),
        rules.DECK_BUILDING,
        [e for e in bearers if not e.card.can_start_with_ring],
    )  # fmt: skip


def _check_ring(entries: tuple[DeckEntry, ...]) -> Iterable[DeckProblem]:
    rings = [e for e in entries if e.role is Role.RING]
    if not rings:
        yield _problem(
            "missing_ring",
            N_('The deck has no The One Ring: list it under "Ring:".'),
            rules.DECK_BUILDING,
        )
        return
    if sum(e.count for e in rings) > 1:
        yield _problem(
            "too_many_rings",
            N_("The deck has more than one The One Ring: %(cards)s."),
            rules.DECK_BUILDING,
            rings,
        )
    yield from _naming(
        "invalid_ring",
        N_("%(cards)s is not The One Ring."),
        rules.DECK_BUILDING,
        [e for e in rings if e.card.type != THE_ONE_RING],
    )


def _check_draw_deck(entries: tuple[DeckEntry, ...], fmt: DeckFormat) -> Iterable[DeckProblem]:
    draw = [e for e in entries if e.role in DRAW_ROLES]
    total = sum(e.count for e in draw)
    if total < fmt.min_draw_deck:
        yield _problem(
            "draw_deck_too_small",
            N_("The draw deck has %(count)s cards; it needs at least %(min)s."),
            rules.DRAW_DECK,
            count=total,
            min=fmt.min_draw_deck,
        )
    free = sum(e.count for e in draw if e.card.side == FREE_PEOPLES)
    shadow = sum(e.count for e in draw if e.card.side == SHADOW)
    if free != shadow:
        yield _problem(
            "unbalanced_sides",
            N_("The draw deck has %(free)s Free Peoples cards and %(shadow)s Shadow cards; the "
               "two numbers must be equal."),
            rules.DRAW_DECK,
            free=free,
            shadow=shadow,
        )  # fmt: skip
    yield from _naming(
        "site_in_draw_deck",
        N_("Sites cannot be in the draw deck: %(cards)s."),
        rules.DRAW_DECK,
        [e for e in draw if e.card.type == SITE],
    )
    yield from _naming(
        "ring_in_draw_deck",
        N_("The One Ring cannot be in the draw deck: %(cards)s."),
        rules.DRAW_DECK,
        [e for e in draw if e.card.type == THE_ONE_RING],
    )


def _check_copies(entries: tuple[DeckEntry, ...], fmt: DeckFormat) -> Iterable[DeckProblem]:
    """At most ``max_copies`` of a title (subtitles ignored), the Ring-bearer included."""
    by_title: dict[str, list[DeckEntry]] = defaultdict(list)
    for entry in entries:
        if entry.role in (*DRAW_ROLES, Role.RING_BEARER):
            by_title[entry.card.title].append(entry)
    for title, group in by_title.items():
        count = sum(e.count for e in group)
        if count <= fmt.max_copies:
            continue
        bearer = any(e.role is Role.RING_BEARER for e in group)
        yield _problem(
            "too_many_copies",
            N_("%(count)s copies of %(title)s counting the Ring-bearer; at most %(max)s "
               "(the Ring-bearer counts, so at most %(rest)s more in the draw deck).")
            if bearer
            else N_("%(count)s copies of %(title)s; at most %(max)s of one title, whatever "
                    "the subtitles."),
            rules.DRAW_DECK,
            group,
            title=title,
            count=count,
            max=fmt.max_copies,
            rest=fmt.max_copies - 1,
        )  # fmt: skip


def _check_sites(entries: tuple[DeckEntry, ...], fmt: DeckFormat) -> Iterable[DeckProblem]:
    placed = [e for e in entries if e.role is Role.SITE]
    yield from _naming(
        "not_a_site",
        N_("Only sites belong to the adventure deck: %(cards)s."),
        rules.ADVENTURE_DECK,
        [e for e in placed if e.card.type != SITE],
    )
    by_number: dict[int, list[DeckEntry]] = defaultdict(list)
    for entry in placed:
        if entry.card.type == SITE:
            by_number[entry.card.site_number].append(entry)
    for number, group in sorted(by_number.items()):
        if sum(e.count for e in group) > 1:
            yield _problem(
                "duplicate_site_number",
                N_("%(cards)s: more than one site %(number)s; the adventure deck has exactly "
                   "one site of each number."),
                rules.ADVENTURE_DECK,
                group,
                number=number,
            )  # fmt: skip
    missing = [n for n in fmt.site_numbers if n not in by_number]
    if missing:
        yield _problem(
            "missing_site_number",
            N_("The adventure deck has no site %(numbers)s; it needs one site of each number "
               "1–9."),
            rules.ADVENTURE_DECK,
            numbers=", ".join(map(str, missing)),
        )  # fmt: skip


def _check_format(entries: tuple[DeckEntry, ...], fmt: DeckFormat) -> Iterable[DeckProblem]:
    outside = [e for e in entries if not fmt.allows_set(e.card.set)]
    if outside:
        yield _problem(
            "card_not_in_format",
            N_("%(cards)s: not legal in the %(format)s format (sets %(sets)s)."),
            rules.DECK_BUILDING,
            outside,
            format=fmt.name,
            sets=", ".join(map(str, sorted(fmt.sets or ()))),
        )
    yield from _naming(
        "card_banned",
        N_("Banned in this format: %(cards)s."),
        rules.DECK_BUILDING,
        [e for e in entries if e.card.id in fmt.banned],
    )
    restricted: dict[str, list[DeckEntry]] = defaultdict(list)
    for entry in entries:
        if entry.card.id in fmt.restricted:
            restricted[entry.card.id].append(entry)
    for group in restricted.values():
        if sum(e.count for e in group) > 1:
            yield _problem(
                "too_many_restricted",
                N_("%(cards)s is restricted in this format: one copy at most."),
                rules.DECK_BUILDING,
                group,
            )


def _requirement_met(card: Card, in_play: list[Card]) -> bool:
    """Can ``card`` be played beside ``in_play``? Its "To play, spot ..." is met when one of
    its alternatives finds enough cards (rules: Нахождение); a requirement the reading does
    not know is never taken as met."""
    alternatives = play_requirement(card.game_text)
    if alternatives is None:
        return False
    return not alternatives or any(
        all(sum(spot.matches(other) for other in in_play) >= spot.count for spot in spots)
        for spots in alternatives
    )


def _unplayable_starters(bearer: list[DeckEntry], starting: list[DeckEntry]) -> list[DeckEntry]:
    """The starting companions no order of play can put in: each is played in turn (rules:
    Начальное Братство Кольца, "in any sequence"), and one that must spot a race, a culture or
    a card needs it already in play, the Ring-bearer first among them. Playing a card never
    makes another unplayable, so playing every playable card until none is left decides."""
    in_play = [e.card for e in bearer]
    waiting = list(starting)
    while True:
        ready = [e for e in waiting if _requirement_met(e.card, in_play)]
        if not ready:
            return waiting
        in_play += [e.card for e in ready for _ in range(e.count)]
        waiting = [e for e in waiting if e not in ready]


def _requirement_text(card: Card) -> str:
    """The card's own words of what it asks ("spot a Dwarf")."""
    match = SPOT_RE.search(card.game_text)
    return match[0].removeprefix("To play, ").rstrip(".") if match else ""


def _check_starting_fellowship(
    entries: tuple[DeckEntry, ...], fmt: DeckFormat
) -> Iterable[DeckProblem]:
    """Companions only, twilight ≤ 4 without the Ring-bearer, one of each unique title."""
    starting = [e for e in entries if e.role is Role.STARTING]
    yield from _naming(
        "starting_fellowship_not_companion",
        N_("Only companions can start in the fellowship: %(cards)s."),
        rules.STARTING_FELLOWSHIP,
        [e for e in starting if e.card.type != COMPANION],
    )
    twilight = sum((e.card.twilight_cost or 0) * e.count for e in starting)
    if twilight > fmt.starting_fellowship_max_twilight:
        yield _problem(
            "starting_fellowship_too_expensive",
            N_("The starting fellowship costs %(twilight)s twilight; at most %(max)s "
               "(the Ring-bearer is not counted)."),
            rules.STARTING_FELLOWSHIP,
            starting,
            twilight=twilight,
            max=fmt.starting_fellowship_max_twilight,
        )  # fmt: skip
    bearer = [replace(e, count=1) for e in entries if e.role is Role.RING_BEARER][:1]
    for entry in _unplayable_starters(bearer, starting):
        yield _problem(
            "starting_fellowship_requirement",
            N_('%(cards)s cannot start in the fellowship: to play it, "%(requirement)s", but '
               "neither the Ring-bearer nor a companion that can start before it meets that."),
            rules.STARTING_FELLOWSHIP,
            [entry],
            requirement=_requirement_text(entry.card),
        )  # fmt: skip
    in_play = [*bearer, *starting]
    by_title: dict[str, list[DeckEntry]] = defaultdict(list)
    for entry in in_play:
        if entry.card.unique:
            by_title[entry.card.title].append(entry)
    for title, group in by_title.items():
        if sum(e.count for e in group) > 1:
            yield _problem(
                "starting_fellowship_not_unique",
                N_("%(title)s is unique: only one card of that title can be in play."),
                rules.UNIQUENESS,
                group,
                title=title,
            )


def _check_sections(entries: tuple[DeckEntry, ...]) -> Iterable[DeckProblem]:
    expected = {Section.FREE_PEOPLES: FREE_PEOPLES, Section.SHADOW: SHADOW}
    yield from _naming(
        "section_side_mismatch",
        N_("Listed under the other side's header: %(cards)s (they are counted by their "
           "real side)."),
        rules.DRAW_DECK,
        [e for e in entries if e.section in expected and e.card.side != expected[e.section]],
    )  # fmt: skip


TOTALS_NOT_CHECKED = N_(
    "The deck's totals (draw deck, sites, Ring-bearer, the One Ring, starting fellowship) are "
    "checked once every line names a card: fix the lines above first."
)


def line_errors(parsed: ParsedDeck) -> list[DeckProblem]:
    """The lines that are not cards, as errors (a deck with unknown cards cannot be judged)."""
    return [
        DeckProblem(
            p.code,
            p.message,
            rules.DECK_BUILDING,
            p.params,
            (p.line,),
            p.suggestions if p.code == "ambiguous_card" else (),
            p.suggestions,
        )
        for p in parsed.problems
    ]


def validate_deck(
    parsed: ParsedDeck, fmt: DeckFormat, check_starting_fellowship: bool = True
) -> DeckReport:
    """Every rule of "Создание своей колоды" and the format, applied to a parsed list."""
    entries, warnings = assume_ring_bearer(parsed)
    unreadable = line_errors(parsed)
    errors = [
        *unreadable,
        *_check_copies(entries, fmt),
        *_check_format(entries, fmt),
    ]
    if unreadable:
        # Counts and the deck's shape would only repeat the unreadable lines' absence.
        warnings.append(DeckProblem("totals_not_checked", TOTALS_NOT_CHECKED, rules.DECK_BUILDING))
    else:
        errors += [
            *_check_ring_bearer(entries),
            *_check_ring(entries),
            *_check_draw_deck(entries, fmt),
            *_check_sites(entries, fmt),
        ]
        if check_starting_fellowship:
            errors.extend(_check_starting_fellowship(entries, fmt))
    warnings.extend(_check_sections(entries))
    return DeckReport(tuple(errors), tuple(warnings), deck_stats(entries), entries, fmt)
