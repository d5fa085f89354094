"""The five rulebooks parse into the trees their printed books have, losing nothing."""

import re
from pathlib import Path

import pytest

from rules_corpus.parsing import RULEBOOK_SLUGS, parse_rulebook, read_source
from rules_corpus.parsing.__main__ import main as print_tree
from rules_corpus.parsing.mojibake import fix_mojibake, suspicious_characters
from rules_corpus.parsing.outline import unique_anchors

NON_WHITESPACE = re.compile(r"\S")

# Counted by reading each source (see docs/rulebooks.md for the outlines).
SECTION_COUNTS = {
    "wotr-rules": 95,
    "wotr-warriors": 95,
    "lotr-tcg-rules": 90,
    "journey-to-mordor": 31,
    "wojna-o-pierscien": 27,
}

# (rulebook, anchor, heading, level, parent anchor)
KNOWN_SECTIONS = [
    ("wotr-rules", "igrovoe-pole", "Игровое поле", 1, None),
    ("wotr-rules", "regiony", "Регионы", 2, "igrovoe-pole"),
    ("wotr-rules", "shag-5-vypolnenie-deistvii", "Шаг 5. Выполнение действий", 2, "khod-igry"),
    ("wotr-rules", "srazheniia", "Сражения", 2, "armii-i-srazheniia"),
    ("wotr-rules", "srazhenie", "Сражение", 3, "srazheniia"),
    ("wotr-rules", "brosok-na-ataku", "Бросок на атаку", 4, "srazhenie"),
    ("wotr-rules", "boevye-karty", "Боевые карты", 2, "karty-sobytii"),
    ("wotr-rules", "boevye-karty-2", "Боевые карты", 4, "srazhenie"),
    ("wotr-rules", "vedenie-osady", "Ведение осады", 3, "tsitadeli-ukrepleniia-i-poseleniia"),
    ("wotr-rules", "okhota-za-sodruzhestvom", "Охота за Содружеством", 2, "okhota-za-koltsom"),
    ("wotr-rules", "okonchanie-igry", "Окончание игры", 1, None),
    ("wotr-warriors", "glava-i-vstuplenie", "ГЛАВА I. ВСТУПЛЕНИЕ", 1, None),
    ("wotr-warriors", "glava-iii-fraktsii", "ГЛАВА III. ФРАКЦИИ", 1, None),
    ("wotr-warriors", "nezakhvachennyi", "НЕЗАХВАЧЕННЫЙ", 3, "novyi-termin"),
    ("wotr-warriors", "svobodnye-narody", "СВОБОДНЫЕ НАРОДЫ", 4, "simvoly-kubika"),
    ("wotr-warriors", "karty", "КАРТЫ", 2, "glava-i-vstuplenie"),
    (
        "wotr-warriors",
        "orly-mglistykh-gor-orly",
        "ОРЛЫ МГЛИСТЫХ ГОР (ОРЛЫ)",
        2,
        "glava-iii-fraktsii",
    ),
    ("wotr-warriors", "ataka-2", "АТАКА", 3, "enty-fangorna-enty"),
    ("wotr-warriors", "unichtozhenie-6", "УНИЧТОЖЕНИЕ", 3, "vyvodok-shelob-pauki"),
    (
        "wotr-warriors",
        "voiny-sredizemia",
        "ВОИНЫ СРЕДИЗЕМЬЯ",
        2,
        "igra-roberto-di-melo-marko-maggi-i-franchesko-nepitello",
    ),
    ("lotr-tcg-rules", "osnovnye-pravila", "Основные правила", 1, None),
    ("lotr-tcg-rules", "mestnosti-sites", "Местности (Sites)", 3, "vidy-kart"),
    ("lotr-tcg-rules", "kto-nachinaet-igru", "Кто начинает игру?", 1, None),
    (
        "lotr-tcg-rules",
        "6-faza-ili-fazy-srazheniia-skirmish-phases",
        "6. Фаза (или фазы) сражения (Skirmish Phases)",
        2,
        "techenie-igry",
    ),
    (
        "lotr-tcg-rules",
        "podvedenie-itogov-srazheniia-resolve-that-skirmish",
        "Подведение итогов сражения (Resolve that skirmish)",
        3,
        "6-faza-ili-fazy-srazheniia-skirmish-phases",
    ),
    (
        "lotr-tcg-rules",
        "koltso-vsevlastia-the-one-ring-2",
        "Кольцо Всевластья (The One Ring)",
        2,
        "drugie-vazhnye-pravila",
    ),
    ("lotr-tcg-rules", "spisok-terminov", "Список терминов", 1, None),
    ("journey-to-mordor", "broski-kubikov", "БРОСКИ КУБИКОВ", 1, None),
    ("journey-to-mordor", "nazgul", "Назгул", 2, "simvoly-na-grianiakh-kubikov"),
    (
        "journey-to-mordor",
        "8-logovo-shelob-1-koltso",
        "8. Логово Шелоб ➔ -1 кольцо",
        2,
        "uslozhnennaia-igra-so-svoistvami-mest",
    ),
    ("wojna-o-pierscien", "faza-poszukiwan", "Faza poszukiwań", 2, "przebieg-gry"),
    ("wojna-o-pierscien", "niewola-ucieczka", "Niewola/Ucieczka", 2, "postacie"),
    ("wojna-o-pierscien", "czary-2", "Czary", 1, None),
    ("wojna-o-pierscien", "tabele-i-zestawienia", "Tabele i zestawienia", 1, None),
]


def non_whitespace(text: str) -> str:
    return "".join(NON_WHITESPACE.findall(text))


@pytest.mark.parametrize("slug", RULEBOOK_SLUGS)
def test_section_count(slug):
    assert len(parse_rulebook(slug).sections) == SECTION_COUNTS[slug]


@pytest.mark.parametrize(("slug", "anchor", "heading", "level", "parent"), KNOWN_SECTIONS)
def test_known_section(slug, anchor, heading, level, parent):
    section = parse_rulebook(slug).section(anchor)
    assert (section.heading, section.level, section.parent_anchor) == (heading, level, parent)


@pytest.mark.parametrize("slug", RULEBOOK_SLUGS)
def test_nothing_is_lost(slug):
    """Headings and texts, joined, are the corrected source (all non-whitespace, in order)."""
    book = parse_rulebook(slug)
    corrected, _ = fix_mojibake(read_source(slug).decode("utf-8"))
    joined = "\n".join(f"{s.heading_source}\n{s.text}" for s in book.sections)
    assert non_whitespace(joined) == non_whitespace(corrected)


@pytest.mark.parametrize("slug", RULEBOOK_SLUGS)
def test_corrections_explain_every_difference(slug):
    book = parse_rulebook(slug)
    raw = read_source(slug).decode("utf-8")
    corrected, corrections = fix_mojibake(raw)
    assert corrections == book.corrections
    lines = corrected.split("\n")
    for correction in reversed(corrections):
        line = lines[correction.line - 1]
        assert correction.corrected in line
        lines[correction.line - 1] = line.replace(correction.corrected, correction.original, 1)
    assert "\n".join(lines) == raw
    assert suspicious_characters(corrected) == []


def test_the_polish_caron_is_corrected_and_recorded():
    book = parse_rulebook("wojna-o-pierscien")
    assert [(c.line, c.original, c.corrected) for c in book.corrections] == [
        (39, "póˇniej", "później")
    ]
    section = book.section("faza-ruchu-przymierza")
    assert "później" in section.text
    assert section.corrections == book.corrections
    assert suspicious_characters("póˇniej armии") == ["ˇ", "armии"]


@pytest.mark.parametrize("slug", RULEBOOK_SLUGS)
def test_tree_is_well_formed(slug):
    book = parse_rulebook(slug)
    by_anchor = {s.anchor: s for s in book.sections}
    assert len(by_anchor) == len(book.sections)
    assert [s.anchor for s in book.sections] == unique_anchors([s.heading for s in book.sections])
    assert [s.position for s in book.sections] == list(range(len(book.sections)))
    for section in book.sections:
        if section.parent_anchor is None:
            assert section.level == 1
        else:
            parent = by_anchor[section.parent_anchor]
            assert parent.level == section.level - 1
            assert parent.position < section.position
            if parent.number_path != "0":
                assert section.number_path.rsplit(".", 1)[0] == parent.number_path
    paths = [s.number_path for s in book.sections]
    assert len(set(paths)) == len(paths)


def test_credits_do_not_end_the_last_rule():
    book = parse_rulebook("wotr-warriors")
    assert book.section("unichtozhenie-6").text.endswith("фракция пауков тут же удаляется из игры.")
    credits = book.section("igra-roberto-di-melo-marko-maggi-i-franchesko-nepitello")
    assert (credits.level, credits.heading_source.count("\n")) == (1, 1)


def test_title_page_takes_the_lines_before_the_first_heading():
    book = parse_rulebook("journey-to-mordor")
    title_page = book.sections[0]
    assert (title_page.heading, title_page.heading_source, title_page.number_path) == (
        book.title,
        "",
        "0",
    )
    assert "БРОСОК В МОРДОР" in title_page.text
    assert parse_rulebook("wotr-rules").sections[0].heading_source == "Война Кольца. Правила игры."


def test_parsing_is_cached_by_content(tmp_path):
    assert parse_rulebook("wojna-o-pierscien") is parse_rulebook("wojna-o-pierscien")
    changed = read_source("wojna-o-pierscien").replace(b"Ruch\n", b"Ruch wojsk\n")
    (tmp_path / "wojna-o-pierscien-zasady.pl.txt").write_bytes(changed)
    book = parse_rulebook("wojna-o-pierscien", sources_dir=tmp_path)
    assert "ruch-wojsk" in book.anchors
    assert book.source_sha256 != parse_rulebook("wojna-o-pierscien").source_sha256


def test_unknown_slug():
    with pytest.raises(KeyError):
        parse_rulebook("no-such-book")


def test_command_line_prints_the_tree(capsys):
    print_tree(["journey-to-mordor"])
    out = capsys.readouterr().out
    assert "8.4" in out
    assert "nazgul" in out
    assert "Назгул" in out


@pytest.mark.parametrize("slug", RULEBOOK_SLUGS)
def test_anchors_are_stable(slug):
    """Checkers cite these anchors: changing one must be deliberate (update the snapshot)."""
    snapshot = Path(__file__).parent / "anchors" / f"{slug}.txt"
    book = parse_rulebook(slug)
    listed = "".join(f"{s.number_path} {s.anchor}\n" for s in book.sections)
    assert listed == snapshot.read_text(encoding="utf-8")
