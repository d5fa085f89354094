"""The site's own table: the health check's write probe (it holds no row)."""

from django.db import models


class HealthProbe(models.Model):
    """The row ``/healthz`` inserts and rolls back on each check: can the database still take a
    write (a full disk, a read-only file or server answer reads and refuse writes)? Nothing
    is kept."""

    checked = models.DateTimeField()

    def __str__(self) -> str:
        return f"checked {self.checked:%Y-%m-%d %H:%M:%S}"
