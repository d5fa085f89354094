"""``manage.py import_cards``: load the LOTR TCG cards (sets 1–3); safe to run again."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards_db.importer import card_fields, data_files, import_data_files


def check_file(path: Path) -> None:
    """Refuse (one line naming the file, and the line or card) a file the import would fail on,
    before anything is written."""
    try:
        cards = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CommandError(f"Nothing imported: {path}:{error.lineno}: {error.msg}") from error
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"Nothing imported: {path}: {error}") from error
    if not isinstance(cards, list):
        raise CommandError(f"Nothing imported: {path}: expected a list of card objects")
    for number, card in enumerate(cards, start=1):
        try:
            card["id"]
            card_fields(card)
        except (ValueError, KeyError, TypeError) as error:
            name = card.get("id", "?") if isinstance(card, dict) else repr(card)[:40]
            raise CommandError(
                f"Nothing imported: {path}: card {number} ({name}): missing or malformed {error}"
            ) from error


class Command(BaseCommand):
    help = "Import the LOTR TCG card data (cards_db/data/lotr-tcg-setNN.json); idempotent."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", type=Path, help="JSON files (default: vendored)")

    def handle(self, *args, files, **options):
        paths = files or data_files()
        missing = [str(p) for p in paths if not p.is_file()]
        if missing:
            raise CommandError(f"No such file: {', '.join(missing)}")
        for path in paths:
            check_file(path)
        result = import_data_files(paths)
        self.stdout.write(
            f"Cards: {result.created} created, {result.updated} updated, "
            f"{result.unchanged} unchanged."
        )
