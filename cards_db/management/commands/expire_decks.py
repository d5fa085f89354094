"""Delete saved decks nobody has changed for the retention period (README: Retention)."""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from cards_db.models import Deck


class Command(BaseCommand):
    help = (
        "Delete anonymous saved decks not changed for DECK_RETENTION_DAYS days "
        "(run it daily from cron or a systemd timer)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=settings.DECK_RETENTION_DAYS,
            help="Retention in days (default: DECK_RETENTION_DAYS).",
        )  # fmt: skip
        parser.add_argument("--dry-run", action="store_true", help="Count, delete nothing.")

    def handle(self, *args, days: int, dry_run: bool, **options) -> None:
        if days < 1:
            self.stderr.write("--days must be at least 1")
            raise SystemExit(2)
        old = Deck.objects.filter(updated__lt=timezone.now() - timedelta(days=days))
        count = old.count() if dry_run else old.delete()[1].get(Deck._meta.label, 0)
        verb = "would delete" if dry_run else "deleted"
        self.stdout.write(f"{verb} {count} deck(s) not changed for {days} days")
