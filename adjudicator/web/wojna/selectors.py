"""Selectors of the players' rule tables: read from the database into the engine's values (None
when empty), and replaced whole, checked first (the editor page and ``import_wojna_tables``)."""

from collections.abc import Mapping
from functools import cache

from django.db import connections, models, router, transaction

from adjudicator.games.common import InvalidInput
from adjudicator.games.wojna import tables

from .models import BattleResultEntry, DuelResultEntry, SearchTableEntry, SpellEntry

#: Each table: its model, the engine's check, and its columns in order.
TABLES = {
    "battle_results": (
        BattleResultEntry,
        tables.battle_table,
        ("odds", "die", "attacker_loss", "defender_loss"),
    ),
    "duel_results": (
        DuelResultEntry,
        tables.duel_table,
        ("difference", "die", "attacker_wounds", "defender_wounds"),
    ),
    "search": (
        SearchTableEntry,
        tables.search_table,
        ("points_from", "points_to", "die", "capture"),
    ),
    "spells": (SpellEntry, tables.spell_table, ("category", "die", "value")),
}


@cache
def _compiled(model: type[models.Model], columns: tuple[str, ...]) -> tuple[str, str, tuple]:
    """The database, SQL and parameters reading ``columns`` of ``model`` in its order, compiled
    once: the ORM's compiling cost more than the query on every battle page."""
    database = router.db_for_read(model)
    query = model.objects.values(*columns).query
    return (database, *query.get_compiler(using=database).as_sql())


def _plain_rows(model: type[models.Model], columns: tuple[str, ...]) -> list[dict]:
    """The rows of a table whose columns are text and numbers (no value converted), read fresh
    from the database (the editor may have replaced them) by the SQL compiled once."""
    database, sql, params = _compiled(model, columns)
    with connections[database].cursor() as cursor:
        cursor.execute(sql, params)
        return [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]


def battle_table() -> tables.BattleResultsTable | None:
    rows = _plain_rows(BattleResultEntry, TABLES["battle_results"][2])
    return tables.battle_table(rows) if rows else None


def duel_table() -> tables.DuelTable | None:
    rows = _plain_rows(DuelResultEntry, TABLES["duel_results"][2])
    return tables.duel_table(rows) if rows else None


def search_table() -> tables.SearchTable | None:
    rows = SearchTableEntry.objects.values("points_from", "points_to", "die", "capture")
    return tables.search_table(rows) if rows else None


def spell_table() -> tables.SpellTable | None:
    rows = _plain_rows(SpellEntry, TABLES["spells"][2])
    return tables.spell_table(rows) if rows else None


def table_counts() -> dict[str, int]:
    """How many cells of each table are entered."""
    return {
        "battle_results": BattleResultEntry.objects.count(),
        "duel_results": DuelResultEntry.objects.count(),
        "search": SearchTableEntry.objects.count(),
        "spells": SpellEntry.objects.count(),
    }


def table_rows(name: str) -> list[dict]:
    """The stored rows of one table, in its columns' order."""
    model, _check, columns = TABLES[name]
    return list(model.objects.values(*columns))


def check_tables(data: Mapping[str, list[dict]]) -> None:
    """Every problem of every table given, together (InvalidInput), or nothing."""
    problems: list[tuple[str, str]] = []
    for name, rows in data.items():
        try:
            TABLES[name][1](rows)
        except InvalidInput as invalid:
            problems += invalid.problems
    if problems:
        raise InvalidInput(problems)


def replace_tables(data: Mapping[str, list[dict]]) -> dict[str, int]:
    """Replace each table given by its rows, all or nothing: every table is checked first and
    every problem raised together (InvalidInput, fields like ``search[2].die``); then the rows
    are stored in one transaction. Returns the rows stored per table."""
    check_tables(data)
    with transaction.atomic():
        for name, rows in data.items():
            model, _check, columns = TABLES[name]
            model.objects.all().delete()
            model.objects.bulk_create(model(**_stored(row, columns)) for row in rows)
    return {name: len(rows) for name, rows in data.items()}


def _stored(row: Mapping, columns: tuple[str, ...]) -> dict:
    """A checked row's columns, a force ratio written as players read it ("3:1")."""
    values = {column: row[column] for column in columns if column in row}
    if "odds" in values:
        values["odds"] = tables.check_odds_label(values["odds"])
    return values
