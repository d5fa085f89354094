"""One declaration per checker (``adjudicator.web.registry``): every route is a registered
checker's or one of a short list of other pages, every checker is routed, every answer has one
headline, and every list a request may send is bounded."""

import re
from functools import partial
from pathlib import Path

import pytest
from django import forms
from django.urls import URLPattern, URLResolver, get_resolver, path, resolve, reverse
from rest_framework import serializers
from rest_framework.test import APIClient

from adjudicator.web import registry
from adjudicator.web.pages import CheckerPage, api_field
from adjudicator.web.wojna.forms import TEST_FIELDS, TEST_REQUESTS, DieTestForm
from cards_db.importer import import_data_files

ROOT = Path(__file__).resolve().parents[2]

#: Routes that are not checkers, by URL name (the API's version 1 names them again under
#: ``v1:``): each says why it has no declaration. A new checker is declared, never added here.
NOT_CHECKERS = {
    # the site around the checkers
    "rules_corpus:home", "rules_corpus:search", "rules_corpus:rulebook", "rules_corpus:section",
    "set_language", "schema", "swagger-ui",
    # game indexes (their entries come from the registry) and pages that are not one question
    "wotr:index", "mordor:index", "wojna:index", "wojna:tables", "cards_db:calculators",
    # the TCG calculators by slug: each is routed by the registry first, this one answers the
    # slugs that are not a calculator (404)
    "cards_db:calculator",
    # storing a position for a link: storage, not an answer (the move check is a checker)
    "wotr-moves-share",
    # positions and tables: data, not answers
    "wotr-api-setup", "wotr-api-validate", "wojna-tables",
    # the card database
    "cards_db:index", "cards_db:card", "tcg-card-list", "tcg-card-named",
    "tcg-card-collection", "tcg-card-number", "tcg-card-detail", "tcg-bulk-cards",
    # decks: a line of a checked list replaced by a tapped card (an edit of the stored question,
    # answered by the deck check at its new link), and saved decks (storage, not answers)
    "cards_db:deck_fix", "cards_db:deck", "cards_db:deck_edit", "cards_db:deck_delete",
    "cards_db:deck_export", "tcg-deck-create", "tcg-deck-detail", "tcg-deck-export",
    # working offline (docs/offline.md): the service worker, its files and pages
    "service-worker", "offline:needs-network", "offline:reader", "offline:search",
    "offline:precache", "offline:search-index", "offline:book", "offline:manifest",
    # the battle and hunt-turn pages offline: one shell that runs their checkers in the browser
    "offline-odds",
    # the rulebooks' API
    "api-rulebook-list", "api-rulebook-detail", "api-section", "api-section-detail",
    "api-search", "api-bulk-sections",
}  # fmt: skip
#: Route prefixes that belong to Django itself.
DJANGO_PREFIXES = ("admin/",)


def _routes(patterns, prefix: str = "", namespace: str = ""):
    """Every route: (its path pattern, its namespaced name, its view)."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), namespace + (pattern.name or ""), pattern.callback


def _checker_routes() -> set:
    """Each registered checker's (view, route name): its page and both of its operations."""
    routes = set()
    for checker in registry.CHECKERS:
        if checker.page is not None:
            routes.add((checker.page_view, f"{registry.namespace(checker)}:{checker.name}"))
        if checker.api:
            routes |= {
                (checker.api_view, checker.api_name),
                (checker.api_view, f"v1:{checker.api_name}"),
            }
    return routes


def _strays(patterns) -> list[tuple[str, str]]:
    """Routes that are neither a registered checker's (its view under its name) nor named in
    NOT_CHECKERS."""
    routes = _checker_routes()
    return [
        (route, name)
        for route, name, view in _routes(patterns)
        if not route.startswith(DJANGO_PREFIXES)
        and (view, name) not in routes
        and (getattr(view, "view_class", None), name) not in routes
        and name.removeprefix("v1:") not in NOT_CHECKERS
    ]


def test_every_route_is_a_registered_checker_or_named_here():
    strays = _strays(get_resolver().url_patterns)
    assert not strays, f"declare these in a game's checkers.py (or say why not here): {strays}"


def test_a_checker_routed_by_hand_is_a_stray():
    checker = registry.find("wotr", "battle")
    by_hand = path("wotr/odds/", CheckerPage.as_view(form_class=checker.form), name="odds")
    assert _strays([*get_resolver().url_patterns, by_hand]) == [("wotr/odds/", "odds")]


def test_a_checkers_own_view_routed_again_by_hand_is_a_stray():
    """A page with its own editor (``Checker.view``) is the checker's only at its declared
    route: the same view under another route and name is a stray."""
    board = registry.find("wotr", "index")
    again = path("wotr/board/", board.page_view, name="board")
    assert _strays([*get_resolver().url_patterns, again]) == [("wotr/board/", "board")]


def test_the_list_names_only_routes_that_exist():
    names = {name.removeprefix("v1:") for _, name, _ in _routes(get_resolver().url_patterns)}
    assert not NOT_CHECKERS - names


@pytest.mark.parametrize("checker", registry.CHECKERS, ids=lambda c: f"{c.game}-{c.name}")
def test_every_checker_is_routed_once_page_and_api(checker):
    if checker.page is not None:
        assert resolve(registry.page_path(checker)).func is checker.page_view
    if checker.api:
        for name in (checker.api_name, f"v1:{checker.api_name}"):
            assert resolve(reverse(name)).func.view_class is checker.api_view
    assert checker.page is not None or checker.api
    assert checker.questions or checker.page is None, "a page needs a question the walks ask"


def _lists(field, path: str):
    """Every list a request may send, with its path."""
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        yield path, field
        yield from _lists(field.child, f"{path}[]")
    elif isinstance(field, serializers.DictField):
        yield from _lists(field.child, f"{path}{{}}")
    elif isinstance(field, serializers.Serializer):
        for name, child in field.fields.items():
            yield from _lists(child, f"{path}.{name}")


def test_every_list_in_every_request_has_a_most_items():
    unbounded = [
        path
        for checker in registry.CHECKERS
        if checker.request
        for path, field in _lists(checker.request(), checker.request.__name__)
        if field.max_length is None
    ]
    assert not unbounded


def _example(checker) -> dict:
    examples = checker.api_options.get("examples") or ()
    return dict(checker.example) if checker.example else examples[0].value


@pytest.mark.django_db
@pytest.mark.parametrize(
    "checker", [c for c in registry.CHECKERS if c.api], ids=lambda c: f"{c.game}-{c.name}"
)
def test_every_answer_has_one_headline_and_its_deprecated_copy(checker):
    import_data_files()  # what a checker may read: the cards (a deck's draw odds)
    response = APIClient().post(
        reverse(checker.api_name), _example(checker), format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200, response.json()
    answer = response.json()
    assert answer["headline"]
    if checker.headline_alias:
        assert answer[checker.headline_alias] == answer["headline"]


def _page_forms():
    for checker in registry.CHECKERS:
        form = checker.page_form
        form = form.args[0] if isinstance(form, partial) else form
        real = isinstance(form, type) and issubclass(form, forms.Form)
        if checker.page is not None and checker.request and real:
            yield checker, form


@pytest.mark.parametrize(("checker", "form_class"), list(_page_forms()),
                         ids=lambda c: getattr(c, "name", ""))  # fmt: skip
def test_a_page_states_the_apis_bounds_and_no_other(checker, form_class):
    """Limits are written once, in the serializer (from the engine's constants): every number a
    page asks takes the API's least and most, in its check and in its input."""
    form, serializer = form_class(), checker.request()
    for name, field in form.fields.items():
        if not isinstance(field, forms.IntegerField | forms.DecimalField):
            continue
        api = api_field(serializer, form.add_prefix(name))
        assert api is not None, name
        assert (field.min_value, field.max_value) == (api.min_value, api.max_value), name
        assert field.widget.attrs.get("max") == api.max_value, name


def _row_forms():
    """Each page's formset rows (a TCG skirmish's characters, Wojna's candidates) with the
    API list they stand for."""
    for checker, form_class in _page_forms():
        for name, formset_class in getattr(form_class, "formsets", {}).items():
            yield checker, name, formset_class
        if hasattr(form_class, "formset_prefix"):
            yield checker, form_class.formset_prefix, form_class().formset.__class__


def _row_id(value) -> str:
    return value if isinstance(value, str) else getattr(value, "name", "")


@pytest.mark.parametrize(("checker", "name", "formset_class"), list(_row_forms()), ids=_row_id)
def test_a_pages_rows_state_the_apis_bounds_and_no_other(checker, name, formset_class):
    """A formset's row asks the API list's item: the same least and most, in check and input."""
    serializer = checker.request()
    row = formset_class(prefix=name).forms[0]
    for field_name, field in row.fields.items():
        if not isinstance(field, forms.IntegerField | forms.DecimalField):
            continue
        api = api_field(serializer, f"{name}.0.{field_name}")
        assert api is not None, field_name
        assert (field.min_value, field.max_value) == (api.min_value, api.max_value), field_name
        assert field.widget.attrs.get("max") == api.max_value, field_name


def test_some_rows_are_checked():
    assert {name for _checker, name, _formset in _row_forms()} >= {"free_peoples", "fellowship"}


#: Bounds of 0 and 1 are the natural least of a count; any other number is a limit, named
#: once (in the engine or the game's limits module) and imported.
NUMBER = r"-?(?!(?:0|1)\b)\d"
#: Where an input's bound is written, by the kind of file: a serializer's field, a page form's
#: number or an engine's reader (``high=``, ``_count(label, high)``), a template's number input,
#: a script that sets one.
LITERAL_BOUNDS = {
    "*serializers.py": re.compile(rf"\b(?:max_value|max_length|min_length|min_value)={NUMBER}"),
    "*forms.py": re.compile(
        rf"\b(?:max_value|min_value|high|low)={NUMBER}|\b_count\(.*,\s*\d+\)\s*$"
    ),
    "games/**/*.py": re.compile(rf"\b(?:max_value|min_value|high|low)={NUMBER}"),
    "*.html": re.compile(rf"""\b(?:max|min)=["']?{NUMBER}"""),
    "*.js": re.compile(
        rf"""\.(?:max|min)\s*=\s*["']?{NUMBER}|setAttribute\(\s*["'](?:max|min)["']\s*,\s*["']?{NUMBER}"""
    ),
}
#: The folders whose files state inputs: the apps, the engines, the templates.
SOURCES = ("adjudicator", "cards_db", "templates")


def _sources(pattern: str):
    for folder in SOURCES:
        for file in sorted((ROOT / folder).glob(f"**/{pattern}")):
            if not {"locale", "migrations", "vendor"} & set(file.parts):
                yield file


def literal_bounds(texts) -> list[str]:
    """Each line of ``texts`` ((label, pattern key, text)) that states a bound as a number."""
    return [
        f"{label}:{number}: {line.strip()}"
        for label, key, text in texts
        for number, line in enumerate(text.splitlines(), 1)
        if LITERAL_BOUNDS[key].search(line)
    ]


def _source_texts():
    for key in LITERAL_BOUNDS:
        for file in _sources(key.removeprefix("games/**/")):
            if key.startswith("games/") and "games" not in file.parts:
                continue
            yield str(file.relative_to(ROOT)), key, file.read_text()


def test_no_bound_is_written_as_a_bare_number():
    """Serializers, page forms, engines' readers, templates and scripts name their limits."""
    found = literal_bounds(_source_texts())
    assert not found, "\n".join(found)


#: An engine message that writes a bound into its text: "between 1 and 30", "at most 6".
BOUND_IN_WORDS = re.compile(
    rf"\b(?:between|at most|at least|up to|from)\s+{NUMBER}|\b\d+\s+(?:to|and)\s+{NUMBER}"
)
MESSAGE = re.compile(r"""N_\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)""")
#: What an input's problem is written in: a Message, a problem list, an InvalidInput.
PROBLEM = re.compile(r"Message\(|problems|InvalidInput|\.add\(")


def bounds_in_messages(texts) -> list[str]:
    """Each problem's ``N_()`` message in ``texts`` ((label, text)) that writes a bound as digits
    (a rule's words, "Conditions 3 and 4", are not a problem's)."""
    found = []
    for label, text in texts:
        for match in MESSAGE.finditer(text):
            if not PROBLEM.search(text[max(0, match.start() - 120) : match.start()]):
                continue
            words = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1)))
            if BOUND_IN_WORDS.search(words):
                found.append(f"{label}: {words}")
    return found


def test_no_engine_message_writes_a_bound_as_digits():
    """A bound in a message is a parameter (``%(high)s``) filled from the constant."""
    engines = sorted((ROOT / "adjudicator" / "games").glob("**/*.py"))
    found = bounds_in_messages((str(p.relative_to(ROOT)), p.read_text()) for p in engines)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("key", "planted"),
    [
        ("*serializers.py", "    units = serializers.IntegerField(min_value=0, max_value=10)"),
        ("*forms.py", '    progress = _count(_("Progress"), 20)'),
        ("games/**/*.py", '        cards=fields.integer("cards", high=20),'),
        ("*.html", '<input type="number" name="nazgul" min="0" max="9">'),
        ("*.js", "  input.max = 10;"),
    ],
)
def test_the_scan_finds_a_planted_bare_number(key, planted):
    assert literal_bounds([("planted", key, planted)])
    assert not literal_bounds(
        [
            (
                "named",
                key,
                planted.replace("10", "LIMIT").replace("20", "LIMIT").replace("9", "{{ limit }}"),
            )
        ]
    )


def test_the_scan_finds_a_bound_planted_in_a_message():
    planted = 'problems.append(("steps", Message(N_("must be between 1 "\n  "and 30"))))'
    assert bounds_in_messages([("planted", planted)])
    named = planted.replace("1 ", "%(low)s ").replace("30", "%(high)s")
    assert not bounds_in_messages([("named", named)])


@pytest.mark.parametrize("test", ["capture", "escape", "ring_removal"])
def test_the_die_test_page_states_each_tests_bounds(test):
    """The die-test page asks one of three operations: its numbers take the bounds of each."""
    form, serializer = DieTestForm(), TEST_REQUESTS[test]()
    for name, api_name in (("value", TEST_FIELDS[test]), ("attempts", "attempts")):
        field, api = form.fields[name], api_field(serializer, api_name)
        assert (field.min_value, field.max_value) == (api.min_value, api.max_value), name


def test_a_value_out_of_the_apis_bounds_is_refused_by_the_page_too(client):
    checker = registry.find("wotr", "combat_dice")
    response = client.get(registry.page_path(checker), {"regular": 11})
    assert response.status_code == 400
    api = APIClient().post(reverse(checker.api_name), {"regular": 11}, format="json")
    assert api.status_code == 400
