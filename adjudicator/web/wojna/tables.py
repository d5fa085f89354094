"""The user's rule tables, from the database into the engine's values (None when empty)."""

from adjudicator.games.wojna import tables

from .models import BattleResultEntry, DuelResultEntry, SearchTableEntry, SpellEntry


def battle_table() -> tables.BattleResultsTable | None:
    rows = BattleResultEntry.objects.values("odds", "die", "attacker_loss", "defender_loss")
    return tables.battle_table(rows) if rows else None


def duel_table() -> tables.DuelTable | None:
    rows = DuelResultEntry.objects.values("difference", "die", "attacker_wounds", "defender_wounds")
    return tables.duel_table(rows) if rows else None


def search_table() -> tables.SearchTable | None:
    rows = SearchTableEntry.objects.values("points_from", "points_to", "die", "capture")
    return tables.search_table(rows) if rows else None


def spell_table() -> tables.SpellTable | None:
    rows = SpellEntry.objects.values("category", "die", "value")
    return tables.spell_table(rows) if rows else None


def table_counts() -> dict[str, int]:
    """How many cells of each table are entered."""
    return {
        "battle_results": BattleResultEntry.objects.count(),
        "duel_results": DuelResultEntry.objects.count(),
        "search": SearchTableEntry.objects.count(),
        "spells": SpellEntry.objects.count(),
    }
