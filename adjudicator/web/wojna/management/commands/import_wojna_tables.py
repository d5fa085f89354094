"""Import the Wojna o Pierścień rule tables from a JSON file typed in from your copy.

The file holds any of ``battle_results``, ``duel_results``, ``search`` and ``spells``
(see docs/wojna.md);
each table present replaces the stored one. Everything is checked first: on any problem nothing
is changed and every problem is listed.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from adjudicator.games.common import InvalidInput

from ...selectors import TABLES, replace_tables


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
        shapeless = [
            f"{name}: expected a list of objects"
            for name, rows in data.items()
            if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows)
        ]
        if shapeless:
            raise CommandError("Nothing imported:\n" + "\n".join(shapeless))
        try:
            stored = replace_tables(data)
        except InvalidInput as invalid:
            problems = [f"{where}: {what}" for where, what in invalid.problems]
            raise CommandError("Nothing imported:\n" + "\n".join(problems)) from invalid
        for name, count in stored.items():
            self.stdout.write(f"{name}: {count} rows")
