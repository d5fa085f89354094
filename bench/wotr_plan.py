"""War of the Ring battle planner: its largest allowed inputs (10 v 10 with elites and leaders,
casualties chosen hit by hit by both sides), cold caches, CPU time (target: under 1 s each)."""

import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.games.wotr import battle as battle_module  # noqa: E402
from adjudicator.games.wotr import battle_plan, dice  # noqa: E402
from adjudicator.games.wotr.battle import Army, Battle  # noqa: E402
from adjudicator.games.wotr.battle_plan import plan_battle, smallest_army  # noqa: E402
from bench.cold import cold_cpu, verdict  # noqa: E402

REPEATS = 5
TARGET_SECONDS = 1.0
FIELD = Battle(Army(5, 5, 3), Army(5, 5, 2), settlement="city", rounds=None)
SIEGE = Battle(Army(5, 5, 3), Army(0, 5, 2), settlement="stronghold", siege=True, rounds=None)
MODULES = (battle_module, battle_plan, dice)
ELITES = Battle(Army(0, 10, 3), Army(0, 10, 2), settlement="city", rounds=None)
SMALLEST = Battle(Army(0, 0, 3), Army(5, 5, 2), settlement="city", rounds=None)


def main() -> int:
    print("battle planner, cold caches, CPU (median of 5); target < 1 s each")
    worst = 0.0
    for label, battle, goal in (
        ("10 v 10 (5 elites each), city, exchange", FIELD, "exchange"),
        ("10 v 10 (5 elites each), city, capture", FIELD, "capture"),
        ("10 v 10 elites (66 x 66 states), exchange", ELITES, "exchange"),
        ("10 v 5 elites, siege, capture", SIEGE, "capture"),
    ):
        seconds, plan = cold_cpu(lambda b=battle, g=goal: plan_battle(b, g), MODULES, REPEATS)
        worst = max(worst, seconds)
        print(
            f"  {label:42} {seconds * 1000:7.1f} ms  value {plan.value:.6f} "
            f"({plan.casualty_policy}, {len(plan.stops)} stop points)"
        )
    seconds, found = cold_cpu(
        lambda: smallest_army(SMALLEST, "capture", Fraction(99, 100)), MODULES, REPEATS
    )
    worst = max(worst, seconds)
    print(f"  {'smallest army for 99% vs 5/5 in a city':42} {seconds * 1000:7.1f} ms  {found}")
    return verdict(worst, TARGET_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
