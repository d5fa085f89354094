"""The docs/api.md Python example: the generated client with the plain ``Client`` (the API has
no authentication), type-checked by ``mypy --strict`` and run in make test
(tests/test_api_clients.py)."""

from adjudicator_client import Client
from adjudicator_client.api.cards import cards_named
from adjudicator_client.api.wotr import wotr_battle_create
from adjudicator_client.models import ErrorResponse, WotrBattleCreateBody


def adjudicator(site: str) -> Client:
    """A client pinned to version 1 (the schema's server, /api/v1)."""
    return Client(base_url=f"{site}/api/v1", headers={"Accept-Language": "en"})


def defender_destroyed(site: str) -> str:
    """The exact chance that 5 regulars destroy 3 (a battle fought to the end)."""
    body = WotrBattleCreateBody.from_dict({"attacker": {"regular": 5}, "defender": {"regular": 3}})
    answer = wotr_battle_create.sync(client=adjudicator(site), body=body)
    if answer is None or isinstance(answer, ErrorResponse):
        raise ValueError(answer.detail if answer is not None else "no answer")
    return answer.defender_destroyed.exact


def card_address(site: str, name: str) -> str:
    """The stable API address of the card a loosely spelt name means."""
    card = cards_named.sync(client=adjudicator(site), fuzzy=name)
    if card is None or isinstance(card, ErrorResponse):
        raise LookupError(name)
    return card.api_url
