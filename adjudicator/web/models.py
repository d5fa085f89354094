"""The site's own rows: the health check's write probe."""

from django.db import models


class HealthProbe(models.Model):
    """One row ``/healthz`` writes on each check: can the database still commit a write (a
    full disk, a read-only file or server answer reads and refuse writes)?"""

    checked = models.DateTimeField()

    def __str__(self) -> str:
        return f"checked {self.checked:%Y-%m-%d %H:%M:%S}"
