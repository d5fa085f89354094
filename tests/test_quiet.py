"""Serving a page leaves the test run's warnings summary empty."""

import warnings

import pytest


@pytest.mark.django_db
def test_serving_a_page_warns_nothing(client):
    """WhiteNoise warned ``No directory at: staticfiles/`` on every request of the suite."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        response = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert [str(w.message) for w in caught] == []
