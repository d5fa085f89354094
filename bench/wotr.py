"""War of the Ring odds benchmark: exact battle to the end, its Monte Carlo baseline, a hunt turn.

Runs standalone (``.venv/bin/python bench/wotr.py``). The battle: 10 v 10 units (5 elites each),
leadership 3 v 2, the defender in a city, fought until one side has no units. "Cold" clears
every cache first (a fresh process); "warm" keeps the per-roll hit distributions, which the
engine caches by (dice, target, modifier, re-rolls) as a long-running site does. The baseline
is a plain 100,000-trial Monte Carlo of the same battle, the tool a user would otherwise use, and
the same 100,000 trials vectorised with numpy (every trial's round rolled at once); the
headline in floats (``battle_floats``, every end state within 1e-12 of the exact fractions)
is timed against the latter.
The hunt turn: 3 moves, 3 hunt dice, one re-roll, corruption 4, the standard pool.
Targets: exact battle < 10 ms and >= 100x faster than the plain baseline; floats >= 100x faster
than the numpy baseline; hunt turn < 5 ms.
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.games.wotr import battle as battle_module
from adjudicator.games.wotr import dice, hunt
from adjudicator.games.wotr.battle import Army, Battle, apply_hits, battle_odds
from adjudicator.games.wotr.battle_floats import battle_chances
from adjudicator.games.wotr.hunt import Hunt, hunt_odds

BATTLE = Battle(
    attacker=Army(regular=5, elite=5, leadership=3),
    defender=Army(regular=5, elite=5, leadership=2),
    settlement="city",
    rounds=None,
)
HUNT_TURN = Hunt(hunt_dice=3, rerolls=frozenset({"army"}), corruption=4, moves=3)
TRIALS = 100_000
REPEATS = 21


def clear_caches() -> None:
    for module in (battle_module, dice, hunt):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    battle_module._tables.clear()  # the kept end distributions of battles to the end


def timed(function, *, cold: bool) -> tuple[float, float]:
    """Median (wall, CPU) seconds of ``REPEATS`` calls (caches cleared before each when
    ``cold``). CPU time is the fairer figure on a busy machine."""
    walls, cpus = [], []
    for _ in range(REPEATS):
        if cold:
            clear_caches()
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return statistics.median(walls), statistics.median(cpus)


def show(label: str, figures: tuple[float, float]) -> None:
    wall, cpu = figures
    print(f"  {label}: {wall * 1000:7.2f} ms wall, {cpu * 1000:7.2f} ms CPU (median of {REPEATS})")


def roll(rng: random.Random, dice_count: int, rerolls: int, target: int) -> int:
    hits = sum(rng.randint(1, 6) >= target for _ in range(dice_count))
    again = min(rerolls, dice_count - hits)
    return hits + sum(rng.randint(1, 6) >= target for _ in range(again))


def monte_carlo(trials: int, seed: int = 1) -> float:
    """P(defender destroyed) by simulation: the same rules, plain Python."""
    rng = random.Random(seed)
    a, d = BATTLE.attacker, BATTLE.defender
    destroyed = 0
    for _ in range(trials):
        attacker, defender, first = (a.regular, a.elite), (d.regular, d.elite), True
        while sum(attacker) and sum(defender):
            a_dice, d_dice = min(5, sum(attacker)), min(5, sum(defender))
            a_hits = roll(rng, a_dice, min(a.leadership, a_dice), 6 if first else 5)
            d_hits = roll(rng, d_dice, min(d.leadership, d_dice), 5)
            attacker = apply_hits(*attacker, d_hits, a.casualty_policy)
            defender = apply_hits(*defender, a_hits, d.casualty_policy)
            first = False
        destroyed += not sum(defender)
    return destroyed / trials


def _numpy_hits(rng, dice: np.ndarray, rerolls: int, target: int) -> np.ndarray:
    """Hits of each trial's roll: ``dice`` d6 (a natural 1 misses, a 6 hits), then up to
    ``rerolls`` of the failed dice again."""
    columns = np.arange(5)
    first = (rng.integers(1, 7, (len(dice), 5)) >= target) & (columns < dice[:, None])
    hits = first.sum(axis=1)
    again = np.minimum(rerolls, dice - hits)
    second = (rng.integers(1, 7, (len(dice), 5)) >= target) & (columns < again[:, None])
    return hits + second.sum(axis=1)


def _numpy_casualties(regular: np.ndarray, elite: np.ndarray, hits: np.ndarray):
    """keep_strength (the battle's policy): elites turn regular first, then regulars go."""
    downgraded = np.minimum(hits, elite)
    return np.maximum(regular + downgraded - (hits - downgraded), 0), elite - downgraded


def numpy_monte_carlo(trials: int, seed: int = 1) -> float:
    """P(defender destroyed) by simulation, every trial's round rolled at once (numpy)."""
    rng = np.random.default_rng(seed)
    a, d = BATTLE.attacker, BATTLE.defender
    ar, ae = np.full(trials, a.regular), np.full(trials, a.elite)
    dr, de = np.full(trials, d.regular), np.full(trials, d.elite)
    target = 6  # a city: the attacker hits on 6 in the first round
    on = np.ones(trials, dtype=bool)
    while on.any():
        idx = np.flatnonzero(on)
        a_dice = np.minimum(ar[idx] + ae[idx], 5)
        d_dice = np.minimum(dr[idx] + de[idx], 5)
        a_hits = _numpy_hits(rng, a_dice, a.rerolls, target)
        d_hits = _numpy_hits(rng, d_dice, d.rerolls, 5)
        ar[idx], ae[idx] = _numpy_casualties(ar[idx], ae[idx], d_hits)
        dr[idx], de[idx] = _numpy_casualties(dr[idx], de[idx], a_hits)
        on = (ar + ae > 0) & (dr + de > 0)
        target = 5
    return float(np.mean(dr + de == 0))


def main() -> None:
    exact = battle_odds(BATTLE)
    cold = timed(lambda: battle_odds(BATTLE), cold=True)
    warm = timed(lambda: battle_odds(BATTLE), cold=False)
    start = time.perf_counter()
    estimate = monte_carlo(TRIALS)
    baseline = time.perf_counter() - start
    print("exact battle 10 v 10 (5 elites each), leadership 3 v 2, city, until decided")
    print(
        f"  P(defender destroyed) = {float(exact.defender_destroyed):.6f} "
        f"(exact, {len(exact.outcomes)} end states)"
    )
    show("exact, cold caches", cold)
    show("exact, warm caches", warm)
    print(
        f"  Monte Carlo {TRIALS:,} trials: {baseline * 1000:8.1f} ms, "
        f"estimate {estimate:.4f} (error {abs(estimate - float(exact.defender_destroyed)):.4f})"
    )
    print(
        f"  speed-up over Monte Carlo (wall): {baseline / cold[0]:,.0f}x cold, "
        f"{baseline / warm[0]:,.0f}x warm"
    )
    start_cpu = time.process_time()
    vector_estimate = numpy_monte_carlo(TRIALS)
    vectorised = time.process_time() - start_cpu
    error = abs(vector_estimate - float(exact.defender_destroyed))
    print(
        f"  numpy Monte Carlo {TRIALS:,} trials: {vectorised * 1000:8.1f} ms CPU, estimate "
        f"{vector_estimate:.4f} (error {error:.4f})"
    )
    print(f"  exact fractions against the numpy baseline (CPU): {vectorised / cold[1]:,.0f}x cold")
    floats = battle_chances(BATTLE)
    floats_cold = timed(lambda: battle_chances(BATTLE), cold=True)
    show("floats (battle_floats, every end state within 1e-12), cold caches", floats_cold)
    print(
        f"  P(defender destroyed) in floats = {floats.defender_destroyed:.12f}; against the "
        f"numpy baseline (CPU): {vectorised / floats_cold[1]:,.0f}x cold"
    )
    survive = hunt_odds(HUNT_TURN).survives
    hunt_cold = timed(lambda: hunt_odds(HUNT_TURN), cold=True)
    hunt_warm = timed(lambda: hunt_odds(HUNT_TURN), cold=False)
    print("hunt turn: 3 moves, 3 hunt dice, 1 re-roll, corruption 4, standard pool")
    print(f"  P(survives) = {float(survive):.6f}")
    show("cold caches", hunt_cold)
    show("warm caches", hunt_warm)
    ok = (
        cold[1] < 0.010
        and baseline / cold[0] >= 100
        and vectorised / floats_cold[1] >= 100
        and hunt_cold[1] < 0.005
    )
    print(
        "targets, cold CPU (battle < 10 ms, >= 100x the plain and, in floats, the numpy "
        "Monte Carlo, hunt turn < 5 ms): " + ("met" if ok else "NOT met")
    )
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
