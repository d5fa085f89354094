"""Wojna o Pierścień benchmark: the exact engine's costliest answers, timed in CPU time.

Runs standalone (``.venv/bin/python bench/wojna.py``), engine only (no database):
- a duel fought to the end (``fight_to_the_end``) for growing Odporność on both sides, with a
  complete made-up duel table (the real one is the user's), and with both sides casting spells
  (made-up Czary table: 36 dice pairs per strike); the exact answer is compared with a
  Monte Carlo baseline of 20,000 simulated duels, which is what it replaces;
- an escape test over 100 attempts (the maximum: one attempt per stage), exact fractions;
- one battle round with a full 13-column × 15-row made-up battle table;
- the ratio planner on its largest input (every column from 1:100 to 10:1, a leader rolling
  on Czary), each column's round exact.
Target: every answer in < 50 ms, so a page or API call never waits on the engine.
"""

import random
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.games.wojna.battle import Leader, resolve_battle  # noqa: E402
from adjudicator.games.wojna.dice import escape_odds  # noqa: E402
from adjudicator.games.wojna.duel import Duelist, DuelTables, fight_to_the_end  # noqa: E402
from adjudicator.games.wojna.ratio_plan import MAX_BANDS, plan_ratio  # noqa: E402
from adjudicator.games.wojna.tables import battle_table, duel_table, spell_table  # noqa: E402

TARGET_MS = 50
DUEL_TABLE = DuelTables(
    duel=duel_table(
        {
            "difference": d,
            "die": r,
            "attacker_wounds": int(r + d <= 1) + int(r + d <= -3),
            "defender_wounds": int(r + d >= 4) + int(r + d >= 8),
        }
        for d in range(-40, 41)
        for r in range(1, 7)
    )
)
SPELL_TABLE = spell_table(
    {"category": c, "die": r, "value": max(0, r - 2 - i)}
    for i, c in enumerate("ABCD")
    for r in range(1, 7)
)
COLUMNS = [f"1-{n}" for n in range(5, 1, -1)] + [f"{n}-1" for n in range(1, 10)]
BATTLE_TABLE = battle_table(
    {"odds": c, "die": d, "attacker_loss": 10, "defender_loss": max(0, min(100, 5 * i + 5 * d))}
    for i, c in enumerate(COLUMNS)
    for d in range(-4, 11)
)


def cpu_ms(call) -> tuple[float, object]:
    start = time.process_time()
    result = call()
    return (time.process_time() - start) * 1000, result


def simulate_duel(attacker: Duelist, defender: Duelist, rng: random.Random) -> str:
    """One duel by dice (the Monte Carlo baseline), same order as the exact engine."""
    wa, wd = attacker.wounds, defender.wounds
    top_a, top_d = attacker.odpornosc, defender.odpornosc
    for _round in range(10_000):
        for striker_is_a in (True, False):
            ta = attacker.morale + attacker.odwaga - wa
            td = defender.morale + defender.odwaga - wd
            diff = ta - td if striker_is_a else td - ta
            cell = DUEL_TABLE.duel.lookup(diff, rng.randint(1, 6))
            if striker_is_a:
                wa, wd = wa + cell.attacker, wd + cell.defender
            else:
                wd, wa = wd + cell.attacker, wa + cell.defender
            if wa >= top_a or wd >= top_d:
                return "both" if wa >= top_a and wd >= top_d else "a" if wa >= top_a else "d"
    return "endless"


def main() -> int:
    worst = 0.0
    print("duel to the end (exact)                      ms    P(attacker falls)")
    for top in (2, 5, 10, 15, 20):
        a, d = Duelist(3, 4, 0, top), Duelist(3, 3, 0, top)
        ms, fight = cpu_ms(lambda a=a, d=d: fight_to_the_end(a, d, DUEL_TABLE))
        worst = max(worst, ms)
        print(
            f"  Odporność {top:>2} vs {top:>2}                        {ms:7.2f}   "
            f"{float(fight.attacker_falls):.6f}"
        )
    casting = DuelTables(duel=DUEL_TABLE.duel, spells=SPELL_TABLE)
    a, d = Duelist(3, 4, 0, 20, "A"), Duelist(3, 3, 0, 20, "B")
    ms, fight = cpu_ms(lambda: fight_to_the_end(a, d, casting))
    worst = max(worst, ms)
    print(
        f"  both casting (A vs B), Odporność 20 vs 20    {ms:7.2f}   "
        f"{float(fight.attacker_falls):.6f}"
    )
    a, d = Duelist(3, 4, 0, 10), Duelist(3, 3, 0, 10)
    exact = fight_to_the_end(a, d, DUEL_TABLE).attacker_falls
    rng = random.Random(6)
    samples = 20_000
    ms, outcomes = cpu_ms(lambda: [simulate_duel(a, d, rng) for _ in range(samples)])
    estimate = outcomes.count("a") / samples
    print(
        f"  Monte Carlo baseline, 10 vs 10, {samples} duels {ms:7.0f}   {estimate:.6f} "
        f"(exact {float(exact):.6f}, error {abs(estimate - float(exact)):.4f})"
    )
    ms, odds = cpu_ms(lambda: escape_odds(5, 100))
    worst = max(worst, ms)
    print(
        f"escape, Ucieczka 5, 100 attempts              {ms:7.2f}   "
        f"P = 1 − (2/3)^100 (exact: {odds.over_attempts == 1 - Fraction(2, 3) ** 100})"
    )
    ms, _ = cpu_ms(
        lambda: resolve_battle(
            [4, 3, 2],
            [3],
            Fraction(3, 2),
            attacker_leader=Leader(2),
            defender_leader=Leader(1),
            table=BATTLE_TABLE,
        )
    )
    worst = max(worst, ms)
    print(f"battle round with a full table                {ms:7.2f}")
    ms, plan = cpu_ms(
        lambda: plan_ratio(
            [1],
            [MAX_BANDS - 10],
            unit_strength=2,
            attacker_leader=Leader(2, spells="A"),
            table=BATTLE_TABLE,
            spells=SPELL_TABLE,
        )
    )
    worst = max(worst, ms)
    print(
        f"ratio plan from 1:{MAX_BANDS - 10} to 10:1, Czary rolled ({len(plan.bands)} columns) "
        f"{ms:7.2f}"
    )
    verdict = "met" if worst < TARGET_MS else "MISSED"
    print(f"slowest exact answer {worst:.2f} ms: target < {TARGET_MS} ms {verdict}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
