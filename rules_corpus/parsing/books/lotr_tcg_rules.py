"""The Lord of the Rings TCG rulebook (Russian): one paragraph per line, bare heading lines.

Every paragraph is one line, with no blank lines. A heading is a line without closing
punctuation ("Кто начинает игру?" is one: a question is a heading here), not a bullet, short.
Not headings though shaped like one:

* the cover and the translator's note before the first chapter (they make the title page);
* the items of a list announced by a line ending with a colon ("Вот список ... культур:");
* the lines of the lists printed as such (the English index, the Russian glossary, the
  publisher's contacts, the turn summary on the back cover): ``LISTS`` maps each list's heading
  to the heading that follows the list (``None``: the end of the book).

Depth is not marked in the text: ``LEVELS`` gives the chapters and the subsections, every
other heading is a section (level 2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..outline import HeadingMark, Strategy

FIRST_CHAPTER = "Информация для коллекционеров"
MAX_HEADING_LENGTH = 100
CLOSING_PUNCTUATION = re.compile(r"[.,:;!…]$")
BULLET = "•"
LISTS: dict[str, str | None] = {
    "Index": "Список терминов",
    "Список терминов": "The Lord of the Rings Roleplaying Game",
    "Связь с компанией Decipher": "Последовательность хода",
    "Последовательность хода": None,
}

# A title printed on two lines: the line after it continues it.
TWO_LINE_HEADINGS = frozenset(
    {
        '"Властелин Колец"',
        "The Lord of the Rings Roleplaying Game",
        "The Lord of the Rings Adventure Game",
    }
)

CHAPTERS = (
    "informatsiia-dlia-kollektsionerov",
    "vlastelin-kolets-kollektsionnaia-kartochnaia-igra",
    "vvedenie",
    "osnovnye-pravila",
    "podgotovka-k-igre",
    "sozdanie-svoei-kolody",
    "kto-nachinaet-igru",
    "nachalnoe-bratstvo-koltsa",
    "techenie-igry",
    "drugie-vazhnye-pravila",
    "index",
    "spisok-terminov",
    "the-lord-of-the-rings-roleplaying-game-rolevaia-igra-vlastelin-kolets",
    "the-lord-of-the-rings-adventure-game-prikliuchencheskaia-igra-vlastelin-kolets",
    "sviaz-s-kompaniei-decipher",
    "posledovatelnost-khoda",
)
# The card types (under "Виды карт"), the steps of each phase, the kinds of uniqueness, costs
# and effects, and the miscellaneous rules.
SUBSECTIONS = (
    "mestnosti-sites",
    "svobodnye-narody-free-peoples",
    "tma-shadow",
    "koltso-vsevlastia-the-one-ring",
    "personazhi-sputnik-soiuznik-vrag-characters-companion-ally-minion",
    "snariazhenie-artefakt-sobytie-obstoiatelstvo-possession-artifact-event-condition",
    "mestnost-site",
    "ochistka-kotla-tmy-reset-the-twilight-pool",
    "deistviia-bratstva-perform-fellowship-actions",
    "peremeshchenie-bratstva-moving-your-fellowship",
    "deistviia-tmy-perform-shadow-actions",
    "deistviia-manevrov-perform-maneuver-actions",
    "strelkovye-deistviia-perform-archery-actions",
    "strelba-archery-fire",
    "deistviia-sblizheniia-perform-assignment-actions",
    "naznachenie-zashchitnikov-assign-defenders",
    "boevye-deistviia-perform-skirmish-actions",
    "podvedenie-itogov-srazheniia-resolve-that-skirmish",
    "svirepoe-srazhenie-fierce-skirmishes",
    "deistviia-sbora-perform-regroup-actions",
    "popolnenie-ruki-igrokami-tmy-shadow-players-reconcile",
    "vybor-igroka-svobodnykh-narodov-free-peoples-player-chooses",
    "unikalnye-karty-unique-cards",
    "neunikalnye-karty-non-unique-cards",
    "stoimost-costs",
    "effekty-effects",
    "sbros-discard",
    "vziatie-poslednei-karty-drawing-your-last-card",
    "kliuchevye-slova-keywords",
    "peremeshchenie-kart-mezhdu-kolodami-i-stopkami-moving-cards-between-decks-and",
    "vvedenie-kart-v-igru-iz-igralnoi-kolody-playing-cards-from-your-draw-deck",
    "rasa-race",
    "nakhozhdenie-spot",
    "odnovremennaia-igra-timing-conflicts",
    "peredacha-artefaktov-i-snariazheniia-transfer-of-artifacts-and-possessions",
)
# What a Fellowship action may be (paying, playing each card type) and how it moves.
SUBSUBSECTIONS = (
    "oplata-stoimosti-paying-costs",
    "vvedenie-v-igru-sputnika-playing-companions",
    "vvedenie-v-igru-soiuznika-playing-allies",
    "vvedenie-v-igru-snariazheniia-i-artefaktov-playing-possessions-and-artifacts",
    "vvedenie-v-igru-obstoiatelstva-playing-conditions",
    "kak-osushchestvliaetsia-peremeshchenie",
    "vvedenie-kart-tmy-v-igru-playing-shadow-cards",
)
LEVELS = {
    **dict.fromkeys(CHAPTERS, 1),
    **dict.fromkeys(SUBSECTIONS, 3),
    **dict.fromkeys(SUBSUBSECTIONS, 4),
    "klass-snariazheniia-ili-artefakta-class": 5,
}


def _heading_shaped(text: str) -> bool:
    return (
        0 < len(text) <= MAX_HEADING_LENGTH
        and not CLOSING_PUNCTUATION.search(text)
        and not text.startswith(BULLET)
        and not text[0].islower()
    )


def find_headings(lines: Sequence[str]) -> list[HeadingMark]:
    marks = []
    started = False
    in_colon_list = False
    list_ends_at: str | None = None
    inside_list = False
    for index, line in enumerate(lines):
        text = line.strip()
        started = started or text == FIRST_CHAPTER
        if not started or not text:
            continue
        if inside_list:
            if text != list_ends_at:
                continue
            inside_list = False
        shaped = _heading_shaped(text)
        if in_colon_list and shaped:
            continue
        in_colon_list = text.endswith(":")
        if shaped and marks and marks[-1].end == index and marks[-1].heading in TWO_LINE_HEADINGS:
            previous = marks.pop()
            marks.append(HeadingMark(previous.start, index + 1, f"{previous.heading} / {text}"))
        elif shaped:
            marks.append(HeadingMark(index, index + 1, text))
            if text in LISTS:
                inside_list, list_ends_at = True, LISTS[text]
    return marks


STRATEGY = Strategy(
    find_headings=find_headings, levels=LEVELS, default_level=2, one_paragraph_per_line=True
)
