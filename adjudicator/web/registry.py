"""Every checker of every game, in one list (after python-chess's ``VARIANTS``): each game's
``checkers.py`` declares its own (``adjudicator.web.checker.Checker``), and the URLs, the
games' index entries and the tests' walks are read from here. A checker that is not in
``CHECKERS`` has no route; ``tests/web/test_registry.py`` fails for a route that is neither a
checker's nor on its short list of other pages.
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, reverse

from adjudicator.web.checker import Checker
from adjudicator.web.mordor.checkers import CHECKERS as MORDOR
from adjudicator.web.wojna.checkers import CHECKERS as WOJNA
from adjudicator.web.wotr.checkers import CHECKERS as WOTR
from adjudicator.web.wotr_moves.checkers import CHECKERS as WOTR_MOVES
from cards_db.checkers import CHECKERS as TCG

CHECKERS: tuple[Checker, ...] = (*WOTR, *WOTR_MOVES, *MORDOR, *WOJNA, *TCG)

#: The page namespace (``app_name``) of each game's checkers.
PAGE_NAMESPACES = {"wotr": "wotr", "mordor": "mordor", "wojna": "wojna", "tcg": "cards_db"}


def of_game(game: str) -> tuple[Checker, ...]:
    return tuple(checker for checker in CHECKERS if checker.game == game)


def find(game: str, name: str) -> Checker | None:
    """A game's checker by its page name, or None."""
    return next((c for c in of_game(game) if c.name == name), None)


def namespace(checker: Checker) -> str:
    """The URL namespace (``app_name``) of the checker's page: its app's, else its game's."""
    return checker.app or PAGE_NAMESPACES[checker.game]


def page_urls(app: str) -> list[URLPattern]:
    """The checker pages of one URL namespace (``app_name``), each under its own path and name."""
    return [c.page_url() for c in CHECKERS if c.page is not None and namespace(c) == app]


def api_urls(game: str) -> list[URLPattern]:
    """The game's API operations, each under its own path and name."""
    return [checker.api_url() for checker in of_game(game) if checker.api]


def page_path(checker: Checker) -> str:
    """The page's URL (``/wotr/battle/``): its path under the game's index."""
    return reverse(f"{namespace(checker)}:index") + (checker.page or "")


def index_links(game: str) -> list[dict[str, Any]]:
    """The game's index entries: each checker page with a blurb, in declaration order."""
    return [
        {"title": c.title, "url": page_path(c), "description": c.blurb, "checker": c}
        for c in of_game(game)
        if c.page is not None and c.blurb
    ]


def api_paths(game: str) -> list[str]:
    """The game's API operations' addresses (``/api/wotr/battle/``), in declaration order."""
    return [reverse(checker.api_name) for checker in of_game(game) if checker.api]
