"""The chance to reach Mordor before the Nazgûl catch you, over the whole journey.

Backward induction over the states between two of your turns, (steps made on the hobbit track,
your Nazgûl track): a state's value is the chance, under the best play for this goal, of ending
one of your turns in Mordor not eliminated (rules: Цель игры, Выбывание из игры, Конец игры).
Inside a turn the keeps are chosen by the dynamic programme of :mod:`odds` whose terminal
value is the value of the state the turn ends in; the chance that flows to each end of the
turn is then summed exactly. A turn that changes nothing (no step, no mark, no split) returns
to the same state: that state's value is the fixed point ``V = A + r·V``, solved exactly as
``A / (1 − r)`` and improved policy by policy (Dinkelbach) until it no longer grows.

Solitaire view: your own turns are played out; the other players' turns are not, except that
each of them may mark you once with your colour's Nazgûl with a stated chance (default 0).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from math import log10
from sys import get_int_max_str_digits

from adjudicator.games.common import (
    N_,
    Answer,
    InvalidInput,
    Message,
    Reason,
    binomial,
    loop_closure,
    unique_citations,
)
from adjudicator.games.mordor import citations as rules
from adjudicator.games.mordor.dice import (
    SPEC_KEPT,
    Acc,
    Delta,
    Dice,
    Keep,
    Roll,
    keep_effect,
    keep_options,
    roll_distribution,
)
from adjudicator.games.mordor.keep import place_readings
from adjudicator.games.mordor.model import HOBBIT_COLORS, TurnRules, location_at, turn_rules
from adjudicator.games.mordor.odds import TurnContext, TurnQuestion, TurnSolver, turn_context
from adjudicator.games.mordor.track import NazgulTrack, Square

FULL = (Square.MARKED, Square.SPLIT_MARKED)

#: Policy improvements per state before giving up (two or three suffice in practice).
MAX_POLICY_ROUNDS = 12

#: New states one question may solve (about 0.1 s of CPU each): enough for the last places of
#: the track, where a page answers in seconds; states solved stay cached for later questions.
MAX_NEW_STATES = 32


class JourneyTooLong(InvalidInput):
    """The whole-journey chance from this state needs more work than one request may do."""


@dataclass(frozen=True, order=True)
class TurnEnd:
    """How a turn ends for you: steps, Gandalf splits that acted, marks on you, out or not."""

    steps: int
    splits: int
    marks: int
    eliminated: bool


@dataclass(frozen=True)
class JourneyContext(TurnContext):
    """A turn whose end is valued by the state it leads to: marks and splits always matter."""

    def value_key(self, dice: Dice, acc: Acc) -> tuple[Dice, Acc]:
        return dice, acc

    def outcome(self, acc: Acc) -> TurnEnd:
        """Rules: Кольцо, Орк, Воин, Гэндальф (splits first, capped by the empty squares)."""
        rings, balance, splits, marks = acc
        acting = 0 if balance > 0 else rings
        steps = min(max(acting - self.turn.rings_lost, 0), self.room)
        return TurnEnd(steps, splits, marks, marks >= self.open_divisions + splits)


def _dominates(better: Delta, worse: Delta) -> bool:
    """Same dice, stop, rings and orc balance, yet no fewer splits and no more marks.

    Unlike one turn's goals, being further along is not always better over a journey (the
    places differ), so keeps are compared only on what is never worse: splits and marks.
    """
    return (
        better != worse
        and better[:5] == worse[:5]
        and better[7] == worse[7]
        and better[5] >= worse[5]
        and better[6] <= worse[6]
    )


@cache
def _effects(turn: TurnRules) -> dict[Keep, Delta]:
    """The effects of the keeps met so far under these rules (filled by :func:`_moves`; the
    readings of which keeps Rivendell allows share them: a keep does the same under each)."""
    return {}


@cache
def _moves(roll: Roll, turn: TurnRules) -> tuple[Delta, ...]:
    groups: dict[tuple, set[Delta]] = {}
    # looked up by keep alone: hashing the rules each time costs
    effects = _effects(replace(turn, one_nazgul=False, tree_one_each=False))
    for keep in keep_options(roll, turn.duplicates_allowed, turn.one_nazgul, turn.tree_one_each):
        delta = effects.get(keep)
        if delta is None:
            delta = effects[keep] = keep_effect(keep, turn)
        groups.setdefault((*delta[:5], delta[7]), set()).add(delta)
    moves: list[Delta] = []
    for group in groups.values():
        if len(group) == 1:
            moves.extend(group)
        else:
            moves.extend(d for d in group if not any(_dominates(o, d) for o in group))
    return tuple(sorted(moves))


@lru_cache(maxsize=4 * SPEC_KEPT)
def _grouped_moves(spec, dice: Dice, turn: TurnRules) -> tuple[tuple, tuple[Delta, ...]]:
    """The rolls of ``dice`` grouped by the keeps they offer (each group's keeps and total
    weight), and every distinct keep effect among them."""
    groups: dict[tuple[Delta, ...], int] = {}
    for roll, weight in roll_distribution(spec, dice):
        if not turn.duplicates_allowed:  # one die of each face: only which faces show matters
            roll = tuple(sorted({(cls, face, 1) for cls, face, _ in roll}))
        moves = _moves(roll, turn)
        groups[moves] = groups.get(moves, 0) + weight
    distinct = tuple(dict.fromkeys(d for moves in groups for d in moves))
    return tuple(groups.items()), distinct


@dataclass
class SharedRounds:
    """What the policy rounds of one state share: per position, the positions each distinct
    keep leads to and each group of rolls' keeps (as indices); per final accumulator, its
    end; and the values, best keeps and flows of the positions that can no longer end the
    turn in the state's own loop (they do not depend on the guess of the state's value)."""

    loop_ends: tuple[tuple[int, int], ...]  # (splits, marks) of the ends leading back here
    moves: dict = field(default_factory=dict)
    ends: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    best: dict = field(default_factory=dict)
    flows: dict = field(default_factory=dict)

    def steady(self, acc: Acc) -> bool:
        """Gandalfs and marks only grow in a turn: past every loop end's, it is out of reach."""
        return all(acc[2] > splits or acc[3] > marks for splits, marks in self.loop_ends)


class PlannedTurn(TurnSolver):
    """One turn played to maximise the value of the state it ends in (``worth`` of each
    :class:`TurnEnd`, a float used only to choose keeps; the chances are exact)."""

    def __init__(self, context: JourneyContext, worth: dict[TurnEnd, float], shared: SharedRounds):
        super().__init__(context)
        self.end_worth = worth
        self.shared = shared

    def _moves_from(self, dice: Dice, acc: Acc) -> tuple:
        moves = self.shared.moves.get((dice, acc))
        if moves is None:
            groups, distinct = _grouped_moves(self.context.spec, dice, self.effects)
            index = {delta: i for i, delta in enumerate(distinct)}
            moves = self.shared.moves[(dice, acc)] = (
                distinct,
                tuple(self.after(dice, acc, delta) for delta in distinct),
                tuple((tuple(index[d] for d in deltas), weight) for deltas, weight in groups),
            )
        return moves

    def choices(self, dice: Dice, acc: Acc, fresh: bool = True) -> list[tuple[float, Delta, int]]:
        """For each group of rolls: the best keep's worth, the keep, the group's weight
        (``fresh``: Rohan's re-roll is there for the next roll)."""
        memo = self.shared.best if self.shared.steady(acc) else self._best
        choices = memo.get((dice, acc, fresh))
        if choices is None:
            distinct, nexts, groups = self._moves_from(dice, acc)
            value = self.value
            worths = [value(*position, fresh) for position in nexts]
            best = worths.__getitem__
            choices = []
            for indices, weight in groups:
                i = max(indices, key=best)
                choices.append((worths[i], distinct[i], weight))
            memo[(dice, acc, fresh)] = choices
        return choices

    def value(self, dice: Dice, acc: Acc, may_reroll: bool = True) -> float:
        if not (dice[0] or dice[1] or dice[2]):
            end = self.shared.ends.get(acc)
            if end is None:
                end = self.shared.ends[acc] = self.context.outcome(acc)
            return self.end_worth[end]
        may_reroll = may_reroll and self.context.turn.may_reroll
        key = (dice, acc, may_reroll)
        memo = self.shared.values if self.shared.steady(acc) else self._values
        value = memo.get(key)
        if value is None:
            choices = self.choices(dice, acc, self.fresh(may_reroll))
            denominator = self.base ** sum(dice)
            if may_reroll:
                kept = self.value(dice, acc, may_reroll=False)
                value = sum(w * max(v, kept) for v, _, w in choices) / denominator
            else:
                value = sum(w * v for v, _, w in choices) / denominator
            memo[key] = value
        return value

    def _flow(self, chooser, dice, acc, may_reroll) -> tuple[int, tuple[tuple[Delta, int], ...]]:
        """Where the next roll leads under the best keeps: the weight re-rolled whole
        (Rohan, when the best keep is worth less than a fresh roll) and each keep's weight."""
        reroll = may_reroll and self.context.turn.may_reroll
        key = (reroll, dice, acc)
        memo = self.shared.flows if self.shared.steady(acc) else self._flows
        if key not in memo:
            threshold = self.value(dice, acc, may_reroll=False) if reroll else None
            rerolled = 0
            flows: dict[Delta, int] = {}
            for value, delta, weight in self.choices(dice, acc, self.fresh(reroll)):
                if threshold is not None and value < threshold:
                    rerolled += weight
                else:
                    flows[delta] = flows.get(delta, 0) + weight
            memo[key] = (rerolled, tuple(flows.items()))
        return memo[key]


@dataclass(frozen=True, kw_only=True)
class JourneyOdds(Answer):
    """The chance to reach Mordor not eliminated, under the best play for it: exact
    fractions, or floats within ``precision`` of the exact chance (``whole_journey``)."""

    reach_mordor: Fraction | float
    this_turn: Fraction | float
    states: int
    other_mark_chance: Fraction
    precision: float = 0.0


class JourneySolver:
    """Values of every state reachable from a start, for one setup and company (memoised)."""

    def __init__(self, question: TurnQuestion, other_mark_chance: Fraction):
        self.question = question
        self.others = len(question.other_colors)
        self.others_marks = binomial(self.others, other_mark_chance)
        self.dice = turn_context(question).dice
        self.values: dict[tuple[int, NazgulTrack], Fraction] = {}
        self.reach_now: dict[tuple[int, NazgulTrack], Fraction] = {}
        #: The last state's value: a close first guess of the next one's (fewer rounds).
        self.last_value = 0.0
        #: States this question may still solve (None: no limit), out of ``budget_limit``;
        #: counted when solved, so a refused question still keeps the states it finished.
        self.budget: int | None = None
        self.budget_limit: int | None = None

    def context(self, position: int, track: NazgulTrack) -> JourneyContext:
        setup = self.question.setup
        return JourneyContext(
            turn=turn_rules(
                location_at(position, setup), self.question.advanced, self.question.readings
            ),
            spec=setup.dice,
            dice=self.dice,
            room=setup.hobbit_steps - position,
            open_divisions=track.open_divisions,
            splittable=len(track.splittable),
            goal="journey",
        )

    def after_others(self, position: int, track: NazgulTrack) -> Iterator[tuple[Fraction, tuple]]:
        """The states the other players' turns may leave you in, with their chances."""
        for marks, chance in enumerate(self.others_marks):
            if chance:
                marked = track
                for _ in range(marks):
                    marked = marked.mark()
                yield chance, (position, unmarked_part(marked))

    def value(self, position: int, track: NazgulTrack) -> Fraction:
        """The chance to reach Mordor from here (start of your turn), best play."""
        track = unmarked_part(track)
        state = (position, track)
        if track.eliminated:
            return Fraction(0)
        if state not in self.values:
            if self.budget is not None and self.budget <= 0:
                raise JourneyTooLong(
                    [
                        (
                            "horizon",
                            Message(
                                N_(
                                    "the whole-journey chance from here needs more than "
                                    "%(limit)s game states solved exactly, too many for one "
                                    "request: ask from a later place or with more Nazgûl "
                                    "squares marked (solved states are kept, so asking "
                                    "again goes further)"
                                ),
                                limit=self.budget_limit,
                            ),
                        )
                    ]
                )
            self.values[state] = self._solve(position, track)
            if self.budget is not None:
                self.budget -= 1
        return self.values[state]

    def _solve(self, position: int, track: NazgulTrack) -> Fraction:
        context = self.context(position, track)
        ends = _possible_ends(context, len(track.splittable))
        known: dict[TurnEnd, Fraction] = {}  # exact worth of each end, the loop left out
        loop: dict[TurnEnd, Fraction] = {}  # chance of coming back to this very state
        for end in ends:
            known[end], loop[end] = self._end_worth(position, track, context.room, end)
        best, guess, exact_now = Fraction(-1), self.last_value, Fraction(0)
        shared = SharedRounds(tuple((e.splits, e.marks) for e in ends if loop[e]))
        for _ in range(MAX_POLICY_ROUNDS):
            worth = {end: float(known[end]) + float(loop[end]) * guess for end in ends}
            distribution = PlannedTurn(context, worth, shared).distribution(None)
            stay = sum((p * loop[e] for e, p in distribution.items()), Fraction(0))
            gain = sum((p * known[e] for e, p in distribution.items()), Fraction(0))
            closure = loop_closure(stay)  # the turns that bring you back here, summed
            value = Fraction(0) if closure is None else gain * closure
            if value <= best:
                break
            converged = float(value) == guess
            best, guess = value, float(value)
            exact_now = sum(
                (
                    p
                    for e, p in distribution.items()
                    if e.steps == context.room and not e.eliminated
                ),
                Fraction(0),
            )
            if converged:
                break
        self.reach_now[(position, track)] = exact_now
        self.last_value = float(best)
        return best

    def _end_worth(
        self, position: int, track: NazgulTrack, room: int, end: TurnEnd
    ) -> tuple[Fraction, Fraction]:
        """What ending a turn so is worth, apart from the chance of being back here."""
        if end.eliminated:
            return Fraction(0), Fraction(0)
        if end.steps == room:
            return Fraction(1), Fraction(0)
        after = track
        for _ in range(end.splits):
            after = after.split(after.splittable[0])
        for _ in range(end.marks):
            after = after.mark()
        known, loop = Fraction(0), Fraction(0)
        for chance, (place, marked) in self.after_others(position + end.steps, after):
            # ``track`` is already its unmarked part, so an unchanged state compares equal
            if (place, marked) == (position, track):
                loop += chance
            else:
                known += chance * self.value(place, marked)
        return known, loop


def unmarked_part(track: NazgulTrack) -> NazgulTrack:
    """The squares not yet fully marked: all that matters for the rest of the journey."""
    squares = track.squares
    start = 0
    while start < len(squares) and squares[start] in FULL:
        start += 1
    return NazgulTrack(squares[start:])


def _possible_ends(context: TurnContext, splittable: int) -> tuple[TurnEnd, ...]:
    """Every way a turn could end: at most five dice between rings, Gandalfs and Nazgûl."""
    ends = []
    for steps in range(context.room + 1):
        for splits in range(min(splittable, 5) + 1):
            for marks in range(6 - splits):
                if steps + splits + marks <= 5:
                    eliminated = marks >= context.open_divisions + splits
                    ends.append(TurnEnd(steps, splits, marks, eliminated))
    return tuple(ends)


def _at(question: TurnQuestion, position: int, track: NazgulTrack) -> TurnQuestion:
    return TurnQuestion(
        position,
        track,
        question.player_color,
        question.other_colors,
        question.advanced,
        "reach_mordor",
        question.setup,
        question.readings,
    )


def _anyone(question: TurnQuestion) -> TurnQuestion:
    """The question at the start, for the first hobbit colours: only how many others play
    matters (their dice's Nazgûl do not mark you), so all colourings share one solver."""
    others = len(question.other_colors)
    first, *rest = HOBBIT_COLORS
    start = NazgulTrack.fresh(question.setup.nazgul_squares)
    return _at(replace(question, player_color=first, other_colors=tuple(rest[:others])), 0, start)


@lru_cache(maxsize=8)
def solver_for(question: TurnQuestion, other_mark_chance: Fraction) -> JourneySolver:
    """One solver per setup and company: the states it has solved serve later questions."""
    return JourneySolver(question, other_mark_chance)


def _check_printable(value: Fraction) -> None:
    """Refuse an exact chance too long to print (Python's limit on the digits of an integer
    written in decimal): the answer gives the fraction in full or not at all."""
    limit = get_int_max_str_digits()
    bits = max(value.numerator.bit_length(), value.denominator.bit_length())
    if limit and bits * log10(2) >= limit - 1:
        raise JourneyTooLong(
            [
                (
                    "horizon",
                    Message(
                        N_(
                            "the exact whole-journey chance from here has too many digits to "
                            "give in full (the limit is about %(limit)s): ask from a later "
                            "place or with more Nazgûl squares marked"
                        ),
                        limit=limit,
                    ),
                )
            ]
        )


def check_journey(question: TurnQuestion, other_mark_chance: Fraction) -> None:
    """Refuse a whole-journey question no game could ask."""
    turn_context(question)  # validates the question
    if not 0 <= other_mark_chance <= 1:
        raise InvalidInput([("other_mark_chance", Message(N_("a chance between 0 and 1")))])
    if other_mark_chance and not question.other_colors:
        raise InvalidInput([("other_mark_chance", Message(N_("no other players to mark you")))])


def journey_envelope(
    question: TurnQuestion, other_mark_chance: Fraction, policy: Reason
) -> dict[str, tuple]:
    """The rules a whole-journey answer cites and the assumptions it states (``policy``: how
    the keeps were chosen and how exact the chance is)."""
    return {
        "citations": unique_citations(
            [
                *(rules.TURN, rules.ROLLING, rules.RING, rules.ORC, rules.WARRIOR),
                *(rules.NAZGUL, rules.GANDALF, rules.WHITE_TREE, rules.ELIMINATION),
                rules.GAME_END,
            ]
        ),
        "assumptions": (
            *question.setup.assumptions(),
            *dict.fromkeys(  # the readings of every place still ahead
                reading
                for position in range(question.position, question.setup.hobbit_steps)
                for reading in place_readings(
                    turn_rules(
                        location_at(position, question.setup),
                        question.advanced,
                        question.readings,
                    )
                )
            ),
            Reason(
                N_(
                    "Solitaire view: only your own turns are played out. Each other player's "
                    "turn marks you once with your colour's Nazgûl with the chance you give "
                    "(here %(chance)s); the other players stay in the game, and a game ended "
                    "by another hobbit reaching Mordor first is not considered."
                ),
                params={"chance": str(other_mark_chance)},
                code="solitaire",
            ),
            Reason(
                N_(
                    "Success is ending one of your turns in Mordor not eliminated; marks "
                    "during the rest of that round are not counted."
                ),
                code="success",
            ),
            policy,
        ),
    }


def journey_odds(
    question: TurnQuestion,
    other_mark_chance: Fraction = Fraction(0),
    max_new_states: int | None = MAX_NEW_STATES,
) -> JourneyOdds:
    """P(ending one of your turns in Mordor, not eliminated), best play for that goal.

    Raises :class:`JourneyTooLong` when more than ``max_new_states`` states not yet cached
    would have to be solved (None: no limit).
    """
    check_journey(question, other_mark_chance)
    solver = solver_for(_anyone(question), other_mark_chance)
    solver.budget = solver.budget_limit = max_new_states
    try:
        value = solver.value(question.position, question.track)
    finally:
        solver.budget = None
    _check_printable(value)
    policy = Reason(
        N_(
            "Gandalf splits the leftmost empty squares before the Nazgûl mark (never "
            "worse). Keeps are compared in floating point, so two keeps whose worth "
            "differs by less than about 10⁻¹² may be ranked either way; the chance "
            "is exact for the policy found."
        ),
        code="journey_policy",
    )
    return JourneyOdds(
        reach_mordor=value,
        this_turn=solver.reach_now.get(
            (question.position, unmarked_part(question.track)), Fraction(0)
        ),
        states=len(solver.values),
        other_mark_chance=other_mark_chance,
        **journey_envelope(question, other_mark_chance, policy),
    )
