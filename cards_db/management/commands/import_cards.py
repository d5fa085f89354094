"""``manage.py import_cards``: load the LOTR TCG cards (sets 1–3); safe to run again."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards_db.importer import data_files, import_data_files


class Command(BaseCommand):
    help = "Import the LOTR TCG card data (cards_db/data/lotr-tcg-setNN.json); idempotent."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", type=Path, help="JSON files (default: vendored)")

    def handle(self, *args, files, **options):
        paths = files or data_files()
        missing = [str(p) for p in paths if not p.is_file()]
        if missing:
            raise CommandError(f"No such file: {', '.join(missing)}")
        try:
            result = import_data_files(paths)
        except (ValueError, KeyError, TypeError) as error:
            raise CommandError(f"Malformed card data: {error!r}") from error
        self.stdout.write(
            f"Cards: {result.created} created, {result.updated} updated, "
            f"{result.unchanged} unchanged."
        )
