"""Delete what the site stores past its retention (docs/deploy.md, Retention): saved decks
nobody changed, stored links, the answers kept for ``Idempotency-Key`` retries, expired
sessions. One command for every stored kind, run daily."""

from argparse import ArgumentTypeError
from datetime import timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand, CommandParser
from django.db.models import QuerySet
from django.utils import timezone

from adjudicator.web.links.models import SharedInput
from cards_db.models import Deck, IdempotentSave

#: The longest retention an option takes (a century): more is a typo, and past the calendar.
MAX_DAYS = 36_500
#: How long an ``Idempotency-Key``'s answer is kept for a retry.
IDEMPOTENCY_HOURS = 24


def days(text: str) -> int:
    """A retention option: a whole number of days from 1 to :data:`MAX_DAYS`."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_DAYS:
        raise ArgumentTypeError(f"must be a whole number of days from 1 to {MAX_DAYS}: {text!r}")
    return value


class Command(BaseCommand):
    help = (
        "Delete saved decks not changed for DECK_RETENTION_DAYS days (and their links), "
        "links stored LINK_RETENTION_DAYS days ago, Idempotency-Key answers older than a day "
        "and expired sessions (run it daily from cron or a systemd timer)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=days, default=settings.DECK_RETENTION_DAYS,
            help="Deck retention in days (default: DECK_RETENTION_DAYS).",
        )  # fmt: skip
        parser.add_argument(
            "--link-days", type=days, default=settings.LINK_RETENTION_DAYS,
            help="Stored link retention in days (default: LINK_RETENTION_DAYS).",
        )  # fmt: skip
        parser.add_argument("--dry-run", action="store_true", help="Count, delete nothing.")

    def handle(self, *args, days: int, link_days: int, dry_run: bool, **options) -> None:
        now = timezone.now()
        kinds: list[tuple[str, QuerySet, str]] = [
            ("deck(s)", Deck.objects.filter(updated__lt=now - timedelta(days=days)),
             f"not changed for {days} days"),
            ("link(s)", SharedInput.objects.filter(created__lt=now - timedelta(days=link_days)),
             f"stored {link_days} days ago"),
            ("Idempotency-Key answer(s)",
             IdempotentSave.objects.filter(created__lt=now - timedelta(hours=IDEMPOTENCY_HOURS)),
             f"older than {IDEMPOTENCY_HOURS} hours"),
            ("session(s)", Session.objects.filter(expire_date__lt=now), "expired"),
        ]  # fmt: skip
        verb = "would delete" if dry_run else "deleted"
        for name, old, why in kinds:
            count = old.count() if dry_run else old.delete()[1].get(old.model._meta.label, 0)
            self.stdout.write(f"{verb} {count} {name} {why}")
