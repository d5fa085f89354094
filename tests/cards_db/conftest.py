"""The card data, imported with the real importer (the JSON is parsed once per process)."""

import pytest

from cards_db.importer import import_data_files


@pytest.fixture
def cards(db):
    """Every card of sets 1–3 in the test database."""
    return import_data_files()


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()
