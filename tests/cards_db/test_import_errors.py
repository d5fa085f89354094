"""The card importer: all or nothing per run, ending in one line naming the file (issue 12)."""

import json

import pytest
from django.core.management import CommandError, call_command

from cards_db.models import Card

pytestmark = pytest.mark.django_db


def test_a_broken_card_file_names_its_line_and_imports_nothing(tmp_path):
    good = tmp_path / "good.json"
    good.write_text("[]")
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"id": "1R1",\n   "title": }\n]')
    with pytest.raises(CommandError, match=r"^Nothing imported: .*bad\.json:3: Expecting value$"):
        call_command("import_cards", str(good), str(bad))
    assert not Card.objects.exists()


def test_a_card_without_its_fields_names_the_card(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps([{"id": "1R1"}]))
    with pytest.raises(CommandError, match=r"cards\.json: card 1 \(1R1\): missing or malformed"):
        call_command("import_cards", str(bad))
    assert not Card.objects.exists()
