"""Input decoded strictly once, in linear time, held to the body limit (issue 27): lone
surrogates refused at parse, chunked bodies refused with 411, every body over the limit (a
multipart file part too) refused with 413 before it is read, the API answering JSON for a path
without its slash and in DEBUG, and the dotted query keys that were 500s on five TCG pages."""

import json

import pytest
from django.http import HttpResponse
from django.test import Client, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.errors import ApiPathsMiddleware
from adjudicator.parsers import has_lone_surrogate, json_depth, loads
from tests.site_pages import CHECKER_QUESTIONS

pytestmark = pytest.mark.django_db

BATTLE = {"attacker": {"regular": 5}, "defender": {"regular": 3}}
#: The operations where a lone surrogate in a choice, a key or an unknown field name was a 500.
SURROGATE_OPERATIONS = {
    "/api/wotr/battle/": {"attacker": {"regular": 5}, "defender": {"regular": 3},
                          "settlement": "\ud800"},
    "/api/wotr/factions/attack/": {"faction": "\ud800"},
    "/api/mordor/odds/": {"position": 0, "player_color": "\ud800"},
    "/api/decks/validate/": {"list": "1 Goblin Runner", "format": "\ud800"},
    "/api/tcg/skirmish/": {"free_peoples": [{"name": "A", "strength": 1}],
                           "shadow": [{"name": "B", "strength": 1}], "\ud800": 1},
    "/api/wojna/gollum/": {"phase": "\ud800"},
    "/api/wojna/search/": {"\udfff": "x"},
}  # fmt: skip


def post_raw(client, path: str, body: bytes | str, **extra):
    return client.generic("POST", path, body, content_type="application/json", **extra)


def only_error(response) -> dict[str, str]:
    (error,) = response.json()["errors"]
    return error


@pytest.mark.parametrize(("path", "body"), SURROGATE_OPERATIONS.items())
def test_a_lone_surrogate_is_refused_at_parse_on_body(api, path, body):
    response = post_raw(api, path, json.dumps(body))  # ASCII: the surrogate as an escape
    assert response.status_code == 400
    assert only_error(response)["field"] == "body"
    assert only_error(response)["code"] == "parse_error"


@pytest.mark.parametrize("text", ['"\\ud800"', '{"\\udc00": 1}', '[["\\ud83d"]]', '"a\\udfffb"'])
def test_lone_surrogates_anywhere_are_found(text):
    with pytest.raises(ValueError, match="surrogate"):
        loads(text)


def test_a_surrogate_pair_is_a_character_not_a_lone_surrogate():
    assert loads('["\\ud83d\\ude00"]') == ["\U0001f600"]
    assert not has_lone_surrogate({"key": ["\U0001f600", "ż"]})


def test_bytes_that_are_not_utf8_are_a_400_on_body(api):
    response = post_raw(api, "/api/wotr/battle/", b'{"attacker": "\xed\xa0\x80"}')
    assert response.status_code == 400
    assert only_error(response)["field"] == "body"


@pytest.mark.parametrize("size", [40_000, 200_000])
def test_an_unterminated_string_of_escaped_quotes_is_scanned_once(api, size):
    """The depth pre-scan once retried the string from every quote: 40 KB took 2 s."""
    text = '"' + '\\"' * (size // 2)
    assert json_depth(text) == 0
    assert json_depth("[" * 40 + text) == 40
    response = post_raw(api, "/api/wotr/battle/", text)
    assert response.status_code == 400


def _counted(text: str) -> int:
    """The depth bracket by bracket, outside the strings (what ``json_depth`` computes)."""
    depth = deepest = 0
    inside = escaped = False
    for char in text:
        if inside:
            inside = escaped or char != '"'
            escaped = not escaped and char == "\\"
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


@settings(max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.text(alphabet='[]{}"\\a,', max_size=120)
    | st.recursive(
        st.just(1), lambda inner: st.lists(inner) | st.dictionaries(st.text("ab"), inner)
    ).map(json.dumps)
)
def test_the_depth_is_the_bracket_by_bracket_count(text):
    """Pairs removed a level at a time (issue 29) count as the brackets one by one do, for
    nested JSON and for any run of brackets, quotes and backslashes (unpaired, closing first,
    nested past the limit)."""
    assert json_depth(text) == _counted(text)
    assert json_depth("[" * 40 + text) == _counted("[" * 40 + text)


def test_a_chunked_body_is_refused_with_411_not_read_as_empty(api):
    response = post_raw(
        api, "/api/wotr/battle/", json.dumps(BATTLE),
        HTTP_TRANSFER_ENCODING="chunked", CONTENT_LENGTH="",
    )  # fmt: skip
    assert response.status_code == 411
    assert only_error(response) | {"message": ""} == {
        "field": "body", "message": "", "code": "length_required"
    }  # fmt: skip


def test_a_chunked_page_form_is_refused_with_a_page():
    response = Client(raise_request_exception=False).post(
        "/cards/decks/", "x", content_type="text/plain",
        HTTP_TRANSFER_ENCODING="chunked", CONTENT_LENGTH="",
    )  # fmt: skip
    assert response.status_code == 411
    assert response["Content-Type"].startswith("text/html")


def test_a_multipart_file_part_over_the_limit_is_refused_before_it_is_read():
    """Django holds form fields to the limit but spooled a 10 MB file part whatever its size."""
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="deck.txt"\r\n\r\n'
        + b"x" * 10_000_000
        + b"\r\n--x--\r\n"
    )
    upload = Client(raise_request_exception=False).generic(
        "POST", "/cards/decks/", body, content_type="multipart/form-data; boundary=x"
    )
    assert upload.status_code == 413
    assert upload["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "page",
    ["burdens", "minion-cost", "move-limit", "move-twilight", "site-path"],
)
def test_a_dotted_query_key_on_a_plain_tcg_calculator_is_no_500(page):
    question = next(q for q in CHECKER_QUESTIONS if f"/calculators/{page}/" in q)
    response = Client().get(f"{question}&a.b=1")
    assert response.status_code == 200
    assert Client().get(f"/cards/calculators/{page}/?a.b=1").status_code == 400


@pytest.mark.parametrize("debug", [False, True])
def test_an_api_post_without_its_slash_is_answered_as_with_it(api, debug):
    with override_settings(DEBUG=debug):
        response = api.post("/api/wotr/battle", BATTLE, format="json")
    assert response.status_code == 200
    assert response.json()["defender_destroyed"]["exact"]


@pytest.mark.parametrize("path", ["/api/nope/", "/api/wotr/nothing", "/api/v1/nope"])
def test_unknown_api_paths_answer_json_in_debug_too(path):
    with override_settings(DEBUG=True):
        response = Client(raise_request_exception=False).post(path, {})
    assert response.status_code == 404
    assert only_error(response)["field"] == "path"


@pytest.mark.parametrize(
    ("status", "code"),
    [(500, "server_error"), (413, "too_large"), (503, "unavailable"), (418, "bad_request")],
)
def test_an_html_error_under_the_api_becomes_json_with_the_table_s_code(rf, status, code):
    """DEBUG's error pages (and any other HTML error) under /api/ are answered in the API's
    shape, with a code of the one table (docs/api.md), never the status's own phrase."""
    page = HttpResponse("<h1>error</h1>", status=status, content_type="text/html")
    response = ApiPathsMiddleware(lambda request: page)(rf.get("/api/wotr/battle/"))
    assert response.status_code == status
    (error,) = json.loads(response.content)["errors"]
    assert error["code"] == code


@pytest.mark.parametrize(
    "query", ["?q=%ED%A0%80", "?q=%ff%fe", "?q=a%00b", "?q=%E2%80%AEabc", "?%ED%A0%80=1"]
)
def test_undecodable_query_strings_are_no_500(query):
    for path in ("/api/cards/", "/cards/", "/wojna/gollum/", "/cards/calculators/burdens/"):
        response = Client(raise_request_exception=False).get(path + query)
        assert response.status_code < 500, path


def test_a_lone_surrogate_in_a_page_s_json_field_is_a_form_error():
    response = Client(raise_request_exception=False).get(
        "/wotr/battle/position/", {"position": '{"armies": {"\\ud800": 1}}'}
    )
    assert response.status_code == 400


@pytest.mark.parametrize("value", ["%ED%A0%80", "%ff%fe", "a%00b", "%E2%80%AE%E2%80%8F"])
def test_undecodable_page_form_fields_are_no_500(value):
    response = Client(raise_request_exception=False).post(
        "/cards/decks/",
        f"name={value}&list={value}&format=fellowship_block",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code < 500
