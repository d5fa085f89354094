"""Journey to Mordor: the optimal keep policy and its exact odds for one turn from every place.

Target: < 50 ms per place. Run: ``.venv/bin/python bench/mordor.py``. Three figures per place:

* ``cold``: a fresh process's first question about that place (every cache emptied first);
* ``tables``: the move tables of the place's kind already built (what a running server does
  after its first question about such a place), the optimal policy and its distribution;
* ``answer``: the whole API answer (optimal policy, its distribution, and the worth of the
  two simple policies for comparison), move tables built.

Times are the process's CPU time (``time.process_time``), median of 5 runs where warm, so
that other work on a shared machine does not inflate them; the load average is printed.

Also printed: a Monte Carlo estimate of the optimal policy's expected progress (the baseline the
exact figure is checked against; a benchmark may use sampling, the engine never does).
"""

import os
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.games.mordor import dice, journey, odds, whole_journey
from adjudicator.games.mordor.model import LOCATIONS, DiceSpec
from adjudicator.games.mordor.track import NazgulTrack

CACHES = (
    dice._multisets,
    dice.roll_distribution,
    dice.keep_options,
    dice.keep_effect,
    odds._distinct_moves,
    odds._roll_moves,
    odds._fixed_choice,
    odds._fixed_flows,
    odds.solver_for,
)
TRACK = NazgulTrack.fresh(7)


def question(position: int, goal: str = "progress") -> odds.TurnQuestion:
    return odds.TurnQuestion(position, TRACK, "red", ("blue",), advanced=True, goal=goal)


RUNS = 5


def milliseconds(action) -> float:
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000


def optimal_only(position: int) -> None:
    context = odds.turn_context(question(position))
    solver = odds.TurnSolver(context)
    solver.optimal_value()
    solver.distribution(None)


def cold(position: int) -> float:
    for cache in CACHES:
        cache.cache_clear()
    return milliseconds(lambda: optimal_only(position))


def warm(action) -> float:
    action()
    return statistics.median(milliseconds(action) for _ in range(RUNS))


def sampled_progress(position: int, samples: int = 20_000) -> float:
    """Play the optimal policy with random dice: the average steps (Monte Carlo baseline)."""
    context = odds.turn_context(question(position))
    solver = odds.TurnSolver(context)
    rng = random.Random(position)
    total = 0
    for _ in range(samples):
        left, acc, may_reroll = context.dice, (0, 0, 0, 0), True
        while any(left):
            rolls = dice.roll_distribution(context.spec, left)
            index = rng.choices(range(len(rolls)), weights=[w for _, w in rolls])[0]
            value, delta = solver.best(left, acc)[index]
            reroll = may_reroll and context.turn.may_reroll
            if reroll and value < solver.value(left, acc, may_reroll=False):
                may_reroll = False
                continue
            left, acc = solver.after(left, acc, delta)
            may_reroll = True
        total += context.worth(context.outcome(acc))
    return total / samples


def main() -> None:
    spec = DiceSpec()
    print("Journey to Mordor — one turn from every place (advanced game, red hobbit, blue also")
    print(f"playing, empty Nazgûl track); coloured die {', '.join(spec.colored)}; black die")
    print(f"{', '.join(spec.black)}. Target < 50 ms per place.")
    print(f"CPU milliseconds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores.\n")
    header = (
        f"{'place':14} {'cold ms':>8} {'tables ms':>10} {'answer ms':>10} "
        f"{'E[steps]':>9} {'Monte Carlo':>11} {'P(out)':>7} {'P(Mordor)':>9}"
    )
    print(header)
    print("-" * len(header))
    for position in range(len(LOCATIONS) - 1):
        first = cold(position)
        tables = warm(lambda p=position: optimal_only(p))

        def answer(p=position):
            odds.solver_for.cache_clear()
            return odds.turn_odds(question(p))

        whole = warm(answer)
        result = answer()
        reach = odds.turn_odds(question(position, "reach_mordor"))
        print(
            f"{LOCATIONS[position]:14} {first:8.1f} {tables:10.1f} {whole:10.1f} "
            f"{float(result.optimal_value):9.4f} {sampled_progress(position):11.4f} "
            f"{float(result.eliminated):7.4f} {float(reach.optimal_value):9.5f}"
        )
    exact = odds.turn_odds(question(4)).optimal_value
    print(f"\nRohan, exact expected progress: {exact} = {float(exact):.6f}")
    assert isinstance(exact, Fraction)
    exact_journeys()
    float_journeys()


#: (place, Nazgûl track typed as on the pages, chance that the other player's turn marks you)
JOURNEYS = (
    (8, "......", Fraction(0)),
    (8, "......", Fraction(1, 6)),
    (7, "xxxx...", Fraction(1, 6)),
    (4, "xxxxx..", Fraction(1, 6)),
)
LETTERS = {".": "empty", "x": "marked"}


def exact_journeys() -> None:
    """The chance to reach Mordor before elimination over the whole journey, best play: a
    fresh solver each time (states solved, CPU seconds), then the same question cached."""
    print("\nWhole journey, exact (advanced game, red hobbit, blue also playing): P(Mordor).")
    header = f"{'place':14} {'track':8} {'others':>7} {'states':>7} {'cold s':>7} {'cached ms':>9}"
    print(f"{header} {'P(Mordor)':>10} {'exact digits':>12}")
    for position, typed, chance in JOURNEYS:
        squares = [LETTERS[c] for c in typed.ljust(7, ".")]
        track = NazgulTrack.parse(squares, 7, "track")
        turn = odds.TurnQuestion(position, track, "red", ("blue",), advanced=True)
        journey.solver_for.cache_clear()
        start = time.process_time()
        result = journey.journey_odds(turn, chance, max_new_states=None)
        cold_s = time.process_time() - start
        cached = warm(lambda t=turn, c=chance: journey.journey_odds(t, c))
        print(
            f"{LOCATIONS[position]:14} {typed.ljust(7, '.'):8} {chance!s:>7} "
            f"{result.states:7d} {cold_s:7.1f} {cached:9.1f} "
            f"{float(result.reach_mordor):10.6f} {len(str(result.reach_mordor)):12d}"
        )


if __name__ == "__main__":
    main()


#: (place, track, chance the other player's turn marks you, the exact engine's answer if known)
FLOAT_JOURNEYS = (
    (0, ".......", Fraction(1, 6), 0.9974412150501648),  # the exact engine: 79 s of CPU
    (0, ".......", Fraction(0), None),
    (4, ".......", Fraction(1, 6), None),
    (4, "xxxxx..", Fraction(1, 6), 0.904826),
)


def float_journeys() -> None:
    """The whole-journey answer as the site gives it (``whole_journey.journey_chance``):
    ``cold``, a fresh process's first question (every move table, turn graph and solved
    state forgotten); ``graphs``, the turn graphs of the place kinds already built (a running
    server after its first whole-journey question), a new other-mark chance. Target < 1 s."""
    print("\nWhole journey as answered (floats within 1e-9; exact up to 6 states). Target < 1 s.")
    header = f"{'place':14} {'track':8} {'others':>7} {'states':>7} {'cold ms':>8} {'graphs ms':>9}"
    print(f"{header} {'P(Mordor)':>14} {'exact engine':>12}")
    for position, typed, chance, exact in FLOAT_JOURNEYS:
        squares = [LETTERS[c] for c in typed]
        track = NazgulTrack.parse(squares, 7, "track")
        turn = odds.TurnQuestion(position, track, "red", ("blue",), advanced=True)
        for cache in (*CACHES, journey._grouped_moves, journey._moves, journey._effects):
            cache.cache_clear()
        whole_journey.turn_graph.cache_clear()
        whole_journey.whole_journey.cache_clear()
        cold = milliseconds(lambda t=turn, c=chance: whole_journey.journey_chance(t, c))
        whole_journey.whole_journey.cache_clear()
        graphs = milliseconds(lambda t=turn, c=chance: whole_journey.journey_chance(t, c))
        result = whole_journey.journey_chance(turn, chance)
        known = f"{exact:12.10f}" if exact is not None else f"{'':12}"
        print(
            f"{LOCATIONS[position]:14} {typed:8} {chance!s:>7} {result.states:7d} "
            f"{cold:8.0f} {graphs:9.0f} {float(result.reach_mordor):14.12f} {known}"
        )
        assert exact is None or abs(result.reach_mordor - exact) < 1e-6
