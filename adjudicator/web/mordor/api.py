"""The Journey to Mordor API's validation: its checkers (``checkers.py``) name a field as the
engine does."""

import re

from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.request import Request

from adjudicator.api import flatten_errors


def valid(serializer_class: type, request: Request) -> dict:
    """The validated request, or a 400 whose fields are named as the engine names them
    (``rolled[0].face``, not DRF's ``rolled.0.face``), each problem keeping its code."""
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        problems: dict[str, list[ErrorDetail]] = {}
        for error in flatten_errors(serializer.errors):
            detail = ErrorDetail(error["message"], code=error["code"])
            problems.setdefault(_field_name(error["field"]), []).append(detail)
        raise ValidationError(problems)
    return serializer.validated_data


def _field_name(name: str) -> str:
    name = re.sub(r"\.(\d+)(?=\.|\[|$)", r"[\1]", name)
    return name.removesuffix(".non_field_errors")
