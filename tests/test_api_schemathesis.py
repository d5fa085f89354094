"""Schemathesis over every API operation (issue 12: "the API keeps its word"): generated valid
and invalid requests, every response checked against the schema with all of schemathesis's
checks, on a bounded, derandomised number of examples so the run is the same each time.

One check is refined rather than taken as it is: schemathesis expects a schema-valid request
never to get a 400, but some rules cannot be said in a JSON Schema (a besieged army needs a
stronghold, a deck names cards that exist). So a 400 for schema-valid data passes only when
every problem in it has such a code; a 400 with any other code (``unknown_field``,
``wrong_type``, ``max_value``, ``invalid_choice``...) means the schema and the code disagree.
"""

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from adjudicator.wsgi import application
from tests.rules_corpus import search_factories

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

#: The error codes of rules beyond a JSON Schema: ``rule`` (the engines, a
#: serializer's check across fields) and the deck reader's findings.
RULE_CODES = {"rule", "unknown_card", "ambiguous_card", "invalid_count"}

#: Codes a schema-valid request may still get where the schema cannot say the rule: query
#: filters whose choices are the loaded cards' own values (no enum), and a move's or piece's
#: fields, which its ``kind`` decides (a guide for a guide move, 1 to 8 faction figures).
KIND_DEPENDENT = frozenset({"required", "out_of_range", "invalid_choice"})
DATA_CHOICES = {
    ("GET", "/cards/"): frozenset({"invalid_choice"}),
    ("POST", "/wotr/moves/check/"): KIND_DEPENDENT,
    ("POST", "/wotr/moves/legal/"): KIND_DEPENDENT,
}


corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index


@pytest.fixture(autouse=True)
def connection_kept() -> Iterator[None]:
    """The test's database connection kept across requests, as Django's test client keeps it:
    the WSGI handler closes it after each request, and on PostgreSQL the test's transaction
    with it (SQLite's in-memory test database never closes)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.usefixtures("corpus_search_index")  # search answers from the rulebooks' index
@schema.parametrize()
@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_keeps_its_schema(case) -> None:
    # Schemathesis's WSGI transport asks for gzip and does not unzip what it gets; the answers'
    # compression has its own test (tests/web/test_compression.py).
    response = case.call(headers={"Accept-Encoding": "identity"})
    case.validate_response(response, excluded_checks=[positive_data_acceptance])
    if case.meta.generation.mode.is_positive and response.status_code == 400:
        allowed = RULE_CODES | DATA_CHOICES.get((case.method, case.path), set())
        refused = {(e["field"], e["code"]) for e in response.json()["errors"]}
        beyond = {(field, code) for field, code in refused if code not in allowed}
        assert not beyond, f"schema-valid data refused for {beyond}: {case.as_curl_command()}"
