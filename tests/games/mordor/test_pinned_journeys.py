"""Speed work must not change an answer: the whole-journey answers of ``pinned_journeys.py``
(the heaviest question and others) and every state's chance, as recorded in
``pinned_journeys.json`` (in a process of its own, hash seed 0 as recorded): exact fractions
and words equal, floats within 1e-12 of the recorded (the float solver's products go through
the machine's BLAS, whose kernels may round a last bit otherwise on another processor)."""

import json
import math
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]


def test_the_whole_journey_answers_are_the_recorded_ones_to_the_bit():
    run = subprocess.run(
        [sys.executable, "-m", "tests.games.mordor.pinned_journeys"],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=True,
    )
    answers = json.loads(run.stdout)
    recorded = json.loads((HERE / "pinned_journeys.json").read_text())
    assert answers.keys() == recorded.keys()
    for name, answer in recorded.items():
        assert _same(answers[name], answer), name


def _same(found: object, recorded: object) -> bool:
    if isinstance(recorded, dict):
        return (
            isinstance(found, dict)
            and found.keys() == recorded.keys()
            and all(_same(found[key], value) for key, value in recorded.items())
        )
    if isinstance(recorded, list):
        return (
            isinstance(found, list)
            and len(found) == len(recorded)
            and all(map(_same, found, recorded))
        )
    if isinstance(recorded, str) and recorded.startswith("0x") and isinstance(found, str):
        return math.isclose(float.fromhex(found), float.fromhex(recorded), rel_tol=1e-12)
    return found == recorded
