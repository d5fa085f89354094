"""Benchmark of the War of the Ring move checker (``python bench/moves.py``).

1. All legal destinations of every army, Nazgûl stack and companion (separating from the
   Fellowship) and of the declared Fellowship in the standard setup; target ≤ 50 ms in all, the
   first call in the process (board distances built on the way).
2. The legality check of 10,000 random moves (parsing included); target < 1 ms per check.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.games.wotr.board import BOARD
from adjudicator.games.wotr.moves import check_move, legal_destinations
from adjudicator.games.wotr.position import standard_setup

REGIONS = sorted(BOARD.regions)
TARGET_MS = 1.0
DESTINATIONS_TARGET_MS = 50.0


def pieces(position) -> list[dict]:
    """Every army (per nation), Nazgûl stack and companion of the setup, and the Fellowship."""
    found = []
    for region, by_nation in sorted(position.armies.items()):
        for nation, units in sorted(by_nation.items()):
            if units.units:
                found.append(
                    {"kind": "army", "from": region, "units": {"nation": nation, **units.to_dict()}}
                )
            if units.nazgul:
                found.append({"kind": "nazgul", "from": region, "count": units.nazgul})
    found += [{"kind": "separate", "companions": [c]} for c in position.fellowship.companions]
    found.append({"kind": "declare"})
    return found


def random_move(rng: random.Random, position) -> dict:
    """A random, well-formed move of a random kind."""
    armies = [(r, n, u) for r, by in position.armies.items() for n, u in by.items() if u.units]
    kind = rng.choice(
        ["army", "army", "attack", "nazgul", "separate", "muster", "politics", "declare"]
    )
    to = rng.choice(REGIONS)
    if kind in ("army", "attack"):
        region, nation, units = rng.choice(armies)
        return {
            "kind": kind,
            "from": region,
            "to": rng.choice(sorted(BOARD.regions[region].neighbours))
            if rng.random() < 0.7
            else to,
            "units": {
                "nation": nation,
                "regular": rng.randint(0, units.regular),
                "elite": units.elite,
            },
            "die": rng.choice(["army", "character", "event"]),
        }
    if kind == "nazgul":
        return {
            "kind": "nazgul",
            "from": rng.choice(["morannon", "dol-guldur", "barad-dur", "minas-morgul"]),
            "to": to,
            "count": 1,
        }
    if kind == "separate":
        return {
            "kind": "separate",
            "companions": [rng.choice(position.fellowship.companions)],
            "to": to,
        }
    if kind == "muster":
        return {
            "kind": "muster",
            "placements": [
                {"region": to, "nation": rng.choice(sorted(BOARD.nations)), "regular": 1}
            ],
        }
    if kind == "politics":
        return {"kind": "politics", "nation": rng.choice(sorted(BOARD.nations))}
    return {"kind": "declare", "to": to}


def main() -> None:
    position = standard_setup()
    all_pieces = pieces(position)
    start, cpu = time.perf_counter(), time.process_time()
    total = sum(len(legal_destinations(position, piece)) for piece in all_pieces)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    verdict = "OK" if elapsed * 1000 <= DESTINATIONS_TARGET_MS else "SLOWER THAN TARGET"
    print(
        f"legal destinations: {len(all_pieces)} pieces, {total} destinations "
        f"in {elapsed * 1000:.1f} ms ({cpu * 1000:.1f} ms CPU; "
        f"{elapsed * 1000 / len(all_pieces):.2f} ms per piece; "
        f"target <= {DESTINATIONS_TARGET_MS:.0f} ms, first call in the process): {verdict}"
    )

    rng = random.Random(4)
    moves = [random_move(rng, position) for _ in range(10_000)]
    start = time.perf_counter()
    legal = sum(check_move(position, move).legal for move in moves)
    elapsed = time.perf_counter() - start
    per_check = elapsed * 1000 / len(moves)
    verdict = "OK" if per_check < TARGET_MS else "SLOWER THAN TARGET"
    print(
        f"random moves: {len(moves)} checks ({legal} legal) in {elapsed:.2f} s, "
        f"{per_check:.3f} ms per check (target < {TARGET_MS} ms): {verdict}"
    )


if __name__ == "__main__":
    main()
