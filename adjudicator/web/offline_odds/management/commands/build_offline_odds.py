from django.core.management.base import BaseCommand

from adjudicator.web.offline_odds.build import build


class Command(BaseCommand):
    help = "Fetch Pyodide (npm) and zip the engines for the offline battle and hunt odds."

    def handle(self, *args, **options):
        for path in build():
            self.stdout.write(f"wrote static/{path}")
