"""A person can find a section in the admin and correct its heading."""

from django.urls import reverse

from rules_corpus.models import Rulebook, Section


def test_rulebook_admin_lists_the_sections_as_a_tree(admin_client, loaded_rulebooks):
    rulebook = Rulebook.objects.get(slug="wotr-rules")
    response = admin_client.get(reverse("admin:rules_corpus_rulebook_change", args=[rulebook.pk]))
    assert response.status_code == 200
    assert 'padding-left: 4.5em">Бросок на атаку' in response.content.decode()


def test_section_search_and_filters(admin_client, loaded_rulebooks):
    url = reverse("admin:rules_corpus_section_changelist")
    response = admin_client.get(url, {"q": "осады", "level__exact": "3"})
    assert response.status_code == 200
    assert "Снятие осады" in response.content.decode()


def test_correct_a_heading(admin_client, loaded_rulebooks):
    section = Section.objects.get(rulebook__slug="journey-to-mordor", anchor="nazgul")
    url = reverse("admin:rules_corpus_section_change", args=[section.pk])
    response = admin_client.post(url, {"heading": "Назгулы", "text": section.text})
    assert response.status_code == 302
    section.refresh_from_db()
    assert (section.heading, section.anchor) == ("Назгулы", "nazgul")
