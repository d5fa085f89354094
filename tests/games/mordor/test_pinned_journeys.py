"""Speed work must not change an answer: the whole-journey answers of ``pinned_journeys.py``
(the heaviest question and others), to the last bit of every state's chance, as recorded in
``pinned_journeys.json`` (in a process of its own: the recorded bits are those of hash seed 0)."""

import json
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
        assert answers[name] == answer, name
