"""Store and read content-addressed inputs (services/selectors in the HackSoft sense).

A page whose input is too big for a query string (a whole board position, a pasted deck list)
stores it here and links it by ``?<field>=<key>``: the key is derived from the content alone,
so the same input always gets the same key, on any machine, and a link re-runs the same question.
"""

import base64
import hashlib
import json
import re
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, connections, router, transaction
from django.utils import timezone

from .models import SharedInput

#: The largest input stored, as canonical JSON text (a full board position is about 6 KB).
MAX_PAYLOAD_CHARS = 64 * 1024
KEY_LENGTH = 12
_KIND = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
_KEY = re.compile(rf"^[a-z2-7]{{{KEY_LENGTH}}}$")


class SharedInputError(ValueError):
    """The input cannot be stored or the key names nothing stored."""


def canonical_json(payload: Any) -> str:
    """The one text of a JSON value: sorted keys, no spaces, non-ASCII kept."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def input_key(kind: str, payload: Any) -> str:
    """The short key of an input: base32 of the SHA-256 of its kind and canonical JSON."""
    digest = hashlib.sha256(f"{kind}\n{canonical_json(payload)}".encode()).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:KEY_LENGTH]


def share_input(*, kind: str, payload: Any) -> str:
    """Store ``payload`` under its content key (once) and return the key."""
    if not _KIND.match(kind):
        raise SharedInputError(f"bad kind {kind!r}")
    text = canonical_json(payload)
    if len(text) > MAX_PAYLOAD_CHARS:
        raise SharedInputError(f"input longer than {MAX_PAYLOAD_CHARS} characters")
    key = input_key(kind, payload)
    try:
        with transaction.atomic():
            stored, created = SharedInput.objects.get_or_create(
                key=key, defaults={"kind": kind, "payload": payload}
            )
    except IntegrityError:  # a concurrent save of the same input won the race
        stored, created = SharedInput.objects.get(key=key), True
    if not created:  # stored again: kept LINK_RETENTION_DAYS from now (expire_decks)
        SharedInput.objects.filter(key=key).update(created=timezone.now())
    if stored.kind != kind or canonical_json(stored.payload) != text:
        raise SharedInputError(f"key collision on {key}")
    return key


def is_stored(key: str) -> bool:
    """Is an input stored under ``key``? (read only: a GET never stores)"""
    return SharedInput.objects.filter(key=key).exists()


def forget_inputs(kind: str, keys: Iterable[str] = (), payloads: Iterable[Any] = ()) -> int:
    """Delete the inputs of ``kind`` stored under ``keys`` or holding one of ``payloads`` (a
    deleted deck's links); returns how many there were."""
    every = {*keys, *(input_key(kind, payload) for payload in payloads)} - {""}
    return SharedInput.objects.filter(kind=kind, key__in=every).delete()[0]


def shared_input(*, kind: str, key: str) -> Any:
    """The input stored under ``key`` for ``kind``; SharedInputError if there is none."""
    if not _KEY.match(key):
        raise SharedInputError(f"not a link key: {key[:40]!r}")
    row = _stored_payload(kind, key)
    if row is None:
        raise SharedInputError(f"no stored {kind} under {key}")
    return row[0]


def _stored_payload(kind: str, key: str) -> tuple[Any] | None:
    """(payload,) stored under ``key`` for ``kind``, or None: one SQL statement read as the
    model's field reads its column (the ORM's query building was most of a moves page's link
    read, 0.3 ms: issue 29)."""
    meta = SharedInput._meta
    payload = meta.get_field("payload")
    connection = connections[router.db_for_read(SharedInput)]
    name = connection.ops.quote_name
    sql = (
        f"SELECT {name(payload.column)} FROM {name(meta.db_table)} "
        f"WHERE {name(meta.pk.column)} = %s AND {name(meta.get_field('kind').column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [key, kind])
        row = cursor.fetchone()
    return None if row is None else (payload.from_db_value(row[0], None, connection),)
