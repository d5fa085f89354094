"""The search page (``/search/``), ``manage.py build_search_index``, and a real browser."""

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rules_corpus.models import Section
from rules_corpus.search.engine import search
from tests.rules_corpus import search_factories

corpus_index_dir = search_factories.corpus_index_dir
corpus_search_index = search_factories.corpus_search_index
search_index = search_factories.search_index

pytestmark = pytest.mark.django_db
URL = reverse("rules_corpus:search")


def test_results_show_the_book_the_section_link_and_the_snippet(client, corpus_search_index):
    response = client.get(URL, {"q": "Ring-bearer"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'value="Ring-bearer"' in html
    assert 'href="/rules/lotr-tcg-rules/' in html
    assert "Властелин Колец ККИ" in html
    assert '<mark class="match' in html


def test_the_best_answer_comes_first_with_a_link_to_its_paragraph(client, corpus_search_index):
    response = client.get(URL, {"q": "сколько юнитов может быть в регионе"})
    html = response.content.decode()
    best = html.index('id="best-answer"')
    assert html.index('role="search"') < best < html.index('id="search-count"')
    block = html[best : html.index("</section>", best)]
    assert re.search(r'href="/rules/[\w-]+/[\w-]+/#p-\d+(:~:text=[^"]+)?"', block)
    assert "<mark" in block
    assert html.index('class="result-group">Разделы правил<') > best  # sections, as a group


def test_a_typo_gets_a_did_you_mean_link(client, corpus_search_index):
    html = client.get(URL, {"q": "осаад", "game": "wotr"}).content.decode()
    assert 'id="did-you-mean"' in html
    assert "?q=%D0%BE%D1%81%D0%B0%D0%B4%D0%B0&amp;game=wotr" in html  # осада
    assert 'id="did-you-mean"' not in client.get(URL, {"q": "осада"}).content.decode()


def test_the_filters_are_kept_and_applied(client, corpus_search_index):
    response = client.get(URL, {"q": "назгул", "game": "journey-to-mordor", "lang": "ru"})
    html = response.content.decode()
    assert '<option value="journey-to-mordor" selected>' in html
    assert set(re.findall(r'<h3><a href="/rules/([\w-]+)/', html)) == {"journey-to-mordor"}


def test_pagination_links_keep_the_query_and_filters(client, corpus_search_index):
    html = client.get(URL, {"q": "армия", "lang": "ru"}).content.decode()
    assert 'rel="next" href="?q=%D0%B0%D1%80%D0%BC%D0%B8%D1%8F&amp;lang=ru&amp;page=2"' in html
    second = client.get(URL, {"q": "армия", "lang": "ru", "page": 2}).content.decode()
    assert 'rel="prev"' in second


def test_no_results_offers_help(client, corpus_search_index):
    response = client.get(URL, {"q": "зквыфщ", "game": "wojna"})
    assert response.status_code == 200
    assert 'id="no-results"' in response.content.decode()


def test_the_empty_page_shows_the_form_and_examples(client, corpus_search_index):
    response = client.get(URL)
    assert response.status_code == 200
    assert 'name="q"' in response.content.decode()


@pytest.mark.parametrize(
    ("params", "label"),
    [
        ({"q": ""}, "q"),
        ({"q": "!!!"}, "q"),
        ({"q": "x" * 201}, "q"),
        ({"q": "осада\ufffd"}, "q"),
        ({"q": "осада", "game": "chess"}, "game"),
        ({"q": "осада", "lang": "xx"}, "lang"),
        ({"q": "осада", "page": "abc"}, "page"),
        ({"q": "осада", "page": "50"}, "page"),
    ],
)
def test_bad_input_rerenders_the_form_with_errors_and_400(
    client, corpus_search_index, params, label
):
    response = client.get(URL, params)
    assert response.status_code == 400
    form = response.context["form"]
    assert list(form.errors) == [label]
    assert 'id="search-errors"' in response.content.decode()


def test_a_missing_index_is_a_503_with_a_message(client, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "never-built"
    response = client.get(URL, {"q": "осада"})
    assert response.status_code == 503
    assert response.context["unavailable"] and response["Retry-After"]


def test_the_command_indexes_every_section_of_the_database(loaded_rulebooks, settings, tmp_path):
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    out = StringIO()
    call_command("build_search_index", stdout=out)
    total = Section.objects.count()
    assert f"Indexed {total} documents" in out.getvalue()
    assert re.search(r"section \[pl\]: \d+", out.getvalue())
    hit = search(settings.SEARCH_INDEX_DIR, "Ring-bearer").hits[0]
    section = Section.objects.get(pk=hit.section)
    assert (section.rulebook.slug, section.get_absolute_url()) == (hit.rulebook, hit.url)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_on_a_phone_the_answering_sentence_is_in_the_first_screen_and_opens_its_paragraph(
    page, live_server, search_index, language
):
    page.set_viewport_size({"width": 390, "height": 844})
    question = {"ru": "как снять осаду", "pl": "jak przebiega pojedynek postaci",
                "en": "how does a sortie work"}[language]  # fmt: skip
    page.goto(f"{live_server.url}/search/?q={question}")
    best = page.locator("#best-answer")
    box = best.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    best.locator("a").click()
    page.wait_for_url(re.compile(r".*/rules/[\w-]+/[\w-]+/#p-\d+(:~:text=.+)?$"))
    assert page.locator(".rule-text :target").count() == 1


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_searches_from_the_header_and_follows_the_permalink(
    page, live_server, search_index
):
    page.goto(live_server.url + "/")
    page.click(".site-menu > summary")
    page.fill("#header-q", "ucieczka z niewoli")
    page.press("#header-q", "Enter")
    page.wait_for_url("**/search/?q=*")
    first = page.locator(".result h3 a").first
    assert "Niewola" in first.inner_text()
    assert page.locator(".result mark").count() > 0
    first.click()
    page.wait_for_url(
        re.compile(r".*/rules/wojna-o-pierscien/niewola[\w-]*/(#p-\d+(:~:text=.+)?)?$")
    )
    assert "Niewola" in page.locator("h1").inner_text()


@pytest.mark.parametrize(
    "data",
    [
        {"q": "siege", "game": "wotr", "lang": "pl", "type": "card", "page": "3"},
        {"q": "\x00", "game": "chess", "page": "0"},
        {"q": "", "type": "section"},
    ],
)
@pytest.mark.parametrize("language", ["ru", "pl", "en"])
def test_the_form_with_shared_fields_is_the_form_with_copied_ones(data, language):
    """``SearchForm`` shares its class's fields (issue 29) instead of Django's deep copy per
    form: its fields, rendered, and its errors and data are those of a form with the copies."""
    from django import forms
    from django.utils import translation

    from rules_corpus.search.forms import SearchForm

    class Copied(SearchForm):
        def __init__(self, data=None):
            forms.Form.__init__(self, data)

    with translation.override(language):
        shared, copied = SearchForm(data), Copied(data)
        assert shared.is_valid() == copied.is_valid()
        assert shared.errors == copied.errors and shared.cleaned_data == copied.cleaned_data
        assert [str(field) for field in shared] == [str(field) for field in copied]
        assert all(shared.fields[name] is f for name, f in SearchForm.base_fields.items())


#: The result's markup as the page's template wrote it before ``search_result`` (issue 29).
RESULT_TEMPLATE = """<article class="result" lang="{{ hit.language }}">
      <h3><a href="{{ hit.passage_url|default:hit.url }}">{{ hit.title }}</a></h3>
      <p class="meta">{{ hit.source_title }}</p>
      <p class="snippet">{{ hit.snippet|safe }}</p>
    </article>"""
text = st.text(alphabet=st.sampled_from("aż Ж<>&\"'#/:~%"), max_size=12)


@examples(max_examples=300, deadline=None)
@given(text, text, text, text, text, text)
def test_a_result_is_written_as_the_template_wrote_it(language, url, passage, title, book, snip):
    """``{{ hit|search_result }}`` (a result written once per worker) gives the template's
    markup, every value escaped as the template escapes it but the snippet's HTML."""
    from django.template import Context, Template

    from rules_corpus.search.engine import SearchHit
    from rules_corpus.templatetags.search_results import search_result

    hit = SearchHit(
        "section", "k", title, book, "wotr", language, "b", 1, url, snip, 1.0, "", passage
    )
    assert search_result(hit) == Template(RESULT_TEMPLATE).render(Context({"hit": hit}))
