"""Cold-cache CPU timing shared by the planner benchmarks (not a benchmark itself)."""

import os
import statistics
import time
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from adjudicator.games.common import InvalidInput


def cold_cpu(
    call: Callable[[], Any], modules: Iterable[ModuleType], repeats: int
) -> tuple[float, Any]:
    """Median CPU seconds of ``repeats`` calls, every ``functools`` cache of ``modules``
    cleared before each (a fresh process); an exception the call raises is its result."""
    modules = tuple(modules)
    times, result = [], None
    for _ in range(repeats):
        for module in modules:
            for value in vars(module).values():
                if hasattr(value, "cache_clear"):
                    value.cache_clear()
        start = time.process_time()
        try:
            result = call()
        except InvalidInput as error:  # a refusal is an answer too
            result = error
        times.append(time.process_time() - start)
    return statistics.median(times), result


def verdict(worst: float, target: float) -> int:
    """Print the load and the slowest time against its target; the exit status."""
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    met = worst < target
    print(f"slowest {worst * 1000:.0f} ms: target < {target:g} s " + ("met" if met else "MISSED"))
    return 0 if met else 1
