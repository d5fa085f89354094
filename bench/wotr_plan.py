"""War of the Ring battle planner: its largest allowed inputs (10 v 10 with elites and leaders),
cold caches, CPU time (target: under 1 s each)."""

import os
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.games.wotr import battle as battle_module  # noqa: E402
from adjudicator.games.wotr import battle_plan, dice  # noqa: E402
from adjudicator.games.wotr.battle import Army, Battle  # noqa: E402
from adjudicator.games.wotr.battle_plan import plan_battle, smallest_army  # noqa: E402

REPEATS = 5
TARGET_SECONDS = 1.0
FIELD = Battle(Army(5, 5, 3), Army(5, 5, 2), settlement="city", rounds=None)
SIEGE = Battle(Army(5, 5, 3), Army(0, 5, 2), settlement="stronghold", siege=True, rounds=None)
SMALLEST = Battle(Army(0, 0, 3), Army(5, 5, 2), settlement="city", rounds=None)


def cold_cpu(call) -> tuple[float, object]:
    """Median CPU seconds of ``REPEATS`` calls, every cache cleared before each."""
    times, result = [], None
    for _ in range(REPEATS):
        for module in (battle_module, battle_plan, dice):
            for value in vars(module).values():
                if hasattr(value, "cache_clear"):
                    value.cache_clear()
        start = time.process_time()
        result = call()
        times.append(time.process_time() - start)
    return statistics.median(times), result


def main() -> int:
    print("battle planner, cold caches, CPU (median of 5); target < 1 s each")
    worst = 0.0
    for label, battle, goal in (
        ("10 v 10 (5 elites each), city, exchange", FIELD, "exchange"),
        ("10 v 10 (5 elites each), city, capture", FIELD, "capture"),
        ("10 v 5 elites, siege, capture", SIEGE, "capture"),
    ):
        seconds, plan = cold_cpu(lambda b=battle, g=goal: plan_battle(b, g))
        worst = max(worst, seconds)
        print(
            f"  {label:42} {seconds * 1000:7.1f} ms  value {plan.value:.6f} "
            f"({plan.casualty_policy}, {len(plan.stops)} stop points)"
        )
    seconds, found = cold_cpu(lambda: smallest_army(SMALLEST, "capture", Fraction(99, 100)))
    worst = max(worst, seconds)
    print(f"  {'smallest army for 99% vs 5/5 in a city':42} {seconds * 1000:7.1f} ms  {found}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    met = worst < TARGET_SECONDS
    print(f"slowest {worst * 1000:.0f} ms: target < 1 s " + ("met" if met else "MISSED"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
