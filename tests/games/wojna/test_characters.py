"""Odporność marks, the Ringwraith, Gollum, the Ring's heir and its destruction."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna.characters import (
    Marks,
    character_status,
    gollum_control,
    ringwraith_odds,
    wound_mark,
)
from adjudicator.games.wojna.ring import Candidate, inherit_ring, ring_destroyed


def test_all_crosses_kill():
    assert character_status(Marks(3, crosses=1), new_wounds=2).status == "dead"
    assert character_status(Marks(3, crosses=1), new_wounds=1).status == "alive"


def test_all_circles_make_a_ringwraith_and_aragorn_or_gandalf_wins_for_the_shadow():
    status = character_status(Marks(3, crosses=2, circles=3), character="Gandalf")
    assert status.status == "ringwraith" and status.shadow_wins
    assert not character_status(Marks(3, circles=3), character="Frodo").shadow_wins


def test_nazgul_strokes_and_crosses():
    assert wound_mark(nazgul=True, magic_sword=False, spells=False) == "stroke"
    assert wound_mark(nazgul=True, magic_sword=True, spells=False) == "cross"
    assert wound_mark(nazgul=False, magic_sword=False, spells=False) == "cross"
    status = character_status(Marks(2, nazgul=True), new_wounds=2)
    assert status.status == "cannot_duel" and status.marks == Marks(2, 0, 0, 2, True)
    killed = character_status(Marks(2, nazgul=True), new_wounds=2, magic_sword=True)
    assert killed.status == "dead"
    assert character_status(Marks(2, circles=2, nazgul=True)).status == "alive"


def test_marks_are_checked():
    with pytest.raises(InvalidInput) as raised:
        character_status(Marks(2, crosses=2, strokes=1))
    assert {"strokes", "crosses"} <= set(dict(raised.value.problems))


def test_ringwraith_odds_by_hand():
    # Odporność 3, no circle yet, Pierścień 3: circle, try (1/2), circle, try (1/2), circle.
    odds = ringwraith_odds(3, 0, 3, "Aragorn")
    assert odds.removed_at == ((1, Fraction(1, 2)), (2, Fraction(1, 4)))
    assert odds.becomes_ringwraith == Fraction(1, 4) == odds.shadow_wins
    assert ringwraith_odds(3, 2, 6).becomes_ringwraith == 1  # the next circle is the last


@given(st.integers(1, 8), st.integers(0, 6))
def test_ringwraith_odds_monotonic(odpornosc, pierscien):
    odds = ringwraith_odds(odpornosc, 0, pierscien)
    assert ringwraith_odds(odpornosc + 1, 0, pierscien).becomes_ringwraith <= (
        odds.becomes_ringwraith
    )
    assert sum(p for _, p in odds.removed_at) + odds.becomes_ringwraith == 1


def test_gollum():
    assert dict(gollum_control(None).distribution) == {
        "alliance": Fraction(1, 3),
        "unstated": Fraction(1, 3),
        "sauron": Fraction(1, 3),
    }
    assert dict(gollum_control("sauron").distribution)["sauron"] == Fraction(1, 2)


def test_inheritance_follows_the_texts_order():
    hex_ = [
        Candidate("Uruk", "shadow"),
        Candidate("Saruman", "saruman"),
        Candidate("Aragorn", "alliance"),
        Candidate("Gollum", "gollum"),
        Candidate("Sam", "fellowship", has_ring_attribute=False),
    ]
    assert inherit_ring(hex_).heirs == ("Gollum",)
    assert inherit_ring(hex_[:3]).heirs == ("Aragorn",)
    assert inherit_ring(hex_[:2]).heirs == ("Saruman",)
    assert inherit_ring(hex_[4:]).heirs == ()
    tie = inherit_ring([Candidate("Sam", "fellowship"), Candidate("Merry", "fellowship")])
    assert tie.heirs == ("Sam", "Merry") and "tie" in {r.code for r in tie.reasons}


def test_destroyed_only_on_4129_without_the_ring_on():
    assert ring_destroyed(4129, ring_worn=False).destroyed
    assert not ring_destroyed(4129, ring_worn=True).destroyed
    assert not ring_destroyed(4128, ring_worn=False).destroyed


def test_a_nazgul_filled_with_mixed_wounds_is_an_assumption():
    """Odporność: crosses kill ("wszystkie kwadraty zapełnione (...) krzyżykami"), ordinary
    wounds only stop a Nazgûl duelling ("zapełnione ranami zwykłymi (nie iksowymi)"); a mix is
    not covered, so the answer says how it was read."""
    mixed = character_status(Marks(3, crosses=1, strokes=2, nazgul=True))
    assert mixed.status == "cannot_duel"
    assert any("mix" in a for a in mixed.assumptions)
    only_strokes = character_status(Marks(3, strokes=3, nazgul=True))
    assert only_strokes.status == "cannot_duel"
    assert not any("mix" in a for a in only_strokes.assumptions)


def test_a_nazgul_filled_with_mixed_wounds_is_a_reading_with_the_other_answer():
    """Issue 25: Odporność 3, one cross and two strokes: all squares hold wounds but neither
    «wszystkie kwadraty zapełnione (...) krzyżykami» (dies) nor «zapełnione ranami zwykłymi (nie
    iksowymi)» (cannot duel) holds. Read as the latter (the default) it cannot duel; read as only
    all strokes keeping it out, it is alive and may duel. A new wound finds no free square."""
    marks = Marks(3, crosses=1, strokes=2, nazgul=True)
    (reading,) = character_status(marks).readings
    assert (reading.id, reading.chosen.reading) == ("nazgul_mixed_marks", "cannot_duel")
    assert "nie iksowymi" in reading.quote and reading.chosen.answer.startswith("cannot take")
    (other,) = reading.others
    assert other.reading == "can_duel" and other.answer.startswith("alive and may still duel")
    duels = character_status(marks, new_wounds=1, readings={"nazgul_mixed_marks": "can_duel"})
    assert duels.status == "alive" and duels.marks == marks and duels.free_squares == 0
    assert "mixed_can_duel" in {r.code for r in duels.reasons}
    assert not any("mix" in a for a in duels.assumptions)
    assert duels.readings[0].others[0].reading == "cannot_duel"
    # no mix, no reading: all strokes cannot duel under either; all crosses die; room left
    for unmixed in (Marks(3, strokes=3, nazgul=True), Marks(3, crosses=3, nazgul=True)):
        picked = character_status(unmixed, readings={"nazgul_mixed_marks": "can_duel"})
        assert picked.readings == () and picked.status in ("cannot_duel", "dead")
    assert character_status(Marks(3, crosses=1, strokes=1, nazgul=True)).readings == ()
    with pytest.raises(InvalidInput):
        character_status(marks, readings={"nazgul_mixed_marks": "dies"})
    with pytest.raises(InvalidInput):
        character_status(marks, readings={"strike_order": "defender_first"})


def test_destroying_the_ring_is_the_alliances_ring_victory():
    """Strony konfliktu i cel gry: "Celem Przymierza jest zniszczenie tytułowego Pierścienia na
    Górze Przeznaczenia"; each side may win "poprzez zawładnięcie Pierścieniem"."""
    answer = ring_destroyed(4129, ring_worn=False)
    assert "alliance_wins" in {r.code for r in answer.reasons}
    assert "strony-konfliktu-i-cel-gry" in {c.anchor for c in answer.citations}
    assert "alliance_wins" not in {r.code for r in ring_destroyed(4129, ring_worn=True).reasons}


def test_gollum_on_three_or_four_is_a_reading_with_the_other_distribution():
    """Issue 25: «1 lub 2 … Przymierza, wynik 5 lub 6 … Sauron»: 3 or 4 is unstated (the
    default), or read as the last stage's controller keeping Gollum. Sauron controlled him and
    shifts a pip his way: 2 → 3 and 4 → 5, so 1/6 the Alliance, 2/6 unstated, 3/6 Sauron; under
    the other reading 3 and 4 stay his: 1/6 the Alliance, 5/6 Sauron."""
    answer = gollum_control("sauron")
    assert dict(answer.distribution) == {
        "alliance": Fraction(1, 6),
        "unstated": Fraction(2, 6),
        "sauron": Fraction(3, 6),
    }
    (reading,) = answer.readings
    assert reading.id == "gollum_three_four" and reading.others[0].reading == "keeps"
    assert reading.others[0].answer.params == {"alliance": "1/6", "unstated": "0", "sauron": "5/6"}
    keeps = gollum_control("sauron", {"gollum_three_four": "keeps"})
    assert dict(keeps.distribution)["sauron"] == Fraction(5, 6)
    assert gollum_control(None).readings == ()  # nobody to keep him
    with pytest.raises(InvalidInput):
        gollum_control("sauron", {"gollum_three_four": "coin"})
