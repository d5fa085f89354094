"""Benchmark of the War of the Ring board map (``python bench/map.py``).

1. Server time of ``POST /api/wotr/moves/legal/`` for every army of the setup, as the map asks
   it (the whole army of a region, the position sent as JSON); target < 200 ms per request.
2. The map page: server time of ``GET /wotr/moves/`` and its weight as transferred
   (gzip of the HTML and of every CSS/JS file it links); target ≤ 150 KB.
3. The SVG renderer alone.
"""

from __future__ import annotations

import gzip
import os
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

import django

django.setup()

from django.contrib.staticfiles import finders  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from adjudicator.games.wotr.map_svg import board_svg  # noqa: E402
from adjudicator.games.wotr.position import standard_setup  # noqa: E402

LEGAL_TARGET_MS = 200.0
WEIGHT_TARGET_KB = 150.0
ASSET = re.compile(r'(?:href|src)="/static/([^"]+\.(?:css|js))"')


def timed(call) -> tuple[float, object]:
    start = time.perf_counter()
    result = call()
    return (time.perf_counter() - start) * 1000, result


def main() -> int:
    setup_test_environment()
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    position = standard_setup()
    data = position.to_dict()
    times = []
    for region, by_nation in sorted(data["armies"].items()):
        units = [{"nation": n, **f} for n, f in by_nation.items()]
        piece = {"kind": "army", "from": region, "units": units, "die": "army"}
        ms, response = timed(
            lambda piece=piece: client.post(
                "/api/wotr/moves/legal/",
                {"position": data, "piece": piece},
                content_type="application/json",
            )
        )
        assert response.status_code == 200, response.content
        times.append(ms)
    worst = max(times[1:])
    print(
        f"legal destinations API, {len(times)} armies of the setup: first (cold process) "
        f"{times[0]:.1f} ms, then median {statistics.median(times[1:]):.1f} ms, worst "
        f"{worst:.1f} ms (target < {LEGAL_TARGET_MS:.0f} ms)"
    )
    page_times = []
    for _ in range(5):
        ms, response = timed(lambda: client.get("/wotr/moves/"))
        page_times.append(ms)
    html = response.content
    assets = [Path(finders.find(a)).read_bytes() for a in ASSET.findall(html.decode())]
    weight = sum(len(gzip.compress(part)) for part in [html, *assets]) / 1024
    raw = sum(len(part) for part in [html, *assets]) / 1024
    print(
        f"map page: median {statistics.median(page_times):.1f} ms server time; "
        f"{weight:.1f} KB transferred gzip ({raw:.1f} KB uncompressed) "
        f"(target ≤ {WEIGHT_TARGET_KB:.0f} KB)"
    )
    svg_times = [timed(lambda: board_svg(position, names={}))[0] for _ in range(20)]
    print(f"SVG renderer: median {statistics.median(svg_times):.2f} ms")
    return 0 if worst < LEGAL_TARGET_MS and weight <= WEIGHT_TARGET_KB else 1


if __name__ == "__main__":
    sys.exit(main())
