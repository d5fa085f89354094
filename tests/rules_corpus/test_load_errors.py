"""The rulebook loader: all or nothing per run (issue 12)."""

import pytest
from django.core.management import CommandError, call_command

from rules_corpus.models import Rulebook

pytestmark = pytest.mark.django_db


def test_a_broken_rulebook_source_loads_no_book(tmp_path):
    with pytest.raises(CommandError, match=r"^Nothing loaded: "):
        call_command("load_rulebooks", "--sources-dir", str(tmp_path))
    assert not Rulebook.objects.exists()
