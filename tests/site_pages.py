"""The site's pages, found from the URL configuration, for tests that walk all of them."""

from io import StringIO

from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver

from adjudicator.web import registry
from adjudicator.web.links.services import input_key, share_input
from cards_db.forms import DECK_KIND
from cards_db.importer import import_data_files
from rules_corpus.search.warm import warm
from rules_corpus.services import load_rulebooks

#: A deck question stored by ``load_site_data``, asked by the deck pages' links.
DECK_QUESTION = {
    "name": "Elves",
    "list": "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
    "4x Legolas, Greenleaf\n4x Gimli, Son of Gloin\n4x Goblin Archer\n4x Ancient Chieftain",
    "format": "fellowship_block",
    "check_starting_fellowship": True,
}
DECK_KEY = input_key(DECK_KIND, DECK_QUESTION)

#: Every checker page of every game, asked a question by its link (the registry's questions).
CHECKER_QUESTIONS = [
    registry.page_path(checker) + question
    for checker in registry.CHECKERS
    if checker.view is None
    for question in checker.questions
]
#: The pages with their own editor (``Checker.view``: the move board, the deck check), opened as
#: their declarations say; their stored questions (``?deck=<key>``) are in EXAMPLES.
EDITOR_PAGES = [
    registry.page_path(checker) + question
    for checker in registry.CHECKERS
    if checker.view is not None
    for question in checker.questions
]
#: The service worker and the files it keeps (docs/offline.md): no pages.
OFFLINE_FILES = ("sw.js", "offline/precache.json", "offline/search-index.json", "offline/manifest")
#: Prefixes that are not pages a player reads (the admin, the API, the language switch, the
#: deck-line fix that only takes a POST, the health check that answers JSON).
SKIPPED = ("admin/", "api/", "i18n/", "cards/decks/fix/", "healthz", *OFFLINE_FILES)
#: Pages behind a URL parameter, one example each, and the pages the API serves as HTML.
EXAMPLES = [
    "/api/docs/",
    "/rules/wotr-rules/",
    "/rules/wotr-rules/regiony/",
    "/rules/wojna-o-pierscien/",
    "/search/?q=осада",
    "/search/?q=Frodo",
    "/cards/card/1_290/",
    "/cards/?culture=Dwarven",
    "/cards/calculators/skirmish/",
    f"/cards/decks/?deck={DECK_KEY}",
    f"/cards/decks/odds/?deck={DECK_KEY}",
    f"/cards/decks/odds/?deck={DECK_KEY}&target=culture:Moria&at_least=2",
]


def _plain_paths(patterns, prefix: str = "") -> list[str]:
    paths = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if route.startswith(SKIPPED) or "<" in route:
            continue
        if isinstance(pattern, URLResolver):
            paths += _plain_paths(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern):
            paths.append("/" + route)
    return paths


def load_site_data(settings, tmp_path) -> None:
    """What the pages read: the rulebooks, the cards and a search index of them (in tmp_path)."""
    load_rulebooks()
    import_data_files()
    share_input(kind=DECK_KIND, payload=DECK_QUESTION)
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    call_command("build_search_index", stdout=StringIO())
    warm(settings.SEARCH_INDEX_DIR)  # as adjudicator/wsgi.py does, outside any request


def site_pages() -> list[str]:
    """Every page without a URL parameter, the examples, and every checker's answer page."""
    pages = sorted(set(_plain_paths(get_resolver().url_patterns)) | set(EDITOR_PAGES))
    return pages + EXAMPLES + CHECKER_QUESTIONS
