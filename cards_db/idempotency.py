"""``Idempotency-Key`` on deck saves: a client that lost a save's answer (a dropped connection,
a worker killed after its commit) sends the same request with the same key again and gets the
first answer again, with nothing stored twice (docs/api.md); a page form does the same with a
hidden token (:func:`saved_once`). Answers are kept a day (``expire_decks``)."""

import hashlib
import json
import re
import uuid
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from cards_db.models import IdempotentSave

HEADER = "Idempotency-Key"
_KEY = re.compile(r"[\x21-\x7e]{1,100}")

PARAMETER = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "Any unique string of 1–100 printable ASCII characters (a UUID): a retry of this "
        "request with the same key within a day gets the first answer again (header "
        "`Idempotent-Replayed: true`) and saves nothing twice; the same key with another "
        "request is a 400."
    ),
    pattern=r"^[\x21-\x7e]{1,100}$",
)


def idempotent(request: Request, save: Callable[[], Response]) -> Response:
    """``save()``, or the answer kept for this request's ``Idempotency-Key``."""
    key = request.headers.get(HEADER)
    if key is None:
        return save()
    if not _KEY.fullmatch(key):
        raise ValidationError({HEADER: [_("1 to 100 printable ASCII characters, please.")]})
    fingerprint = hashlib.sha256(
        f"{request.method}\n{request.path}\n".encode() + request.body
    ).hexdigest()
    answered: list[Response] = []

    def answer() -> tuple[int, Any] | None:
        answered.append(save())
        response = answered[0]
        return (
            (response.status_code, response.data)
            if status.is_success(response.status_code)
            else None
        )

    kept = kept_or_saved(key, fingerprint, answer)
    if kept is None:
        return answered[0]
    if kept.fingerprint != fingerprint:
        raise ValidationError({HEADER: [_("This key was used for another request.")]})
    return Response(kept.body, status=kept.status, headers={"Idempotent-Replayed": "true"})


def kept_or_saved(
    key: str, fingerprint: str, save: Callable[[], tuple[int, Any] | None]
) -> IdempotentSave | None:
    """The answer kept under ``key``; else None once ``save()`` ran, its answer (a status and
    a body, or None: not kept) stored under ``key`` in the same transaction. Of two saves with
    one key at once, the second is undone and gets the first's answer."""
    try:
        with transaction.atomic():
            kept = IdempotentSave.objects.filter(key=key).first()
            if kept is None:
                answer = save()
                if answer is not None:
                    IdempotentSave.objects.create(
                        key=key, fingerprint=fingerprint, status=answer[0], body=answer[1]
                    )
                return None
    except IntegrityError:  # a retry sent at the same time stored its answer first
        kept = IdempotentSave.objects.get(key=key)
    return kept


#: A page form's hidden save token: a fresh one in every form shown (cards_db/forms.py).
PAGE_TOKEN = re.compile(r"[0-9a-f]{32}")


def new_page_token() -> str:
    return uuid.uuid4().hex


def saved_once(
    request: HttpRequest, token: str, form: dict[str, Any], save: Callable[[], tuple[str, str]]
) -> str:
    """A page form's save (``save()``: the saved deck's id and the address to go to) done once
    per hidden token and content: a double submit, or the browser sending the form again after
    a lost answer, goes to the first save's address and stores nothing twice; the same form
    changed (sent back and edited) saves again. Without a token, ``save()`` as it is."""
    if not PAGE_TOKEN.fullmatch(token or ""):
        return save()[1]
    content = json.dumps([request.path, form], sort_keys=True, default=str)
    fingerprint = hashlib.sha256(content.encode()).hexdigest()
    saved: list[str] = []

    def answer() -> tuple[int, Any]:
        deck, location = save()
        saved.append(location)
        return 303, {"deck": {"id": deck}, "location": location}

    kept = kept_or_saved(f"page:{token}:{fingerprint[:40]}", fingerprint, answer)
    return saved[0] if kept is None else kept.body["location"]
