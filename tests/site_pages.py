"""The site's pages, found from the URL configuration, for tests that walk all of them."""

from io import StringIO

from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver

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

#: Every checker page of every game, asked a question by its link.
CHECKER_QUESTIONS = [
    "/wotr/battle/?attacker.regular=10&defender.regular=5",
    "/wotr/battle/plan/?attacker.regular=5&attacker.elite=2&defender.regular=2&defender.elite=3&settlement=city&goal=exchange&target_percent=",
    "/wotr/battle/position/?attacker_region=orthanc&defender_region=fords-of-isen",
    "/wotr/factions/?faction=ents&figures=4&target.regular=3",
    "/wotr/hunt/?hunt_dice=3&fp_dice_in_box=1&rerolls.stronghold=on&corruption=10",
    "/wotr/hunt/turn/?hunt_dice=3&corruption=8&moves=2",
    "/wotr/hunt/plan/?hunt_dice=2&corruption=3&moves_to_mordor=6&companions=strider"
    "&companions=meriadoc&moves_per_turn=2",
    "/wotr/victory/?control.minas-tirith=shadow&control.dale=shadow&corruption=4",
    "/mordor/keep/?face_black=ring&face_red=ring&face_yellow=orc&face_blue=nazgul"
    "&face_green=gandalf&player_color=red&keep_blue=on",
    "/mordor/resolve/?color_0=red&color_1=blue&position_1=1&track_1=h&active=0&kept_red=ring",
    "/mordor/odds/?position=4&player_color=red",
    # The whole journey from place 2 (0.3 s of CPU): the page walks ask it in three languages
    # on two busy workers; from Bag End (1 s) it is asked once, in tests/web/mordor/test_api.py.
    "/mordor/odds/?position=2&player_color=red&other_colors=blue&advanced=on&horizon=game"
    "&other_mark_chance=1/6",
    "/wojna/battle/?attacker_units=6&defender_units=2",
    "/wojna/ratio-plan/?attacker_units=6&defender_units=3&unit_strength=2",
    "/wojna/tests/?test=capture&value=3&attempts=2",
    "/wojna/duel/?attacker_morale=3&attacker_odwaga=3&defender_morale=3&defender_odwaga=3",
    "/wojna/search/?phase=search_phase&orc_units=3",
    "/wojna/wounds/?odpornosc=3",
    "/wojna/ringwraith/?odpornosc=3&pierscien=2",
    "/wojna/ring-inheritance/?candidates-TOTAL_FORMS=2&candidates-INITIAL_FORMS=0"
    "&candidates-0-name=Saruman&candidates-0-group=saruman"
    "&candidates-1-name=Pippin&candidates-1-group=fellowship",
    "/wojna/ring-destruction/?hex=4129",
    "/wojna/gollum/?phase=ring",
    "/cards/calculators/move-twilight/?shadow_number=3&companions=4",
    "/cards/calculators/minion-cost/?twilight_cost=3&minion_site_number=4&current_site=2",
    "/cards/calculators/site-path/?shadow_numbers=1&shadow_numbers=1&shadow_numbers=2&companions=4",
    "/cards/calculators/move-limit/?players_at_start=2&moves_made=0",
    "/cards/calculators/companions/?candidate=Boromir&candidate_unique=on&dead_pile=Boromir",
    "/cards/calculators/burdens/?burdens=10&resistance=10&added=0",
    "/cards/calculators/bids/?bids=Petr%3A+3%0AYuri%3A+4",
    "/cards/calculators/skirmish/?free_peoples-TOTAL_FORMS=1&free_peoples-INITIAL_FORMS=0"
    "&free_peoples-0-name=Aragorn&free_peoples-0-strength=8&free_peoples-0-vitality=4"
    "&shadow-TOTAL_FORMS=1&shadow-INITIAL_FORMS=0&shadow-0-name=Orc&shadow-0-strength=5"
    "&shadow-0-vitality=2",
    "/cards/calculators/archery/?site_number=2&fellowship-TOTAL_FORMS=1"
    "&fellowship-INITIAL_FORMS=0&fellowship-0-name=Legolas&fellowship-0-archer=on"
    "&fellowship-0-vitality=3&minions-TOTAL_FORMS=1&minions-INITIAL_FORMS=0"
    "&minions-0-name=Orc&minions-0-archer=on&minions-0-vitality=2",
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
    return sorted(set(_plain_paths(get_resolver().url_patterns))) + EXAMPLES + CHECKER_QUESTIONS
