"""Draw odds of a deck: the exact chance of holding at least k copies of a card, or of any card
of a group (a culture, a card type, a side, a race), in the opening hand and by each site.

The opening hand is the top 8 cards of the shuffled draw deck, after the starting fellowship
has been put into play from it (rules: Течение игры, Начальное Братство Кольца). After that a
player draws when he reconciles (rules: Пополнение руки), as many cards as he has played or
discarded, so how many cards he has seen by a later site is the player's own assumption:
``draws_per_site`` new cards between one site and the next, stated in the answer.

Every chance is the hypergeometric tail, computed exactly with fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from adjudicator.games.common import N_, Answer, InvalidInput, Message, Reason
from adjudicator.games.tcg import citations as rules
from adjudicator.games.tcg.cards import Card, fold
from adjudicator.games.tcg.decklist import DeckEntry, Role

HAND_SIZE = 8
SITES = 9
MAX_DRAWS_PER_SITE = 20

#: The groups a target may name (``culture:Elven``), each read from one card field.
GROUPS = ("culture", "type", "side", "race")


def at_least(population: int, successes: int, draws: int, k: int) -> Fraction:
    """P(X >= k) for X hypergeometric: ``draws`` cards without replacement from ``population``
    cards of which ``successes`` are hits."""
    draws = min(draws, population)
    if k <= 0:
        return Fraction(1)
    total = comb(population, draws)
    below = sum(
        comb(successes, hits) * comb(population - successes, draws - hits)
        for hits in range(min(k, successes + 1, draws + 1))
    )
    return 1 - Fraction(below, total)


@dataclass(frozen=True)
class SiteOdds:
    """The chance by the time the fellowship reaches ``site``, with ``seen`` cards drawn."""

    site: int
    seen: int
    chance: Fraction


@dataclass(frozen=True, kw_only=True)
class DrawOdds(Answer):
    """How likely the target is in hand: in the opening hand and by each site."""

    target: str
    copies: int
    deck_size: int
    at_least: int
    draws_per_site: int
    opening_hand: Fraction
    by_site: tuple[SiteOdds, ...]


@dataclass(frozen=True)
class CardOdds:
    """One card of the draw deck and its chance of being in the opening hand."""

    card: Card
    copies: int
    opening_hand: Fraction


def draw_pile(entries: tuple[DeckEntry, ...]) -> list[DeckEntry]:
    """The cards shuffled at the start: the draw deck without the starting fellowship."""
    return [entry for entry in entries if entry.role is Role.DRAW]


def _matches(target: str) -> tuple[str, object]:
    """What a target names: ``("card", folded text)`` or ``(field, folded value)``."""
    field, sep, value = target.partition(":")
    if sep and fold(field) in GROUPS:  # folded as the card's value is: free_peoples = free peoples
        return fold(field), fold(value)
    return "card", fold(target)


def _hits(card: Card, field: str, wanted: object) -> bool:
    if field == "card":
        names = (card.id, card.collector_info, card.title, card.full_title)
        return any(fold(name) == wanted for name in names if name)
    return fold(str(getattr(card, field) or "")) == wanted


def draw_odds(
    entries: tuple[DeckEntry, ...], target: str, at_least_copies: int = 1, draws_per_site: int = 2
) -> DrawOdds:
    """The chance of at least ``at_least_copies`` target cards in hand, opening hand and by each
    site (site 1 is the opening hand; ``draws_per_site`` more cards each site after it)."""
    problems: list[tuple[str, str]] = []
    if not 1 <= at_least_copies <= HAND_SIZE + MAX_DRAWS_PER_SITE * (SITES - 1):
        problems.append(("at_least", N_("must be a whole number from 1")))
    if not 0 <= draws_per_site <= MAX_DRAWS_PER_SITE:
        problems.append(
            ("draws_per_site", Message(N_("must be from 0 to %(high)s"), high=MAX_DRAWS_PER_SITE))
        )
    pile = draw_pile(entries)
    deck_size = sum(entry.count for entry in pile)
    if deck_size == 0:
        problems.append(("list", N_("the draw deck is empty")))
    field, wanted = _matches(target)
    copies = sum(entry.count for entry in pile if _hits(entry.card, field, wanted))
    if not copies and deck_size:
        problems.append(("target", N_("no card of the draw deck matches it")))
    if problems:
        raise InvalidInput(problems)
    by_site = tuple(
        SiteOdds(site, seen, at_least(deck_size, copies, seen, at_least_copies))
        for site in range(1, SITES + 1)
        for seen in [min(deck_size, HAND_SIZE + draws_per_site * (site - 1))]
    )
    reasons = (
        Reason(
            N_("%(copies)s of the %(deck)s cards shuffled are hits; the opening hand is the top "
               "8 cards, drawn after the starting fellowship is put into play."),
            rules.OPENING_HAND,
            {"copies": copies, "deck": deck_size},
            "opening_hand",
        ),
        Reason(
            N_("By each later site you have seen %(draws)s more cards: what you draw when you "
               "reconcile up to 8."),
            rules.RECONCILE,
            {"draws": draws_per_site},
            "reconcile",
        ),
    )  # fmt: skip
    return DrawOdds(
        target=target,
        copies=copies,
        deck_size=deck_size,
        at_least=at_least_copies,
        draws_per_site=draws_per_site,
        opening_hand=by_site[0].chance,
        by_site=by_site,
        reasons=reasons,
        citations=(rules.OPENING_HAND, rules.STARTING_FELLOWSHIP, rules.RECONCILE),
        assumptions=(
            N_("Cards you search your deck for, or shuffle back into it, are not counted: the "
               "chances are those of the shuffled draw deck alone."),
            N_("Between one site and the next you draw the number of cards you set (the cards "
               "you played or discarded before reconciling)."),
        ),
    )  # fmt: skip


def opening_hand_table(entries: tuple[DeckEntry, ...]) -> tuple[CardOdds, ...]:
    """Every distinct card of the shuffled draw deck with its chance of being in the opening
    hand, most likely first."""
    pile = draw_pile(entries)
    deck_size = sum(entry.count for entry in pile)
    copies: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for entry in pile:
        copies[entry.card.id] = copies.get(entry.card.id, 0) + entry.count
        cards[entry.card.id] = entry.card
    rows = (
        CardOdds(cards[key], count, at_least(deck_size, count, HAND_SIZE, 1))
        for key, count in copies.items()
    )
    return tuple(sorted(rows, key=lambda row: (-row.opening_hand, row.card.full_title)))


def targets(entries: tuple[DeckEntry, ...]) -> dict[str, list[str]]:
    """What a draw-odds question may ask about this deck: its cards (by collector number) and
    the groups present in its shuffled pile, by kind (``card``, ``culture``...)."""
    pile = draw_pile(entries)
    found: dict[str, list[str]] = {"card": [], **{group: [] for group in GROUPS}}
    for entry in pile:
        card = entry.card
        values = {"card": card.collector_info, **{g: getattr(card, g) for g in GROUPS}}
        for kind, value in values.items():
            if value and value not in found[kind]:
                found[kind].append(value)
    return found
