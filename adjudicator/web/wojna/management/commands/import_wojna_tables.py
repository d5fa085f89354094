"""Import the Wojna o Pierścień rule tables from a JSON file typed in from your copy.

The file holds any of ``battle_results``, ``duel_results``, ``search`` and ``spells``
(see docs/wojna.md);
each table present replaces the stored one. Everything is checked first: on any problem nothing
is changed and every problem is listed.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna import tables

from ...models import BattleResultEntry, DuelResultEntry, SearchTableEntry, SpellEntry

TABLES = {
    "battle_results": (BattleResultEntry, tables.battle_table),
    "duel_results": (DuelResultEntry, tables.duel_table),
    "search": (SearchTableEntry, tables.search_table),
    "spells": (SpellEntry, tables.spell_table),
}
FIELDS = {
    "battle_results": ("odds", "die", "attacker_loss", "defender_loss"),
    "duel_results": ("difference", "die", "attacker_wounds", "defender_wounds"),
    "search": ("points_from", "points_to", "die", "capture"),
    "spells": ("category", "die", "value"),
}


class Command(BaseCommand):
    help = "Import Wojna o Pierścień tables (battle, duel, search, spells) from JSON."

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="JSON file with the tables to replace.")

    def handle(self, *args, path: Path, **options):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise CommandError(f"{path}: {error}") from error
        if not isinstance(data, dict) or not set(data) & set(TABLES):
            raise CommandError(f"{path}: expected an object with any of {', '.join(TABLES)}.")
        unknown = set(data) - set(TABLES)
        if unknown:
            raise CommandError(f"{path}: unknown tables {', '.join(sorted(unknown))}.")
        problems = []
        for name, rows in data.items():
            if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
                problems.append(f"{name}: expected a list of objects")
                continue
            try:
                TABLES[name][1](rows)
            except InvalidInput as invalid:
                problems += [f"{where}: {what}" for where, what in invalid.problems]
        if problems:
            raise CommandError("Nothing imported:\n" + "\n".join(problems))
        with transaction.atomic():
            for name, rows in data.items():
                model = TABLES[name][0]
                model.objects.all().delete()
                model.objects.bulk_create(model(**_stored(name, row)) for row in rows)
                self.stdout.write(f"{name}: {len(rows)} rows")


def _stored(name: str, row: dict) -> dict:
    """A checked row's columns, a force ratio written as players read it ("3:1")."""
    values = {field: row[field] for field in FIELDS[name] if field in row}
    if "odds" in values:
        values["odds"] = tables.check_odds_label(values["odds"])
    return values
