"""War of the Ring hunt advisor: typical journeys and its largest allowed ones (the work is
capped at ``MAX_OUTCOMES`` move outcomes a request), cold caches, CPU time (target: under
1.5 s each, inside the 2 s a request may spend)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from adjudicator.games.common import InvalidInput  # noqa: E402
from adjudicator.games.wotr import hunt, hunt_plan  # noqa: E402
from adjudicator.games.wotr.board import BOARD  # noqa: E402
from adjudicator.games.wotr.hunt_plan import MAX_OUTCOMES, Journey, advise_hunt  # noqa: E402
from bench.cold import cold_cpu, verdict  # noqa: E402

REPEATS = 3
TARGET_SECONDS = 1.5
FELLOWSHIP = tuple(slug for slug, c in BOARD.characters.items() if c.starts_in_fellowship)
SPECIALS = tuple(slug for slug, tile in BOARD.hunt_tiles.items() if not tile.is_standard)
CASES = (
    ("6 moves to a gate, 3 companions",
     Journey(moves_to_mordor=6, hunt_dice=2, corruption=4, companions=FELLOWSHIP[:3])),
    ("Mordor step 0, 7 companions, 8 special tiles",
     Journey(mordor_step=0, hunt_dice=2, companions=FELLOWSHIP, special_tiles=SPECIALS)),
    ("14 moves (Bag End), 7 companions: 3 cadences",
     Journey(moves_to_mordor=14, hunt_dice=2, companions=FELLOWSHIP)),
    ("largest: 14 moves, 1 in the box, 7 companions",
     Journey(moves_to_mordor=14, hunt_dice=2, fp_dice_in_box=1, companions=FELLOWSHIP)),
    ("largest: 3 moves, 7 companions, 4 Shadow tiles",
     Journey(moves_to_mordor=3, hunt_dice=2, companions=FELLOWSHIP, special_tiles=SPECIALS[4:])),
    ("refused: 2 moves, 7 companions, 8 special tiles",
     Journey(moves_to_mordor=2, hunt_dice=2, companions=FELLOWSHIP, special_tiles=SPECIALS)),
)  # fmt: skip


def main() -> int:
    print(f"hunt advisor, cold caches, CPU (median of {REPEATS}); cap {MAX_OUTCOMES:,} outcomes")
    worst = 0.0
    for label, journey in CASES:
        seconds, advice = cold_cpu(lambda j=journey: advise_hunt(j), (hunt, hunt_plan), REPEATS)
        worst = max(worst, seconds)
        if isinstance(advice, InvalidInput):
            shown = "refused: " + advice.problems[0][1][:40] + "…"
        else:
            chances = " ".join(
                "—" if plan.chance is None else f"{plan.chance:.4f}" for plan in advice.cadences
            )
            shown = f"{advice.outcomes:>7,} outcomes, 1/2/3 a turn: {chances}"
        print(f"  {label:48} {seconds * 1000:7.0f} ms  {shown}")
    return verdict(worst, TARGET_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
