"""Fixtures of the hostile tests."""

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api() -> APIClient:
    """An API client in English whose server errors are 500 responses to assert on, not
    exceptions (a module may define its own)."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.raise_request_exception = False
    return client
