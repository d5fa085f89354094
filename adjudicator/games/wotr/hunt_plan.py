"""The hunt advisor: how fast to move the Fellowship and how to take hunt damage, to bring the
Ring to Mount Doom.

The journey is the hunt of :mod:`adjudicator.games.wotr.hunt`, move after move until the
Fellowship reaches Mount Doom or corruption reaches 12 (rules: Окончание игры): outside Mordor
each move is hunted with dice (Охота за Содружеством) and brings the Fellowship one region nearer
a gate; it is declared at Morannon or Minas Morgul and put on the track at the next turn (Вход в
Мордор), when the drawn eye tiles go back into the pool and the special tiles in play join it
(Содружество в Мордоре); there every move draws a tile, a stop tile keeps the Fellowship where
it is. Tiles are drawn without replacement, the pool refilling when empty (Охотничий резерв).

Whenever damage is dealt the Free Peoples choose: corruption, or one companion of their choice
(Эффекты от охоты). The advisor chooses, in every state the journey can reach, the answer that
maximises the chance to reach Mount Doom with corruption below 12 (an expectimax over the tiles,
the dice and the choices). It compares cadences (moves a turn), waiting this turn, and
separating a companion first (Отделение героев от Содружества), and tells which answer to take
if the next hunt hits. The values are floats of this exact recursion, stated to
:data:`STATED_ERROR` (the tests run it in fractions and against a search over every policy);
the chance that corruption reaches 12 within this turn is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from math import ceil
from typing import Any, NamedTuple

import numpy as np
from scipy.sparse import csr_array

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
    unique_citations,
)
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.board import BOARD, MAX_CORRUPTION, MORDOR_LAST_STEP
from adjudicator.games.wotr.hunt import (
    MAX_FREE_PEOPLES_DICE,
    SIDES,
    TILE_ORDER,
    Hunt,
    check_hunt,
    copies_problems,
    hunt_assumptions,
    starting_pool,
)
from adjudicator.games.wotr.hunt import _hunt_successes as hunt_successes
from adjudicator.games.wotr.messages import between
from adjudicator.games.wotr.moves.graph import distances

MAX_CADENCE = 3
"""Cadences compared: 1 to 3 moves a turn."""
MAX_MOVES_TO_MORDOR = 14
"""The longest road to a gate the advisor takes (the Shire to Morannon is about 12 regions)."""
MAX_OUTCOMES = 170_000
"""Move outcomes followed in one request, over every cadence (the work grows with them: about
1.5 s of CPU at most, ``bench/wotr_hunt_plan.py``): beyond, a cadence is left out, and the
request refused if it is the player's own."""
STATED_ERROR = 1e-12
"""The journey values are floats of an exact recursion: their error is far below this."""

Kind = tuple[Any, bool]
"""What a tile does on the journey: (value, stop); the reveal icon changes nothing here."""
KINDS: tuple[Kind, ...] = tuple(
    dict.fromkeys(
        (BOARD.hunt_tiles[tile].value, BOARD.hunt_tiles[tile].stop) for tile in TILE_ORDER
    )
)
_KIND_OF = {
    tile: KINDS.index((BOARD.hunt_tiles[tile].value, BOARD.hunt_tiles[tile].stop))
    for tile in TILE_ORDER
}
EYE = KINDS.index(("eye", False))


def _by_kind(tiles: Iterator[tuple[str, int]]) -> tuple[int, ...]:
    counts = [0] * len(KINDS)
    for tile, count in tiles:
        counts[_KIND_OF[tile]] += count
    return tuple(counts)


STANDARD_KINDS = _by_kind((tile, 1) for tile in BOARD.standard_pool())


@dataclass(frozen=True)
class Journey:
    """Where the Ring-bearer stands before the Free Peoples' next move.

    Outside Mordor ``moves_to_mordor`` (0: at a gate already) is the moves still to make before the
    Fellowship stands at a gate; on the track ``mordor_step`` is its step. ``pool``, ``drawn``
    and ``special_tiles`` are as for :class:`~adjudicator.games.wotr.hunt.Hunt` (outside Mordor
    the special tiles in play wait beside the board and join the pool at the gate).
    ``fp_dice_in_box`` counts the Fellowship's moves already made this turn, and a cadence of
    ``moves_per_turn`` counts them too, or counts from now (``cadence_count``, the reading
    ``cadence_count``: :data:`CADENCE_COUNTS`); ``hunt_dice`` and
    ``rerolls`` are taken to be the same every turn. ``moves_per_turn`` is the cadence the
    player means to keep, for the separation and casualty advice.
    """

    corruption: int = 0
    hunt_dice: int = 1
    fp_dice_in_box: int = 0
    rerolls: frozenset[str] = frozenset()
    moves_to_mordor: int | None = None
    mordor_step: int | None = None
    pool: str | tuple[str, ...] = "standard"
    drawn: tuple[str, ...] = ()
    special_tiles: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()
    moves_per_turn: int = 2
    tie_rule: str = "corruption_first"
    """Between answers equally good for the Ring (:data:`TIE_RULES`, the reading ``hunt_tie``)."""
    cadence_count: str = "with_moves_made"
    """What "N moves a turn" counts this turn (:data:`CADENCE_COUNTS`)."""

    def moves_left(self, cadence: int) -> int:
        """The moves still made this turn at ``cadence`` moves a turn: the moves already made
        (the Free Peoples dice in the hunt box) counted, or ``cadence`` more from now (at most
        as many as the Free Peoples dice left)."""
        if self.cadence_count == FROM_NOW:
            return min(cadence, MAX_FREE_PEOPLES_DICE - self.fp_dice_in_box)
        return max(0, cadence - self.fp_dice_in_box)

    @property
    def in_mordor(self) -> bool:
        return self.mordor_step is not None

    def as_hunt(self) -> Hunt:
        """The hunt of the next move, which reads and checks the pool and the companions."""
        return Hunt(
            hunt_dice=self.hunt_dice,
            fp_dice_in_box=self.fp_dice_in_box,
            rerolls=self.rerolls,
            corruption=self.corruption,
            pool=self.pool,
            drawn=self.drawn,
            special_tiles=self.special_tiles if self.in_mordor else (),
            companions=self.companions,
            mordor_step=self.mordor_step,
        )


class Tiles(NamedTuple):
    """Where the journey stands apart from corruption and companions: the pool by kind, the
    moves left to a gate (0 once at it), the Mordor step (``None`` before the track), the Free
    Peoples dice in the box and the moves left this turn."""

    pool: tuple[int, ...]
    to_gate: int
    step: int | None
    box: int
    left: int


@dataclass(frozen=True)
class Option:
    """One answer to a hunt's damage and the chance of reaching Mount Doom after it."""

    lose: str | None
    """The companion lost (one of that level), or ``None``: the damage goes to corruption."""
    corruption: int
    chance: float


@dataclass(frozen=True)
class Hit:
    """What the next hunt may deal, and the answers to it, best first."""

    tile: str
    """``"eye"``, ``"die"`` or the tile's number, ``-stop`` added for a stop tile."""
    damage: int
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Plan:
    """A way to go on and what it is worth."""

    kind: str
    """``cadence`` (``moves`` a turn; this turn :meth:`Journey.moves_left` more: with
    ``fp_dice_in_box`` moves made, ``moves - fp_dice_in_box`` more when the moves made count,
    ``moves`` more when the cadence counts from now), ``wait`` (no more
    moves this turn, then the player's cadence) or ``separate`` (``companion`` leaves first,
    then the player's cadence)."""
    moves: int
    chance: float | None
    """Reaching Mount Doom with corruption below 12, answering every hit as advised
    (``None``: left out, over :data:`MAX_OUTCOMES`)."""
    this_turn: Fraction | None
    """Corruption reaching 12 before this turn ends (exact)."""
    turns: int
    """Turns to Mount Doom, this one included, if no stop tile halts the Fellowship."""
    companion: str | None = None


@dataclass(frozen=True, kw_only=True)
class HuntAdvice(Answer):
    """The plans compared, the player's cadence, and the answers to the next hit."""

    journey: Journey
    cadences: tuple[Plan, ...]
    others: tuple[Plan, ...]
    """Waiting this turn, and separating each companion (outside Mordor)."""
    chosen: Plan
    hits: tuple[Hit, ...]
    """Answers if the next move (at the player's cadence) is hit for 1 or more."""
    outcomes: int
    """The move outcomes followed, over every cadence computed (the measure of the work)."""


# ---- input --------------------------------------------------------------------------------


GATES = ("morannon", "minas-morgul")
"""Where the Fellowship is declared to enter Mordor (rules: Вход в Мордор)."""


def moves_to_a_gate(region: str, progress: int) -> int | None:
    """The fewest moves still to make before the Fellowship stands at a gate, if it has gone
    straight towards the nearer one since its last known ``region`` (rules: Местоположение
    Содружества: ``progress`` counts the regions moved since; Вход в Мордор): 0 when the
    progress covers the road; ``None`` when the road is longer than :data:`MAX_MOVES_TO_MORDOR`."""
    found = distances(region, MAX_MOVES_TO_MORDOR + progress)
    road = min((found[gate] for gate in GATES if gate in found), default=None)
    if road is None or road - progress > MAX_MOVES_TO_MORDOR:
        return None
    return max(0, road - progress)


def check_journey(journey: Journey) -> None:
    """Raise ``InvalidInput`` listing every problem with a journey."""
    problems = []
    try:
        check_hunt(journey.as_hunt())
    except InvalidInput as error:
        problems += error.problems
    if not 1 <= journey.moves_per_turn <= MAX_CADENCE:
        problems.append(("moves_per_turn", between(1, MAX_CADENCE)))
    for reading_id, chosen, choices in (
        (HUNT_TIE, journey.tie_rule, TIE_RULES),
        (CADENCE_COUNT, journey.cadence_count, CADENCE_COUNTS),
    ):
        if chosen not in choices:
            problems.append(
                (
                    f"readings.{reading_id}",
                    Message(N_("must be one of %(choices)s"), choices=", ".join(choices)),
                )
            )
    if journey.in_mordor == (journey.moves_to_mordor is not None):  # both or neither
        problems.append(
            (
                "moves_to_mordor",
                Message(N_("give either the Mordor step or the moves to a gate")),
            )
        )
    elif not journey.in_mordor and not 0 <= journey.moves_to_mordor <= MAX_MOVES_TO_MORDOR:
        problems.append(("moves_to_mordor", between(0, MAX_MOVES_TO_MORDOR)))
    if not journey.in_mordor:
        problems += _waiting_tile_problems(journey)
    problems += [
        (
            f"companions[{index}]",
            Message(N_("%(name)s does not travel with the Fellowship"), name=repr(slug)),
        )
        for index, slug in enumerate(journey.companions)
        if slug in BOARD.characters and not BOARD.characters[slug].starts_in_fellowship
    ]
    if problems:
        raise InvalidInput(problems)


def _waiting_tile_problems(journey: Journey) -> list[tuple[str, Message]]:
    """Outside Mordor the special tiles wait beside the board: none in the pool, each once
    (rules: Специальные карточки)."""
    problems = [
        (f"special_tiles[{index}]", Message(N_("not a special tile: %(name)s"), name=repr(tile)))
        for index, tile in enumerate(journey.special_tiles)
        if tile not in BOARD.hunt_tiles or BOARD.hunt_tiles[tile].is_standard
    ]
    problems += copies_problems("special_tiles", journey.special_tiles)
    if not isinstance(journey.pool, str):
        problems += [
            (
                f"pool[{index}]",
                Message(
                    N_(
                        "special tiles join the pool only in Mordor: give %(name)s in special_tiles"
                    ),
                    name=repr(tile),
                ),
            )
            for index, tile in enumerate(journey.pool)
            if tile in BOARD.hunt_tiles and not BOARD.hunt_tiles[tile].is_standard
        ]
    return problems


# ---- the recursion ----------------------------------------------------------------------------


Resources = tuple[int, tuple[int, ...]]
"""Corruption and the levels of the companions left (sorted)."""


def answers(resources: Resources, damage: int) -> list[tuple[int | None, Resources]]:
    """The answers to ``damage`` (rules: Эффекты от охоты): corruption, or one companion of each
    level left, the damage above its level going to corruption; a heal has no choice."""
    corruption, levels = resources
    if damage <= 0:
        return [(None, (max(0, corruption + damage), levels))]
    chosen = [(None, (min(MAX_CORRUPTION, corruption + damage), levels))]
    for level in sorted(set(levels)):
        left = list(levels)
        left.remove(level)
        chosen.append(
            (level, (min(MAX_CORRUPTION, corruption + max(0, damage - level)), tuple(left)))
        )
    return chosen


class _Resources:
    """Every (corruption, companions' levels) the journey can reach, numbered, and for each
    damage the index maps of its answers, so that a value is one array over them."""

    def __init__(self, levels: tuple[int, ...]) -> None:
        groups = sorted({tuple(sorted(kept)) for kept in _sub_multisets(levels)})
        self.index = {
            (corruption, group): number
            for number, (corruption, group) in enumerate(
                (corruption, group) for group in groups for corruption in range(MAX_CORRUPTION + 1)
            )
        }
        self.alive = np.array(
            [corruption < MAX_CORRUPTION for corruption, _ in self.index], dtype=float
        )
        self.maps: dict[int, np.ndarray] = {}

    def gather(self, damage: int) -> np.ndarray:
        """Rows of indices, one per answer (repeating the first where it has fewer)."""
        found = self.maps.get(damage)
        if found is None:
            rows = [[self.index[after] for _, after in answers(r, damage)] for r in self.index]
            width = max(map(len, rows))
            found = self.maps[damage] = np.array(
                [row + row[:1] * (width - len(row)) for row in rows]
            ).T
        return found


def _sub_multisets(levels: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if not levels:
        yield ()
        return
    for rest in _sub_multisets(levels[1:]):
        yield rest
        yield (levels[0], *rest)


class _Layer(NamedTuple):
    """The states after a number of moves and every move out of them: parent row, child row in
    the next layer (-1: Mount Doom), damage and chance."""

    states: list[Tiles]
    parents: np.ndarray
    children: np.ndarray
    damages: np.ndarray
    chances: np.ndarray


class _TooLarge(Exception):
    """More move outcomes than :data:`MAX_OUTCOMES`."""


@dataclass
class _Budget:
    """The move outcomes a request may still follow."""

    left: int = MAX_OUTCOMES

    def spend(self, outcomes: int) -> None:
        if outcomes > self.left:
            raise _TooLarge
        self.left -= outcomes


Outcome = tuple[Any, str, int, Tiles]
"""(chance, tile, damage, where the journey stands after it)."""


class _Walk:
    """The journey at one cadence from ``roots``. Every pool state it can reach is found first,
    a layer for each move made (a state's moves are fixed by its road, step and stop tiles
    left), then the values are computed backwards a layer at a time: arrays over
    :class:`_Resources`, one numpy step for all the states of a layer and a damage."""

    def __init__(
        self, journey: Journey, cadence: int, resources: _Resources, budget: _Budget
    ) -> None:
        self.journey = journey
        self.cadence = cadence
        self.resources = resources
        self.specials = _by_kind((tile, 1) for tile in journey.special_tiles)
        self.values: dict[Tiles, np.ndarray] = {}
        """The values of the first layers (the moves of this turn and the next hit)."""
        start = self.start()
        self._solve(self._layers([start, start._replace(left=0)], budget))

    def start(self) -> Tiles:
        """Where the journey stands before the next move of this turn."""
        journey = self.journey
        pool = _by_kind(zip(TILE_ORDER, starting_pool(journey.as_hunt()), strict=True))
        return Tiles(
            pool=pool if sum(pool) else STANDARD_KINDS,  # every tile drawn: refilled already
            to_gate=journey.moves_to_mordor or 0,
            step=journey.mordor_step,
            box=journey.fp_dice_in_box,
            left=journey.moves_left(self.cadence),
        )

    def settle(self, tiles: Tiles) -> Tiles | None:
        """The state as the next move finds it: at Mount Doom ``None``; after the turn's last
        move a new turn, in which the Free Peoples dice leave the box and a Fellowship at a gate
        enters the track, the drawn eye tiles and the special tiles in play joining the pool
        (rules: Вход в Мордор, Содружество в Мордоре)."""
        pool, to_gate, step, _, left = tiles
        if step == MORDOR_LAST_STEP:
            return None
        if left and (to_gate or step is not None):
            return tiles
        if step is None and to_gate == 0:
            eyes = (*pool[:EYE], STANDARD_KINDS[EYE], *pool[EYE + 1 :])
            return Tiles(
                tuple(map(sum, zip(eyes, self.specials, strict=True))), 0, 0, 0, self.cadence
            )
        return Tiles(pool, to_gate, step, 0, self.cadence)

    def _layers(self, roots: list[Tiles], budget: _Budget) -> list[_Layer]:
        """Every state reachable from ``roots``, a layer per move, with the moves between."""
        layer = dict.fromkeys(self.settle(root) for root in roots)
        layer.pop(None, None)
        layers = []
        while layer:
            following: dict[Tiles, int] = {}
            edges: list[tuple[int, int, int, float]] = []
            for row, tiles in enumerate(layer):
                before = len(edges)
                for chance, _, damage, after in self.outcomes(tiles):
                    settled = self.settle(after)
                    child = -1 if settled is None else following.setdefault(settled, len(following))
                    edges.append((row, child, damage, chance))
                budget.spend(len(edges) - before)
            parents, children, damages, chances = (
                np.array(column) for column in zip(*edges, strict=True)
            )
            layers.append(_Layer(list(layer), parents, children, damages, chances))
            layer = following
        return layers

    def _solve(self, layers: list[_Layer]) -> None:
        """The values, backwards from the last layer (rules: Окончание игры): a move's outcome
        is worth its best answer (:func:`answers`), Mount Doom 1, corruption 12 nothing."""
        alive = self.resources.alive
        following = np.empty((0, len(alive)))
        for depth in range(len(layers) - 1, -1, -1):
            layer = layers[depth]
            table = np.vstack([following, alive])  # row -1: Mount Doom
            pairs, inverse = np.unique(
                np.stack([layer.damages, layer.children]), axis=1, return_inverse=True
            )
            answered = np.empty((pairs.shape[1], len(alive)))
            for damage in np.unique(pairs[0]):
                chosen = pairs[0] == damage
                answered[chosen] = self._answered(table[pairs[1, chosen]], int(damage))
            weights = csr_array(
                (layer.chances, (layer.parents, inverse.ravel())),
                shape=(len(layer.states), pairs.shape[1]),
            )
            following = (weights @ answered) * alive
            if depth <= MAX_CADENCE:
                self.values.update(zip(layer.states, following, strict=True))

    def _answered(self, values: np.ndarray, damage: int) -> np.ndarray:
        """Each row's values after ``damage`` answered as well as possible."""
        if damage == 0:
            return values
        rows = self.resources.gather(damage)
        best = np.take(values, rows[0], axis=1)
        for row in rows[1:]:
            np.maximum(best, np.take(values, row, axis=1), out=best)
        return best

    def chance(self, resources: Resources, tiles: Tiles) -> float:
        """The chance of reaching Mount Doom from a state of the first layers."""
        settled = self.settle(tiles)
        if settled is None:
            return float(resources[0] < MAX_CORRUPTION)
        return float(self.values[settled][self.resources.index[resources]])

    def best(
        self, resources: Resources, damage: int, tiles: Tiles, tie_rule: str | None = None
    ) -> Resources:
        """The best answer to ``damage`` (see :func:`ranked`)."""
        chosen = [after for _, after in answers(resources, damage)]
        chances = [self.chance(after, tiles) for after in chosen]
        rule = self.journey.tie_rule if tie_rule is None else tie_rule
        return chosen[ranked(chances, [after[0] for after in chosen], rule)[0]]

    def outcomes(self, tiles: Tiles, number: Callable[[Any], Any] = float) -> Iterator[Outcome]:
        """Every outcome of the next move (rules: Охота за Содружеством, Специальные правила),
        its chance a ``number`` (``Fraction`` for exact answers); the rolls that draw are summed
        where the tile's damage does not depend on them."""
        box, left, step = tiles.box + 1, tiles.left - 1, tiles.step
        to_gate = tiles.to_gate
        if step is None:
            to_gate -= 1
            rolls = _rolls(self.journey.hunt_dice, tiles.box, len(self.journey.rerolls), number)
            yield rolls[0], "", 0, Tiles(tiles.pool, to_gate, None, box, left)
            draws = [(chance, hits) for hits, chance in enumerate(rolls) if hits and chance]
        else:
            draws = [(number(1), self.journey.hunt_dice + tiles.box)]
        drawn = sum(chance for chance, _ in draws)
        for kind, share, pool in _draws(tiles.pool, number):
            after = Tiles(pool, to_gate, step if step is None or kind[1] else step + 1, box, left)
            label = f"{kind[0]}-stop" if kind[1] else str(kind[0])
            if kind[0] == "eye":
                for chance, eye in draws:
                    yield chance * share, label, eye, after
            elif kind[0] == "die":
                for face in range(1, SIDES + 1):
                    yield drawn * share / SIDES, label, face, after
            else:
                yield drawn * share, label, kind[0], after


@cache
def _rolls(dice: int, box: int, rerolls: int, number: Callable[[Any], Any]) -> tuple[Any, ...]:
    """P(k hunt successes) as ``number``s (rules: Охота за Содружеством)."""
    return tuple(map(number, hunt_successes(dice, box, rerolls)))


@cache
def _draws(
    pool: tuple[int, ...], number: Callable[[Any], Any]
) -> tuple[tuple[Kind, Any, tuple[int, ...]], ...]:
    """Each kind that can be drawn: (kind, its share of the pool, the pool left). A pool drawn
    empty takes back its eye and numbered tiles at once (rules: Охотничий резерв: "в какой-либо
    момент")."""
    size = sum(pool)
    return tuple(
        (KINDS[index], number(Fraction(count, size)), _refilled(pool, index))
        for index, count in enumerate(pool)
        if count
    )


def _refilled(pool: tuple[int, ...], index: int) -> tuple[int, ...]:
    """The pool after a tile of kind ``index`` is drawn, refilled if that emptied it."""
    left = (*pool[:index], pool[index] - 1, *pool[index + 1 :])
    return left if sum(left) else STANDARD_KINDS


def ranked(
    chances: list[float], corruption: list[int], tie_rule: str = "corruption_first"
) -> list[int]:
    """The answers' indices, best first. Answers within :data:`STATED_ERROR` of the best are
    equally good for the Ring: among them one that keeps corruption below 12 comes first (12
    ends the game at once, rules: Окончание игры), then corruption, then the lowest-level
    companion (``answers`` lists them so), since a companion kept serves elsewhere; with
    ``tie_rule`` ``companion_first`` the lowest-level companion comes before corruption."""
    top = max(chances)
    last = len(chances) if tie_rule == COMPANION_FIRST else 0  # where corruption (0) goes

    def key(index: int) -> tuple[bool, bool, float, int]:
        if chances[index] >= top - STATED_ERROR:
            return (False, corruption[index] >= MAX_CORRUPTION, 0.0, index or last)
        return (True, False, -chances[index], index)

    return sorted(range(len(chances)), key=key)


def _levels(companions: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(sorted(BOARD.characters[slug].level or 0 for slug in companions))


def _this_turn(walk: _Walk, resources: Resources, tie_rule: str | None = None) -> Fraction:
    """P(corruption reaches 12 before the turn ends), exact, answering hits as advised (ties
    broken by ``tie_rule``, the journey's by default)."""
    states: dict[tuple[Resources, Tiles], Fraction] = {(resources, walk.start()): Fraction(1)}
    lost = Fraction(0)
    while states:
        following: dict[tuple[Resources, Tiles], Fraction] = {}
        for (held, tiles), weight in states.items():
            if held[0] >= MAX_CORRUPTION:
                lost += weight
                continue
            at_gate = tiles.step is None and tiles.to_gate == 0
            if tiles.left == 0 or tiles.step == MORDOR_LAST_STEP or at_gate:
                continue
            for chance, _, damage, after in walk.outcomes(tiles, Fraction):
                key = (walk.best(held, damage, after, tie_rule), after)
                following[key] = following.get(key, Fraction(0)) + weight * chance
        states = following
    return lost


def _turns(journey: Journey, cadence: int) -> int:
    """Turns to Mount Doom with no stop tile, this one included."""
    done = journey.moves_left(cadence)
    if journey.in_mordor:
        return 1 + ceil(max(0, MORDOR_LAST_STEP - journey.mordor_step - done) / cadence)
    road = journey.moves_to_mordor or 0
    turns = 1 + ceil((road - done) / cadence) if road > done else 1
    return turns + ceil(MORDOR_LAST_STEP / cadence)


# ---- the advice -------------------------------------------------------------------------------


def advise_hunt(journey: Journey) -> HuntAdvice:
    """The plans compared and the answers to the next hit (see the module's docstring). The
    player's cadence is followed first; another that would pass :data:`MAX_OUTCOMES` is left out
    (its chances ``None``)."""
    check_journey(journey)
    held = (journey.corruption, _levels(journey.companions))
    resources = _Resources(held[1])
    budget = _Budget()
    try:
        chosen_walk = _Walk(journey, journey.moves_per_turn, resources, budget)
        chosen = _plan(chosen_walk, "cadence", held)
        others = [_wait(chosen_walk, held)]
        if not journey.in_mordor:
            others += [
                _plan(chosen_walk, "separate", _without(held, slug), companion=slug)
                for slug in journey.companions
            ]
        hits = _hits(chosen_walk, held)
    except _TooLarge:
        raise InvalidInput(
            [
                (
                    "special_tiles" if journey.in_mordor else "moves_to_mordor",
                    Message(
                        N_(
                            "the journey has more than %(outcomes)s move outcomes to follow "
                            "exactly in time: ask nearer Mount Doom, or with fewer companions or "
                            "special tiles"
                        ),
                        outcomes=MAX_OUTCOMES,
                    ),
                )
            ]
        ) from None
    cadences = []
    for cadence in range(1, MAX_CADENCE + 1):
        if cadence == journey.moves_per_turn:
            cadences.append(chosen)
            continue
        try:
            cadences.append(_plan(_Walk(journey, cadence, resources, budget), "cadence", held))
        except _TooLarge:
            cadences.append(Plan("cadence", cadence, None, None, _turns(journey, cadence)))
    return HuntAdvice(
        journey=journey,
        cadences=tuple(cadences),
        others=tuple(others),
        chosen=chosen,
        hits=hits,
        outcomes=MAX_OUTCOMES - budget.left,
        citations=hunt_plan_citations(journey),
        assumptions=hunt_plan_assumptions(journey),
        readings=(
            _tie_reading(chosen_walk, held, chosen),
            *_cadence_reading(chosen_walk, held, chosen, budget),
        ),
    )


def _plan(walk: _Walk, kind: str, held: Resources, **extra: Any) -> Plan:
    return Plan(
        kind=kind,
        moves=walk.cadence,
        chance=walk.chance(held, walk.start()),
        this_turn=_this_turn(walk, held),
        turns=_turns(walk.journey, walk.cadence),
        **extra,
    )


def _without(held: Resources, slug: str) -> Resources:
    """``slug`` leaves the Fellowship (a character die; rules: Отделение героев от
    Содружества): it can no longer be lost to the hunt."""
    levels = list(held[1])
    levels.remove(BOARD.characters[slug].level or 0)
    return held[0], tuple(levels)


def _wait(walk: _Walk, held: Resources) -> Plan:
    """No more moves this turn, then the cadence. In Mordor a turn without a move or a hide
    adds 1 corruption (rules: Специальные правила): none if the Fellowship moved already."""
    idle = walk.journey.in_mordor and not walk.journey.fp_dice_in_box  # no move this turn
    corruption = min(MAX_CORRUPTION, held[0] + (1 if idle else 0))
    return Plan(
        kind="wait",
        moves=walk.cadence,
        chance=walk.chance((corruption, held[1]), walk.start()._replace(left=0)),
        this_turn=Fraction(int(corruption >= MAX_CORRUPTION)),
        turns=1 + _turns(replace(walk.journey, fp_dice_in_box=0), walk.cadence),
    )


def _hits(walk: _Walk, held: Resources) -> tuple[Hit, ...]:
    """The answers to each damage the next move may deal, best first."""
    start = walk.settle(walk.start())
    names: dict[int, str] = {}
    for slug in walk.journey.companions:
        names.setdefault(BOARD.characters[slug].level or 0, slug)
    hits: dict[tuple[str, int], Hit] = {}
    for _, tile, damage, after in walk.outcomes(start):
        if damage <= 0 or (tile, damage) in hits:
            continue
        chosen = answers(held, damage)
        chances = [walk.chance(left, after) for _, left in chosen]
        options = [
            Option(
                lose=None if chosen[index][0] is None else names[chosen[index][0]],
                corruption=chosen[index][1][0],
                chance=chances[index],
            )
            for index in ranked(chances, [left[0] for _, left in chosen], walk.journey.tie_rule)
        ]
        hits[tile, damage] = Hit(tile=tile, damage=damage, options=tuple(options))
    return tuple(sorted(hits.values(), key=lambda hit: (hit.damage, hit.tile)))


def hunt_plan_citations(journey: Journey) -> tuple[Citation, ...]:
    """The sections the advice applies."""
    applied = [cite.HUNT_BOX, cite.FELLOWSHIP_MOVE]
    if not journey.in_mordor:
        applied += [cite.HUNT_ROLL, cite.ENTER_MORDOR, cite.SEPARATION]
    applied += [
        cite.MORDOR,
        cite.MORDOR_RULES,
        cite.HUNT_POOL,
        cite.STANDARD_TILES,
        cite.SPECIAL_TILES,
        cite.HUNT_DAMAGE,
        cite.HUNT_EFFECTS,
        cite.GUIDE,
        cite.RING_BEARER,
        cite.END_OF_GAME,
    ]
    return unique_citations(applied)


HUNT_TIE = "hunt_tie"
CORRUPTION_FIRST, COMPANION_FIRST = "corruption_first", "companion_first"
TIE_RULES = {
    CORRUPTION_FIRST: N_(
        "between answers equally good for the Ring, corruption before a companion (never "
        "corruption 12 while a companion can take the hit)"
    ),
    COMPANION_FIRST: N_(
        "between answers equally good for the Ring, the lowest-level companion before "
        "corruption (never corruption 12 while a companion can take the hit)"
    ),
}
TIE_QUOTE = (
    "«Для определения эффекта от охоты игрок, выступающий за Свободные народы, должен выбрать "
    "либо использование кольца … или вступить в сражение»"
)
THIS_TURN = N_("corruption 12 this turn, moving %(moves)s a turn: %(chance)s")


def tie_rule_of(readings: Mapping[str, str]) -> str:
    """The tie rule a request's ``readings`` pick (``hunt_tie``), ``InvalidInput`` if unknown
    (an id or a reading)."""
    check_reading_ids(readings, (HUNT_TIE, CADENCE_COUNT))
    return pick_reading(readings, HUNT_TIE, TIE_RULES)


def cadence_count_of(readings: Mapping[str, str]) -> str:
    """What a cadence counts, as a request's ``readings`` pick it (``cadence_count``)."""
    return pick_reading(readings, CADENCE_COUNT, CADENCE_COUNTS)


def _tie_reading(walk: _Walk, held: Resources, chosen: Plan) -> Reading:
    """The tie rule changes which answer is advised where answers are equally good for the
    Ring (a hopeless position), and so the exact chance of corruption 12 this turn."""
    rule = walk.journey.tie_rule

    def risk(reading: str) -> Reason:
        this_turn = chosen.this_turn if reading == rule else _this_turn(walk, held, reading)
        shown = f"{this_turn} ({float(this_turn):.2%})" if this_turn else "0"
        return Reason(THIS_TURN, params={"moves": walk.cadence, "chance": shown})

    return reading_of(HUNT_TIE, cite.HUNT_EFFECTS, TIE_QUOTE, rule, TIE_RULES, risk)


CADENCE_COUNT = "cadence_count"
WITH_MOVES_MADE, FROM_NOW = "with_moves_made", "from_now"
CADENCE_COUNTS = {
    WITH_MOVES_MADE: N_(
        "a cadence of moves a turn counts the moves already made this turn (the Free Peoples "
        "dice in the hunt box)"
    ),
    FROM_NOW: N_("a cadence of moves a turn counts from now: that many more moves this turn"),
}
CADENCE_QUOTE = (
    "«Бокс охоты за кольцом … помогает отслеживать количество перемещений носителя кольца за "
    "ход.» … «После каждого использования кубика действия для перемещения Содружества, этот "
    "кубик кладется в бокс охоты. … Кубики Свободных народов возвращаются из бокса охоты в "
    "конце каждого хода.»"
)
CADENCE_ANSWER = N_(
    "moving %(moves)s a turn (%(more)s more this turn): Mount Doom %(chance)s, corruption 12 "
    "this turn %(risk)s"
)
CADENCE_TOO_LONG = N_(
    "moving %(moves)s a turn (%(more)s more this turn): too long to follow in time"
)


def _cadence_reading(
    walk: _Walk, held: Resources, chosen: Plan, budget: _Budget
) -> tuple[Reading, ...]:
    """Whether the player's cadence counts the moves made this turn changes this turn's moves
    when the Fellowship has moved already (dice in the hunt box): the journey at that cadence
    under each reading (none when the box holds no Free Peoples die: both read alike)."""
    journey = walk.journey
    if not journey.fp_dice_in_box:
        return ()

    def answer(reading: str) -> Reason:
        counted = replace(journey, cadence_count=reading)
        params = {"moves": walk.cadence, "more": counted.moves_left(walk.cadence)}
        try:
            plan = (
                chosen
                if reading == journey.cadence_count
                else _plan(_Walk(counted, walk.cadence, walk.resources, budget), "cadence", held)
            )
        except _TooLarge:
            return Reason(CADENCE_TOO_LONG, params=params)
        risk = f"{plan.this_turn} ({float(plan.this_turn):.2%})" if plan.this_turn else "0"
        return Reason(
            CADENCE_ANSWER, params={**params, "chance": f"{plan.chance:.2%}", "risk": risk}
        )

    return (
        reading_of(
            CADENCE_COUNT,
            cite.TRACKS_AND_BOXES,
            CADENCE_QUOTE,
            journey.cadence_count,
            CADENCE_COUNTS,
            answer,
        ),
    )


CADENCE_COUNTS_MADE = N_(
    "A cadence counts the moves already made this turn (the Free Peoples dice in the hunt box): "
    "with 1 die in the box, 1 move a turn means no more moves this turn and 2 moves a turn one "
    "more."
)
CADENCE_COUNTS_FROM_NOW = N_(
    "A cadence counts from now (the reading picked): with 1 die in the hunt box, 1 move a turn "
    "means one more move this turn and 2 moves a turn two more."
)
TIE_RULE = N_(
    "Where answers to a hit are equally good for reaching Mount Doom (within 10⁻¹², as when it "
    "can no longer be reached), the advice, and the chance of corruption 12 this turn that "
    "follows it, avoids corruption 12 if a companion can take the hit, then takes corruption, "
    "then loses the lowest-level companion."
)


def hunt_plan_assumptions(journey: Journey) -> tuple[str, ...]:
    """What the advice takes for granted, as translatable messages: the hunt's, on the road
    and on the track, then the journey's own."""
    hunt = replace(journey.as_hunt(), moves=2)
    on_track = replace(hunt, mordor_step=0, pool="standard", drawn=(), special_tiles=())
    road = () if journey.in_mordor else hunt_assumptions(on_track)
    return (
        *dict.fromkeys((*hunt_assumptions(hunt), *road)),
        N_(
            "Every turn the Shadow puts the same number of dice in the hunt box (losing or "
            "separating companions does not lower it), the re-roll conditions stay the same, and "
            "the Fellowship keeps the same cadence; the game is not otherwise won or lost "
            "meanwhile."
        ),
        N_(
            "The Fellowship enters Mordor at the turn after it reaches a gate, hidden, and then "
            "moves on the track; special tiles in play wait beside the board until then."
        ),
        N_(
            "The Guide's abilities are not counted: they are on the character cards, not in the "
            "rulebook. Companions are told apart only by level, and a companion kept is worth "
            "nothing here but the hunt damage it can take."
        ),
        N_("A hide or a separation uses a character die that does not go to the hunt box."),
        CADENCE_COUNTS_FROM_NOW if journey.cadence_count == FROM_NOW else CADENCE_COUNTS_MADE,
        TIE_RULE,
    )
