"""The Hunt for the Ring: one hunt, and a turn of several Fellowship moves, exactly.

Rules (wotr-rules): the Shadow rolls the dice in the hunt box, at most 5; each 6 or more
succeeds, +1 to every die for each Free Peoples die already in the box (Охота за
Содружеством); one failed die is re-rolled for each of: a Shadow-controlled stronghold, Shadow
units, a Nazgûl in the Fellowship's last known region. Any success draws a tile from the pool
(Определение ущерба от охоты): a number is the damage, an eye is the number of successes, a
die tile rolls one die, a reveal tile reveals the Fellowship. When the pool is empty its eye
and numbered tiles return (Охотничий резерв). The Free Peoples take the damage as corruption,
or lose a companion, the damage above its level going to corruption (Эффекты от охоты);
corruption 12 loses the game (Носитель кольца). In Mordor no dice are rolled: every move
draws a tile, an eye is worth the dice in the box (Free Peoples dice included), a stop tile
keeps the Fellowship where it is (Содружество в Мордоре).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import lcm
from typing import NamedTuple

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    Problems,
    marginal,
    over,
    total,
    unique_citations,
)
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.board import (
    BOARD,
    MAX_CORRUPTION,
    MORDOR_LAST_STEP,
    MORDOR_STEPS_ASSUMPTION,
)
from adjudicator.games.wotr.dice import SIDES, die_success, successes
from adjudicator.games.wotr.messages import Message, between, one_of, too_many
from adjudicator.games.wotr.position import MAX_FREE_PEOPLES_DICE, MAX_SHADOW_DICE

MAX_HUNT_DICE = 5
HUNT_TARGET = 6
CORRUPTION, COMPANION = "corruption", "companion"
CASUALTY_CHOICES = (CORRUPTION, COMPANION)
REROLL_CONDITIONS = ("stronghold", "army", "nazgul")
MAX_MOVES = 6
"""A turn has at most 6 Free Peoples action dice (rules: Резерв кубиков действия)."""
TILE_ORDER = tuple(BOARD.hunt_tiles)

Pool = tuple[int, ...]
"""Tiles in the pool: a count per tile id, in ``TILE_ORDER``."""


@dataclass(frozen=True)
class Hunt:
    """A hunt (``moves=1``) or a turn of ``moves`` Fellowship moves.

    ``fp_dice_in_box`` counts the Free Peoples dice in the box before the first move; each move
    adds one after its hunt. ``pool`` is ``"standard"`` (the standard tiles minus ``drawn``;
    in Mordor the drawn eye tiles return and ``special_tiles`` join) or the exact tiles in
    the pool now. ``companions`` are the companions the Free Peoples may lose, in the order
    given (a companion must be named when ``casualty`` is ``"companion"``).
    """

    hunt_dice: int
    fp_dice_in_box: int = 0
    rerolls: frozenset[str] = frozenset()
    corruption: int = 0
    pool: str | tuple[str, ...] = "standard"
    drawn: tuple[str, ...] = ()
    special_tiles: tuple[str, ...] = ()
    casualty: str = CORRUPTION
    companions: tuple[str, ...] = ()
    mordor_step: int | None = None
    moves: int = 1
    forced: bool = False
    """A tile drawn without a roll: for a revealed Fellowship whose path crossed a Shadow
    stronghold, or by a card; an eye is then worth 0 (rules: Определение ущерба от охоты)."""

    @property
    def in_mordor(self) -> bool:
        return self.mordor_step is not None

    @property
    def rolls_dice(self) -> bool:
        """Outside Mordor a move is hunted with dice; in Mordor, or forced, a tile is drawn."""
        return not (self.in_mordor or self.forced)


@dataclass(frozen=True, kw_only=True)
class HuntOdds(Answer):
    """The exact result of a hunt or of a turn of moves."""

    hunt: Hunt
    success: Fraction
    """At least one hunt succeeded (a tile was drawn); in Mordor every move draws."""
    damage: Mapping[int, Fraction]
    """Total hunt damage over the moves (healing tiles count 0 here)."""
    reveal: Fraction
    corruption: Mapping[int, Fraction]
    """Corruption after the last move (12 = the Shadow has won)."""
    corruption_12: Fraction
    companions_lost: Mapping[int, Fraction]
    stopped: Fraction
    """In Mordor: at least one stop tile halted a move."""
    steps: Mapping[int, Fraction]
    """In Mordor: the Mordor step reached (5 = Mount Doom)."""
    pool_size: int
    per_move: tuple[Fraction, ...] = field(default=())
    """P(corruption < 12) after each move."""

    @property
    def survives(self) -> Fraction:
        """The Ring-bearer is not corrupted to 12 by the end of the moves."""
        return 1 - self.corruption_12


# ---- input --------------------------------------------------------------------------------


GAME_TILES = sum(tile.count for tile in BOARD.hunt_tiles.values())
"""Every hunt tile of the game, standard and special: no list of tiles is longer."""
GAME_COMPANIONS = sum(character.is_companion for character in BOARD.characters.values())


def check_hunt(hunt: Hunt) -> None:
    """Raise ``InvalidInput`` listing every problem with a hunt request."""
    oversized = _size_problems(hunt)
    if oversized:  # refused whole, before any entry is looked at
        raise InvalidInput(oversized)
    problems = [*_count_problems(hunt), *_companion_problems(hunt), *_tile_problems(hunt)]
    if not problems:
        problems += _pool_problems(hunt)
    if problems:
        raise InvalidInput(problems)


def _size_problems(hunt: Hunt) -> Problems:
    """No list of tiles longer than the game's tiles, no more companions than it has."""
    lists = {"drawn": GAME_TILES, "special_tiles": GAME_TILES, "companions": GAME_COMPANIONS}
    if not isinstance(hunt.pool, str):
        lists["pool"] = GAME_TILES
    return [
        (name, too_many(count, most))
        for name, most in lists.items()
        if (count := len(getattr(hunt, name))) > most
    ]


def _count_problems(hunt: Hunt) -> Problems:
    """Dice, corruption, moves and the Mordor step within the game's limits (rules: Охота за
    Содружеством; at most 6 Free Peoples action dice)."""
    problems: Problems = []

    def limit(name: str, value: int, low: int, high: int) -> None:
        if not low <= value <= high:
            problems.append((name, between(low, high)))

    limit("hunt_dice", hunt.hunt_dice, 0, MAX_SHADOW_DICE)
    limit("fp_dice_in_box", hunt.fp_dice_in_box, 0, MAX_FREE_PEOPLES_DICE)
    limit("corruption", hunt.corruption, 0, MAX_CORRUPTION - 1)
    limit("moves", hunt.moves, 1, MAX_MOVES)
    if (
        0 <= hunt.fp_dice_in_box <= MAX_FREE_PEOPLES_DICE
        and hunt.moves >= 1
        and hunt.fp_dice_in_box + hunt.moves > MAX_FREE_PEOPLES_DICE
    ):
        # each move uses one more die besides those already in the box
        problems.append(
            (
                "moves" if hunt.moves > 1 else "fp_dice_in_box",
                Message(
                    N_("the Free Peoples have at most %(dice)s action dice a turn"),
                    dice=MAX_FREE_PEOPLES_DICE,
                ),
            )
        )
    if hunt.mordor_step is not None:
        limit("mordor_step", hunt.mordor_step, 0, MORDOR_LAST_STEP - 1)
    if hunt.forced and (hunt.in_mordor or hunt.moves != 1):
        problems.append(
            ("forced", Message(N_("a forced draw is one tile outside Mordor (moves = 1)")))
        )
    problems += [
        (f"rerolls.{condition}", Message(N_("unknown re-roll condition")))
        for condition in sorted(hunt.rerolls - set(REROLL_CONDITIONS))
    ]
    return problems


def _companion_problems(hunt: Hunt) -> Problems:
    """How the damage is taken: the casualty choice and the companions who may fall."""
    problems: Problems = []
    if hunt.casualty not in CASUALTY_CHOICES:
        problems.append(("casualty", one_of(CASUALTY_CHOICES)))
    for index, slug in enumerate(hunt.companions):
        character = BOARD.characters.get(slug)
        if character is None or not character.is_companion:
            problems.append(
                (f"companions[{index}]", Message(N_("unknown companion %(name)s"), name=repr(slug)))
            )
    if len(set(hunt.companions)) != len(hunt.companions):
        problems.append(("companions", Message(N_("a companion is listed twice"))))
    if hunt.casualty == COMPANION and not hunt.companions:
        problems.append(
            ("companions", Message(N_("name the companion(s) the Free Peoples would lose")))
        )
    return problems


def _tile_problems(hunt: Hunt) -> Problems:
    """The pool, the tiles drawn and the special tiles (rules: Охотничий резерв)."""
    problems: Problems = [
        (f"{name}[{index}]", Message(N_("unknown hunt tile %(name)s"), name=repr(tile)))
        for name in ("drawn", "special_tiles", *(() if isinstance(hunt.pool, str) else ("pool",)))
        for index, tile in enumerate(getattr(hunt, name))
        if tile not in BOARD.hunt_tiles
    ]
    if isinstance(hunt.pool, str) and hunt.pool != "standard":
        problems.append(("pool", Message(N_("must be 'standard' or a list of hunt tiles"))))
    if not isinstance(hunt.pool, str) and hunt.drawn:
        problems.append(("drawn", Message(N_("tiles drawn apply to the standard pool only"))))
    if hunt.special_tiles and not (hunt.in_mordor and isinstance(hunt.pool, str)):
        problems.append(
            (
                "special_tiles",
                Message(
                    N_(
                        "special tiles join the standard pool only in Mordor; otherwise list "
                        "the pool's tiles"
                    )
                ),
            )
        )
    return problems


def copies_problems(name: str, tiles: Sequence[str]) -> Problems:
    """No more copies of a tile under ``name`` than the game has (rules: Охотничий резерв,
    Специальные карточки); tiles the game does not know are another problem."""
    return [
        (
            name,
            Message(
                N_("the game has only %(count)s %(tile)s tiles"),
                count=BOARD.hunt_tiles[tile].count,
                tile=repr(tile),
            ),
        )
        for tile, count in Counter(tiles).items()
        if tile in BOARD.hunt_tiles and count > BOARD.hunt_tiles[tile].count
    ]


def _pool_problems(hunt: Hunt) -> list[tuple[str, str]]:
    """No more copies of a tile than the game has, in the tiles drawn, the special tiles in
    play and an explicit pool."""
    problems = []
    for name in ["drawn", "special_tiles", *(() if isinstance(hunt.pool, str) else ("pool",))]:
        problems += copies_problems(name, getattr(hunt, name))
    if not isinstance(hunt.pool, str) and not hunt.pool:
        problems.append(("pool", Message(N_("the pool has no tiles"))))
    return problems


def _counts(tiles: Sequence[str]) -> Pool:
    counter = Counter(tiles)
    return tuple(counter[tile] for tile in TILE_ORDER)


def starting_pool(hunt: Hunt) -> Pool:
    """The tiles in the pool for the first move (rules: Охотничий резерв, Содружество в
    Мордоре: on entering Mordor the drawn eye tiles return and the special tiles in play join)."""
    if not isinstance(hunt.pool, str):
        return _counts(hunt.pool)
    remaining = Counter(BOARD.standard_pool())
    remaining.subtract(Counter(tile for tile in hunt.drawn if tile in remaining))
    tiles = list(remaining.elements())
    if hunt.in_mordor:
        tiles += [tile for tile in hunt.drawn if tile == "eye"] + list(hunt.special_tiles)
    return _counts(tiles)


@cache
def _refill(pool: Pool) -> Pool:
    """An empty pool takes back its eye and numbered tiles (rules: Охотничий резерв)."""
    if sum(pool):
        return pool
    return _counts(BOARD.standard_pool())


# ---- one move -------------------------------------------------------------------------------


@cache
def _hunt_successes(dice: int, modifier: int, rerolls: int) -> tuple[Fraction, ...]:
    """P(k successes): dice at most 5, 6+ after the modifier, one re-roll per condition."""
    rolled = min(dice, MAX_HUNT_DICE)
    chance = die_success(HUNT_TARGET, modifier, natural_one_fails=False)
    return successes(rolled, chance, rerolls, chance)


@cache
def _hunt_counts(dice: int, modifier: int, rerolls: int) -> tuple[int, tuple[int, ...]]:
    """The same as counts out of ``6**faces`` equally likely rolls: (6**faces, counts)."""
    rolled = min(dice, MAX_HUNT_DICE)
    outcomes = SIDES ** (rolled + min(rerolls, rolled))
    return outcomes, tuple(int(p * outcomes) for p in _hunt_successes(dice, modifier, rerolls))


@dataclass(frozen=True)
class _Draw:
    """What one drawn tile does: damage distribution, healing, reveal, stop."""

    damage: tuple[tuple[int, int], ...]
    """(damage, count out of 6): a die tile spreads over 6 faces, others count 6."""
    heal: int
    reveal: bool
    stop: bool


@cache
def _tile_effect(tile_id: str, eye_value: int, in_mordor: bool) -> _Draw:
    """A tile's damage (rules: Стандартные карточки, Специальные карточки)."""
    tile = BOARD.hunt_tiles[tile_id]
    value = tile.value
    if value == "eye":
        damage = ((eye_value, SIDES),)
    elif value == "die":
        damage = tuple((face, 1) for face in range(1, SIDES + 1))
    else:
        damage = ((max(0, int(value)), SIDES),)
    heal = -int(value) if isinstance(value, int) and value < 0 else 0
    return _Draw(damage, heal, tile.reveal, tile.stop and in_mordor)


class _State(NamedTuple):
    """Where a turn stands after some moves (a tuple: hashing it is cheap)."""

    corruption: int
    pool: Pool
    companions: tuple[str, ...]
    damage: int
    lost: int
    revealed: bool
    stopped: bool
    step: int


@cache
def _take_damage(
    corruption: int,
    companions: tuple[str, ...],
    lost: int,
    damage: int,
    heal: int,
    casualty: str,
) -> tuple[int, tuple[str, ...], int]:
    """(corruption, companions left, companions lost) after the damage (rules: Эффекты от
    охоты). A companion is lost only for damage of at least 1: the lowest-level one whose level
    covers the damage, else the highest-level one; the rest goes to corruption."""
    if damage > 0 and casualty == COMPANION and companions:
        levels = {slug: BOARD.characters[slug].level or 0 for slug in companions}
        covering = [slug for slug in companions if levels[slug] >= damage]
        chosen = (
            min(covering, key=levels.__getitem__)
            if covering
            else max(companions, key=levels.__getitem__)
        )
        damage = max(0, damage - levels[chosen])
        companions = tuple(slug for slug in companions if slug != chosen)
        lost += 1
    corruption = max(0, corruption + damage - heal)
    return min(corruption, MAX_CORRUPTION), companions, lost


@cache
def _draws(pool: Pool) -> tuple[tuple[str, int, Pool], ...]:
    """Each tile kind that can be drawn: (tile id, copies, the pool left after drawing one)."""
    return tuple(
        (TILE_ORDER[index], count, (*pool[:index], count - 1, *pool[index + 1 :]))
        for index, count in enumerate(pool)
        if count
    )


def _move(state: _State, hunt: Hunt, move: int, tiles_scale: int) -> list[tuple[_State, int]]:
    """Every outcome of one Fellowship move: (state after, weight). Weights are out of
    ``6**faces × tiles_scale × 6``, where ``tiles_scale`` is a multiple of the pool's size."""
    fp_dice = hunt.fp_dice_in_box + move
    if not hunt.rolls_dice:
        hits: tuple = ((None, 1),)
    else:
        _, counts = _hunt_counts(hunt.hunt_dice, fp_dice, len(hunt.rerolls))
        hits = tuple((k, c) for k, c in enumerate(counts) if c)
    outcomes: list[tuple[_State, int]] = []
    advance = state.step + 1 if hunt.in_mordor else state.step
    for successes_rolled, hit_count in hits:
        if successes_rolled == 0:
            outcomes.append((state._replace(step=advance), hit_count * tiles_scale * SIDES))
            continue
        pool = _refill(state.pool)
        per_tile = hit_count * (tiles_scale // sum(pool))
        if hunt.forced:
            eye = 0
        elif hunt.in_mordor:
            eye = hunt.hunt_dice + fp_dice
        else:
            eye = successes_rolled
        for tile_id, count, left in _draws(pool):
            effect = _tile_effect(tile_id, eye, hunt.in_mordor)
            for damage, damage_count in effect.damage:
                corruption, companions, lost = _take_damage(
                    state.corruption,
                    state.companions,
                    state.lost,
                    damage,
                    effect.heal,
                    hunt.casualty,
                )
                after = _State(
                    corruption=corruption,
                    pool=left,
                    companions=companions,
                    damage=state.damage + damage,
                    lost=lost,
                    revealed=state.revealed or effect.reveal,
                    stopped=state.stopped or effect.stop,
                    step=state.step if effect.stop else advance,
                )
                outcomes.append((after, per_tile * count * damage_count))
    return outcomes


# ---- the answer -----------------------------------------------------------------------------


def hunt_odds(hunt: Hunt) -> HuntOdds:
    """The exact distribution after ``hunt.moves`` moves (tiles drawn without replacement)."""
    check_hunt(hunt)
    start = _State(
        corruption=hunt.corruption,
        pool=starting_pool(hunt),
        companions=hunt.companions,
        damage=0,
        lost=0,
        revealed=False,
        stopped=False,
        step=hunt.mordor_step or 0,
    )
    # weights are exact integers over ``scale`` (one common denominator per move)
    states: dict[_State, int] = {start: 1}
    scale = 1
    per_move = []
    for move in range(hunt.moves):
        outcomes = (
            1
            if not hunt.rolls_dice
            else _hunt_counts(hunt.hunt_dice, hunt.fp_dice_in_box + move, len(hunt.rerolls))[0]
        )
        tiles_scale = lcm(*(sum(_refill(state.pool)) for state in states))
        step_scale = outcomes * tiles_scale * SIDES
        following: dict[_State, int] = {}
        for state, weight in states.items():
            if state.corruption >= MAX_CORRUPTION or state.step >= MORDOR_LAST_STEP:
                following[state] = following.get(state, 0) + weight * step_scale  # game over
                continue
            for after, part in _move(state, hunt, move, tiles_scale):
                following[after] = following.get(after, 0) + weight * part
        states, scale = following, scale * step_scale
        per_move.append(Fraction(total(states, lambda s: s.corruption < MAX_CORRUPTION), scale))
    drew = 1 - _no_tile_drawn(hunt)
    corruption = over(marginal(states, lambda s: s.corruption), scale)
    return HuntOdds(
        hunt=hunt,
        success=drew,
        damage=over(marginal(states, lambda s: s.damage), scale),
        reveal=Fraction(total(states, lambda s: s.revealed), scale),
        corruption=corruption,
        corruption_12=corruption.get(MAX_CORRUPTION, Fraction(0)),
        companions_lost=over(marginal(states, lambda s: s.lost), scale),
        stopped=Fraction(total(states, lambda s: s.stopped), scale),
        steps=over(marginal(states, lambda s: s.step), scale) if hunt.in_mordor else {},
        pool_size=sum(start.pool),
        citations=hunt_citations(hunt),
        assumptions=hunt_assumptions(hunt),
        per_move=tuple(per_move),
    )


def _no_tile_drawn(hunt: Hunt) -> Fraction:
    """P(no hunt of the turn succeeds): the moves' rolls are independent of the tiles."""
    if not hunt.rolls_dice:
        return Fraction(0)
    result = Fraction(1)
    for move in range(hunt.moves):
        result *= _hunt_successes(hunt.hunt_dice, hunt.fp_dice_in_box + move, len(hunt.rerolls))[0]
    return result


def hunt_citations(hunt: Hunt) -> tuple[Citation, ...]:
    """The sections a hunt answer applies."""
    applied = [cite.HUNT_BOX, cite.FELLOWSHIP_MOVE]
    if hunt.in_mordor:
        applied += [cite.MORDOR, cite.MORDOR_RULES]
    elif hunt.forced:
        applied.append(cite.REVEALED)
    else:
        applied.append(cite.HUNT_ROLL)
    applied += [
        cite.HUNT_POOL,
        cite.STANDARD_TILES,
        cite.HUNT_DAMAGE,
        cite.HUNT_EFFECTS,
        cite.RING_BEARER,
    ]
    if hunt.special_tiles or not isinstance(hunt.pool, str):
        applied.append(cite.SPECIAL_TILES)
    return unique_citations(applied)


def hunt_assumptions(hunt: Hunt) -> tuple[str, ...]:
    """What the computation takes for granted, as translatable messages."""
    assumptions = [
        N_(
            "The die that moves the Fellowship enters the hunt box after that move's hunt, so "
            "the first move of a turn gets no bonus and each later move +1 more."
        ),
        N_("No event cards or character abilities change the hunt."),
    ]
    if hunt.rolls_dice:
        assumptions.append(N_("The re-roll conditions stay the same for every move of the turn."))
        if hunt.fp_dice_in_box + hunt.moves - 1 >= HUNT_TARGET - 1:
            assumptions.append(
                N_(
                    "With 5 or more Free Peoples dice in the box a rolled 1 succeeds: the hunt "
                    "rules, unlike the combat rules, do not make a 1 always fail."
                )
            )
        assumptions.append(
            N_("No extra tile is drawn for a revealed Fellowship passing a Shadow stronghold.")
        )
    if hunt.in_mordor:
        assumptions += [
            N_(
                "In Mordor an eye is worth the dice in the box before this move's Free Peoples "
                "die is added."
            ),
            MORDOR_STEPS_ASSUMPTION,
        ]
        if isinstance(hunt.pool, str):
            assumptions.append(
                N_(
                    "The Mordor pool is the tiles left plus every eye tile and the special tiles "
                    "in play; the tiles listed as drawn are those drawn before entering Mordor "
                    "(once on the track, give the pool itself)."
                )
            )
    if hunt.moves > 1:
        assumptions.append(
            N_("A revealed Fellowship is hidden again (with a character die) before its next move.")
        )
    if hunt.casualty == COMPANION:
        assumptions.append(
            N_(
                "For damage of 1 or more the Free Peoples lose the lowest-level companion whose "
                "level covers it, else the highest-level one; damage 0 costs nobody."
            )
        )
    return tuple(assumptions)
