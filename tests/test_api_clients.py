"""Integrators' view: a Python client generated from the schema drives the running site.

``make test`` installs the pinned generator into ``.venv-tools`` (``make client-tools``); the
client is generated from ``manage.py spectacular``'s schema into a temporary folder and
imported. Each operation group is called with its schema example.
"""

import importlib
import inspect
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from django.core.management import call_command

from cards_db.importer import import_data_files
from tests.openapi import openapi_schema
from tests.rules_corpus import search_factories

GENERATOR = Path(__file__).resolve().parent.parent / ".venv-tools/bin/openapi-python-client"
CONFIG = Path(__file__).resolve().parent.parent / "clients/openapi-python-client.yaml"
WOTR = "war_of_the_ring_odds_hunt_and_victory"

#: Operation group → (the generated module under ``adjudicator_client.api``, the POST path).
POSTS = {
    "battle": (f"{WOTR}.wotr_battle_create", "/api/wotr/battle/"),
    "hunt": (f"{WOTR}.wotr_hunt_create", "/api/wotr/hunt/"),
    "victory": (f"{WOTR}.wotr_victory_create", "/api/wotr/victory/"),
    "moves": ("wotr.wotr_moves_check", "/api/wotr/moves/check/"),
    "mordor": ("mordor.mordor_odds", "/api/mordor/odds/"),
    "wojna": ("wojna_o_pier_ś_cie_ń.wojna_capture_create", "/api/wojna/capture/"),
    "decks": ("decks.decks_validate_create", "/api/decks/validate/"),
}

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index


@pytest.fixture(scope="module")
def client_package(tmp_path_factory) -> str:
    """The generated client's package name, importable from a temporary folder."""
    if not GENERATOR.exists():
        pytest.skip("make client-tools installs openapi-python-client")
    folder = tmp_path_factory.mktemp("client")
    call_command("spectacular", "--format", "openapi-json", "--file", str(folder / "schema.json"))
    subprocess.run(
        [GENERATOR, "generate", "--path", folder / "schema.json", "--config", CONFIG,
         "--output-path", folder / "adjudicator_client", "--meta", "none"],
        check=True, capture_output=True,
    )  # fmt: skip
    sys.path.insert(0, str(folder))
    yield "adjudicator_client"
    sys.path.remove(str(folder))


def example(path: str) -> dict:
    content = openapi_schema()["paths"][path]["post"]["requestBody"]["content"]
    [value] = [e["value"] for e in content["application/json"]["examples"].values()][:1]
    return value


def call(package: str, module: str, client, payload: dict):
    operation = importlib.import_module(f"{package}.api.{module}")
    annotation = inspect.signature(operation.sync_detailed).parameters["body"].annotation
    [body_type] = [t for t in typing.get_args(annotation) or [annotation] if t.__name__ != "Unset"]
    return operation.sync_detailed(client=client, body=body_type.from_dict(payload))


@pytest.mark.django_db(transaction=True)
def test_the_generated_client_drives_every_operation_group(
    client_package, live_server, corpus_search_index
):
    import_data_files()
    package = importlib.import_module(client_package)
    client = package.Client(base_url=live_server.url, headers={"Accept-Language": "en"})

    for group, (module, path) in POSTS.items():
        response = call(client_package, module, client, example(path))
        assert response.status_code == 200, (group, response.content)
        assert type(response.parsed).__name__ != "ErrorResponse", group

    api = f"{client_package}.api"
    search = importlib.import_module(f"{api}.search.search").sync(client=client, q="битва")
    assert search.count > 0
    cards = importlib.import_module(f"{api}.cards.cards_list").sync(client=client, q="Legolas")
    assert "Legolas" in {card.title for card in cards.results}
    setup = importlib.import_module(f"{api}.{WOTR}.wotr_positions_setup_retrieve")
    assert setup.sync(client=client) is not None

    refused = call(client_package, "tcg.tcg_calculator_move_limit", client, {"players_at_start": 1})
    assert refused.status_code == 400
    assert type(refused.parsed).__name__ == "ErrorResponse"
    assert refused.parsed.errors[0].field == "players_at_start"
