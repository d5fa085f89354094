"""``Idempotency-Key`` on deck saves: a client that lost a save's answer (a dropped connection,
a worker killed after its commit) sends the same request with the same key again and gets the
first answer again, with nothing stored twice (docs/api.md). Answers are kept a day
(``expire_decks``)."""

import hashlib
import re
from collections.abc import Callable

from django.db import IntegrityError, transaction
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
    try:
        with transaction.atomic():
            kept = IdempotentSave.objects.filter(key=key).first()
            if kept is None:
                response = save()
                if status.is_success(response.status_code):
                    IdempotentSave.objects.create(
                        key=key, fingerprint=fingerprint, status=response.status_code,
                        body=response.data,
                    )  # fmt: skip
                return response
    except IntegrityError:  # a retry sent at the same time stored its answer first
        kept = IdempotentSave.objects.get(key=key)
    if kept.fingerprint != fingerprint:
        raise ValidationError({HEADER: [_("This key was used for another request.")]})
    return Response(kept.body, status=kept.status, headers={"Idempotent-Replayed": "true"})
