"""``manage.py load_rulebooks`` stores the parsed books, idempotently, and re-parses changes."""

import shutil

import pytest
from django.core.management import call_command

from rules_corpus.models import Rulebook, Section
from rules_corpus.parsing import RULEBOOK_SLUGS, parse_rulebook
from rules_corpus.parsing.manifest import SOURCES_DIR


def snapshot():
    return list(
        Section.objects.order_by("rulebook__slug", "position").values_list(
            "id", "rulebook__slug", "anchor", "parent__anchor", "number_path", "heading", "text"
        )
    )


def test_loads_every_rulebook_as_parsed(loaded_rulebooks):
    assert sorted(loaded_rulebooks) == sorted(RULEBOOK_SLUGS)
    for slug, rulebook in loaded_rulebooks.items():
        parsed = parse_rulebook(slug)
        stored = list(rulebook.sections.order_by("position"))
        assert [(s.anchor, s.heading, s.level, s.number_path, s.text) for s in stored] == [
            (p.anchor, p.heading, p.level, p.number_path, p.text) for p in parsed.sections
        ]
        assert [s.parent.anchor if s.parent else None for s in stored] == [
            p.parent_anchor for p in parsed.sections
        ]
        assert rulebook.source_sha256 == parsed.source_sha256
    polish = loaded_rulebooks["wojna-o-pierscien"]
    assert polish.corrections[0]["corrected"] == "później"
    assert polish.language == "pl"


def test_rerunning_changes_nothing(loaded_rulebooks, capsys):
    before = snapshot()
    call_command("load_rulebooks")
    assert "Nothing changed" in capsys.readouterr().out
    assert snapshot() == before


def test_first_run_reports_what_it_created(db, capsys):
    call_command("load_rulebooks")
    out = capsys.readouterr().out
    assert "wotr-rules: created, 95 sections" in out


def test_a_changed_source_is_reparsed_keeping_ids(loaded_rulebooks, tmp_path, capsys):
    for path in SOURCES_DIR.glob("*.txt"):
        shutil.copy(path, tmp_path / path.name)
    polish = tmp_path / "wojna-o-pierscien-zasady.pl.txt"
    polish.write_text(
        polish.read_text(encoding="utf-8")
        .replace("\nRuch\n", "\nRuch wojsk\n")
        .replace("Odbywa się zawsze", "Odbywa się ZAWSZE"),
        encoding="utf-8",
    )
    kept = Section.objects.get(rulebook__slug="wojna-o-pierscien", anchor="pojedynek")
    gone = Section.objects.get(rulebook__slug="wojna-o-pierscien", anchor="ruch")
    others = [row for row in snapshot() if row[1] != "wojna-o-pierscien"]

    call_command("load_rulebooks", sources_dir=tmp_path)

    assert "wojna-o-pierscien: updated, 27 sections" in capsys.readouterr().out
    reparsed = Section.objects.get(pk=kept.pk)
    assert "Odbywa się ZAWSZE" in reparsed.text
    assert not Section.objects.filter(pk=gone.pk).exists()
    added = Section.objects.get(rulebook__slug="wojna-o-pierscien", anchor="ruch-wojsk")
    assert (added.position, added.number_path) == (gone.position, gone.number_path)
    assert [row for row in snapshot() if row[1] != "wojna-o-pierscien"] == others
    rulebook = Rulebook.objects.get(slug="wojna-o-pierscien")
    assert rulebook.source_sha256 == parse_rulebook("wojna-o-pierscien", tmp_path).source_sha256


def test_force_reparses_and_restores_a_hand_edit(loaded_rulebooks):
    section = Section.objects.get(rulebook__slug="journey-to-mordor", anchor="nazgul")
    Section.objects.filter(pk=section.pk).update(heading="Назгулы")
    call_command("load_rulebooks")
    assert Section.objects.get(pk=section.pk).heading == "Назгулы"
    call_command("load_rulebooks", force=True)
    assert Section.objects.get(pk=section.pk).heading == "Назгул"


@pytest.mark.parametrize("slug", ["wotr-rules", "lotr-tcg-rules"])
def test_tree_is_stored(loaded_rulebooks, slug):
    chapters = Section.objects.filter(rulebook__slug=slug, parent=None)
    assert all(section.level == 1 for section in chapters)
    assert Section.objects.filter(rulebook__slug=slug, level=2, parent=None).count() == 0
