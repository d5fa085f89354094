"""Each client's limits (adjudicator/throttling.py): the CPU seconds its requests used, pages and
API alike, and the RateLimit-* headers of the request rate (shared across workers:
tests/hostile/test_shared_limits.py)."""

import pytest
from django.core.cache import cache
from django.test import Client
from rest_framework.test import APIClient

from adjudicator import throttling

pytestmark = pytest.mark.django_db

BATTLE = {"attacker": {"regular": 2}, "defender": {"regular": 1}}
PAGE = "/wotr/battle/?attacker.regular=2&defender.regular=1"


@pytest.fixture
def cpu_rate(settings) -> int:
    settings.CPU_THROTTLE_RATE = "3/hour"
    return 3


def test_a_client_past_its_cpu_seconds_gets_a_429_page_and_api_answer(cpu_rate):
    throttling.counted("cpu_127.0.0.1", 3600, 1000 * cpu_rate)
    page = Client(HTTP_ACCEPT_LANGUAGE="pl").get(PAGE)
    assert page.status_code == 429
    assert 0 < int(page["Retry-After"]) <= 3600
    assert "Twoje pytania wykorzystały czas obliczeń" in page.content.decode()
    api = APIClient(HTTP_ACCEPT_LANGUAGE="ru").post("/api/wotr/battle/", BATTLE, format="json")
    assert api.status_code == 429
    assert api.json()["errors"][0] == {
        "field": "request", "code": "throttled", "message": api.json()["detail"]}  # fmt: skip
    assert api.json()["detail"].startswith("Ваши вопросы израсходовали время вычислений")
    assert Client().get("/healthz").status_code != 429  # the health check and the static files
    assert Client().get("/static/css/site.css").status_code != 429  # cost nothing to refuse


def test_another_client_and_a_client_within_its_cpu_seconds_are_answered(cpu_rate):
    throttling.counted("cpu_127.0.0.1", 3600, 1000 * cpu_rate - 1)
    assert Client().get(PAGE).status_code == 200
    throttling.counted("cpu_127.0.0.1", 3600, 1)
    assert Client(REMOTE_ADDR="10.0.0.2").get(PAGE).status_code == 200


def test_the_cpu_time_of_every_request_is_charged_to_its_client(cpu_rate, monkeypatch):
    monkeypatch.setattr(throttling, "CHARGED_FROM", 0)
    Client().get(PAGE)
    APIClient().post("/api/wotr/battle/", BATTLE, format="json")
    used, _reset = throttling.counted("cpu_127.0.0.1", 3600, 0)
    assert used > 0
    assert cache.get("cpu_10.0.0.2:0") is None


def test_api_answers_say_where_the_client_stands_in_its_request_rate(monkeypatch):
    rates = {**throttling.SimpleRateThrottle.THROTTLE_RATES, "anon": "5/min"}
    monkeypatch.setattr(throttling.SimpleRateThrottle, "THROTTLE_RATES", rates)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    answers = [api.post("/api/wotr/battle/", BATTLE, format="json") for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert [a["RateLimit-Remaining"] for a in answers] == ["4", "3", "2", "1", "0", "0"]
    assert {a["RateLimit-Limit"] for a in answers} == {"5"}
    assert {a["RateLimit-Policy"] for a in answers} == {"5;w=60"}
    assert 0 < int(answers[-1]["Retry-After"]) <= 60
    assert int(answers[-1]["RateLimit-Reset"]) <= 60
    assert answers[-1].json()["detail"] == (
        "Too many requests from you for now (the rates are in the API's documentation): ask "
        f"again in {answers[-1]['Retry-After']} s."
    )
