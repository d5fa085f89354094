"""Deck services: the card index the engine reads lists against, validating and saving decks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.db import connection, transaction
from django.http import Http404

from adjudicator.games.tcg.cards import Card as EngineCard
from adjudicator.games.tcg.cards import CardIndex, collector_key
from adjudicator.games.tcg.decklist import ListTooLong, Role, parse_deck_list
from adjudicator.games.tcg.draw_odds import (
    CardOdds,
    DrawOdds,
    draw_odds,
    opening_hand_table,
    targets,
)
from adjudicator.games.tcg.formats import DEFAULT_FORMAT, DeckFormat, formats
from adjudicator.games.tcg.validation import DeckReport, validate_deck
from cards_db.models import Card, Deck, DeckCard, IdempotentSave

ENGINE_FIELDS = [
    name for name in EngineCard.__dataclass_fields__ if name not in {"set", "keywords"}
]


def engine_card(card: Card) -> EngineCard:
    """A database card as the engine's value type."""
    values = {name: getattr(card, name) for name in ENGINE_FIELDS}
    for name in ("subtitle", "side", "culture", "signet", "ally_home", "site_direction", "race",
                 "item_class"):  # fmt: skip
        values[name] = values[name] or None
    return EngineCard(
        set=card.card_set_id, keywords=tuple(k.name for k in card.keywords.all()), **values
    )


def resolve_card_key(key: str) -> str:
    """The card id ("1_50") from an id or collector info ("1R50", "1r50", "1 R 50")."""
    parsed = collector_key(key)
    if parsed is None:
        raise Http404
    return f"{parsed[0]}_{parsed[1]}"


@lru_cache(maxsize=2)
def _index(version: tuple) -> CardIndex:
    return CardIndex(engine_card(c) for c in Card.objects.prefetch_related("keywords"))


def cards_version() -> tuple:
    """What changes when the cards do (their number and the last change): one query, read on
    every card list and deck check (exact within any transaction), written in SQL: the ORM's
    aggregate cost 0.3 ms to build per request; the query itself 0.03 ms, the last change read
    from its index (0.28 ms a scan of the cards without it; issue 29)."""
    quote = connection.ops.quote_name
    table, changed = quote(Card._meta.db_table), quote(Card._meta.get_field("changed").column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT COUNT(*) FROM {table}), (SELECT MAX({changed}) FROM {table})"
        )
        return tuple(cursor.fetchone())


def card_index() -> CardIndex:
    """Every card of the database, indexed; rebuilt only when the cards change."""
    return _index(cards_version())


def recheck_deck(deck: Deck) -> DeckReport:
    """A saved deck's report today, checked as it was saved (its format, or the default one if
    that format is gone; the starting fellowship if it was checked)."""
    fmt = formats().get(deck.format) or formats()[DEFAULT_FORMAT]
    return check_deck(deck.source, fmt, deck.check_starting_fellowship)


def check_deck(text: str, fmt: DeckFormat, check_starting_fellowship: bool = True) -> DeckReport:
    """Parse and validate a pasted list (raises ListTooLong for a paste that is not a list)."""
    return validate_deck(parse_deck_list(text, card_index()), fmt, check_starting_fellowship)


@dataclass(frozen=True)
class SavedDeck:
    deck: Deck
    report: DeckReport


class UnreadableDeck(ValueError):
    """The list has lines that are not cards; nothing was saved."""

    def __init__(self, report: DeckReport):
        self.report = report
        super().__init__("the list has lines that are not cards")


#: Deck problems that mean a line was not read as cards.
UNREADABLE = frozenset({"unknown_card", "ambiguous_card", "invalid_count"})


def readable_deck(text: str, fmt: DeckFormat, check_starting_fellowship: bool = True) -> DeckReport:
    """The checked deck, or :class:`UnreadableDeck` when some line is not cards (an answer
    about the rest would be about another deck)."""
    report = check_deck(text, fmt, check_starting_fellowship)
    if any(e.code in UNREADABLE for e in report.errors):
        raise UnreadableDeck(report)
    return report


def deck_draw_odds(
    text: str, target: str, at_least: int, draws_per_site: int
) -> tuple[DrawOdds, tuple[CardOdds, ...]]:
    """The draw odds of a pasted deck's target, and every card's chance in the opening hand
    (the deck need not be legal: it may be under construction)."""
    entries = readable_deck(text, formats()[DEFAULT_FORMAT], False).entries
    return draw_odds(entries, target, at_least, draws_per_site), opening_hand_table(entries)


def check_deck_question(data: dict[str, Any]) -> DeckReport:
    """The deck check's question (the API's validated request) answered."""
    return check_deck(data["list"], formats()[data["format"]], data["check_starting_fellowship"])


def draw_odds_question(data: dict[str, Any]) -> tuple[DrawOdds, tuple[CardOdds, ...]]:
    """The draw-odds question (the API's validated request) answered."""
    return deck_draw_odds(data["list"], data["target"], data["at_least"], data["draws_per_site"])


def deck_targets(text: str) -> dict[str, list[tuple[str, str]]]:
    """The cards and groups a draw-odds question may name in this deck, as (value, label) by
    kind: a card by its collector number and title, a group as ``culture:Elven`` (nothing
    for a list that cannot be read)."""
    try:
        entries = readable_deck(text, formats()[DEFAULT_FORMAT], False).entries
    except (UnreadableDeck, ListTooLong):
        return {}
    titles = {e.card.collector_info: e.card.full_title for e in entries}
    return {
        kind: [
            (value, f"{titles[value]} ({value})") if kind == "card" else (f"{kind}:{value}", value)
            for value in values
        ]
        for kind, values in targets(entries).items()
    }


@transaction.atomic
def save_deck(
    name: str,
    text: str,
    fmt: DeckFormat,
    deck: Deck | None = None,
    check_starting_fellowship: bool = True,
) -> SavedDeck:
    """Validate and store a deck (a new one, or ``deck`` replaced), all or nothing.

    A list with unreadable lines is refused (:class:`UnreadableDeck`); a readable list that
    breaks deck rules is saved as a draft with ``valid=False``.
    """
    report = readable_deck(text, fmt, check_starting_fellowship)
    deck = deck or Deck()
    deck.name, deck.source, deck.format, deck.valid = name, text, fmt.slug, report.valid
    deck.check_starting_fellowship = check_starting_fellowship
    by_role = {role: [e for e in report.entries if e.role is role] for role in Role}
    deck.ring_bearer_id = next((e.card.id for e in by_role[Role.RING_BEARER]), None)
    deck.ring_id = next((e.card.id for e in by_role[Role.RING]), None)
    deck.save()
    deck.cards.all().delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card_id=e.card.id, count=e.count, role=e.role.value, line=e.line)
        for e in report.entries
    )
    return SavedDeck(deck, report)


def exported(deck: Deck, style: str) -> str:
    """The deck as text: ``plain`` (by section, with collector numbers) or ``gemp``."""
    return export_gemp(deck) if style == "gemp" else export_deck(deck)


#: The export styles, for the page and API parameter.
EXPORT_STYLES = ("plain", "gemp")


def export_gemp(deck: Deck) -> str:
    """The deck as GEMP lays out its deck export (name, format, Ring-bearer, Ring, adventure
    deck by site number, then each side's draw deck), which the parser reads back. GEMP has no
    starting-fellowship list (the fellowship is chosen at the table), so those cards are in the
    Free Peoples draw deck, where they come from."""
    rows = list(deck.cards.select_related("card").order_by("card__card_set", "card__number"))
    one = {role: next((r.card.full_title for r in rows if r.role == role), None)
           for role in (DeckCard.Role.RING_BEARER, DeckCard.Role.RING)}  # fmt: skip
    out = [" ".join(deck.name.split()), f"Format: {formats()[deck.format].name}"]
    out += [f"Ring-bearer: {one[DeckCard.Role.RING_BEARER] or ''}".rstrip()]
    out += [f"Ring: {one[DeckCard.Role.RING] or ''}".rstrip(), "", "Adventure deck:"]
    sites = sorted((r for r in rows if r.role == DeckCard.Role.SITE),
                   key=lambda r: r.card.site_number or 0)  # fmt: skip
    out += [r.card.full_title for r in sites for _ in range(r.count)]
    draw = [r for r in rows if r.role in (DeckCard.Role.DRAW, DeckCard.Role.STARTING)]
    for side, header in (("free_peoples", "Free Peoples Draw Deck:"),
                         ("shadow", "Shadow Draw Deck:")):  # fmt: skip
        counts: dict[str, int] = {}
        for r in draw:
            if r.card.side == side:
                counts[r.card.full_title] = counts.get(r.card.full_title, 0) + r.count
        out += ["", header] + [f"{count}x {title}" for title, count in counts.items()]
    return "\n".join(out) + "\n"


def export_deck(deck: Deck) -> str:
    """The deck as a plain-text list, by section, that the parser reads back."""
    sections = [
        (DeckCard.Role.RING_BEARER, "Ring-bearer:"),
        (DeckCard.Role.RING, "Ring:"),
        (DeckCard.Role.STARTING, "Starting fellowship:"),
        (DeckCard.Role.DRAW, "Draw deck:"),
        (DeckCard.Role.SITE, "Sites:"),
    ]
    rows = list(
        deck.cards.select_related("card").order_by("card__side", "card__card_set", "card__number")
    )
    out = [f"# {' '.join(deck.name.split())}"]
    for role, header in sections:
        group = [r for r in rows if r.role == role]
        if role == DeckCard.Role.SITE:
            group.sort(key=lambda r: r.card.site_number or 0)
        if group:
            out += ["", header] + [
                f"{r.count}x {r.card.full_title} ({r.card.collector_info})" for r in group
            ]
    return "\n".join(out) + "\n"


def forget_deck_links(sender: type[Deck], instance: Deck, **kwargs: object) -> None:
    """A deleted deck leaves no copy: the link stored when it was saved from the page, any
    link to its list as it is now and the answers kept for retries of its saves go with it
    (``post_delete``, so a bulk delete and ``expire_decks`` do it too)."""
    from adjudicator.web.links.services import forget_inputs
    from cards_db.forms import DECK_KIND

    question = {
        "name": instance.name, "list": instance.source, "format": instance.format,
        "check_starting_fellowship": instance.check_starting_fellowship,
    }  # fmt: skip
    forget_inputs(DECK_KIND, keys=[instance.link_key], payloads=[question])
    IdempotentSave.objects.filter(body__deck__id=str(instance.pk)).delete()
