"""Cards as the engine sees them, and the index that finds a card from what a player typed."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

FREE_PEOPLES = "free_peoples"
SHADOW = "shadow"
SITE = "Site"
THE_ONE_RING = "The One Ring"
COMPANION = "Companion"
MINION = "Minion"

COLLECTOR_RE = re.compile(
    r"^\(?\[?\s*(?P<set>\d{1,2})\s*(?:_\s*|(?P<rarity>[RUCPrucp])\s*)(?P<number>\d{1,3})\s*\]?\)?$"
)


@dataclass(frozen=True)
class Card:
    """One card of the data (``cards_db/data/lotr-tcg-setNN.json``), every field kept."""

    id: str
    collector_info: str
    set: int
    number: int
    rarity: str
    title: str
    subtitle: str | None = None
    unique: bool = False
    side: str | None = None
    culture: str | None = None
    type: str = ""
    twilight_cost: int | None = None
    shadow_number: int | None = None
    strength: int | None = None
    vitality: int | None = None
    resistance: int | None = None
    signet: str | None = None
    site_number: int | None = None
    ally_home: str | None = None
    site_direction: str | None = None
    race: str | None = None
    item_class: str | None = None
    keywords: tuple[str, ...] = ()
    can_start_with_ring: bool = False
    game_text: str = ""
    lore: str = ""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Card:
        """A card from one object of the JSON data (unknown keys are ignored)."""
        fields = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        fields["keywords"] = tuple(data.get("keywords") or ())
        fields["game_text"] = data.get("game_text") or ""
        fields["lore"] = data.get("lore") or ""
        return cls(**fields)

    @property
    def full_title(self) -> str:
        """ "Title, Subtitle" as the card prints it (without the uniqueness dot)."""
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def label(self) -> str:
        """The full title with its collector info, unambiguous for a player."""
        return f"{self.full_title} ({self.collector_info})"


def fold(text: str) -> str:
    """Lower-case ASCII-ish matching key: accents, case, punctuation and dots do not count.

    ``fold("•Lórien  Elf") == fold("lorien-elf") == "lorien elf"``.
    """
    if text.isascii():
        stripped = text.lower()
    else:
        decomposed = unicodedata.normalize("NFKD", text)
        stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    stripped = stripped.replace("’", "").replace("'", "").replace("`", "")
    return " ".join(re.findall(r"[^\W_]+", stripped))


def collector_key(text: str) -> tuple[int, int] | None:
    """``(set, number)`` from "1R50", "1 R 50", "1_50", "(1R50)"; None if it is not one."""
    match = COLLECTOR_RE.match(text.strip())
    if match is None:
        return None
    return int(match["set"]), int(match["number"])


@dataclass(frozen=True)
class Lookup:
    """The outcome of looking a name up: one card, several candidates, or suggestions."""

    card: Card | None = None
    candidates: tuple[Card, ...] = ()
    suggestions: tuple[Card, ...] = ()


#: The cards the Russian rulebook names in Russian (its "Русское (English)" pairs and the
#: starter lists: "Фродо", "Лурц (Lurtz)", "Кольцо Всевластья (The One Ring)"...), so that a
#: list may use them: a Russian title stands for the English one (", subtitle" kept).
RUSSIAN_TITLES = {
    fold(russian): english
    for russian, english in {
        "Фродо": "Frodo", "Сэм": "Sam", "Мерри": "Merry", "Пиппин": "Pippin",
        "Арагорн": "Aragorn", "Гэндальф": "Gandalf", "Эльронд": "Elrond",
        "Галадриэль": "Galadriel", "Лурц": "Lurtz", "Маггот": "Farmer Maggot",
        "Кольцо Всевластья": "The One Ring", "Трубка Бильбо": "Bilbo's Pipe",
        "Гость на хоббитской вечеринке": "Hobbit Party Guest",
        "Урук-хайский Арсенал": "Uruk-hai Armory",
    }.items()
}  # fmt: skip


def english_title(text: str) -> str:
    """``text`` with a Russian title the rulebook gives replaced by the card's English one."""
    title, comma, rest = text.partition(",")
    english = RUSSIAN_TITLES.get(fold(title))
    return f"{english}{comma}{rest}" if english else text


class CardIndex:
    """Every card, findable by id, collector info, and loosely by title and subtitle."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: tuple[Card, ...] = tuple(cards)
        self.by_id: dict[str, Card] = {card.id: card for card in self.cards}
        self._by_number = {(card.set, card.number): card for card in self.cards}
        self._by_full: dict[str, list[Card]] = defaultdict(list)
        self._by_title: dict[str, list[Card]] = defaultdict(list)
        for card in self.cards:
            self._by_full[fold(card.full_title)].append(card)
            self._by_title[fold(card.title)].append(card)
        self._names = sorted({*self._by_full, *self._by_title})

    def __len__(self) -> int:
        return len(self.cards)

    def by_collector(self, text: str) -> Card | None:
        """The card of a collector number or id ("1R50", "1_50"), if there is one."""
        key = collector_key(text)
        return self._by_number.get(key) if key else None

    def lookup(self, text: str, suggest: bool = True) -> Lookup:
        """Find the card a player meant: collector number, "Title, Subtitle" or a unique title.

        A title shared by several versions is ambiguous unless the subtitle is given; an
        unknown name gets the nearest names as suggestions (unless ``suggest`` is false: each
        costs a comparison with every name).
        """
        card = self.by_collector(text)
        if card is not None:
            return Lookup(card=card)
        if collector_key(text) is not None:
            return Lookup()
        matches = self.named(text)
        if len(matches) == 1:
            return Lookup(card=matches[0])
        if matches:
            return Lookup(candidates=matches)
        return Lookup(suggestions=self.suggest(fold(english_title(text))) if suggest else ())

    def named(self, text: str) -> tuple[Card, ...]:
        """The cards whose "Title, Subtitle", or else whose title, is ``text`` (loosely)."""
        key = fold(english_title(text))
        return tuple(self._by_full.get(key) or self._by_title.get(key) or ())

    def fuzzy(self, text: str) -> Lookup:
        """The card a loosely spelt name means: the :meth:`lookup`'s card, else the card of
        the one closest name (difflib, ratio 0.6 or more); several cards of one name are
        candidates, never a guess."""
        found = self.lookup(text)
        if found.card is not None or found.candidates or collector_key(text) is not None:
            return found
        names = difflib.get_close_matches(fold(english_title(text)), self._names, n=1, cutoff=0.6)
        if not names:
            return Lookup(suggestions=found.suggestions)
        cards = tuple(self._by_full.get(names[0]) or self._by_title.get(names[0]) or ())
        return Lookup(card=cards[0]) if len(cards) == 1 else Lookup(candidates=cards)

    def suggest(self, key: str, limit: int = 5) -> tuple[Card, ...]:
        """Cards whose names are close to ``key`` (a folded name), best first."""
        names = difflib.get_close_matches(key, self._names, n=limit, cutoff=0.6)
        if not names:
            first_word = key.split(" ", 1)[0]
            names = [name for name in self._names if name.split(" ", 1)[0] == first_word]
        found: dict[str, Card] = {}
        for name in names:
            for card in self._by_full.get(name) or self._by_title.get(name) or ():
                found.setdefault(card.id, card)
        return tuple(found.values())[:limit]


#: The phases a card's action names (the rulebook's "Фазы хода", and Response).
PHASES = ("Fellowship", "Shadow", "Maneuver", "Archery", "Assignment", "Skirmish", "Regroup",
          "Response")  # fmt: skip
_PHASE = "|".join(PHASES)
#: An event's text: keyword sentences ("Spell.", "Weather."), then "Phase:" or "Phase or Phase:".
EVENT_PHASES_RE = re.compile(
    rf"^(?:[A-Z][\w-]*\.\s+)*(?P<phases>(?:{_PHASE})(?: or (?:{_PHASE}))*):"
)
BEARER_RE = re.compile(r"\bBearer must be (?P<bearer>[^.]+)\.")


def event_phases(game_text: str) -> tuple[str, ...]:
    """The phases an event is played in, as its text opens ("Fellowship or Regroup: ..."),
    or () when the text names none."""
    match = EVENT_PHASES_RE.match(game_text.strip())
    return tuple(match["phases"].split(" or ")) if match else ()


def bearer_requirement(game_text: str) -> str:
    """Who may bear a possession or artifact ("a Dwarf", "Gimli"), or "" when anyone may."""
    match = BEARER_RE.search(game_text)
    return match["bearer"] if match else ""


@dataclass(frozen=True)
class Spot:
    """One thing a card's "To play, spot ..." asks for: ``count`` cards in play of a culture,
    race, card type and keyword (each if given), or the card of a title ("spot Gandalf")."""

    count: int = 1
    culture: str | None = None
    race: str | None = None
    type: str | None = None
    keyword: str | None = None
    title: str | None = None

    def matches(self, card: Card) -> bool:
        """Does ``card`` (in play) count towards this?"""
        if self.title is not None:
            return fold(card.title) == fold(self.title)
        wanted = ((self.culture, card.culture), (self.race, card.race), (self.type, card.type))
        return all(want is None or fold(have or "") == fold(want) for want, have in wanted) and (
            self.keyword is None or fold(self.keyword) in {fold(k) for k in card.keywords}
        )


#: "To play, spot ..." (rules: Нахождение), or "To play, exert ..." (a character to exert must
#: be in play as surely as one to spot): what a card's text asks before it can be played.
SPOT_RE = re.compile(r"\bTo play, (?:spot|exert) (?P<what>[^.]+)\.")
SPOT_PART_RE = re.compile(
    r"^(?:(?P<count>\d+)|an?)\s+(?:\[(?P<culture>[\w ]+)\]\s+)?(?P<words>[A-Za-z][\w -]*)$"
)
#: The words of a requirement that name a card type, a race (plurals) or a keyword.
TYPE_WORDS = {"companion": "Companion", "companions": "Companion", "ally": "Ally",
              "allies": "Ally", "minion": "Minion", "minions": "Minion"}  # fmt: skip
RACE_WORDS = {"elves": "Elf", "dwarves": "Dwarf", "men": "Man", "hobbits": "Hobbit",
              "wizards": "Wizard", "orcs": "Orc"}  # fmt: skip
KEYWORDS = frozenset({"ranger", "rangers", "tracker", "trackers", "archer", "archers"})
TITLE_RE = re.compile(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*")


def _spot(part: str) -> Spot | None:
    """One "a [Moria] Orc" / "2 Hobbits" / "an Elf ally" / "Gandalf", or None if unknown."""
    match = SPOT_PART_RE.match(part)
    if match is None:
        return Spot(title=part) if TITLE_RE.fullmatch(part) else None
    found: dict[str, str] = {}
    for word in match["words"].split():
        low = word.lower()
        if low in TYPE_WORDS:
            found["type"] = TYPE_WORDS[low]
        elif low in KEYWORDS:
            found["keyword"] = low.removesuffix("s").capitalize()
        elif word[0].isupper():
            found["race"] = RACE_WORDS.get(low, word)
        else:
            return None
    return Spot(int(match["count"] or 1), match["culture"], **found)


def play_requirement(game_text: str) -> tuple[tuple[Spot, ...], ...] | None:
    """What a card must spot to be played: alternatives ("Gandalf or an Elf"), each a set of
    things that must all be there ("Frodo and a Nazgul"); ``()`` when its text asks nothing,
    None when it asks something this reading does not know (never to be taken as met)."""
    match = SPOT_RE.search(game_text)
    if match is None:
        return ()
    alternatives = []
    for alternative in match["what"].split(" or "):
        spots = [_spot(part.strip()) for part in alternative.split(" and ")]
        if None in spots:
            return None
        alternatives.append(tuple(s for s in spots if s is not None))
    return tuple(alternatives)
