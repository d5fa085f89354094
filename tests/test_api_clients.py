"""Integrators' view: both clients generated from the schema, with no hand edits, compile,
type-check strictly and answer every example as the schema documents.

``make test`` installs the pinned generators (``make client-tools``): openapi-python-client in
``.venv-tools``, openapi-typescript + openapi-fetch + typescript in ``clients/node_modules``.
The schema comes from ``manage.py spectacular`` (the same English bytes as ``/api/schema/``
in any language). The Python client is imported and driven against a running site with every
request example; ``mypy --strict`` checks ``clients/example_client.py`` (the docs' example) with
the plain ``Client``; ``tsc --strict`` checks ``clients/example.ts`` and every request example
against the TypeScript types, and node runs ``clients/run_example.ts`` (openapi-fetch) against a
running site: a search, a battle, a hunt, a deck validation and a legal move, each answered as
the site answers it.
"""

import importlib
import inspect
import json
import shutil
import subprocess
import sys
import tempfile
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client as DjangoClient

from cards_db.importer import import_data_files
from tests.openapi import openapi_schema
from tests.rules_corpus import search_factories

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = ROOT / ".venv-tools/bin/openapi-python-client"
CONFIG = ROOT / "clients/openapi-python-client.yaml"
NODE_BIN = ROOT / "clients/node_modules/.bin"
MYPY = Path(sys.executable).parent / "mypy"

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index


@pytest.fixture(scope="module")
def schema_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("schema") / "schema.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(path))
    return path


@pytest.fixture(scope="module")
def client_folder(schema_file, tmp_path_factory) -> Path:
    """A folder holding the generated Python client ``adjudicator_client``, importable."""
    if not GENERATOR.exists():
        pytest.skip("make client-tools installs openapi-python-client")
    folder = tmp_path_factory.mktemp("client")
    generated = subprocess.run(
        [GENERATOR, "generate", "--path", schema_file, "--config", CONFIG,
         "--output-path", folder / "adjudicator_client", "--meta", "none"],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    # The generator leaves out an operation it cannot read, with a warning: none may be left out.
    assert "Warning" not in generated.stdout + generated.stderr, generated.stdout
    shutil.copy(ROOT / "clients/example_client.py", folder)
    sys.path.insert(0, str(folder))
    yield folder
    sys.path.remove(str(folder))


def request_examples():
    """(path, method, operation, example name, body) of every request example."""
    for path, operations in openapi_schema()["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            for name, example in (content or {}).get("examples", {}).items():
                yield path, method, operation, name, example["value"]


def _operation_module(operation: dict):
    return importlib.import_module(
        f"adjudicator_client.api.{operation['tags'][0]}.{operation['operationId']}"
    )


def _call(operation: dict, client, payload: dict, **path_parameters):
    module = _operation_module(operation)
    annotation = inspect.signature(module.sync_detailed).parameters["body"].annotation
    [body_type] = [t for t in typing.get_args(annotation) or [annotation] if t.__name__ != "Unset"]
    return module.sync_detailed(client=client, body=body_type.from_dict(payload), **path_parameters)


@pytest.mark.django_db(transaction=True)
def test_the_python_client_answers_every_example_as_documented(
    client_folder, live_server, corpus_search_index
):
    import_data_files()
    package = importlib.import_module("adjudicator_client")
    client = package.Client(base_url=f"{live_server.url}/api/v1", headers={"Accept-Language": "en"})
    operations = {(path, method): operation for path, method, operation, *_ in request_examples()}
    saved = _call(operations["/decks/", "post"], client, next(
        body for path, _, _, _, body in request_examples() if path == "/decks/"
    ))  # fmt: skip

    for path, method, operation, name, body in request_examples():
        documented = {int(status) for status in operation["responses"] if status.startswith("2")}
        parameters = {"id": saved.parsed.deck.id} if "{id}" in path else {}
        if parameters:
            body = {**body, "edit_key": str(saved.parsed.edit_key)}
        response = _call(operation, client, body, **parameters)
        assert response.status_code in documented, (method, path, name, response.content)
        assert type(response.parsed).__name__ != "ErrorResponse", (path, name)

    example = importlib.import_module("example_client")
    assert example.defender_destroyed(live_server.url).count("/") == 1
    assert example.card_address(live_server.url, "legolas greenleef").endswith("/cards/1/50/")
    api = "adjudicator_client.api"
    search = importlib.import_module(f"{api}.search.search").sync(client=client, q="битва")
    assert search.count > 0 and search.next_.startswith(live_server.url)
    cards = importlib.import_module(f"{api}.cards.cards_list").sync(client=client, q="Legolas")
    assert "Legolas" in {card.title for card in cards.results}
    bulk = importlib.import_module(f"{api}.cards.bulk_cards").sync(client=client)
    assert bulk.count == len(bulk.cards) > 600
    refused = _call(operations["/tcg/move-limit/", "post"], client, {"players_at_start": 1})
    assert refused.status_code == 400
    assert [(e.field, e.code) for e in refused.parsed.errors] == [
        ("players_at_start", "out_of_range")
    ]


def test_the_python_example_type_checks_strictly_with_the_plain_client(client_folder):
    result = subprocess.run(
        [MYPY, "--strict", "--no-incremental", "--cache-dir", "/dev/null", "example_client.py"],
        cwd=client_folder, capture_output=True, text=True, env={"MYPYPATH": str(client_folder)},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr


def _typescript_examples() -> str:
    """Every request example as a constant of its operation's TypeScript body type."""
    lines = [
        'import type { paths } from "./api";',
        "type Body<P extends keyof paths, M extends keyof paths[P]> =",
        "  NonNullable<paths[P][M] extends { requestBody?: infer B } ? B : never> extends",
        '  { content: { "application/json": infer J } } ? J : never;',
    ]
    for index, (path, method, _, name, body) in enumerate(request_examples()):
        lines.append(f"// {method.upper()} {path}: {name}")
        lines.append(f"export const e{index}: Body<{json.dumps(path)}, {json.dumps(method)}> =")
        lines.append(f"  {json.dumps(body, ensure_ascii=False)};")
    return "\n".join(lines) + "\n"


def _typescript(schema: Path, folder: Path) -> str:
    subprocess.run(
        [NODE_BIN / "openapi-typescript", schema, "--output", folder / "api.ts", "--silent"],
        check=True, capture_output=True,
    )  # fmt: skip
    return (folder / "api.ts").read_text()


@pytest.fixture(scope="module")
def typescript_build(schema_file) -> Iterator[tuple[Path, subprocess.CompletedProcess]]:
    """The types generated from the schema, ``clients/example.ts``, ``clients/run_example.ts``
    and every request example, compiled by ``tsc --strict`` to JavaScript in ``out/`` (the
    folder, and tsc's result)."""
    if not (NODE_BIN / "tsc").exists():
        pytest.skip("make client-tools installs openapi-typescript, openapi-fetch, typescript")
    # Inside clients/, so that tsc and node find openapi-fetch in clients/node_modules.
    with tempfile.TemporaryDirectory(dir=ROOT / "clients", prefix=".check-") as name:
        folder = Path(name)
        _typescript(schema_file, folder)
        for source in ("example.ts", "run_example.ts"):
            shutil.copy(ROOT / "clients" / source, folder)
        (folder / "examples.ts").write_text(_typescript_examples())
        compiled = subprocess.run(
            [NODE_BIN / "tsc", "--strict", "--target", "es2022", "--module", "esnext",
             "--moduleResolution", "bundler", "--lib", "es2022,dom", "--outDir", folder / "out",
             *(folder / source for source in ("example.ts", "examples.ts", "run_example.ts"))],
            capture_output=True, text=True,
        )  # fmt: skip
        (folder / "out/package.json").write_text('{"type": "module"}')
        yield folder, compiled


def test_the_typescript_client_compiles_with_every_example(typescript_build):
    folder, compiled = typescript_build
    assert "Record<string, never>" not in (folder / "api.ts").read_text().split("webhooks")[0]
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr


@pytest.mark.django_db(transaction=True)
def test_the_typescript_client_runs_a_search_a_battle_a_hunt_a_deck_and_a_move(
    typescript_build, live_server, corpus_search_index
):
    """node runs the compiled client against a live site; each answer is the site's own."""
    folder, compiled = typescript_build
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    import_data_files()
    site = live_server.url.replace("localhost", "127.0.0.1")

    ran = subprocess.run(
        [shutil.which("node") or "node", folder / "out/run_example.js", site],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip

    assert ran.returncode == 0, ran.stderr
    answered = json.loads(ran.stdout)
    asked = [(call["method"], call["path"], call["status"]) for call in answered["calls"]]
    assert asked == [
        ("GET", "/search/", 200),
        ("POST", "/wotr/battle/", 200),
        ("POST", "/wotr/hunt/", 200),
        ("POST", "/decks/validate/", 200),
        ("POST", "/wotr/moves/legal/", 200),
    ]
    for call in answered["calls"]:
        assert json.loads(json.dumps(call["answer"]).replace(site, "http://testserver")) == (
            _site_answer(call)
        ), call["path"]
    example = answered["example"]
    assert example["defenderDestroyed"].count("/") == 1 and example["destinations"] > 0
    assert example["firstSearchHit"].startswith(f"{site}/rules/")
    assert example["cardByName"] == f"{site}/api/cards/1/50/"


def _site_answer(call: dict) -> dict:
    """What the site answers the same request (asked through Django's test client)."""
    client, path = DjangoClient(HTTP_ACCEPT_LANGUAGE="en"), f"/api/v1{call['path']}"
    if call["method"] == "GET":
        return client.get(path, call["request"]).json()
    return client.post(path, call["request"], content_type="application/json").json()


def test_the_typescript_types_are_the_same_whatever_language_fetched_the_schema(tmp_path):
    if not (NODE_BIN / "openapi-typescript").exists():
        pytest.skip("make client-tools installs openapi-typescript")
    generated = set()
    for language in ("ru", "pl"):
        schema = tmp_path / f"{language}.json"
        response = DjangoClient().get("/api/schema/?format=json", HTTP_ACCEPT_LANGUAGE=language)
        schema.write_bytes(response.content)
        (tmp_path / language).mkdir()
        generated.add(_typescript(schema, tmp_path / language))
    assert len(generated) == 1
