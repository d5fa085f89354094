"""The whole journey in floating point: the chance to reach Mordor from any place, fast.

The same game as :mod:`journey` (rules: Цель игры, Броски кубиков, Выбывание из игры, Конец
игры; the solitaire view, Gandalf splitting the leftmost empty squares before the Nazgûl mark),
solved with floats in numpy instead of exact fractions:

* **States** between two of your turns are (steps made, the unmarked part of your Nazgûl track).
  Every change a turn can make to a track (a split, a mark) raises its *progress* ``φ``
  (:func:`progress`), and steps only go forward, so the states of one place with the same
  progress never lead to one another: they are solved together, as one batch, after every
  state they can lead to.
* **A turn** is the keep dynamic programme of :mod:`odds` laid out once per place as arrays
  (:class:`TurnGraph`: positions grouped by the dice left, each group of rolls with its keeps),
  run over a batch of tracks at once; its terminal values are the values of the states each
  turn end leads to.
* **A turn that changes nothing** returns to its own state: the state's value ``V`` is the
  smallest fixed point of ``V = T(V)``, found by Newton's method on the convex ``T(x) − x``
  (``x ← (T(x) − r·x) / (1 − r)``, ``r`` the chance of coming back under the best keeps for
  ``x``); where ``r`` is close to 1 the value is recomputed from sums of chances by policy
  iteration (:meth:`WholeJourney._by_sums`), as the exact engine does.
* **Positions** are packed into integers (:class:`_Codec`) and each turn's graph is built
  with array arithmetic, so a place's graph costs tens of milliseconds.

Precision: the values are IEEE doubles; the tests hold them to the exact engine within
:data:`TESTED_ERROR` (every state of small setups, of the last places, and of the journey
from Bag End, whose exact fractions were computed once: 79 s of CPU), and the answer states
:data:`STATED_ERROR`; the largest difference found is 3·10⁻¹⁵. The last bits of a chance depend
on the order of the tracks in a batch (a set's, so Python's hash seed: two workers may differ
by about 10⁻¹⁵); with one seed they are fixed (``tests/games/mordor/test_pinned_journeys.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache

import numpy as np

from adjudicator.games.common import N_, InvalidInput, Message, Reason, binomial
from adjudicator.games.mordor.advice import KeepAdvice, RollAdvice, check_roll, counted_dice
from adjudicator.games.mordor.dice import Acc, Delta, Dice, dice_effects, face_weights, keep_effect
from adjudicator.games.mordor.journey import (
    JourneyOdds,
    _grouped_moves,
    check_journey,
    journey_envelope,
    journey_odds,
    unmarked_part,
)
from adjudicator.games.mordor.keep import Die, legal_keeps
from adjudicator.games.mordor.model import (
    GameSetup,
    PlaceReadings,
    TurnRules,
    location_at,
    turn_rules,
)
from adjudicator.games.mordor.odds import TurnContext, TurnQuestion, make_after, turn_context
from adjudicator.games.mordor.track import NazgulTrack, Square

#: The error the answer states (absolute, on a chance) and the one the tests hold it to.
STATED_ERROR = 1e-9
TESTED_ERROR = 1e-11

#: A journey through at most this many states is answered exactly by :mod:`journey` (about
#: 0.1 s of CPU a state), a longer one in floats.
EXACT_STATES = 6

#: States one question may solve: the default game has 567 (Bag End, an empty track), a
#: longer custom setup more; past this the question is refused (it would take seconds).
MAX_STATES = 2000

#: Newton rounds per batch before giving up on keeps that keep changing (two to four do).
MAX_ROUNDS = 30

#: The second guess whose value gives Newton's method its first slope.
SLOPE_STEP = 2.0**-20

#: The shortest step whose secant gives the next slope (shorter ones keep the last slope).
SECANT_STEP = 1e-13

#: Newton's method stops when a round moves no value more than this (it converges
#: quadratically, and exactly once the keeps stop changing).
CONVERGED = 1e-11

#: A batch whose turn comes back with more than this chance (or that Newton's method did not
#: settle) is solved again from sums of chances (:meth:`WholeJourney._by_sums`): Newton's
#: step divides by ``1 − r``, which multiplies the rounding error of ``T(x)`` by ``1/(1 − r)``.
LIKELY_BACK = 0.99

#: Policy iteration stops when a round raises no chance by more than this.
EPSILON = 1e-15

#: The highest guess: a chance of 1 would be a fixed point of every turn that may always come
#: back (no mark, no split, no step: Gondor, say), whatever the state's true chance; a state
#: whose chance is 1 is given 1 − 10⁻¹².
CEILING = 1 - 1e-12

#: Value of each square of a track for :func:`progress` (a fully marked square counts 3).
SQUARE_PROGRESS = {Square.EMPTY: 0, Square.SPLIT: 1, Square.SPLIT_HALF: 2}
GONE = 3

State = tuple[int, NazgulTrack]
#: Global indexes of the positions after each keep (keeps, positions, roll groups); weights.
Block = tuple[np.ndarray, np.ndarray]


def progress(track: NazgulTrack, squares: int) -> int:
    """How far a track has gone: a split (+1), a mark on an empty square (+3), on a split one
    (+1) and on its second half (+1) each raise it, so every change a turn makes raises it."""
    return GONE * (squares - len(track.squares)) + sum(SQUARE_PROGRESS[s] for s in track.squares)


@dataclass(frozen=True)
class TurnKind:
    """What a turn's keeps and positions depend on: the place's rules, the dice, the room."""

    turn: TurnRules
    setup: GameSetup
    dice: Dice
    room: int

    def context(self) -> TurnContext:
        """The turn as :mod:`odds` sees it, with room for every track of the setup (the
        most divisions and empty squares), so one graph serves every track at the place."""
        squares = self.setup.nazgul_squares
        return TurnContext(
            turn=self.turn,
            spec=self.setup.dice,
            dice=self.dice,
            room=self.room,
            open_divisions=2 * squares,
            splittable=squares,
            goal="journey",
        )


@dataclass
class Layer:
    """The positions with one set of dice left, and where each roll's keeps lead.

    The rolls are grouped by the keeps they offer; the groups in blocks of alike widths (a
    block's keeps padded with its first), so the best keep of every group is one array
    maximum per block. ``loops`` holds, for each kind of batch (:meth:`TurnGraph.loop_rows`),
    the positions that may still end the turn where it began (global indexes), with their
    blocks."""

    start: int  # global index of the first position
    size: int
    blocks: list[Block]
    loops: tuple[tuple[np.ndarray, list[Block]], ...]

    def __post_init__(self) -> None:
        self.rows = slice(self.start, self.start + self.size)


class _Codec:
    """Positions (dice left, accumulator) as single integers (mixed radix), and the keep
    transition of :func:`odds.make_after` on arrays of them (the same canonical form)."""

    def __init__(self, context: TurnContext):
        turn = context.turn
        self.warrior, self.orc = turn.warrior_strength, turn.orc_strength
        total = sum(context.dice)
        self.lowest = -total * self.orc
        self.limits = (
            context.room + turn.rings_lost,
            context.splittable,
            context.open_divisions + context.splittable,
        )
        rings, gandalfs, marks = self.limits
        radices = [*(n + 1 for n in context.dice), rings + 1, total * (self.warrior + self.orc) + 2]
        radices += [gandalfs + 1, marks + 1]
        self.radices = np.array(radices, dtype=np.int64)
        self.weights = np.cumprod([1, *radices[:0:-1]], dtype=np.int64)[::-1].copy()

    def _pack(self, left: np.ndarray, accs: np.ndarray) -> np.ndarray:
        """Keys of positions: ``left`` (..., 3) dice per class, ``accs`` (..., 4)."""
        w = self.weights
        return (
            left[..., 0] * w[0]
            + left[..., 1] * w[1]
            + left[..., 2] * w[2]
            + accs[..., 0] * w[3]
            + (accs[..., 1] - self.lowest) * w[4]
            + accs[..., 2] * w[5]
            + accs[..., 3] * w[6]
        )

    def encode(self, dice: Dice, accs: np.ndarray) -> np.ndarray:
        return self._pack(np.array(dice, dtype=np.int64), accs.astype(np.int64))

    def accs(self, keys: np.ndarray) -> np.ndarray:
        """The accumulators (rings, orc balance, Gandalfs, marks) of positions' keys."""
        digits = keys[:, None] // self.weights[3:] % self.radices[3:]
        digits[:, 1] += self.lowest
        return digits

    def after(
        self, dice: Dice, accs: np.ndarray, deltas: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """After each keep (``deltas``, one a row) from each accumulator (``accs``, one a
        row): the dice left per keep, and the keys of the positions (accumulators × keeps)."""
        deltas = deltas.astype(np.int64)
        tree = deltas[:, 7].astype(bool)
        left = np.where(tree[:, None], 0, np.array(dice, dtype=np.int64) - deltas[:, :3])
        n = left.sum(axis=1)
        max_rings, max_gandalfs, max_marks = self.limits
        rings = np.minimum(accs[:, :1] + deltas[:, 3], max_rings)
        balance = accs[:, 1:2] + deltas[:, 4]
        blocked = balance > n * self.warrior
        balance = np.where(blocked, n * self.warrior + 1, np.maximum(balance, -n * self.orc))
        rings = np.where(blocked, 0, rings)
        gandalfs = np.minimum(accs[:, 2:3] + deltas[:, 5], max_gandalfs)
        marks = np.minimum(accs[:, 3:4] + deltas[:, 6], max_marks)
        stacked = np.stack(np.broadcast_arrays(rings, balance, gandalfs, marks), axis=-1)
        return left, self._pack(left[None, :, :], stacked)


class TurnGraph:
    """Every position of one kind of turn reachable from its roots, as arrays.

    Global indexes: the turn's ends first (no dice left), then the layers by the number of
    dice left, so a keep always leads to a lower index.
    """

    def __init__(self, kind: TurnKind, roots: Iterable[tuple[Dice, Acc]]):
        self.kind = kind
        context = kind.context()
        self.effects = dice_effects(kind.turn)
        self.base, _ = face_weights(kind.setup.dice)
        self.may_reroll = kind.turn.may_reroll
        codec = _Codec(context)
        self.codec = codec
        pending: dict[Dice, list[np.ndarray]] = {}
        for dice, acc in roots:
            pending.setdefault(dice, []).append(codec.encode(dice, np.array([acc])))
        keys: dict[Dice, np.ndarray] = {}  # each position's key, per dice left
        successors: dict[Dice, np.ndarray] = {}  # keys after each distinct keep
        while pending:  # every keep leaves fewer dice: the most dice first are complete
            dice = max(pending, key=sum)
            found = keys[dice] = np.unique(np.concatenate(pending.pop(dice)))
            if not any(dice):
                continue
            distinct = _grouped_moves(kind.setup.dice, dice, self.effects)[1]
            left, after = codec.after(dice, codec.accs(found), np.array(distinct))
            successors[dice] = after
            for target in {tuple(row) for row in left.tolist()}:
                columns = (left == target).all(axis=1)
                pending.setdefault(target, []).append(after[:, columns].ravel())
        order = sorted((d for d in keys if any(d)), key=lambda d: (sum(d), d))
        ends = keys.pop((0, 0, 0), np.empty(0, dtype=np.int64))
        every = np.concatenate([ends, *(keys[d] for d in order)])
        self.size = len(every)
        sorting = np.argsort(every)
        self._sorted, self._places = every[sorting], sorting
        self.ends: list[Acc] = [tuple(acc) for acc in codec.accs(ends).tolist()]
        self.layers = []
        start = len(ends)
        for dice in order:
            self.layers.append(self._layer(dice, start, keys[dice], self.place(successors[dice])))
            start += len(keys[dice])
        #: What each end does: (steps, Gandalfs kept, marks on you), each distinct one once.
        lost = kind.turn.rings_lost
        outcomes: dict[tuple[int, int, int], int] = {}
        self.outcome_of_end = np.array(
            [
                outcomes.setdefault(
                    (min(max((0 if balance > 0 else rings) - lost, 0), kind.room), gandalfs, marks),
                    len(outcomes),
                )
                for rings, balance, gandalfs, marks in self.ends
            ],
            dtype=np.intp,
        )
        self.outcomes = list(outcomes)

    @cached_property
    def start(self) -> int:
        """The global index of the turn's first position (all its dice to roll)."""
        return self.index(self.kind.dice, (0, 0, 0, 0))

    def place(self, keys: np.ndarray) -> np.ndarray:
        """The global indexes of positions given by their keys."""
        return self._places[np.searchsorted(self._sorted, keys)]

    def index(self, dice: Dice, acc: Acc) -> int:
        """The global index of one position (KeyError if it is not in the graph)."""
        key = self.codec.encode(dice, np.array([acc]))
        found = np.searchsorted(self._sorted, key)[0]
        if found == self.size or self._sorted[found] != key[0]:
            raise KeyError((dice, acc))
        return int(self._places[found])

    def _layer(self, dice: Dice, start: int, keys: np.ndarray, nexts: np.ndarray) -> Layer:
        """The positions ``keys`` with these dice left, from global index ``start``;
        ``nexts``: the global indexes after each distinct keep (positions × keeps)."""
        groups, distinct = _grouped_moves(self.kind.setup.dice, dice, self.effects)
        column = {delta: i for i, delta in enumerate(distinct)}
        denominator = self.base ** sum(dice)
        by_width: dict[int, list] = {}
        for deltas, weight in groups:
            by_width.setdefault(1 << (len(deltas) - 1).bit_length(), []).append((deltas, weight))
        blocks = []
        for width, members in sorted(by_width.items()):
            keeps = np.array(
                [
                    [column[d] for d in deltas] + [column[deltas[0]]] * (width - len(deltas))
                    for deltas, _ in members
                ],
                dtype=np.intp,
            )
            weights = np.array([w for _, w in members], dtype=float) / denominator
            blocks.append((np.ascontiguousarray(nexts[:, keeps].transpose(2, 0, 1)), weights))
        accs = self.codec.accs(keys)
        loops = []
        for steady in (accs[:, 3] > 0, (accs[:, 2] > 0) | (accs[:, 3] > 0)):
            rows = np.flatnonzero(~steady)
            loops.append((start + rows, [(after[:, rows], weights) for after, weights in blocks]))
        return Layer(start, len(keys), blocks, tuple(loops))

    @staticmethod
    def loop_rows(tracks: Sequence[NazgulTrack]) -> int:
        """Which positions can no longer end the turn where it began, for these tracks: a
        kept Nazgûl on you always changes the track (0); a kept Gandalf too when every track
        has an empty square to split (1)."""
        return int(all(track.splittable for track in tracks))

    def solve(
        self, ends: np.ndarray, carry: int = 0, previous: tuple[np.ndarray, int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Values of every position, given the values of the turn's ends (``(ends, columns)``):
        each column under its own best keeps or, with ``carry``, every column under the best
        keeps for the first (the others are then expectations under that policy).

        ``previous``: the values of an earlier solve whose ends differed only where the turn
        ends where it began, and the kind of batch (:meth:`loop_rows`): only the positions
        that may still end so are recomputed.

        Returns the values when a roll may still be re-rolled whole (Rohan) and when it may
        not (for the advice on a roll already re-rolled; not kept with ``previous``). Under the
        reading ``rohan_reroll: once_a_turn`` a roll re-rolled leaves none for the next rolls
        (``previous`` is then not used: those values are not kept)."""
        once = self.kind.turn.reroll_once_a_turn
        previous = None if once else previous
        values = np.empty((self.size, ends.shape[1])) if previous is None else previous[0].copy()
        values[: len(self.ends)] = ends
        no_reroll = values.copy() if self.may_reroll else values
        plain = not (carry or self.may_reroll)
        for layer in self.layers:
            if previous is None:
                rows, blocks = layer.rows, layer.blocks
            else:
                rows, blocks = layer.loops[previous[1]]
                if not len(rows):
                    continue
            if plain:  # the loop below without its branches: the most frequent case
                value = 0
                for after, weights in blocks:
                    value = value + weights @ _MAX(values.take(after, 0), 0)
                values[rows] = value
                continue
            bests = [(_best(values.take(after, 0), carry), weights) for after, weights in blocks]
            value = sum(weights @ best for best, weights in bests)
            if self.may_reroll:
                if once:
                    value = sum(
                        weights @ _best(np.take(no_reroll, after, 0), carry)
                        for after, weights in blocks
                    )
                no_reroll[rows] = value
                value = sum(weights @ _reroll(best, value, carry) for best, weights in bests)
            values[rows] = value
        return values, no_reroll


_MAX = np.maximum.reduce


def _best(after: np.ndarray, carry: int) -> np.ndarray:
    """The best keep of each group (axis 0 holds the keeps): per column or, with ``carry``
    columns of policy, column ``c`` under the best keeps for column ``c % carry``."""
    if not carry:
        return _MAX(after, 0)  # the ufunc itself: these arrays are small, calls many
    choice = np.tile(after[..., :carry].argmax(axis=0), after.shape[-1] // carry)
    return np.take_along_axis(after, choice[None], axis=0)[0]


def _reroll(best: np.ndarray, value: np.ndarray, carry: int) -> np.ndarray:
    """Rohan: a group whose best keep is worth less than a fresh roll is re-rolled."""
    if not carry:
        return np.maximum(best, value[:, None])
    keep = best[..., :carry] >= value[:, None, :carry]
    return np.where(np.tile(keep, best.shape[-1] // carry), best, value[:, None])


@lru_cache(maxsize=64)
def turn_graph(kind: TurnKind) -> TurnGraph:
    """The positions of a whole turn of this kind (shared by every track at the place)."""
    return TurnGraph(kind, [(kind.dice, (0, 0, 0, 0))])


@dataclass(frozen=True)
class Company:
    """Who else plays: how many other players, and the chance each of their turns marks you."""

    others: int
    mark_chance: Fraction

    def marks(self) -> list[tuple[int, float]]:
        """How many of the others' turns mark you before your next turn, with its chance."""
        chances = [float(p) for p in binomial(self.others, self.mark_chance)]
        return [(k, p) for k, p in enumerate(chances) if p]


@lru_cache(maxsize=16)
def _track_memos(setup: GameSetup, company: Company) -> tuple[dict, dict]:
    """What :class:`WholeJourney` works out per track (:meth:`WholeJourney._after_turn`, per
    track and turn's splits and marks; :meth:`WholeJourney._shape`): the same under every
    reading of the places, so the solvers of one setup and company share it."""
    return {}, {}


@dataclass
class WholeJourney:
    """Every state's chance to reach Mordor alive, best play, for one setup and company."""

    setup: GameSetup
    advanced: bool
    dice: Dice
    company: Company
    readings: PlaceReadings = field(default_factory=PlaceReadings)
    values: dict[State, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._others_marks = self.company.marks()
        self._after_turns, self._shapes = _track_memos(self.setup, self.company)
        self._kinds: dict[int, TurnKind] = {}

    def kind(self, position: int) -> TurnKind:
        """The place's kind of turn; a room of more steps than a turn has dice is the same
        room (so the places of the basic game, far from Mordor, share one graph)."""
        kind = self._kinds.get(position)
        if kind is None:
            turn = turn_rules(location_at(position, self.setup), self.advanced, self.readings)
            room = min(self.setup.hobbit_steps - position, sum(self.dice))
            kind = self._kinds[position] = TurnKind(turn, self.setup, self.dice, room)
        return kind

    def states_from(self, position: int, track: NazgulTrack) -> list[State]:
        """Every state a journey from here may pass through: the later places with every
        track that splits (leftmost first) and marks can make of this one."""
        tracks = {track}
        frontier = [track]
        while frontier:
            current = frontier.pop()
            moves = [current.mark()]
            if current.splittable:
                moves.append(current.split(current.splittable[0]))
            for moved in moves:
                moved = unmarked_part(moved)
                if not moved.eliminated and moved not in tracks:
                    tracks.add(moved)
                    frontier.append(moved)
        return [(p, t) for p in range(position, self.setup.hobbit_steps) for t in tracks]

    def value(self, position: int, track: NazgulTrack) -> float:
        """The chance to reach Mordor from here (start of your turn), best play."""
        track = unmarked_part(track)
        if (position, track) not in self.values:
            states = [s for s in self.states_from(position, track) if s not in self.values]
            if len(states) > MAX_STATES:
                raise InvalidInput(
                    [
                        (
                            "horizon",
                            Message(
                                N_(
                                    "the whole journey from here passes through %(states)s "
                                    "game states, more than %(limit)s: use a shorter setup"
                                ),
                                states=len(states),
                                limit=MAX_STATES,
                            ),
                        )
                    ]
                )
            squares = self.setup.nazgul_squares
            batches: dict[tuple[int, int], list[NazgulTrack]] = {}
            for p, t in states:
                batches.setdefault((p, progress(t, squares)), []).append(t)
            for key in sorted(batches, reverse=True):
                self._solve(key[0], batches[key])
        return self.values[(position, track)]

    def _after_turn(self, track: NazgulTrack, splits: int, marks: int) -> list[tuple]:
        """Where a turn's splits and marks and then the other players' turns leave a track:
        (chance, the track, unchanged, not eliminated) for each number of their marks."""
        after = []
        for extra, chance in self._others_marks:
            moved = track
            for _ in range(splits):
                moved = moved.split(moved.splittable[0])
            for _ in range(marks + extra):
                moved = moved.mark()
            moved = unmarked_part(moved)
            after.append((chance, moved, moved == track, self._shape(moved)[0] > 0))
        return after

    def end_values(self, position: int, tracks: Sequence[NazgulTrack]) -> np.ndarray:
        """For each end of the place's turn and each track: (worth apart from coming back,
        chance of coming back to the same state, reached Mordor this turn)."""
        graph = turn_graph(self.kind(position))
        ends = np.array([self._ends(position, track, graph.outcomes) for track in tracks])
        return ends.transpose(1, 0, 2)[graph.outcome_of_end]

    def _ends(
        self, position: int, track: NazgulTrack, outcomes: Sequence[tuple[int, int, int]]
    ) -> list[tuple[float, float, float]]:
        """Each (steps, Gandalfs, marks) end for one track. Rules: Гэндальф (splits first,
        as many as there are empty squares), Выбывание из игры (the last division marked),
        Цель игры (Mordor reached); else the state the turn and the other players' turns
        leave you in (worked out once per track, splits and marks, whatever the steps)."""
        open_divisions, splittable = self._shape(track)
        room = self.setup.hobbit_steps - position
        values = self.values
        after_turns = self._after_turns
        result = []
        for steps, gandalfs, marks in outcomes:
            splits = min(gandalfs, splittable)
            if marks >= open_divisions + splits:
                result.append((0.0, 0.0, 0.0))
                continue
            if steps == room:
                result.append((1.0, 0.0, 1.0))
                continue
            key = (track, splits, marks)
            after = after_turns.get(key)
            if after is None:
                after = after_turns[key] = self._after_turn(track, splits, marks)
            known = back = 0.0
            place = position + steps
            for chance, moved, same, alive in after:
                if steps == 0 and same:
                    back += chance
                elif alive:
                    known += chance * values[(place, moved)]
            result.append((known, back, 0.0))
        return result

    def _shape(self, track: NazgulTrack) -> tuple[int, int]:
        """A track's open divisions and empty squares (memoised: asked for at every end)."""
        shape = self._shapes.get(track)
        if shape is None:
            shape = self._shapes[track] = (track.open_divisions, len(track.splittable))
        return shape

    def _solve(self, position: int, tracks: list[NazgulTrack]) -> None:
        """Solve a batch of tracks at one place: Newton's method on the convex, decreasing
        ``T(x) − x`` (``T(x)``: the value of the turn when coming back is worth ``x``; its
        slope ``r`` the chance of coming back under the best keeps for ``x``, first from a
        second column whose guess is ``SLOPE_STEP`` higher, then from the last two rounds):
        ``x ← (T(x) − r·x) / (1 − r)``, kept within ``[0, CEILING]``. From below it climbs to
        the state's chance; from above it steps down to it (``r ≤ 1``), so it cannot settle
        on the other root ``T(1) = 1`` that a turn which may always come back has. Only the
        first round computes every position; the next ones only those that may still end the
        turn where it began (the others change neither with ``x`` nor come back)."""
        graph = turn_graph(self.kind(position))
        ends = self.end_values(position, tracks)
        known, back = ends[..., 0], ends[..., 1]
        start = graph.start
        guess = np.array([min(self._first_guess(position, t), CEILING) for t in tracks])
        batch = len(tracks)
        columns = np.concatenate([known + back * guess, known + back * (guess + SLOPE_STEP)], 1)
        values = graph.solve(columns)[0]
        previous = (values[:, :batch], graph.loop_rows(tracks))
        value = values[start, :batch]
        stay = (values[start, batch:] - value) / SLOPE_STEP
        converged = False
        for _ in range(MAX_ROUNDS):
            newton = (value - stay * guess) / np.where(stay < 1, 1 - stay, 1)
            better = np.where(stay < 1, np.clip(newton, 0.0, CEILING), 0.0)
            step = better - guess
            if np.all(np.abs(step) <= CONVERGED):
                guess, converged = better, True
                break
            values = graph.solve(known + back * better, previous=previous)[0]
            previous = (values, previous[1])
            moved = np.abs(step) > SECANT_STEP
            stay = np.where(moved, (values[start] - value) / np.where(moved, step, 1), stay)
            guess, value = better, values[start]
        if not converged or np.any(stay > LIKELY_BACK):
            guess = self._by_sums(graph, known, back, guess, previous)
        for j, track in enumerate(tracks):
            self.values[(position, track)] = float(guess[j])

    @staticmethod
    def _by_sums(
        graph: TurnGraph,
        known: np.ndarray,
        back: np.ndarray,
        guess: np.ndarray,
        previous: tuple[np.ndarray, int],
    ) -> np.ndarray:
        """The chances again when a turn likely comes back: ``T(x) − x`` is then below the
        rounding of ``T(x)``. Policy iteration (Dinkelbach) from Newton's guess: the keeps
        best for ``x``, their chance as (worth apart from coming back) / (chance of leaving),
        each a sum of chances, the next ``x``, until it stops growing. The positions that
        cannot come back keep their worth and leave for sure."""
        batch = len(guess)
        start = graph.start
        kept = previous[0]
        ready = (np.concatenate([kept, kept, np.ones_like(kept)], 1), previous[1])
        best = np.full(batch, -1.0)
        for _ in range(MAX_ROUNDS):
            columns = np.concatenate([known + back * guess, known, 1 - back], 1)
            values = graph.solve(columns, carry=batch, previous=ready)[0]
            gain, leave = values[start, batch : 2 * batch], values[start, 2 * batch :]
            value = np.where(leave > 0, gain / np.where(leave > 0, leave, 1), 0.0)
            if np.all(value <= best + EPSILON):
                break
            best = guess = np.maximum(best, value)
            ready = (values, previous[1])
        return best

    def _first_guess(self, position: int, track: NazgulTrack) -> float:
        """A close guess of a state's value, so that Newton's method needs fewer rounds: the
        same track one place further, corrected by what that place is worth to the track
        with one more split; else the nearest state solved already."""
        values = self.values
        split = unmarked_part(track.split(track.splittable[0])) if track.splittable else None
        further = values.get((position + 1, track))
        if split is not None and further is not None:
            here, there = values.get((position, split)), values.get((position + 1, split))
            if here is not None and there is not None:
                return min(max(further + here - there, 0.0), 1.0)
        for state in ((position, split), (position + 1, track), (position, track.mark())):
            if state in values:
                return values[state]
        return 0.5

    def this_turn(self, position: int, track: NazgulTrack) -> float:
        """The chance to reach Mordor this very turn, under the best keeps for the journey."""
        track = unmarked_part(track)
        value = self.value(position, track)
        graph = turn_graph(self.kind(position))
        ends = self.end_values(position, [track])[:, 0]
        columns = np.stack([ends[:, 0] + ends[:, 1] * value, ends[:, 2]], 1)
        values = graph.solve(columns, carry=1)[0]
        return float(values[graph.start, 1])

    def keep_values(
        self,
        position: int,
        track: NazgulTrack,
        kept: Delta,
        deltas: Sequence[Delta],
        rerolled: bool,
    ) -> tuple[list[float], float | None]:
        """The chance to reach Mordor after each keep (given as its effect) of the roll in
        hand, the dice kept earlier this turn having the effect ``kept``; in Rohan, the
        chance after re-rolling the whole roll (None where that is not allowed)."""
        track = unmarked_part(track)
        value = self.value(position, track)
        kind = self.kind(position)
        after = make_after(kind.context())
        now = after(kind.dice, (0, 0, 0, 0), kept)
        positions = [after(*now, delta) for delta in deltas]
        graph = TurnGraph(kind, [now, *positions])
        # the place's whole-turn graph orders its ends; this part of the turn reaches fewer
        whole_turn = {end: row for row, end in enumerate(turn_graph(kind).ends)}
        ends = self.end_values(position, [track])[[whole_turn[end] for end in graph.ends], 0]
        values, no_reroll = graph.solve((ends[:, 0] + ends[:, 1] * value)[:, None])
        if kind.turn.reroll_once_a_turn and rerolled:  # no re-roll left for the rest
            values = no_reroll
        chances = [float(values[graph.index(*p), 0]) for p in positions]
        reroll = None
        if kind.turn.may_reroll and not rerolled:
            reroll = float(no_reroll[graph.index(*now), 0])
        return chances, reroll


@lru_cache(maxsize=16)
def whole_journey(
    setup: GameSetup,
    advanced: bool,
    dice: Dice,
    company: Company,
    readings: PlaceReadings = PlaceReadings(),  # noqa: B008 (frozen)
) -> WholeJourney:
    """One solver per setup, company and readings: the states it has solved serve later
    questions."""
    return WholeJourney(setup, advanced, dice, company, readings)


def _float_solver(
    question: TurnQuestion, other_mark_chance: Fraction
) -> tuple[WholeJourney | None, NazgulTrack]:
    """The question checked; the float solver of its journey and its unmarked track, or no
    solver when the journey passes through at most :data:`EXACT_STATES` states (exact)."""
    check_journey(question, other_mark_chance)
    track = unmarked_part(question.track)
    solver = _solver(question, other_mark_chance)
    if len(solver.states_from(question.position, track)) <= EXACT_STATES:
        return None, track
    return solver, track


def reach_chance(question: TurnQuestion, other_mark_chance: Fraction) -> Fraction | float:
    """Only the chance of :func:`journey_chance` (what an answer shows under another reading):
    a float journey's without the rest of its answer; an exact one's from its whole answer."""
    solver, track = _float_solver(question, other_mark_chance)
    if solver is None:
        return journey_odds(question, other_mark_chance, max_new_states=None).reach_mordor
    return solver.value(question.position, track)


def journey_chance(question: TurnQuestion, other_mark_chance: Fraction) -> JourneyOdds:
    """The chance to reach Mordor over the whole journey, best play: exact fractions when the
    journey passes through at most :data:`EXACT_STATES` states, else floats within
    :data:`STATED_ERROR` (stated in the answer, code ``journey_precision``)."""
    solver, track = _float_solver(question, other_mark_chance)
    if solver is None:
        return journey_odds(question, other_mark_chance, max_new_states=None)
    value = solver.value(question.position, track)
    policy = Reason(
        N_(
            "Gandalf splits the leftmost empty squares before the Nazgûl mark (never worse). "
            "The whole journey is computed in floating point: the chances given are within "
            "%(error)s of the exact ones (the tests compare them with the exact calculation "
            "on small games, the last places and the journey from Bag End); a journey through "
            "at most %(states)s game states is computed exactly."
        ),
        params={"error": "10⁻⁹", "states": EXACT_STATES},
        code="journey_precision",
    )
    return JourneyOdds(
        reach_mordor=value,
        this_turn=solver.this_turn(question.position, track),
        states=len(solver.values),
        other_mark_chance=other_mark_chance,
        precision=STATED_ERROR,
        **journey_envelope(question, other_mark_chance, policy),
    )


def _solver(question: TurnQuestion, other_mark_chance: Fraction) -> WholeJourney:
    company = Company(len(question.other_colors), other_mark_chance)
    dice = turn_context(question).dice
    return whole_journey(question.setup, question.advanced, dice, company, question.readings)


def journey_keeps(
    question: TurnQuestion,
    other_mark_chance: Fraction,
    rolled: Sequence[Die],
    kept_before: Sequence[Die] = (),
    *,
    rerolled: bool = False,
) -> RollAdvice:
    """Every legal keep of the roll in hand ranked by the chance to reach Mordor over the
    whole journey after it (floats within :data:`STATED_ERROR`); in Rohan, the chance after
    re-rolling the whole roll."""
    check_journey(question, other_mark_chance)
    check_roll(rolled, kept_before)
    turn = turn_context(question).turn
    effects = dice_effects(turn)
    others = question.other_colors
    keeps = legal_keeps(rolled, turn)
    deltas = [keep_effect(counted_dice([rolled[i] for i in k], others), effects) for k in keeps]
    chances, reroll = _solver(question, other_mark_chance).keep_values(
        question.position,
        question.track,
        keep_effect(counted_dice(kept_before, others), effects),
        deltas,
        rerolled,
    )
    ranked = sorted(
        (KeepAdvice(k, c) for k, c in zip(keeps, chances, strict=True)), key=lambda a: -a.value
    )
    return RollAdvice(tuple(ranked), reroll)
