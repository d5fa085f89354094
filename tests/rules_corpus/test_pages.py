"""The home page, the tables of contents and the section pages."""

import pytest
from django.urls import reverse

from rules_corpus.models import Section
from rules_corpus.templatetags.rulebook_text import rulebook_text


def test_home_has_the_search_box_games_and_checkers(client, loaded_rulebooks):
    response = client.get(reverse("rules_corpus:home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'action="{reverse("rules_corpus:search")}"' in html
    assert 'name="q"' in html
    assert '<option value="wojna">' in html
    for rulebook in loaded_rulebooks.values():
        assert rulebook.get_absolute_url() in html
    for name in ["wotr:index", "wotr_moves:index", "cards_db:index", "mordor:index", "wojna:index"]:
        assert f'href="{reverse(name)}"' in html


def test_home_is_translated(client, loaded_rulebooks):
    client.cookies["adjudicator_language"] = "pl"
    html = client.get(reverse("rules_corpus:home")).content.decode()
    assert "Szukaj w zasadach" in html


def test_rulebook_table_of_contents_is_nested(client, loaded_rulebooks):
    response = client.get(reverse("rules_corpus:rulebook", args=["wotr-rules"]))
    assert response.status_code == 200
    html = response.content.decode()
    battle = reverse("rules_corpus:section", args=["wotr-rules", "srazhenie"])
    roll = reverse("rules_corpus:section", args=["wotr-rules", "brosok-na-ataku"])
    assert html.index(battle) < html.index(roll)
    assert html.count("<ul>") > 10  # one list per section that has subsections
    assert response.context["tree"][1].section.anchor == "igrovoe-pole"


def test_section_page(client, loaded_rulebooks):
    url = reverse("rules_corpus:section", args=["wotr-rules", "brosok-na-ataku"])
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="brosok-na-ataku"' in html
    assert f'href="{url}#brosok-na-ataku"' in html
    assert [a.anchor for a in response.context["ancestors"]] == [
        "armii-i-srazheniia",
        "srazheniia",
        "srazhenie",
    ]
    assert response.context["previous"].anchor == "boevye-karty-2"
    assert response.context["next"].anchor == "perekidyvanie-rezultatov-iz-za-liderstva"
    assert f'value="http://testserver{url}"' in html
    assert "Каждый игрок бросает количество кубиков" in html


def test_chapter_page_lists_its_subsections(client, loaded_rulebooks):
    response = client.get(reverse("rules_corpus:section", args=["wojna-o-pierscien", "postacie"]))
    assert [s.anchor for s in response.context["subsections"]][:2] == ["odwaga", "morale"]


def test_first_section_has_no_previous(client, loaded_rulebooks):
    first = Section.objects.get(rulebook__slug="journey-to-mordor", position=0)
    response = client.get(first.get_absolute_url())
    assert response.context["previous"] is None
    assert 'rel="prev"' not in response.content.decode()


@pytest.mark.parametrize(
    "url",
    ["/rules/no-such-book/", "/rules/no-such-book/regiony/", "/rules/wotr-rules/no-such-anchor/"],
)
def test_unknown_rulebook_or_anchor_is_404(client, loaded_rulebooks, url):
    assert client.get(url).status_code == 404


def test_text_rendering_escapes_and_keeps_structure():
    html = rulebook_text("**Важно:** <b>x</b> *курсив*\nстрока\n\n- один\n  - **два**")
    assert html == (
        '<p id="p-0"><strong>Важно:</strong> &lt;b&gt;x&lt;/b&gt; <em>курсив</em><br>строка</p>\n'
        '<ul id="p-1"><li>один</li><li class="nested"><strong>два</strong></li></ul>'
    )
