"""One stored input per distinct content: the same input always gets the same short key."""

from django.db import models


class SharedInput(models.Model):
    """An input (a position, a deck list) stored once and linked by the hash of its content."""

    key = models.CharField(primary_key=True, max_length=16)
    kind = models.CharField(max_length=32)
    payload = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "created"])]

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}"
