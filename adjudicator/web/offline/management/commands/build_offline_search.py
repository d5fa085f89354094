"""``manage.py build_offline_search``: the browser's search index (docs/offline.md)."""

from django.core.management.base import BaseCommand

from adjudicator.web.offline import search_export
from adjudicator.web.offline.precache import search_index_file


class Command(BaseCommand):
    help = "Write the rulebook sections' search index for the browser (searched offline)."

    def handle(self, *args: object, **options: object) -> None:
        path = search_index_file()
        size = search_export.write(path)
        self.stdout.write(f"offline search index: {size / 1024:.0f} KB written to {path}")
