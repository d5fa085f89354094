"""``manage.py load_rulebooks``: parse the vendored rulebooks and store them (idempotent)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rules_corpus.services import RulebookSourceError, load_rulebooks


class Command(BaseCommand):
    help = (
        "Parse the rulebooks of rules_corpus/sources and store them. A rulebook whose source "
        "is unchanged (same SHA-256) is left as it is; a changed one is re-parsed and replaced."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--sources-dir", type=Path, default=None, help="Read the sources from this folder."
        )
        parser.add_argument(
            "--force", action="store_true", help="Re-parse even the unchanged sources."
        )

    def handle(self, *args, sources_dir: Path | None, force: bool, **options) -> None:
        try:
            results = load_rulebooks(sources_dir=sources_dir, force=force)
        except RulebookSourceError as error:
            raise CommandError(f"Nothing loaded: {error}") from error
        for result in results:
            if result.status != "unchanged":
                self.stdout.write(f"{result.slug}: {result.status}, {result.sections} sections")
        if all(result.status == "unchanged" for result in results):
            self.stdout.write("Nothing changed: every rulebook is up to date.")
