"""The hunt advisor against a brute-force search over every policy, the hunt engine and the
rulebook (Эффекты от охоты, Содружество в Мордоре, Специальные правила)."""

from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.hunt import Hunt, hunt_odds
from adjudicator.games.wotr.hunt_plan import (
    MAX_OUTCOMES,
    STATED_ERROR,
    Journey,
    advise_hunt,
    check_journey,
)

STANDARD = BOARD.standard_pool()


def _successes(dice: int, modifier: int, rerolls: int) -> dict[int, Fraction]:
    """P(k successes), every face of every die and of every re-roll enumerated (Охота за
    Содружеством: 6+ after the modifier, one failed die re-rolled per condition)."""
    dice = min(dice, 5)
    hit = max(1, 6 - modifier)
    chances: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=dice):
        failed = sum(face < hit for face in faces)
        again = min(failed, rerolls)
        for second in product(range(1, 7), repeat=again):
            k = dice - failed + sum(face >= hit for face in second)
            chances[k] = chances.get(k, Fraction(0)) + Fraction(1, 6 ** (dice + again))
    return chances


def brute_force(journey: Journey, cadence: int, this_turn: int | None = None) -> Fraction:
    """The best chance over every policy: each physical tile, each die face and each answer
    (corruption, or any one companion by name) followed to the end of the journey; ``this_turn``
    moves this turn (default: the cadence less the moves already made)."""
    hunt_dice, rerolls = journey.hunt_dice, len(journey.rerolls)

    def level(slug: str) -> int:
        return BOARD.characters[slug].level

    @cache
    def value(pool, companions, corruption, to_gate, step, box, left) -> Fraction:
        if corruption >= 12:
            return Fraction(0)
        if step == 5:
            return Fraction(1)
        if left == 0 or (step is None and to_gate == 0):
            box, left = 0, cadence
            if step is None and to_gate == 0:  # Вход в Мордор: every eye back, specials join
                pool = tuple(
                    sorted(
                        [t for t in pool if t != "eye"]
                        + ["eye"] * STANDARD.count("eye")
                        + list(journey.special_tiles)
                    )
                )
                step = 0
        if step is None:
            rolls = _successes(hunt_dice, box, rerolls)
            total = rolls.get(0, Fraction(0)) * value(
                pool, companions, corruption, to_gate - 1, None, box + 1, left - 1
            )
            for hits, chance in rolls.items():
                if hits:
                    total += chance * draw(
                        pool, companions, corruption, hits, (to_gate - 1, None, box + 1, left - 1)
                    )
            return total
        return draw(pool, companions, corruption, hunt_dice + box, (0, step, box + 1, left - 1))

    def draw(pool, companions, corruption, eye, where) -> Fraction:
        tiles = pool
        total = Fraction(0)
        for index, tile_id in enumerate(tiles):
            tile = BOARD.hunt_tiles[tile_id]
            # Охотничий резерв: "в какой-либо момент" the pool is used up, it is refilled
            left_pool = tiles[:index] + tiles[index + 1 :] or tuple(sorted(STANDARD))
            to_gate, step, box, left = where
            if step is not None and not tile.stop:
                step += 1
            faces = (
                [eye]
                if tile.value == "eye"
                else list(range(1, 7))
                if tile.value == "die"
                else [tile.value]
            )
            for damage in faces:
                answers = [(companions, min(12, max(0, corruption + damage)))]
                if damage > 0:
                    answers += [
                        (
                            tuple(c for c in companions if c != slug),
                            min(12, corruption + max(0, damage - level(slug))),
                        )
                        for slug in companions
                    ]
                best = max(
                    value(left_pool, kept, after, to_gate, step, box, left)
                    for kept, after in answers
                )
                total += Fraction(1, len(tiles) * len(faces)) * best
        return total

    return value(
        tuple(sorted(journey.pool)),
        journey.companions,
        journey.corruption,
        journey.moves_to_mordor,
        journey.mordor_step,
        journey.fp_dice_in_box,
        max(0, cadence - journey.fp_dice_in_box) if this_turn is None else this_turn,
    )


SMALL = {
    "refilled before the gate": Journey(
        moves_to_mordor=1, corruption=0, hunt_dice=2, pool=("3",), companions=("gimli",)
    ),
    "mordor": Journey(
        mordor_step=3,
        corruption=6,
        hunt_dice=1,
        pool=("eye", "3", "1r", "0r", "shelobs-lair"),
        companions=("meriadoc", "legolas"),
    ),
    "road": Journey(
        moves_to_mordor=2,
        corruption=7,
        hunt_dice=2,
        rerolls=frozenset({"army"}),
        pool=("eye", "2", "1", "0r"),
        special_tiles=("the-ring-is-mine", "phial-of-galadriel"),
        companions=("peregrin", "boromir"),
    ),
    "late in the turn": Journey(
        moves_to_mordor=1,
        fp_dice_in_box=1,
        corruption=9,
        hunt_dice=3,
        pool=("eye", "eye", "3", "1r"),
        companions=("strider",),
        moves_per_turn=3,
    ),
}


@pytest.mark.parametrize("name", SMALL)
def test_every_cadence_equals_the_best_policy_found_by_brute_force(name):
    journey = SMALL[name]
    advice = advise_hunt(journey)
    for plan in advice.cadences:
        assert plan.chance == pytest.approx(
            float(brute_force(journey, plan.moves)), abs=STATED_ERROR
        )


def test_separating_a_companion_is_the_journey_without_it():
    journey = SMALL["road"]
    advice = advise_hunt(journey)
    for plan in advice.others[1:]:
        kept = tuple(c for c in journey.companions if c != plan.companion)
        alone = brute_force(replace(journey, companions=kept), journey.moves_per_turn)
        assert plan.kind == "separate"
        assert plan.chance == pytest.approx(float(alone), abs=STATED_ERROR)


def test_without_companions_this_turn_agrees_with_the_hunt_engine():
    """Every hit is then corruption: the turn's risk is the hunt engine's, exactly."""
    journey = Journey(moves_to_mordor=6, corruption=8, hunt_dice=3, fp_dice_in_box=1)
    advice = advise_hunt(journey)
    for plan in advice.cadences:
        moves = plan.moves - 1
        expected = (
            hunt_odds(Hunt(hunt_dice=3, fp_dice_in_box=1, corruption=8, moves=moves)).corruption_12
            if moves
            else 0
        )
        assert plan.this_turn == expected


def test_a_level_1_companion_saves_the_ring_bearer_at_the_last_step():
    """Corruption 11, one step to Mount Doom, an eye or a 0 in the pool: the eye (worth the one
    hunt die in the box) corrupts Frodo unless a companion is lost instead (Эффекты от охоты)."""
    alone = Journey(mordor_step=4, corruption=11, hunt_dice=1, pool=("eye", "0r"))
    assert advise_hunt(alone).chosen.chance == pytest.approx(0.5, abs=STATED_ERROR)
    with_merry = advise_hunt(replace(alone, companions=("meriadoc",)))
    assert with_merry.chosen.chance == pytest.approx(1, abs=STATED_ERROR)
    (hit,) = with_merry.hits
    assert (hit.tile, hit.damage, hit.options[0].lose) == ("eye", 1, "meriadoc")
    assert with_merry.chosen.this_turn == 0
    assert advise_hunt(alone).chosen.this_turn == Fraction(1, 2)


def test_equal_answers_keep_the_companion():
    """Losing Merry for 1 damage or taking 1 corruption are worth the same here: the advice
    keeps the companion, who serves elsewhere."""
    journey = Journey(
        mordor_step=4, corruption=5, hunt_dice=1, pool=("1",), companions=("meriadoc",)
    )
    (hit,) = advise_hunt(journey).hits
    assert [option.lose for option in hit.options] == [None, "meriadoc"]
    assert hit.options[0].chance == hit.options[1].chance == pytest.approx(1)


def test_waiting_in_mordor_costs_one_corruption():
    """Специальные правила: a turn without a move on the track adds 1 corruption."""
    journey = Journey(mordor_step=1, corruption=4, hunt_dice=2, companions=("gimli",))
    wait = advise_hunt(journey).others[0]
    later = advise_hunt(replace(journey, corruption=5)).chosen
    assert wait.kind == "wait"
    assert wait.chance == pytest.approx(later.chance, abs=STATED_ERROR)
    assert wait.turns == later.turns + 1
    assert [plan.kind for plan in advise_hunt(journey).others] == ["wait"]  # no separation


def test_at_a_gate_the_fellowship_enters_the_track_next_turn():
    """moves_to_mordor 0: no move left to the gate, so this turn holds no hunt and the next
    starts on the track, as from Mordor step 0 with this turn's moves spent (Вход в Мордор)."""
    gate = advise_hunt(Journey(moves_to_mordor=0, hunt_dice=2, corruption=5, companions=("gimli",)))
    track = advise_hunt(
        Journey(mordor_step=0, fp_dice_in_box=3, hunt_dice=2, corruption=5, companions=("gimli",))
    )
    for at_gate, on_track in zip(gate.cadences, track.cadences, strict=True):
        assert at_gate.chance == pytest.approx(on_track.chance, abs=STATED_ERROR)
        assert at_gate.this_turn == 0 and at_gate.turns == on_track.turns


def test_turns_count_the_gate_and_the_track():
    """One move to a gate this turn, the track the next turn (Вход в Мордор), 5 steps."""
    advice = advise_hunt(Journey(moves_to_mordor=1, hunt_dice=1))
    assert [plan.turns for plan in advice.cadences] == [1 + 5, 1 + 3, 1 + 2]
    in_mordor = advise_hunt(Journey(mordor_step=3, hunt_dice=1, fp_dice_in_box=1))
    assert [plan.turns for plan in in_mordor.cadences] == [1 + 2, 1 + 1, 1]


def test_the_advice_cites_the_rules_it_applies():
    advice = advise_hunt(SMALL["road"])
    for citation in (cite.HUNT_EFFECTS, cite.ENTER_MORDOR, cite.SEPARATION, cite.MORDOR_RULES):
        assert citation in advice.citations
    assert any("Guide" in text for text in advice.assumptions)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"moves_to_mordor": None}, "moves_to_mordor"),
        ({"moves_to_mordor": -1}, "moves_to_mordor"),
        ({"moves_to_mordor": 3, "mordor_step": 2}, "moves_to_mordor"),
        ({"moves_to_mordor": 99}, "moves_to_mordor"),
        ({"moves_to_mordor": 3, "moves_per_turn": 4}, "moves_per_turn"),
        ({"moves_to_mordor": 3, "special_tiles": ("eye",)}, "special_tiles[0]"),
        ({"moves_to_mordor": 3, "companions": ("frodo",)}, "companions[0]"),
        ({"moves_to_mordor": 3, "corruption": 12}, "corruption"),
    ],
)
def test_bad_journeys_are_refused_with_the_field(changes, field):
    with pytest.raises(InvalidInput) as error:
        check_journey(replace(Journey(), **changes))
    assert field in [name for name, _ in error.value.problems]


def test_a_journey_too_long_to_follow_in_time_is_refused_with_a_reason():
    companions = tuple(slug for slug, c in BOARD.characters.items() if c.starts_in_fellowship)
    specials = tuple(slug for slug, tile in BOARD.hunt_tiles.items() if not tile.is_standard)
    journey = Journey(moves_to_mordor=6, hunt_dice=2, companions=companions, special_tiles=specials)
    with pytest.raises(InvalidInput) as error:
        advise_hunt(journey)
    ((field, message),) = error.value.problems
    assert field == "moves_to_mordor"
    assert str(MAX_OUTCOMES) in message


def test_a_pool_drawn_empty_is_refilled_at_once():
    """Охотничий резерв: all 16 drawn is the full pool again, not an empty one waiting."""
    fresh = advise_hunt(Journey(moves_to_mordor=2, hunt_dice=2, corruption=3))
    spent = advise_hunt(
        Journey(moves_to_mordor=2, hunt_dice=2, corruption=3, drawn=BOARD.standard_pool())
    )
    assert [p.chance for p in spent.cadences] == [p.chance for p in fresh.cadences]


def test_waiting_after_a_move_in_mordor_costs_nothing():
    """Специальные правила: the +1 is for a turn in which the Fellowship did not move."""
    journey = Journey(
        mordor_step=4, corruption=11, hunt_dice=1, fp_dice_in_box=1, pool=("0r",), moves_per_turn=1
    )
    wait = advise_hunt(journey).others[0]
    assert (wait.chance, wait.this_turn) == (pytest.approx(1), 0)


def test_a_stop_tile_is_advised_apart_from_the_standard_tile_of_its_value():
    """Give it to Uss! (1, stop) keeps the Fellowship on its step: taking its 1 as corruption
    loses, while the standard 1 may be taken (Специальные правила)."""
    journey = Journey(
        mordor_step=4,
        corruption=10,
        hunt_dice=3,
        pool=("1", "give-it-to-uss", "eye", "eye"),
        companions=("meriadoc", "gimli"),
        moves_per_turn=1,
    )
    hits = {hit.tile: hit for hit in advise_hunt(journey).hits if hit.damage == 1}
    assert hits["1"].options[0].lose is None
    assert hits["1-stop"].options[0].lose == "meriadoc"


def test_among_equal_answers_the_game_is_not_lost_at_once():
    """When every answer is worth the same to the Ring, corruption 12 (the game lost at once,
    Окончание игры) is not the advice: the companion goes."""
    journey = Journey(
        mordor_step=1, corruption=10, hunt_dice=2, pool=("3", "3", "3"), companions=("strider",)
    )
    advice = advise_hunt(replace(journey, moves_per_turn=1))
    (hit,) = advice.hits
    assert hit.options[0].lose == "strider"
    assert advice.chosen.this_turn == 0


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"pool": ("eye",) * 5}, "pool"),
        ({"pool": ("3", "shelobs-lair")}, "pool[1]"),
        ({"special_tiles": ("shelobs-lair", "shelobs-lair")}, "special_tiles"),
        ({"companions": ("strider", "aragorn")}, "companions[1]"),
    ],
)
def test_impossible_pools_and_companions_are_refused(changes, field):
    with pytest.raises(InvalidInput) as error:
        check_journey(replace(Journey(moves_to_mordor=3), **changes))
    assert field in [name for name, _ in error.value.problems]


def test_a_cadence_counts_the_moves_already_made_this_turn():
    """Issue 25: with one Free Peoples die in the box, "1 move a turn" makes no more move this
    turn (the same as waiting, outside Mordor), and "2 moves a turn" one more."""
    journey = Journey(moves_to_mordor=3, hunt_dice=2, corruption=11, fp_dice_in_box=1)
    advice = advise_hunt(replace(journey, moves_per_turn=1))
    one, two = advice.cadences[0], advice.cadences[1]
    wait = next(plan for plan in advice.others if plan.kind == "wait")
    assert one.this_turn == 0 and wait.this_turn == 0
    assert one.chance == pytest.approx(wait.chance, abs=1e-12)
    assert two.this_turn > 0  # one more move, hunted, this turn


def test_the_tie_rule_is_a_reading_with_the_other_rule_computed():
    """Issue 25: the tie rule between answers equally good for the Ring changes the risk of
    corruption 12 this turn in a hopeless position; the answer carries both."""
    journey = Journey(
        moves_to_mordor=2, hunt_dice=3, corruption=10, companions=("meriadoc", "gimli")
    )
    advice = advise_hunt(journey)
    (reading,) = advice.readings
    assert reading.id == "hunt_tie" and reading.chosen.reading == "corruption_first"
    (other,) = reading.others
    flipped = advise_hunt(replace(journey, tie_rule="companion_first"))
    risk = flipped.chosen.this_turn
    assert other.answer.params["chance"] == (f"{risk} ({float(risk):.2%})" if risk else "0")
    assert flipped.readings[0].others[0].answer == reading.chosen.answer
    assert (advice.chosen.this_turn, risk) == (Fraction(5911, 87480), Fraction(4531, 116640))
    with pytest.raises(InvalidInput):
        advise_hunt(replace(journey, tie_rule="coin"))


def test_a_cadence_counted_from_now_is_a_reading_with_the_other_count_computed():
    """Issue 25: «Бокс охоты … помогает отслеживать количество перемещений носителя кольца за
    ход»: one die in the box, "2 moves a turn" is one more move this turn (the moves made
    counted, the default) or two more (from now). Both against the brute force; the answer
    carries the other count's chance, and picks it."""
    journey = SMALL["late in the turn"]  # one die in the box, 3 moves a turn
    advice = advise_hunt(journey)
    (_, reading) = advice.readings
    assert reading.id == "cadence_count" and reading.chosen.reading == "with_moves_made"
    assert "отслеживать количество перемещений" in reading.quote
    assert reading.citation == cite.TRACKS_AND_BOXES
    from_now = advise_hunt(replace(journey, cadence_count="from_now"))
    for plan in from_now.cadences:
        expected = brute_force(journey, plan.moves, this_turn=plan.moves)
        assert plan.chance == pytest.approx(float(expected), abs=STATED_ERROR)
    (other,) = reading.others
    assert other.reading == "from_now"
    assert other.answer.params["more"] == 3 and reading.chosen.answer.params["more"] == 2
    assert other.answer.params["chance"] == f"{from_now.chosen.chance:.2%}"
    assert from_now.readings[1].others[0].answer == reading.chosen.answer
    assert "A cadence counts from now (the reading picked)" in " ".join(from_now.assumptions)
    assert len(advise_hunt(replace(journey, fp_dice_in_box=0)).readings) == 1  # both alike
    with pytest.raises(InvalidInput) as error:
        advise_hunt(replace(journey, cadence_count="per_round"))
    assert [name for name, _ in error.value.problems] == ["readings.cadence_count"]
