"""War of the Ring, 1st edition rules (Russian): headings are "Title." lines.

A heading is a line standing alone between blank lines, starting with a capital, ending with a
full stop, and short (at most six words: "Распределение кубиков охоты и броски кубиков.").
A few short sentences have that shape too; they are listed in ``SENTENCES``. The text does not
mark depth: chapters and subsections are given in ``LEVELS`` from the book's structure, every
other heading is a section (level 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..outline import HeadingMark, Strategy
from ._lines import lone_lines

MAX_WORDS = 6

SENTENCES = frozenset(
    {
        "Бокс Эльфийских Колец показывает их наличие.",
        "Для перемещения Содружества.",
        "Армия нации атакована.",
        "Охота за кольцом окончилась удачно.",
        "Иконка нации, которую может активировать герой.",
        "Глаз, который представляет различные числовые значения.",
        "Игрок 1. Гондор и эльфы.",
        "Игрок 2. Рохан, Северные народы, гномы.",
        "Темные силы.",
    }
)

CHAPTERS = (
    "voina-koltsa-pravila-igry",
    "igrovoe-pole",
    "plastikovye-figurki",
    "prigotovleniia-k-igre",
    "khod-igry",
    "kubiki-deistviia",
    "karty-sobytii",
    "armii-i-srazheniia",
    "politika-v-sredizeme",
    "sodruzhestvo-koltsa",
    "okhota-za-koltsom",
    "koltso-vsevlastiia-i-rokovaia-gora",
    "okonchanie-igry",
    "igra-bolee-dvukh-chelovek",
)
SUBSECTIONS = (
    "naem-novykh-iunitov",
    "zaprety-na-naem",
    "razdel-armii",
    "zaprety-na-peremeshchenie",
    "peremeshchenie-geroev-2",
    "peremeshchenie-minonov",
    "ataka",
    "sila-armii-i-liderstvo",
    "srazhenie",
    "konets-srazheniia",
    "ataka-goroda-ili-ukrepleniia",
    "ataka-tsitadeli",
    "vedenie-osady",
    "vylazka",
    "sniatie-osady",
    "podkreplenie",
    "zakhvat-poselenii",
    "peremeshchenie-sodruzhestva",
    "mestopolozhenie-sodruzhestva",
    "skrytie-sodruzhestva",
    "standartnye-kartochki",
    "spetsialnye-kartochki",
    "spetsialnye-pravila",
    "smeshannye-armii",
    "usloviia-pobedy",
)
# The five steps of a battle (Сражение), and the two ways the Fellowship is revealed.
SUBSUBSECTIONS = (
    "boevye-karty-2",
    "brosok-na-ataku",
    "perekidyvanie-rezultatov-iz-za-liderstva",
    "modifitsirovanie-broska",
    "opredelenie-poter",
    "unichtozhenie-liderov",
    "prekrashchenie-srazheniia-ili-otstuplenie",
    "obiavlenie-mestopolozheniia-sodruzhestva",
    "sodruzhestvo-obnaruzheno-v-rezultate-okhoty",
)
LEVELS = {
    **dict.fromkeys(CHAPTERS, 1),
    **dict.fromkeys(SUBSECTIONS, 3),
    **dict.fromkeys(SUBSUBSECTIONS, 4),
}


def is_heading(text: str) -> bool:
    """A "Title." line: capitalised, ends with a full stop, a few words, not a known sentence."""
    return (
        text[0].isupper()
        and text.endswith(".")
        and len(text.split()) <= MAX_WORDS
        and not text.startswith("-")
        and text not in SENTENCES
    )


def find_headings(lines: Sequence[str]) -> list[HeadingMark]:
    return [
        HeadingMark(index, index + 1, text.removesuffix("."))
        for index, text in lone_lines(lines)
        if is_heading(text)
    ]


STRATEGY = Strategy(find_headings=find_headings, levels=LEVELS, default_level=2)
