"""The Wojna API beside its calculators (``checkers.py``): which rule tables are entered."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.games.wojna import tables as wojna_tables

from . import selectors
from . import serializers as s

TAG = "wojna"
TABLE_NAMES = {
    "battle_results": wojna_tables.BATTLE_TABLE_NAME,
    "duel_results": wojna_tables.DUEL_TABLE_NAME,
    "search": wojna_tables.SEARCH_TABLE_NAME,
    "spells": wojna_tables.SPELL_TABLE_NAME,
}


def tables_message(counts: dict[str, int]) -> str:
    """The "enter this table" hint, or empty when every table has cells."""
    missing = [TABLE_NAMES[key] for key, count in counts.items() if not count]
    if not missing:
        return ""
    return _("Not entered yet: %(tables)s. Enter them from your copy of the rules.") % {
        "tables": ", ".join(missing)
    }


class TablesView(APIView):
    """How many cells of each user-entered table exist."""

    @extend_schema(
        tags=[TAG],
        summary="Which rule tables are entered",
        responses={200: s.WojnaTablesResponseSerializer},
    )
    def get(self, request: Request) -> Response:
        counts = selectors.table_counts()
        return Response({**counts, "message": tables_message(counts)})
