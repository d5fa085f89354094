"""The attacker's best plan for a battle: when to cease and which casualties to take, hit by hit.

The battle is the one of :mod:`adjudicator.games.wotr.battle` (rules: Бросок на атаку,
Перекидывание результатов из-за лидерства, Атака города или укрепления, Ведение осады), fought
until one army is gone, except that after every round the attacker may cease attacking (rules:
Прекращение сражения или отступление) and each side chooses its own casualties hit by hit
(rules: Определение потерь: "за каждое одно ранение он удаляет с армии один обычный юнит или
заменяет элитный юнит на обычный юнит, или просто за каждые два ранения удаляет один элитный
юнит"). So ``h`` hits leave an army of ``r`` regulars and ``e`` elites with ``r + 2e - h`` hit
points in any split with ``max(0, e - h) <= e' <= e`` elites (:func:`casualty_options`).

The model, a zero-sum game solved exactly over every pair of armies the battle can reach:

* both sides roll; "Атакующий игрок первый распределяет полученные ранения": the attacker picks
  its casualties first, knowing both rolls, then the defender picks its own knowing the
  attacker's; then the attacker ceases or goes on (in a siege, going on turns an elite into a
  regular: rules Ведение осады). The defender never retreats (a besieged army cannot).
* the attacker maximises the goal; the defender's casualties minimise it, so the value is what
  the plan guarantees whatever the defender chooses. Goals: ``destroy`` (the chance the
  defending army is destroyed), ``capture`` (destroyed with an attacking unit left to move in,
  rules: Захват поселений), ``exchange`` (expected hit points the defender loses minus those the
  attacker loses; a regular is 1, an elite 2).

States are solved from the fewest hit points up, a level of states at once in numpy: a state's
value is the sum over both rolls of ``max`` over the attacker's casualties of ``min`` over the
defender's of the value after the round (``max(cease, go on)``); a round without hits outside a
siege returns to its own state and is closed in one step. The state space is sized from the
input before any work (:func:`plan_size`); the largest allowed battle (10 v 10 units) has
66 × 66 armies, well within the CPU budget, so every answer is the exact optimum. Values are
floats of this recursion (error below :data:`STATED_ERROR`); the tests hold them to an
independent game search in fractions.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

import numpy as np

from adjudicator.games.common import N_, Answer, InvalidInput, Message
from adjudicator.games.wotr import citations as cite
from adjudicator.games.wotr.battle import (
    HIT,
    INPUT_CEASES,
    KEEP_ELITES,
    KEEP_STRENGTH,
    MAX_DICE,
    SIEGE_PAYS,
    Army,
    Battle,
    Side,
    battle_assumptions,
    battle_citations,
    check_battle,
)
from adjudicator.games.wotr.board import MAX_UNITS_PER_REGION
from adjudicator.games.wotr.messages import one_of

DESTROY, CAPTURE, EXCHANGE = "destroy", "capture", "exchange"
GOALS = (DESTROY, CAPTURE, EXCHANGE)
CHANCE_GOALS = (DESTROY, CAPTURE)
HIT_BY_HIT = "hit_by_hit"
ADVICE = (KEEP_STRENGTH, KEEP_ELITES, HIT_BY_HIT)
"""The casualty advice: one fixed policy when it is as good as the best choice everywhere the
battle can go, else ``hit_by_hit`` (the choices are listed)."""
MAX_TARGET_PERCENT = 100
"""A target chance is a whole percent, 100 at most (reached only by a certainty)."""
STATED_ERROR = 1e-12
"""The values are floats of an exact recursion: their error is far below this."""
TIE = 1e-12
"""Choices within this of the best are ties: the simpler advice (fewer elites kept) wins."""
OUTCOMES = MAX_DICE + 1
GAME_MODEL = N_(
    "Each side chooses its casualties hit by hit, the attacker first (rules: Определение "
    "потерь); the defender's choices are the ones worst for your goal, so the value is what the "
    "plan guarantees whatever the defender chooses."
)
CEASING = N_(
    "The plan may cease attacking after any round; the defender never retreats and plays no card."
)


def casualty_options(side: Side, hits: int) -> tuple[Side, ...]:
    """Every army ``side`` may be left with after ``hits`` hits, chosen hit by hit (rules:
    Определение потерь): the hit points fall by ``hits``, elites kept from ``max(0, e - hits)``
    (every hit turns an elite into a regular: ``keep_strength``) up to all that fit (regulars
    removed first: ``keep_elites``), fewest elites first."""
    regular, elite = side
    left = regular + 2 * elite - hits
    if left <= 0:
        return ((0, 0),)
    return tuple((left - 2 * e, e) for e in range(max(0, elite - hits), min(elite, left // 2) + 1))


@cache
def _armies(start: Side, siege_payer: bool) -> tuple[Side, ...]:
    """Every army one side can be left with (and, paying for siege rounds, downgraded to),
    fewest hit points first."""
    seen, todo = {start}, [start]
    while todo:
        side = todo.pop()
        after = [s for hits in range(OUTCOMES) for s in casualty_options(side, hits)]
        if siege_payer and side[1]:
            after.append((side[0] + 1, side[1] - 1))
        for nxt in after:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return tuple(sorted(seen, key=lambda s: (s[0] + 2 * s[1], s)))


def plan_size(battle: Battle) -> int:
    """The number of (attacker, defender) states the plan solves, from the input alone."""
    a, d = battle.attacker, battle.defender
    return len(_armies((a.regular, a.elite), battle.siege)) * len(
        _armies((d.regular, d.elite), False)
    )


class _Side:
    """One army's states as arrays: dice, units, hit points, and for each state and number of
    hits the index of every casualty option (padded to ``OUTCOMES`` by repeating the last, so
    column 0 is ``keep_strength`` and column ``-1`` is ``keep_elites``)."""

    def __init__(self, army: Army, siege_payer: bool):
        self.army = army
        self.states = _armies((army.regular, army.elite), siege_payer)
        index = {s: i for i, s in enumerate(self.states)}
        self.index = index
        self.dice = np.array([army.dice(*s) for s in self.states])
        self.units = np.array([r + e for r, e in self.states])
        self.elite = np.array([e for _, e in self.states])
        self.hit_points = np.array([r + 2 * e for r, e in self.states])
        options = np.zeros((len(self.states), OUTCOMES, OUTCOMES), dtype=np.intp)
        self.choices = np.ones((len(self.states), OUTCOMES), dtype=bool)
        for i, side in enumerate(self.states):
            for hits in range(OUTCOMES):
                found = [index[s] for s in casualty_options(side, hits)]
                options[i, hits] = found + found[-1:] * (OUTCOMES - len(found))
                self.choices[i, hits] = len(found) > 1
        self.options = options
        self.downgraded = np.array(
            [index.get((r + 1, e - 1), i) for i, (r, e) in enumerate(self.states)]
        )

    def fixed(self, column: int) -> np.ndarray:
        """The options table of one fixed casualty policy (its column everywhere)."""
        return np.repeat(self.options[:, :, [column]], OUTCOMES, axis=2)

    def hits(self, target: int) -> np.ndarray:
        """P(k hits) dealt by this army for each number of dice (rows 0..MAX_DICE)."""
        table = np.zeros((OUTCOMES, OUTCOMES))
        for dice in range(OUTCOMES):
            for k, p in enumerate(self.army.hits(dice, target)):
                table[dice, k] = float(p)
        return table


@dataclass
class _Round:
    """One batch of round-start states solved: per (hits taken, hits dealt), the best value,
    the values of the two fixed policies, and the choices made."""

    value: np.ndarray
    best: np.ndarray
    keep_strength: np.ndarray
    keep_elites: np.ndarray
    attacker_choice: np.ndarray
    defender_choice: np.ndarray


class _Game:
    """The game over one battle's states for a goal (see the module docstring)."""

    def __init__(
        self, battle: Battle, goal: str, *, may_stop: bool = True, fixed: int | None = None
    ):
        self.battle, self.goal, self.may_stop = battle, goal, may_stop
        self.a = _Side(battle.attacker, battle.siege)
        self.d = _Side(battle.defender, False)
        self.a_options = self.a.options if fixed is None else self.a.fixed(fixed)
        self.first_hits = self.a.hits(battle.attacker_target(first_round=True))
        self.later_hits = self.a.hits(battle.attacker_target(first_round=False))
        self.d_hits = self.d.hits(HIT)
        self.worth = self._worth()
        a, d = self.a, self.d
        self.goes_on = ((a.units > 0) & (a.dice > 0) & ((a.elite > 0) if battle.siege else True))[
            :, None
        ] & (d.units > 0)[None, :]
        self.next_attacker = a.downgraded if battle.siege else np.arange(len(a.states))
        shape = (len(a.states), len(d.states))
        self.values = np.zeros(shape)  # at the start of a later round
        self.after = self.worth.copy()  # after a round, before ceasing or going on
        self.rounds: dict[tuple[int, int], _Round] = {}

    def _worth(self) -> np.ndarray:
        """The goal's worth of a battle ending with each pair of armies."""
        a, d = self.a, self.d
        destroyed = (d.units == 0)[None, :]
        if self.goal == DESTROY:
            return np.broadcast_to(destroyed, (len(a.states), len(d.states))).astype(float)
        if self.goal == CAPTURE:
            return (destroyed & (a.units > 0)[:, None]).astype(float)
        lost_d = self._start_hp(d) - d.hit_points
        lost_a = self._start_hp(a) - a.hit_points
        return (lost_d[None, :] - lost_a[:, None]).astype(float)

    @staticmethod
    def _start_hp(side: _Side) -> int:
        return side.army.regular + 2 * side.army.elite

    def solve_round(self, i: np.ndarray, j: np.ndarray, first: bool) -> _Round:
        """Round-start states ``(i[k], j[k])``: the value over both rolls of the attacker's
        best casualties against the defender's worst (the attacker chooses first)."""
        options_a = self.a_options[i]  # [k, hits taken, option]
        options_d = self.d.options[j]  # [k, hits dealt, option]
        after = self.after[options_a[:, :, :, None, None], options_d[:, None, None, :, :]]
        worst = after.min(axis=4)  # [k, taken, attacker option, dealt]
        best = worst.max(axis=2)  # [k, taken, dealt]
        chosen = np.argmax(worst >= best[:, :, None, :] - TIE, axis=2)
        defender = np.take_along_axis(after.argmin(axis=4), chosen[:, :, None, :], axis=2)[:, :, 0]
        taken = self.d_hits[self.d.dice[j]]  # P(the attacker takes h hits)
        dealt = (self.first_hits if first else self.later_hits)[self.a.dice[i]]
        weights = taken[:, :, None] * dealt[:, None, :]
        loops = not first and not self.battle.siege
        if loops:  # the round without hits comes back here: closed below
            weights[:, 0, 0] = 0.0
        known = np.einsum("kxy,kxy->k", weights, best)
        value = known
        if loops:
            stay = taken[:, 0] * dealt[:, 0]
            leave = np.where(stay < 1, 1 - stay, 1.0)  # an attacker with a die always may hit
            closed = known / leave
            value = np.maximum(closed, known + stay * self.worth[i, j]) if self.may_stop else closed
        return _Round(value, best, worst[:, :, 0, :], worst[:, :, -1, :], chosen, defender)

    def settle_after(self, i: np.ndarray, j: np.ndarray) -> None:
        """After a round leaving ``(i, j)``: the worth if the battle ends, else go on (or
        cease, whichever is worth more)."""
        on = self.goes_on[i, j]
        i, j = i[on], j[on]
        go_on = self.values[self.next_attacker[i], j]
        self.after[i, j] = np.maximum(go_on, self.worth[i, j]) if self.may_stop else go_on

    def solve(self, keep: bool = False) -> float:
        """Every state from the fewest hit points up; the value of the battle's first round.
        ``keep``: keep each later round's choices (``self.later``) for the plan's walk."""
        a, d = self.a, self.d
        levels = a.hit_points[:, None] + d.hit_points[None, :]
        live = (a.units > 0)[:, None] & (a.dice > 0)[:, None] & (d.units > 0)[None, :]
        if keep:
            shape = (len(a.states), len(d.states), OUTCOMES, OUTCOMES)
            self.later = _Round(
                self.values, *(np.zeros(shape) for _ in range(3)),
                *(np.zeros(shape, dtype=np.intp) for _ in range(2)),
            )  # fmt: skip
        for level in range(int(levels.max()) + 1):
            i, j = np.nonzero(levels == level)
            if self.battle.siege:
                self.settle_after(i, j)  # needs the values one level down (an elite paid)
            starts = live[i, j]
            if starts.any():
                i_on, j_on = i[starts], j[starts]
                solved = self.solve_round(i_on, j_on, first=False)
                self.values[i_on, j_on] = solved.value
                if keep:
                    for name in ("best", "keep_strength", "keep_elites"):
                        getattr(self.later, name)[i_on, j_on] = getattr(solved, name)
                    self.later.attacker_choice[i_on, j_on] = solved.attacker_choice
                    self.later.defender_choice[i_on, j_on] = solved.defender_choice
            if not self.battle.siege:
                self.settle_after(i, j)
        start = self.start()
        self.first = self.solve_round(np.array([start[0]]), np.array([start[1]]), first=True)
        return float(self.first.value[0])

    def start(self) -> tuple[int, int]:
        """The indices of the armies the battle starts with."""
        a, d = self.battle.attacker, self.battle.defender
        return self.a.index[(a.regular, a.elite)], self.d.index[(d.regular, d.elite)]


@dataclass(frozen=True)
class StopPoint:
    """After a round that leaves ``attacker`` against ``defender``, the plan ceases attacking;
    ``reached``: the chance the battle comes to it under the plan."""

    attacker: Side
    defender: Side
    reached: float
    stop_value: float
    go_on_value: float


@dataclass(frozen=True)
class CasualtyChoice:
    """Where the best casualties are not the usual ones (elites into regulars first): with
    ``attacker`` against ``defender``, taking ``taken`` hits and dealing ``dealt``, keep
    ``keep``; ``gain``: what it adds to the goal's value from there."""

    attacker: Side
    defender: Side
    taken: int
    dealt: int
    keep: Side
    reached: float
    gain: float


@dataclass(frozen=True, kw_only=True)
class BattlePlan(Answer):
    """The best plan for the attacker and what it is worth."""

    battle: Battle
    goal: str
    casualty_policy: str
    """One of :data:`ADVICE`: a fixed policy when it is as good as the best everywhere."""
    casualty_choices: tuple[CasualtyChoice, ...]
    """With ``hit_by_hit``: the choices that differ from elites into regulars first, likeliest
    first."""
    value: float
    """The goal's value under the plan (a chance for destroy and capture)."""
    by_policy: dict[str, float]
    """The value if the attacker followed one fixed casualty policy (its stops still best)."""
    to_the_end: float
    """The value fighting to the end (casualties still chosen at best)."""
    stops: tuple[StopPoint, ...]
    """Where the plan ceases attacking, most likely first."""


class _Walk:
    """The plan played forward from the first round: where it ceases and which casualty
    choices it makes, each with the chance the battle comes to it."""

    def __init__(self, game: _Game):
        self.game = game
        self.stops: dict[tuple[int, int], float] = {}
        self.choices: dict[tuple[int, int, int, int], list] = {}
        self.beats = {KEEP_STRENGTH: False, KEEP_ELITES: False}

    def run(self) -> None:
        game = self.game
        i, j = game.start()
        mass = {(True, i, j): 1.0}
        queue = [(0, 0, i, j)]
        while queue:
            later, _, i, j = heapq.heappop(queue)
            state = (not later, i, j)
            for nxt, share in self.round(state, mass.pop(state)):
                if nxt in mass:
                    mass[nxt] += share
                else:
                    mass[nxt] = share
                    level = game.a.hit_points[nxt[1]] + game.d.hit_points[nxt[2]]
                    heapq.heappush(queue, (1, -int(level), nxt[1], nxt[2]))

    def round(self, state: tuple[bool, int, int], here: float):
        """The states one round from ``state`` leads to under the plan, with their mass."""
        game = self.game
        first, i, j = state
        played = (
            _Round(*(f[0] for f in vars(game.first).values()))
            if first
            else _Round(*(f[i, j] for f in vars(game.later).values()))
        )
        taken = game.d_hits[game.d.dice[j]]
        dealt = (game.first_hits if first else game.later_hits)[game.a.dice[i]]
        loops = not first and not game.battle.siege
        if loops:  # rounds without hits: summed if the plan goes on, else it ceases here
            stay = taken[0] * dealt[0]
            if game.values[i, j] >= game.worth[i, j] - TIE:
                here /= 1 - stay
            else:
                self.stops[(i, j)] = self.stops.get((i, j), 0.0) + here * stay
        for x in np.flatnonzero(taken):
            for y in np.flatnonzero(dealt):
                if loops and x == y == 0:
                    continue
                share = here * taken[x] * dealt[y]
                a2 = game.a_options[i, x, played.attacker_choice[x, y]]
                d2 = game.d.options[j, y, played.defender_choice[x, y]]
                if game.a.choices[i, x]:
                    self.choice(played, (i, j, int(x), int(y)), int(a2), share)
                if not game.goes_on[a2, d2]:
                    continue
                following = game.next_attacker[a2]
                if game.values[following, d2] >= game.worth[a2, d2] - TIE:
                    yield (False, int(following), int(d2)), share
                else:
                    self.stops[(a2, d2)] = self.stops.get((a2, d2), 0.0) + share

    def choice(self, played: _Round, key: tuple[int, int, int, int], kept: int, share: float):
        """Record an attacker's casualty decision the plan reaches."""
        x, y = key[2], key[3]
        best = played.best[x, y]
        self.beats[KEEP_ELITES] |= bool(best - played.keep_elites[x, y] > TIE)
        if best - played.keep_strength[x, y] > TIE:
            self.beats[KEEP_STRENGTH] = True
            record = self.choices.setdefault(key, [kept, 0.0, best - played.keep_strength[x, y]])
            record[1] += share

    def advice(self) -> str:
        """A fixed policy when it is as good as the best in every decision reached."""
        for policy in (KEEP_STRENGTH, KEEP_ELITES):
            if not self.beats[policy]:
                return policy
        return HIT_BY_HIT

    def stop_points(self) -> tuple[StopPoint, ...]:
        game = self.game
        points = [
            StopPoint(
                game.a.states[i],
                game.d.states[j],
                float(chance),
                float(game.worth[i, j]),
                float(game.values[game.next_attacker[i], j]),
            )
            for (i, j), chance in self.stops.items()
        ]
        return tuple(sorted(points, key=lambda point: -point.reached))

    def casualty_choices(self) -> tuple[CasualtyChoice, ...]:
        game = self.game
        found = [
            CasualtyChoice(
                game.a.states[i],
                game.d.states[j],
                x,
                y,
                game.a.states[kept],
                float(chance),
                float(gain),
            )
            for (i, j, x, y), (kept, chance, gain) in self.choices.items()
        ]
        return tuple(sorted(found, key=lambda choice: -choice.reached))


def check_plan(battle: Battle, goal: str) -> None:
    """Raise ``InvalidInput`` listing every problem with a planning request."""
    problems: list[tuple[str, str]] = []
    try:
        check_battle(replace(battle, rounds=None, attacker_stops_below=0))
    except InvalidInput as error:
        problems += error.problems
    if goal not in GOALS:
        problems.append(("goal", one_of(GOALS)))
    if problems:
        raise InvalidInput(problems)


def best_value(battle: Battle, goal: str) -> float:
    """The goal's value under the best plan (casualties chosen hit by hit by both sides)."""
    return _Game(replace(battle, rounds=None, attacker_stops_below=0), goal).solve()


def plan_battle(battle: Battle, goal: str) -> BattlePlan:
    """The attacker's best plan: where to cease attacking and which casualties to take."""
    check_plan(battle, goal)
    battle = replace(battle, rounds=None, attacker_stops_below=0)
    game = _Game(battle, goal)
    value = game.solve(keep=True)
    walk = _Walk(game)
    walk.run()
    advice = walk.advice()
    planned = replace(
        battle,
        attacker=replace(
            battle.attacker, casualty_policy=KEEP_ELITES if advice == KEEP_ELITES else KEEP_STRENGTH
        ),
    )
    return BattlePlan(
        battle=planned,
        goal=goal,
        casualty_policy=advice,
        casualty_choices=walk.casualty_choices() if advice == HIT_BY_HIT else (),
        value=value,
        by_policy={
            KEEP_STRENGTH: _Game(battle, goal, fixed=0).solve(),
            KEEP_ELITES: _Game(battle, goal, fixed=-1).solve(),
        },
        to_the_end=_Game(battle, goal, may_stop=False).solve(),
        stops=walk.stop_points(),
        citations=(  # rounds=None: the ceasing rule is cited
            *battle_citations(planned),
            *((cite.CAPTURE,) if goal == CAPTURE else ()),
        ),
        assumptions=(
            *(a for a in battle_assumptions(planned) if a not in (INPUT_CEASES, SIEGE_PAYS)),
            CEASING,
            GAME_MODEL,
        ),
    )


def smallest_army(battle: Battle, goal: str, target: Fraction) -> int | None:
    """The fewest attacking regulars (the elites and leaders as given) whose best plan reaches
    ``target`` for a chance goal; None when even a full army does not."""
    if goal not in CHANCE_GOALS:
        raise InvalidInput([("goal", one_of(CHANCE_GOALS))])
    if not 0 < target <= 1:
        raise InvalidInput([("target", Message(N_("must be a chance above 0 and at most 1")))])
    # 100% is reached only by a certainty, not by a chance within the stated error of it
    tolerance = STATED_ERROR if target < 1 else 1e-15
    room = MAX_UNITS_PER_REGION - battle.attacker.elite
    for regular in range(0 if battle.attacker.elite else 1, room + 1):
        attacker = replace(battle.attacker, regular=regular)
        if not attacker.dice(regular, attacker.elite):
            continue  # an army with strength 0 cannot attack: try a bigger one
        if best_value(replace(battle, attacker=attacker), goal) >= float(target) - tolerance:
            return regular
    return None
