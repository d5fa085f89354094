"""Read a pasted deck list: counts, titles or collector numbers, sections, comments.

Accepted line forms: ``4x Legolas, Greenleaf``, ``4 Legolas``, ``x4 Legolas``,
``Legolas, Greenleaf x4``, ``2 1R50``, ``1_50``, ``Frodo, Son of Drogo *RB*``; blank lines,
comments (``#``, ``//``), bullets, and section headers such as ``Ring-bearer:``, ``Ring:``,
``Sites:``, ``Starting fellowship:``, ``Free Peoples:``, ``Shadow:`` (also ``## Sites (9)``
and ``Ring-bearer: Frodo, Son of Drogo`` on one line).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.games.common import N_
from adjudicator.games.tcg.cards import (
    SITE,
    THE_ONE_RING,
    Card,
    CardIndex,
    Lookup,
    collector_key,
    fold,
)

MAX_LINES = 1000
MAX_CHARS = 100_000
MAX_COUNT = 99
#: Suggestions (the nearest names to an unknown one) are looked for while a list has fewer
#: problems than this: each compares the name with every card name (lines × names), so a list
#: of hundreds of typos gets them for its first lines only.
MAX_SUGGESTED = 20


class Section(StrEnum):
    """Where a line sits in the pasted list."""

    NONE = "none"
    DRAW = "draw"
    FREE_PEOPLES = "free_peoples"
    SHADOW = "shadow"
    STARTING = "starting"
    RING_BEARER = "ring_bearer"
    RING = "ring"
    SITES = "sites"
    NOTES = "notes"


class Role(StrEnum):
    """What a card is in the deck."""

    DRAW = "draw"
    STARTING = "starting"
    RING_BEARER = "ring_bearer"
    RING = "ring"
    SITE = "site"


HEADERS: dict[str, Section] = {
    fold(name): section
    for section, names in {
        Section.RING_BEARER: ("ring-bearer", "ring bearer", "rb", "хранитель кольца", "хранитель"),
        Section.RING: ("ring", "the one ring", "one ring", "кольцо", "кольцо всевластья"),
        Section.SITES: (
            "sites", "site", "site path", "adventure deck", "местности", "путевая колода",
        ),
        Section.STARTING: (
            "starting fellowship", "starting companions", "начальное братство",
        ),
        Section.DRAW: ("draw deck", "deck", "игральная колода", "колода"),
        Section.FREE_PEOPLES: (
            "free peoples", "free people", "fp", "free peoples draw deck", "свободные народы",
        ),
        Section.SHADOW: ("shadow", "shadow draw deck", "тьма"),
        Section.NOTES: ("notes", "заметки"),
    }.items()
    for name in names
}  # fmt: skip

#: What a deck export says of the deck, not of its cards (GEMP: "Format: ...", "Author: ...").
METADATA = frozenset(fold(name) for name in ("format", "author", "deck name", "name", "формат"))
#: Sections that hold one card: the header applies to the next card line only.
ONE_CARD = (Section.RING_BEARER, Section.RING)

COMMENT_RE = re.compile(r"\s*(?:#|//).*$")
BULLET_RE = re.compile(r"^\s*(?:[-*•·+>]\s+)+")
MARKER_RE = re.compile(r"[*(\[]\s*(rb|ring[- ]?bearer)\s*[*)\]]", re.IGNORECASE)
LEADING_COUNT_RE = re.compile(r"^(?P<count>-?\d+)\s*(?:[xXхХ×*]\s*|\s)(?P<rest>\S.*)$")
LEADING_X_RE = re.compile(r"^[xXхХ×]\s*(?P<count>-?\d+)\s+(?P<rest>\S.*)$")
TRAILING_COUNT_RE = re.compile(
    r"^(?P<rest>.*?\S)\s*(?:[xXхХ×]\s*(?P<a>-?\d+)|\(\s*[xXхХ×]?\s*(?P<b>-?\d+)\s*\)"
    r"|\s(?P<c>-?\d+)\s*[xXхХ×])$"
)
HEADER_COUNT_RE = re.compile(r"\s*[(\[]\s*\d+\s*[)\]]\s*$")
TRAILING_COLLECTOR_RE = re.compile(
    r"(?:[(\[]\s*(?P<key>\d{1,2}\s*[RUCPrucp_]\s*\d{1,3})\s*[)\]]"
    r"|\s(?P<bare>\d{1,2}[RUCPrucp_]\d{1,3}))$"
)
CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")
#: A tag of an HTML page (GEMP's deck page: ``<b>Ring-bearer:</b> <span ...>Frodo, ...``).
HTML_TAG_RE = re.compile(r"<(?:!doctype|html|body|div|br|b|span|h[1-6]|p)\b[^>]*>", re.IGNORECASE)
HTML_DROP_RE = re.compile(r"<(head|style|script)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
HTML_BREAK_RE = re.compile(r"<br\s*/?>|</?(?:h[1-6]|p|div|li|tr)\b[^>]*>", re.IGNORECASE)
HTML_ANY_TAG_RE = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class DeckEntry:
    """One card line of the list, resolved to a card."""

    card: Card
    count: int
    role: Role
    section: Section
    line: int


@dataclass(frozen=True)
class LineProblem:
    """A line that is not a card: unmatched, ambiguous, or with an impossible count."""

    code: str
    message: str
    line: int
    text: str
    params: dict
    suggestions: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ParsedDeck:
    """The cards read from a list and the lines that could not be read."""

    entries: tuple[DeckEntry, ...]
    problems: tuple[LineProblem, ...]


class ListTooLong(ValueError):
    """The paste is too long to be a deck list: a translatable message and its parameters."""

    def __init__(self, message: str, params: dict):
        self.message, self.params = message, params
        super().__init__(message % params)


def clean_text(text: str) -> str:
    """The paste without control characters or NUL bytes (they are never part of a deck)."""
    return CONTROL_RE.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def html_export_text(text: str) -> str:
    """A deck pasted as HTML (GEMP's deck page, ``/deck/html``: name, ``Format:``, ``Author:``,
    ``Ring-bearer:``, ``Ring:``, its section headers, one card per ``<br/>``, then ``Notes``) as
    the text a browser shows, one line per card; any other paste is returned unchanged.

    Card names never contain ``<``, so a paste with HTML tags is taken for a page.
    """
    if not HTML_TAG_RE.search(text):
        return text
    flowing = " ".join(HTML_DROP_RE.sub("", text).split())  # a page's line breaks are spaces
    lines = (html.unescape(HTML_ANY_TAG_RE.sub("", line)).strip()
             for line in HTML_BREAK_RE.sub("\n", flowing).split("\n"))  # fmt: skip
    return "\n".join(line for line in lines if line) + "\n"


def check_size(text: str) -> None:
    """Refuse pastes that cannot be a deck list (:data:`MAX_LINES` lines, :data:`MAX_CHARS`)."""
    if len(text) > MAX_CHARS:
        raise ListTooLong(N_("The list is longer than %(limit)s characters."), {"limit": MAX_CHARS})
    if text.rstrip("\r\n").count("\n") >= MAX_LINES:
        raise ListTooLong(N_("The list is longer than %(limit)s lines."), {"limit": MAX_LINES})


def _header(text: str) -> tuple[Section | None, str]:
    """The section a header line opens and the card text after it on the same line, if any.

    ``# Sites`` / ``## Sites (9)`` are headers when they name a known section, comments
    otherwise; ``Name:`` opens a section (an unknown name opens a draw-deck section).
    """
    stripped = text.strip().strip("*_=").strip()
    if stripped.startswith("#"):
        name = HEADER_COUNT_RE.sub("", stripped.lstrip("#").strip().strip("*_:").strip())
        return HEADERS.get(fold(name)), ""
    name, colon, rest = stripped.partition(":")
    section = HEADERS.get(fold(HEADER_COUNT_RE.sub("", name.strip("*_ "))))
    if colon:
        rest = rest.strip().strip("*_").strip()
        if section is not None:
            return section, rest
        if not rest:
            return Section.DRAW, ""
    return None, text


def _bare_header(text: str, index: CardIndex) -> tuple[Section | None, str]:
    """A line that is only a section name ("Shadow", "Free Peoples (30)") opens that section,
    unless it names a card ("The One Ring"); any other line is left as it is."""
    section = HEADERS.get(fold(HEADER_COUNT_RE.sub("", text)))
    if section is None or index.named(text):
        return None, text
    return section, ""


def _count_and_name(text: str) -> tuple[int, str]:
    """Split "4x Legolas" / "Legolas x4" / "2 1R50" into count and name (count 1 if absent)."""
    if collector_key(text) is not None:
        return 1, text
    for pattern in (LEADING_X_RE, LEADING_COUNT_RE):
        match = pattern.match(text)
        if match:
            return _count(match["count"]), match["rest"].strip()
    match = TRAILING_COUNT_RE.match(text)
    if match:
        return _count(match["a"] or match["b"] or match["c"]), match["rest"].strip()
    return 1, text


def replace_card(line: str, card: str) -> str:
    """``line`` naming ``card`` instead, keeping what else it says: the header it opens
    ("Ring-bearer: "), its count in any of the forms read, a Ring-bearer marker."""
    section, rest = _header(line)
    prefix = f"{line.partition(':')[0].strip()}: " if section is not None and rest else ""
    text = rest if prefix else line
    marker = " *RB*" if MARKER_RE.search(text) else ""
    text = BULLET_RE.sub("", MARKER_RE.sub("", text)).strip().rstrip(",;")
    count, name = _count_and_name(text)
    counted = card if name == text else f"{count}x {card}"
    return f"{prefix}{counted}{marker}"


def _count(digits: str) -> int:
    """A count as written; one too long to be a count is out of range (not read whole: Python
    refuses integers of more than 4,300 digits)."""
    return int(digits) if len(digits.lstrip("-")) <= len(str(MAX_COUNT)) + 1 else MAX_COUNT + 1


def _role(card: Card, section: Section, ring_bearer_marker: bool) -> Role:
    """A section names its cards' role; a site is in the adventure deck and The One Ring in
    its slot wherever else they are listed (a site under "Shadow:" is still a site), but one
    listed under "Draw deck:" is taken at its word (and the validator reports it)."""
    if ring_bearer_marker or section is Section.RING_BEARER:
        return Role.RING_BEARER
    explicit = {Section.RING: Role.RING, Section.SITES: Role.SITE,
                Section.STARTING: Role.STARTING, Section.DRAW: Role.DRAW}  # fmt: skip
    if section in explicit:
        return explicit[section]
    if card.type == SITE:
        return Role.SITE
    if card.type == THE_ONE_RING:
        return Role.RING
    return Role.DRAW


def _metadata(line: str) -> bool:
    """A line of what an export says of the deck ("Format: Fellowship Block")."""
    name, colon, _rest = line.partition(":")
    return bool(colon) and fold(name.strip("*_ ")) in METADATA


def _deck_title(lines: list[str]) -> int | None:
    """The number of the line that is a GEMP export's deck name: the first line, when the next
    line that says anything is its "Format:" line."""
    said = [(n, line.strip()) for n, line in enumerate(lines, start=1) if line.strip()]
    if len(said) > 1 and _metadata(said[1][1]) and not _metadata(said[0][1]):
        return said[0][0]
    return None


def _lookup(name: str, index: CardIndex, suggest: bool) -> tuple[Lookup, str | None]:
    """The card a line names, and the trailing collector number if it has one.

    The collector number decides when the name before it is unknown (a typo) or names that
    very card; when the name names other cards, the line is ambiguous: neither is guessed.
    """
    collector = TRAILING_COLLECTOR_RE.search(name)
    if collector is None:
        return index.lookup(name, suggest), None
    key = collector["key"] or collector["bare"]
    numbered = index.lookup(key)
    named = index.named(name[: collector.start()].strip().rstrip(",;"))
    if numbered.card is None or not named or numbered.card in named:
        return numbered, key
    return Lookup(candidates=(numbered.card, *named)), key


def _unmatched_line(
    found: Lookup, name: str, collector: str | None, number: int, raw: str
) -> LineProblem:
    """Why a line names no single card: its name and collector number disagree, its name fits
    several cards, or no card has that name (with the nearest names as suggestions).
    """
    if found.candidates:
        return LineProblem(
            "ambiguous_card",
            N_('Line %(line)s: the name and the collector number %(collector)s give '
               "different cards: %(candidates)s.") if collector else
            N_('Line %(line)s: "%(name)s" matches several cards; give the subtitle or '
               "the collector number: %(candidates)s."),
            number,
            raw.strip(),
            {"line": number, "name": name, "collector": collector,
             "candidates": "; ".join(c.label for c in found.candidates)},
            found.candidates,
        )  # fmt: skip
    return LineProblem(
        "unknown_card",
        N_('Line %(line)s: no card "%(name)s".')
        if not found.suggestions
        else N_('Line %(line)s: no card "%(name)s"; did you mean %(suggestions)s?'),
        number,
        raw.strip(),
        {"line": number, "name": name,
         "suggestions": "; ".join(c.label for c in found.suggestions)},
        found.suggestions,
    )  # fmt: skip


def _card_line(
    line: str, raw: str, number: int, section: Section, index: CardIndex, suggest: bool
) -> DeckEntry | LineProblem:
    """One card line of ``section``: its count (1 to MAX_COUNT), its card and the card's role
    (a Ring-bearer marker makes it the Ring-bearer), or why it is not a card.
    """
    marker = MARKER_RE.search(line)
    line = MARKER_RE.sub("", line).strip().rstrip(",;")
    count, name = _count_and_name(line)
    if count < 1 or count > MAX_COUNT:
        return LineProblem(
            "invalid_count",
            N_("Line %(line)s: the count %(count)s must be between 1 and %(max)s."),
            number,
            raw.strip(),
            {"line": number, "count": count, "max": MAX_COUNT},
        )
    found, collector = _lookup(name, index, suggest)
    if found.card is None:
        return _unmatched_line(found, name, collector, number, raw)
    role = _role(found.card, section, marker is not None)
    return DeckEntry(found.card, count, role, section, number)


def parse_deck_list(text: str, index: CardIndex) -> ParsedDeck:
    """Read every line of ``text`` against ``index`` (line numbers start at 1)."""
    check_size(text)
    entries: list[DeckEntry] = []
    problems: list[LineProblem] = []
    section = before = Section.NONE
    lines = clean_text(html_export_text(text)).split("\n")
    title = _deck_title(lines)
    for number, raw in enumerate(lines, start=1):
        if raw.lstrip().startswith("#"):
            line_section, _rest = _header(raw)
            section = line_section or section
            continue
        line = BULLET_RE.sub("", COMMENT_RE.sub("", raw)).strip()
        if not line or number == title or _metadata(line):
            continue
        line_section, line = _header(line) if ":" in line else _bare_header(line, index)
        if line_section is not None and not line:
            before = section if section not in ONE_CARD else before
            section = line_section
            continue
        if section is Section.NOTES and line_section is None:
            continue
        if line_section is None and section in ONE_CARD:
            line_section, section = section, before  # "Ring:" names the next card only
        if line_section is None:
            line_section = section
        read = _card_line(line, raw, number, line_section, index, len(problems) < MAX_SUGGESTED)
        if isinstance(read, DeckEntry):
            entries.append(read)
        else:
            problems.append(read)
    return ParsedDeck(tuple(entries), tuple(problems))
