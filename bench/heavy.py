"""The heaviest legal questions (issue 27: at most 1 s of CPU, half the request's budget),
asked through the API as a worker answers them: Django's test client in this process, every
engine cache cleared before each, the CPU time of the request's own thread (what
adjudicator/budget.py counts), median of REPEATS. Two figures: a fresh worker of `make serve`
(the dice tables its master builds before forking, adjudicator/wsgi.py, rebuilt untimed), the
target; and a process without them."""

import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")
os.environ.setdefault("API_ANSWER_CACHE_SECONDS", "0")  # every request computes its answer
os.environ.setdefault("REQUEST_CPU_SECONDS", "0")  # measured, not cut short

import django  # noqa: E402

django.setup()

from django.test import Client, override_settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from adjudicator.games.mordor import dice, journey, odds, whole_journey  # noqa: E402
from adjudicator.games.mordor.tables import build_tables  # noqa: E402
from adjudicator.games.wotr import battle, battle_plan, hunt, hunt_plan  # noqa: E402
from adjudicator.games.wotr.board import BOARD  # noqa: E402
from bench.cold import verdict  # noqa: E402

REPEATS = 3
TARGET_SECONDS = 1.0
FELLOWSHIP = [slug for slug, c in BOARD.characters.items() if c.starts_in_fellowship]
ROLL = [{"face": "ring", "color": "black"}, {"face": "ring", "color": "red"},
        {"face": "orc", "color": "yellow"}, {"face": "nazgul", "color": "blue"},
        {"face": "gandalf", "color": "green"}]  # fmt: skip
QUESTIONS = (
    ("hunt advisor, Bag End (14 moves), 1 in the box, 7 companions", "/api/wotr/hunt/plan/",
     {"hunt_dice": 2, "fp_dice_in_box": 1, "moves_to_mordor": 14, "companions": FELLOWSHIP}),
    ("whole journey from Bag End, others mark 1/6, a roll in hand", "/api/mordor/odds/",
     {"position": 0, "player_color": "red", "other_colors": ["blue"], "advanced": True,
      "horizon": "game", "other_mark_chance": "1/6", "rolled": ROLL}),
    ("… with 3 other players", "/api/mordor/odds/",
     {"position": 0, "player_color": "red", "other_colors": ["blue", "green", "yellow"],
      "advanced": True, "horizon": "game", "other_mark_chance": "1/6", "rolled": ROLL}),
    ("whole journey from Bag End, reach Mordor, no roll", "/api/mordor/odds/",
     {"position": 0, "player_color": "red", "goal": "reach_mordor", "horizon": "game"}),
    ("battle plan, siege 5+5 leaders 3 v 5 elite", "/api/wotr/battle/plan/",
     {"attacker": {"regular": 5, "elite": 5, "leadership": 3},
      "defender": {"regular": 0, "elite": 5, "leadership": 2},
      "settlement": "stronghold", "siege": True}),
)  # fmt: skip
ENGINES = (dice, journey, odds, whole_journey, battle, battle_plan, hunt, hunt_plan)


def cold_request(client: Client, path: str, body: dict, tables: bool) -> tuple[float, int]:
    """Thread CPU seconds of one request with every engine cache cleared (then, with
    ``tables``, the master's dice tables built again), and its status."""
    gc.unfreeze()
    for module in ENGINES:
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    if tables:  # as adjudicator/wsgi.py: built, then kept out of the collector's full passes
        build_tables()
        gc.collect()
        gc.freeze()
    start = time.thread_time()
    response = client.post(path, body, content_type="application/json")
    return time.thread_time() - start, response.status_code


#: No limit counted, nothing written to the database's cache table.
LOCAL = {"CACHES": {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}},
         "CPU_THROTTLE_RATE": "1000000/min"}  # fmt: skip


@override_settings(**LOCAL)
def main() -> int:
    get_resolver().url_patterns  # noqa: B018  (views imported first, as adjudicator/wsgi.py does)
    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HOST="localhost")
    print(f"heaviest legal questions, cold caches, request thread CPU (median of {REPEATS})")
    print(f"  {'':62} {'fresh worker':>12} {'no tables':>10}")
    worst = 0.0
    for label, path, body in QUESTIONS:
        figures = []
        for tables in (True, False):
            runs = [cold_request(client, path, body, tables) for _ in range(REPEATS)]
            figures.append(statistics.median(t for t, _status in runs))
        worst = max(worst, figures[0])
        print(
            f"  {label:62} {figures[0] * 1000:9.0f} ms {figures[1] * 1000:7.0f} ms"
            f"  status {runs[0][1]}"
        )
    return verdict(worst, TARGET_SECONDS)


if __name__ == "__main__":
    sys.exit(main())
