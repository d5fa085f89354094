"""Exact odds of one turn and the optimal keep policy, by dynamic programming over the dice.

A turn (rules: Броски кубиков) is a sequence of rolls; after each the player keeps at least one
die (one of each face, a rolled Nazgûl compulsory) and re-rolls the rest, until every die is
kept or the White Tree is. What matters at the end is summarised by an *accumulator*: rings,
orc-minus-warrior strength, Gandalfs and Nazgûl marking the active player. The value of a
position (dice left, accumulator) is the expectation over the next roll of the best keep's
value; positions repeat across rolls, so they are memoised. Everything is an exact
:class:`~fractions.Fraction`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from operator import attrgetter

from adjudicator.games.common import (
    N_,
    Answer,
    InvalidInput,
    Message,
    Reason,
    marginal,
    unique_citations,
)
from adjudicator.games.mordor import citations as rules
from adjudicator.games.mordor.dice import (
    OTHER,
    OWN,
    SPEC_KEPT,
    Acc,
    Delta,
    Dice,
    Keep,
    Roll,
    dice_effects,
    face_weights,
    keep_effect,
    keep_options,
    roll_distribution,
)
from adjudicator.games.mordor.keep import place_readings
from adjudicator.games.mordor.model import (
    ADVANCED_HOBBIT_STEPS,
    ADVANCED_STEPS_ONLY,
    BLACK,
    HOBBIT_COLORS,
    DiceSpec,
    Face,
    GameSetup,
    PlaceReadings,
    TurnRules,
    location_at,
    one_of,
    place_readings_of,
    track_length,
    turn_rules,
)
from adjudicator.games.mordor.track import NazgulTrack

GOALS = ("progress", "reach_mordor")
POLICIES = ("optimal", "one_at_a_time", "all_distinct")


@dataclass(frozen=True, order=True)
class TurnOutcome:
    """How a turn ends for the active player."""

    steps: int
    marks: int
    eliminated: bool


@dataclass(frozen=True, kw_only=True)
class TurnOdds(Answer):
    """The exact distribution of one turn under a keep policy, and what it is worth."""

    goal: str
    policy: str
    value: Fraction
    optimal_value: Fraction
    policy_values: dict[str, Fraction]
    outcomes: dict[TurnOutcome, Fraction]
    steps: dict[int, Fraction]
    marks: dict[int, Fraction]
    expected_steps: Fraction
    expected_marks: Fraction
    eliminated: Fraction
    reach_mordor: Fraction
    location: str | None


@dataclass(frozen=True)
class TurnContext:
    """Everything a turn's odds depend on."""

    turn: TurnRules
    spec: DiceSpec
    dice: Dice
    room: int
    open_divisions: int
    splittable: int
    goal: str

    def value_key(self, dice: Dice, acc: Acc) -> tuple[Dice, Acc]:
        """A position as far as its value goes: marks and Gandalfs are forgotten while the
        dice left cannot bring elimination."""
        if acc[3] + sum(dice) < self.open_divisions:
            return dice, (acc[0], acc[1], 0, 0)
        return dice, acc

    def outcome(self, acc: Acc) -> TurnOutcome:
        """Rules: Кольцо, Орк, Воин, Гэндальф (split first), Выбывание из игры."""
        rings, balance, gandalfs, marks = acc
        acting = 0 if balance > 0 else rings
        steps = min(max(acting - self.turn.rings_lost, 0), self.room)
        return TurnOutcome(steps, marks, marks >= self.open_divisions + gandalfs)

    def worth(self, outcome: TurnOutcome) -> int:
        """What the goal counts: steps (0 if eliminated), or 1 for Mordor reached alive."""
        if outcome.eliminated:
            return 0
        if self.goal == "progress":
            return outcome.steps
        return int(outcome.steps == self.room)


Chooser = Callable[[Sequence[Keep]], Keep]


_PREFERRED = {
    face: i
    for i, face in enumerate(
        (Face.RING, Face.WARRIOR, Face.GANDALF, Face.NAZGUL, Face.ORC, Face.WHITE_TREE)
    )
}
_NAZGUL_CLASS = {OTHER: 0, OWN: 1, BLACK: 2}


def _rank(keep: Keep) -> tuple[int, int]:
    """Preference of the simple policies: rings, warriors, Gandalf first; spare the black die."""
    return (
        sum(_PREFERRED[face] * k for _, face, k in keep),
        sum(_NAZGUL_CLASS[c] if f is Face.NAZGUL else c == BLACK for c, f, _ in keep),
    )


def one_at_a_time(options: Sequence[Keep]) -> Keep:
    """Keep a single die per roll: a ring if possible, the White Tree only when forced."""
    singles = [o for o in options if sum(k for *_, k in o) == 1]
    return min(singles, key=_rank)


def all_distinct(options: Sequence[Keep]) -> Keep:
    """Keep as many dice as allowed, the White Tree only when nothing else can be kept."""
    without_tree = [o for o in options if all(f is not Face.WHITE_TREE for _, f, _ in o)]
    pool = without_tree or list(options)
    return min(pool, key=lambda o: (-sum(k for *_, k in o), _rank(o)))


FIXED_POLICIES: dict[str, Chooser] = {
    "one_at_a_time": one_at_a_time,
    "all_distinct": all_distinct,
}


def _dominates(better: Delta, worse: Delta) -> bool:
    """Same dice kept per class and the same stop, yet no worse in any respect (values grow
    with rings and Gandalfs, fall with orc strength and marks): ``worse`` is never needed."""
    return (
        better != worse
        and better[:3] == worse[:3]
        and better[7] == worse[7]
        and better[3] >= worse[3]
        and better[4] <= worse[4]
        and better[5] >= worse[5]
        and better[6] <= worse[6]
    )


def _moves(roll: Roll, turn: TurnRules) -> tuple[tuple[Delta, Keep], ...]:
    """The legal keeps of a roll, one per distinct effect, dominated ones left out.

    One of each face per keep (outside Rivendell): only which faces each class of die shows
    matters, not how many, so rolls showing the same ones share their keeps.
    """
    if not turn.duplicates_allowed:
        roll = tuple(sorted({(cls, face, 1) for cls, face, _ in roll}))
    return _distinct_moves(roll, turn)


@cache
def _distinct_moves(roll: Roll, turn: TurnRules) -> tuple[tuple[Delta, Keep], ...]:
    groups: dict[tuple, dict[Delta, Keep]] = {}
    for keep in keep_options(roll, turn.duplicates_allowed, turn.one_nazgul, turn.tree_one_each):
        delta = keep_effect(keep, turn)
        groups.setdefault((delta[:3], delta[7]), {}).setdefault(delta, keep)
    return tuple(
        (delta, keep)
        for group in groups.values()
        for delta, keep in group.items()
        if not any(_dominates(other, delta) for other in group)
    )


@lru_cache(maxsize=SPEC_KEPT)
def _roll_moves(
    spec: DiceSpec, dice: Dice, turn: TurnRules
) -> tuple[tuple[tuple[Delta, ...], ...], tuple]:
    """For each roll of ``dice``: its keeps' effects; and every distinct effect among them."""
    per_roll = tuple(
        tuple(delta for delta, _ in _moves(roll, turn)) for roll, _ in roll_distribution(spec, dice)
    )
    return per_roll, tuple(dict.fromkeys(d for deltas in per_roll for d in deltas))


@cache
def _fixed_choice(chooser: Chooser, roll: Roll, turn: TurnRules) -> Delta:
    options = keep_options(roll, turn.duplicates_allowed, turn.one_nazgul, turn.tree_one_each)
    return _chosen(chooser, options, turn)


@cache
def _chosen(chooser: Chooser, options: tuple[Keep, ...], turn: TurnRules) -> Delta:
    """The policy's keep among these (rolls showing the same faces offer the same keeps)."""
    return keep_effect(chooser(options), turn)


def make_after(context: TurnContext) -> Callable[[Dice, Acc, Delta], tuple[Dice, Acc]]:
    """The transition after a keep: dice left and accumulator; the White Tree ends rolling.

    The accumulator is put in a canonical form: once the dice left cannot change whether
    orcs block the rings, only that fact is kept (and blocked rings are dropped). A closure
    over the context's constants, because it is the innermost step of every computation.
    """
    warrior, orc = context.turn.warrior_strength, context.turn.orc_strength
    max_rings = context.room + context.turn.rings_lost
    max_gandalfs = context.splittable
    max_marks = context.open_divisions + context.splittable

    def after(dice: Dice, acc: Acc, delta: Delta) -> tuple[Dice, Acc]:
        b, o, t, rings, balance, gandalfs, marks, tree = delta
        left = (0, 0, 0) if tree else (dice[0] - b, dice[1] - o, dice[2] - t)
        n = left[0] + left[1] + left[2]
        balance += acc[1]
        rings = min(acc[0] + rings, max_rings)
        if balance > n * warrior:
            balance, rings = n * warrior + 1, 0
        elif balance < -n * orc:
            balance = -n * orc
        return left, (
            rings,
            balance,
            min(acc[2] + gandalfs, max_gandalfs),
            min(acc[3] + marks, max_marks),
        )

    return after


@lru_cache(maxsize=SPEC_KEPT)
def _fixed_flows(
    chooser: Chooser, spec: DiceSpec, dice: Dice, turn: TurnRules
) -> tuple[tuple[Delta, int], ...]:
    """A fixed policy's keeps from ``dice``, each with the weight of the rolls choosing it
    (a fixed policy looks only at the roll, so this holds for every accumulator)."""
    flows: dict[Delta, int] = {}
    for roll, w in roll_distribution(spec, dice):
        delta = _fixed_choice(chooser, roll, turn)
        flows[delta] = flows.get(delta, 0) + w
    return tuple(flows.items())


class TurnSolver:
    """Memoised values, best keeps and distributions of one turn in one context.

    Values are integers over one common denominator ``scale`` (``base`` to the power of the
    most dice a turn can roll, re-rolls included), so every division below is exact.
    """

    def __init__(self, context: TurnContext):
        self.context = context
        self.base, _ = face_weights(context.spec)
        self.effects = dice_effects(context.turn)
        self.after = make_after(context)
        self._flows: dict[tuple, tuple[int, tuple[tuple[Delta, int], ...]]] = {}
        total = sum(context.dice)
        self.scale = self.base ** (total * (total + 1))
        self._values: dict[tuple, int] = {}
        self._best: dict[tuple[Dice, Acc], list[tuple[int, Delta]]] = {}

    def best(self, dice: Dice, acc: Acc, fresh: bool = True) -> list[tuple[int, Delta]]:
        """For each roll of the dice left (in roll order): the best keep's effect and value
        (``fresh``: Rohan's re-roll is there for the next roll).

        Many rolls offer the same keeps, so each distinct keep is valued once per position.
        """
        key = (*self.context.value_key(dice, acc), fresh)
        choices = self._best.get(key)
        if choices is None:
            per_roll, distinct = _roll_moves(self.context.spec, dice, self.effects)
            after, value = self.after, self.value
            worths = {delta: value(*after(dice, acc, delta), fresh) for delta in distinct}
            choices = []
            for deltas in per_roll:
                delta = max(deltas, key=worths.__getitem__)
                choices.append((worths[delta], delta))
            self._best[key] = choices
        return choices

    def fresh(self, may_reroll: bool) -> bool:
        """Whether the roll after a keep may be re-rolled (Rohan): always under the reading
        ``each_roll``; under ``once_a_turn`` only while the turn's re-roll is unused."""
        return may_reroll or not self.context.turn.reroll_once_a_turn

    def value(self, dice: Dice, acc: Acc, may_reroll: bool = True) -> int:
        """The optimal expected worth from here, times ``scale`` (Rohan: a roll may be
        re-rolled whole once; ``may_reroll`` False: this roll may not)."""
        if not (dice[0] or dice[1] or dice[2]):
            return self.context.worth(self.context.outcome(acc)) * self.scale
        may_reroll = may_reroll and self.context.turn.may_reroll
        key = (*self.context.value_key(dice, acc), may_reroll)
        value = self._values.get(key)
        if value is None:
            weights = [w for _, w in roll_distribution(self.context.spec, dice)]
            values = [v for v, _ in self.best(dice, acc, self.fresh(may_reroll))]
            denominator = self.base ** sum(dice)
            if may_reroll:
                kept = self.value(dice, acc, may_reroll=False)
                value = (
                    sum(w * max(v, kept) for w, v in zip(weights, values, strict=True))
                    // denominator
                )
            else:
                value = sum(w * v for w, v in zip(weights, values, strict=True)) // denominator
            self._values[key] = value
        return value

    def policy_value(self, chooser: Chooser, dice: Dice | None = None, acc: Acc = (0, 0, 0, 0)):
        """The expected worth of a fixed policy (which never re-rolls in Rohan), times
        ``scale``."""
        dice = self.context.dice if dice is None else dice
        if not (dice[0] or dice[1] or dice[2]):
            return self.context.worth(self.context.outcome(acc)) * self.scale
        key = (chooser, *self.context.value_key(dice, acc))
        value = self._values.get(key)
        if value is None:
            flows = _fixed_flows(chooser, self.context.spec, dice, self.effects)
            total = sum(w * self.policy_value(chooser, *self.after(dice, acc, d)) for d, w in flows)
            value = self._values[key] = total // self.base ** sum(dice)
        return value

    def optimal_value(self) -> Fraction:
        return Fraction(self.value(self.context.dice, (0, 0, 0, 0)), self.scale)

    def distribution(self, chooser: Chooser | None) -> dict[TurnOutcome, Fraction]:
        """The exact distribution of outcomes under a policy (``None``: the optimal one).

        Chances flow forward roll by roll; positions are grouped by dice left, a roll about to
        be re-rolled (Rohan) before the same position without that option.
        """
        start = (self.context.dice, (0, 0, 0, 0), True)
        layers: dict[int, Counter] = {sum(self.context.dice): Counter({start: self.scale})}
        for total in range(sum(self.context.dice), 0, -1):
            layer = layers.pop(total, Counter())
            for may_reroll in (True, False):
                for (dice, acc, flag), weight in list(layer.items()):
                    if flag is may_reroll:
                        self._spread(chooser, dice, acc, may_reroll, weight, layer, layers)
        result: Counter = Counter()
        for (_, acc, _), weight in layers.pop(0, Counter()).items():
            result[self.context.outcome(acc)] += Fraction(weight, self.scale)
        return dict(result)

    def _spread(self, chooser, dice, acc, may_reroll, weight, layer, layers) -> None:
        """Push a position's chance onto the positions after its next roll."""
        rerolled, flows = self._flow(chooser, dice, acc, may_reroll)
        denominator = self.base ** sum(dice)
        if rerolled:
            layer[(dice, acc, False)] += weight * rerolled // denominator
        fresh = self.fresh(may_reroll and self.context.turn.may_reroll)
        for delta, w in flows:
            left, new_acc = self.after(dice, acc, delta)
            bucket = layers.get(sum(left))
            if bucket is None:
                bucket = layers[sum(left)] = Counter()
            bucket[(left, new_acc, fresh)] += weight * w // denominator

    def _flow(self, chooser, dice, acc, may_reroll) -> tuple[int, tuple[tuple[Delta, int], ...]]:
        """Where a position's next roll leads under a policy: the weight re-rolled whole
        (Rohan), and the weight of each keep chosen, summed over the rolls choosing it."""
        if chooser is not None:
            return 0, _fixed_flows(chooser, self.context.spec, dice, self.effects)
        reroll = may_reroll and self.context.turn.may_reroll
        key = (reroll, *self.context.value_key(dice, acc))
        if key not in self._flows:
            threshold = self.value(dice, acc, may_reroll=False) if reroll else None
            rolls = roll_distribution(self.context.spec, dice)
            rerolled = 0
            flows: dict[Delta, int] = {}
            best = self.best(dice, acc, self.fresh(reroll))
            for (_, w), (best_value, delta) in zip(rolls, best, strict=True):
                if threshold is not None and best_value < threshold:
                    rerolled += w
                    continue
                flows[delta] = flows.get(delta, 0) + w
            self._flows[key] = (rerolled, tuple(flows.items()))
        return self._flows[key]

    def worth(self, distribution: dict[TurnOutcome, Fraction]) -> Fraction:
        return sum((p * self.context.worth(o) for o, p in distribution.items()), Fraction(0))


@dataclass(frozen=True)
class TurnQuestion:
    """Whose turn, where: the place (steps from Bag End), the Nazgûl track, the active player's
    colour and the other players' still in the game, the variant, the goal, the setup."""

    position: int
    track: NazgulTrack
    player_color: str
    other_colors: tuple[str, ...] = ()
    advanced: bool = False
    goal: str = "progress"
    setup: GameSetup = field(default_factory=GameSetup)
    readings: PlaceReadings = field(default_factory=PlaceReadings)


def turn_context(question: TurnQuestion) -> TurnContext:
    """Check a question about one turn and gather what its odds depend on."""
    setup, others = question.setup, question.other_colors
    problems = []
    if question.goal not in GOALS:
        problems.append(("goal", one_of(GOALS)))
    if question.player_color not in HOBBIT_COLORS:
        problems.append(("player_color", one_of(HOBBIT_COLORS)))
    bad = [c for c in others if c not in HOBBIT_COLORS or c == question.player_color]
    if bad or len(set(others)) != len(others):
        problems.append(
            ("other_colors", Message(N_("other players' hobbit colours, each once, not yours")))
        )
    if not 0 <= question.position < setup.hobbit_steps:
        problems.append(
            (
                "position",
                Message(N_("between 0 and %(last)s (before Mordor)"), last=setup.hobbit_steps - 1),
            )
        )
    if len(question.track.squares) != setup.nazgul_squares:
        problems.append(("nazgul_track", track_length(setup.nazgul_squares)))
    elif question.track.eliminated:
        problems.append(
            ("nazgul_track", Message(N_("every division is marked: this player is out")))
        )
    if question.advanced and setup.hobbit_steps != ADVANCED_HOBBIT_STEPS:
        problems.append(("setup.hobbit_steps", ADVANCED_STEPS_ONLY))
    if problems:
        raise InvalidInput(problems)
    return TurnContext(
        turn=turn_rules(
            location_at(question.position, setup), question.advanced, question.readings
        ),
        spec=setup.dice,
        dice=(1, len(HOBBIT_COLORS) - len(others), len(others)),
        room=setup.hobbit_steps - question.position,
        open_divisions=question.track.open_divisions,
        splittable=len(question.track.splittable),
        goal=question.goal,
    )


SOLVERS_KEPT = 16
"""Turn solvers kept per worker (each its solved states, ~0.7 MB for a default setup's turn):
a context holds the dice's faces, which a setup may choose, so only the least recently used."""


@lru_cache(maxsize=SOLVERS_KEPT)
def solver_for(context: TurnContext) -> TurnSolver:
    return TurnSolver(context)


TURN_WORTH = {
    "progress": N_("expected ring steps this turn: %(value)s"),
    "reach_mordor": N_("chance to reach Mordor this turn: %(value)s"),
}


def _turn_worth(question: TurnQuestion, policy: str) -> Reason:
    """What the goal is worth this turn under a policy (a reading's answer)."""
    context = turn_context(question)
    solver = solver_for(context)
    chooser = FIXED_POLICIES.get(policy)
    if chooser is None:
        value = solver.optimal_value()
    else:
        value = Fraction(solver.policy_value(chooser), solver.scale)
    return Reason(TURN_WORTH[question.goal], params={"value": shown_fraction(value)})


def shown_fraction(value: Fraction) -> str:
    """An exact value as a reading's answer shows it: ``p/q (decimal)``, the decimal alone when
    the fraction is too long to read at the table (the link to that reading gives it)."""
    if value.denominator == 1:
        return str(value)
    if value.denominator < 10**6:
        return f"{value} ({float(value):.4f})"
    return f"{float(value):.4f}"


def turn_odds(question: TurnQuestion, policy: str = "optimal") -> TurnOdds:
    """The distribution of ring steps and Nazgûl marks this turn, and the policy's worth.

    The question's ``goal`` is what the optimal policy maximises: ``progress`` (expected
    steps; a turn that eliminates you counts 0) or ``reach_mordor`` (the chance to end this
    turn in Mordor and not eliminated). Other players' turns are not modelled.
    """
    if policy not in POLICIES:
        raise InvalidInput([("policy", one_of(POLICIES))])
    context = turn_context(question)
    solver = solver_for(context)
    outcomes = solver.distribution(FIXED_POLICIES.get(policy))
    policy_values = {"optimal": solver.optimal_value()}
    for name, chooser in FIXED_POLICIES.items():
        policy_values[name] = Fraction(solver.policy_value(chooser), solver.scale)
    citations = [rules.ROLLING, rules.RING, rules.ORC, rules.WARRIOR, rules.NAZGUL, rules.GANDALF]
    citations += [rules.WHITE_TREE, rules.ELIMINATION]
    if context.turn.citation is not None:
        citations.append(context.turn.citation)
    return TurnOdds(
        goal=question.goal,
        policy=policy,
        value=solver.worth(outcomes),
        optimal_value=policy_values["optimal"],
        policy_values=policy_values,
        outcomes=dict(sorted(outcomes.items())),
        steps=marginal(outcomes, attrgetter("steps")),
        marks=marginal(outcomes, attrgetter("marks")),
        expected_steps=sum((o.steps * p for o, p in outcomes.items()), Fraction(0)),
        expected_marks=sum((o.marks * p for o, p in outcomes.items()), Fraction(0)),
        eliminated=sum((p for o, p in outcomes.items() if o.eliminated), Fraction(0)),
        reach_mordor=sum(
            (p for o, p in outcomes.items() if o.steps == context.room and not o.eliminated),
            Fraction(0),
        ),
        location=context.turn.location,
        readings=place_readings_of(
            [context.turn],
            question.readings,
            lambda _, readings: _turn_worth(replace(question, readings=readings), policy),
        ),
        citations=unique_citations(citations),
        assumptions=(
            *question.setup.assumptions(),
            *place_readings(context.turn),
            Reason(
                N_(
                    "Only this turn is computed: other players' turns (their Nazgûl of your "
                    "colour) are not modelled."
                ),
                code="one_turn",
            ),
            Reason(
                N_(
                    "Gandalf splits before the Nazgûl mark; the simple policies never use "
                    "Rohan's re-roll, the optimal one uses it when it pays."
                ),
                code="policies",
            ),
        ),
    )
