"""Peak memory of a call, for the tests that bound it (issue 27: work sized before it is done).

``tracemalloc`` counts what Python allocates, not time: the bound holds on a busy machine.
"""

import tracemalloc
from collections.abc import Callable
from typing import Any

MB = 1024 * 1024


def peak_bytes(call: Callable[[], Any]) -> int:
    """The most memory ``call()`` held at once, in bytes (what was allocated before it and is
    still held is not counted); an exception it raises counts as its answer."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    try:
        call()
    except Exception:  # a refusal is an answer: its memory is what counts
        pass
    finally:
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak
