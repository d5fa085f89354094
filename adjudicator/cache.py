"""Django's database cache with a count that two workers cannot both read before either writes.

The default shared cache (settings.CACHES) holds the rate-limit counts of every worker and
machine (adjudicator/throttling.py); Django's own ``DatabaseCache.incr`` reads the value, then
writes it back, so two workers counting at once would lose one of the counts. Here the read
and the write are one transaction holding the row (``SELECT ... FOR UPDATE`` on PostgreSQL;
SQLite's transactions here take the write lock at BEGIN, settings.DATABASES).
"""

import base64
import pickle

from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import connections, router, transaction
from django.utils import timezone


class DatabaseCache(DjangoDatabaseCache):
    """``incr`` is atomic; everything else is Django's."""

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        table = connection.ops.quote_name(self._table)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT value FROM {table} WHERE cache_key = %s AND expires >= %s{lock}",
                [key, now],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(base64.b64decode(row[0].encode())) + delta
            stored = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET value = %s WHERE cache_key = %s",
                [stored, key],
            )
        return value
