"""The vendored card texts: the flaws corrected in cards_db/data/README.md stay corrected."""

import re

import pytest

from cards_db.importer import data_files, read_cards

CARDS = {card["id"]: card for card in read_cards(tuple(data_files()))}
QUOTES = "“”'"


def test_no_lore_is_only_quote_marks_or_cut_off():
    """A lore is empty (the card has none) or a whole text ending as a sentence does."""
    for card_id, card in CARDS.items():
        lore = card["lore"]
        if not lore:
            continue
        assert lore.strip(QUOTES), card_id
        assert re.search(r"[.!?…]['”]*$", lore), (card_id, lore[-40:])


def test_lore_opens_with_an_opening_quote_mark():
    """The source opened 275 quotations with a closing mark (”'Take them alive!'”)."""
    for card_id, card in CARDS.items():
        assert not card["lore"].startswith("”"), card_id
        assert card["lore"].count("“") == card["lore"].count("”"), card_id


def test_no_two_cards_share_a_lore():
    """1_216 Morgul Blade carried the lore of 1_217 Morgul Gates."""
    lores = [card["lore"] for card in CARDS.values() if card["lore"]]
    assert len(lores) == len(set(lores))


@pytest.mark.parametrize(
    ("card_id", "field", "text"),
    [
        ("1_13", "lore", "“There was a younger dwarf at Glóin's side: his son Gimli.”"),
        ("1_278", "lore", "Fear of death in Barad-dûr's dungeons spurs Mordor's servants"),
        ("1_63", "lore", "here in Imladris, or with Círdan at the Havens, or in Lórien. But"),
        ("1_135", "lore", "suffer first from the White Wizard's powerful sorcery."),
        ("1_209", "game_text", "(If bearer is the Ring-bearer, add a burden instead.)"),
        ("1_274", "game_text", "To play, exert a [Sauron] Orc."),
        ("3_23", "lore", "in the land of Lórien upon the finger of Galadriel"),
    ],
)
def test_corrected_texts(card_id, field, text):
    assert text in CARDS[card_id][field]


def test_cards_without_lore_are_those_gemp_has_none_for():
    """GEMP's card definitions have no lore for these five either (cards_db/data/README.md)."""
    empty = {
        card_id for card_id, card in CARDS.items() if not card["lore"] and card["type"] != "Site"
    }
    assert empty == {"1_209", "1_216", "1_262", "3_68", "3_69"}
