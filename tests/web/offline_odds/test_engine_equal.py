"""The offline odds equal the server's: random battle and hunt-turn questions, asked as page
links, answered by the pages' code here and by the offline engine under node (Pyodide running
the shipped zip, through the same script the page uses).

Why a few hundred questions suffice: nothing is ported. The browser runs the server's own
services and engines, zipped from this checkout; what differs is only the glue around them
(the query read as the forms read it, the defaults, the stand-ins for Django's translation and
number formats, gmpy2's integers as Python's, Python 3.13 under Pyodide). Every question leaves
out or gives each field at random and is answered in one of the three languages, so each piece
of that glue is exercised by every question, each field's every branch by dozens; a difference
there changes whole classes of answers, not one in ten thousand. The answers are compared whole:
every exact fraction, every float, every sentence, and each figure as the page shows it.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict
from django.template.defaultfilters import floatformat
from django.utils import translation

from adjudicator.games.common import InvalidInput, translate_problems
from adjudicator.web.offline_odds import assets, build, views
from adjudicator.web.pages import CheckerPage

# One worker builds the offline files (build.build) for both modules: never two at once.
pytestmark = pytest.mark.xdist_group("offline_odds")

HERE = Path(__file__).resolve().parent
LANGUAGES = ("ru", "pl", "en")
ANSWERED, REFUSED = 125, 25
"""Questions of each kind (300 in all; see the module's docstring)."""
SMALL = {"rounds": 4, "moves": 4, "hunt_dice": 5}
"""Upper bounds kept small where a field multiplies the work (fixed rounds, moves)."""


def _value(rng: random.Random, name: str, spec: dict[str, Any]) -> list[str]:
    kind = spec["kind"]
    if kind == "bool":
        return [rng.choice(["on", "false", ""])]
    if kind == "multiple":
        return rng.sample(spec["choices"], rng.randint(0, min(3, len(spec["choices"]))))
    if kind == "tiles":
        return [", ".join(rng.sample(spec["choices"], rng.randint(0, 3)))]
    if kind == "choice":
        return [rng.choice(spec["choices"])]
    high = min(spec["max"], SMALL.get(name, spec["max"]))
    return [str(rng.randint(spec["min"], high))]


def random_query(rng: random.Random, fields: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """A page link's query: each field given or left out (its default) at random."""
    return {
        name: _value(rng, name, spec)
        for name, spec in fields.items()
        if (spec["default"] is None and spec["required"]) or rng.random() < 0.5
    }


def _shown(node: Any) -> Any:
    """The page's figures (``floatformat:4``) beside each probability, as the shell shows them."""
    if isinstance(node, list):
        return [_shown(item) for item in node]
    if not isinstance(node, dict):
        return node
    items = {key: _shown(value) for key, value in node.items()}
    if isinstance(node.get("probability"), float):
        items["shown"] = str(floatformat(node["probability"], 4))
    elif isinstance(node.get("value"), float):
        items["shown"] = str(floatformat(node["value"], 3))
    return items


def server_answer(kind: str, query: dict[str, list[str]], language: str) -> dict[str, Any]:
    """What the page answers (``CheckerPage.answer`` over the checker's ``page_answer_of``, as
    the registry's page does), as plain JSON."""
    data = QueryDict(mutable=True)
    for name, values in query.items():
        data.setlist(name, values)
    with translation.override(language):
        form = views.FORMS[kind](data)
        assert form.is_valid(), form.errors
        asked = form.as_request()
        request = json.loads(json.dumps(asked))
        checker = views.CHECKERS[kind]
        answer = CheckerPage(compute=checker.page_answer_of).answer(form, None)
        if answer is None:  # refused by the engine (the serializer's bounds are the form's)
            with pytest.raises(InvalidInput) as refused:
                checker.compute(asked)
            problems = translate_problems(refused.value.problems, translation.gettext)
            return {"problems": json.loads(json.dumps(problems)), "request": request}
        return {"request": request, "answer": json.loads(json.dumps(_shown(answer)))}


@pytest.fixture(scope="module")
def offline_files() -> dict[str, str]:
    """Pyodide and the engine zip, as ``make`` builds them."""
    build.build()
    return {
        "pyodide": str(build.STATIC / assets.PYODIDE_DIR).rstrip("/"),
        "engine": str(build.STATIC / assets.ENGINE),
    }


def offline_answers(files: dict[str, str], cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    assert node, "node is needed (make installs it)"
    payload = {
        **files,
        "contexts": {language: views.shell_context(language) for language in LANGUAGES},
        "cases": cases,
    }
    script = build.STATIC / assets.STATIC_DIR / "engine.js"
    done = subprocess.run(
        [node, str(HERE / "run_engine.js"), str(script)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(done.stdout)


def questions(rng: random.Random) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Random page links with the pages' answers: of each kind ANSWERED answered questions and
    REFUSED refused ones (a battle's random fields often make it one the rules refuse)."""
    chosen = []
    for kind in views.FORMS:
        fields = views.field_specs(views.FORMS[kind]())
        wanted = {True: ANSWERED, False: REFUSED}
        while any(wanted.values()):
            language = LANGUAGES[len(chosen) % len(LANGUAGES)]
            case = {"language": language, "kind": kind, "query": random_query(rng, fields)}
            expected = server_answer(kind, case["query"], language)
            if wanted["answer" in expected]:
                wanted["answer" in expected] -= 1
                chosen.append((case, expected))
    return chosen


def test_offline_answers_equal_the_pages(offline_files):
    chosen = questions(random.Random(26))
    answered = offline_answers(offline_files, [case for case, _expected in chosen])
    assert len(answered) == len(chosen)
    for (case, expected), offline in zip(chosen, answered, strict=True):
        assert offline == expected, case
