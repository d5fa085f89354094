"""import_wojna_tables: a JSON file typed from the user's copy replaces the tables, or nothing."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from adjudicator.web.wojna import selectors
from adjudicator.web.wojna.models import BattleResultEntry, DuelResultEntry, SearchTableEntry

pytestmark = pytest.mark.django_db


def write(tmp_path, data) -> str:
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_tables_are_empty_by_default():
    assert selectors.table_counts() == {
        "battle_results": 0,
        "duel_results": 0,
        "search": 0,
        "spells": 0,
    }
    assert selectors.spell_table() is None
    assert selectors.battle_table() is None
    assert selectors.duel_table() is None
    assert selectors.search_table() is None


def test_import_replaces_each_table_given(tmp_path):
    BattleResultEntry.objects.create(odds="1-1", die=1, attacker_loss=1, defender_loss=1)
    path = write(
        tmp_path,
        {
            "battle_results": [
                {"odds": "3-1", "die": 4, "attacker_loss": 10, "defender_loss": 50},
                {"odds": "1-2", "die": 0, "attacker_loss": 40, "defender_loss": 0},
            ],
            "duel_results": [
                {"difference": -2, "die": 6, "attacker_wounds": 0, "defender_wounds": 1}
            ],
            "search": [
                {"points_from": 4, "points_to": None, "die": 1, "capture": True},
                {"points_from": 0, "die": 6},
            ],
            "spells": [{"category": "B", "die": 3, "value": 2}],
        },
    )
    call_command("import_wojna_tables", path)
    # Stored as players read a ratio, whichever way the file writes it.
    assert set(BattleResultEntry.objects.values_list("odds", flat=True)) == {"3:1", "1:2"}
    assert selectors.battle_table().lookup("3:1", 4).defender_percent == 50
    assert selectors.duel_table().lookup(-2, 6).defender == 1
    assert SearchTableEntry.objects.get(die=6).capture is False
    assert DuelResultEntry.objects.count() == 1
    assert selectors.spell_table().lookup("B", 3) == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"battle_results": [{"odds": "3:2", "die": 1, "attacker_loss": 0, "defender_loss": 0}]},
            "battle_results[0]",
        ),
        (
            {
                "battle_results": [
                    {"odds": "3:1", "die": 1, "attacker_loss": 0, "defender_loss": 0},
                    {"odds": "3-1", "die": 1, "attacker_loss": 5, "defender_loss": 5},
                ]
            },
            r"battle_results[1]: repeats column 3:1 die 1",
        ),
        (
            {"search": [{"points_from": 1, "die": 1, "capture": "false"}]},
            "search[0]: capture",
        ),
        (
            {"search": [{"die": 1}]},
            "search[0]: points_from is missing",
        ),
        (
            {
                "battle_results": [
                    {"odds": "3:1", "die": 40000, "attacker_loss": 0, "defender_loss": 0}
                ]
            },
            "battle_results[0]",
        ),
        (
            {
                "battle_results": [
                    {"odds": "3-1", "die": 1, "attacker_loss": 0, "defender_loss": 120}
                ]
            },
            "more than 100%",
        ),
        (
            {
                "duel_results": [
                    {"difference": 0, "die": 7, "attacker_wounds": 0, "defender_wounds": 0}
                ]
            },
            "six-sided",
        ),
        ({"search": [{"points_from": 3, "points_to": 1, "die": 1}]}, "points_to"),
        ({"spells": [{"category": "E", "die": 1, "value": 1}]}, "spells[0]"),
        ({"tables": []}, "expected an object"),
    ],
)
def test_bad_file_changes_nothing(tmp_path, data, message):
    BattleResultEntry.objects.create(odds="1-1", die=1, attacker_loss=1, defender_loss=1)
    with pytest.raises(CommandError, match=message.replace("[", r"\[").replace("]", r"\]")):
        call_command("import_wojna_tables", write(tmp_path, data))
    assert BattleResultEntry.objects.count() == 1


@pytest.mark.parametrize(
    "model", ["battleresultentry", "duelresultentry", "searchtableentry", "spellentry"]
)
def test_admin_lists_each_table(admin_client, model):
    assert admin_client.get(f"/admin/wojna/{model}/").status_code == 200
    assert admin_client.get(f"/admin/wojna/{model}/add/").status_code == 200


def test_admin_stores_the_text_spelling_as_players_read_it():
    entry = BattleResultEntry(odds="3-1", die=1, attacker_loss=0, defender_loss=10)
    entry.full_clean()
    entry.save()
    assert BattleResultEntry.objects.get().odds == "3:1"
    duplicate = BattleResultEntry(odds="3:1", die=1, attacker_loss=0, defender_loss=10)
    with pytest.raises(ValidationError):
        duplicate.full_clean()


def test_admin_refuses_a_search_row_overlapping_another_for_the_same_die():
    """An overlap would make every search answer a 400 until it is removed: refuse it on entry."""
    SearchTableEntry.objects.create(points_from=0, points_to=None, die=1)
    overlapping = SearchTableEntry(points_from=2, points_to=5, die=1)
    with pytest.raises(ValidationError):
        overlapping.full_clean()
    SearchTableEntry(points_from=2, points_to=5, die=2).full_clean()
    with pytest.raises(ValidationError):
        SearchTableEntry(points_from=3, points_to=1, die=3).full_clean()
