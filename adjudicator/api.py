"""API plumbing shared by every app: the error format for bad input, the POST view factory.

Every 400 has the shape ``{"detail": "...", "errors": [{"field": "...", "message": "..."}]}``
so that a client always learns what is wrong and where.
"""

import hashlib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from django import forms
from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from django.utils.decorators import method_decorator
from django.utils.http import http_date
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.gzip import gzip_page
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.compat import LONG_SEPARATORS, SHORT_SEPARATORS
from rest_framework.exceptions import ErrorDetail, ParseError, Throttled, ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from adjudicator.citations import request_origin
from adjudicator.error_codes import engine_code, table_code
from adjudicator.games.common import InvalidInput, translate_problems
from adjudicator.parsers import BoundedJSONParser
from adjudicator.request_locals import get_language
from adjudicator.serializers import ErrorResponseSerializer, StrictSerializer, plain_validated


def error_item(field: str, message: str, code: str | None) -> dict[str, str]:
    """One problem: where (``field``), what (``message``, translated) and its ``code``, one of
    the table's (``adjudicator.error_codes``; DRF's and Django's codes are mapped onto it)."""
    return {"field": field, "message": message, "code": table_code(code)}


def _detail_item(field: str, detail: Any) -> dict[str, str]:
    return error_item(field, str(detail), getattr(detail, "code", None))


def flatten_errors(detail: Any, prefix: str = "") -> list[dict[str, str]]:
    """Turn DRF's nested error detail into a flat list of ``{"field", "message", "code"}``."""
    if isinstance(detail, dict):
        return [
            error
            for key, value in detail.items()
            for error in flatten_errors(value, _child_path(prefix, key))
        ]
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            return [_detail_item(prefix or "non_field_errors", m) for m in detail]
        return [
            error
            for index, item in enumerate(detail)
            for error in flatten_errors(item, f"{prefix}[{index}]")
        ]
    return [_detail_item(prefix or "non_field_errors", detail)]


def _child_path(prefix: str, key: str | int) -> str:
    """``prefix.key``, or ``prefix[key]`` for an item's index (DRF keys list errors by it)."""
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    return key if key == "non_field_errors" and not prefix else f"{prefix}.{key}".strip(".")


def form_invalid(form: forms.Form) -> ValidationError:
    """A Django form's errors (query parameters read by a form) as DRF's, each keeping its
    code; a number field's ``invalid`` is a ``wrong_type``."""
    numbers = (forms.IntegerField, forms.FloatField, forms.DecimalField)

    def code(name: str, error: DjangoValidationError) -> str | None:
        typed = isinstance(form.fields.get(name), numbers) and error.code == "invalid"
        return "wrong_type" if typed else error.code

    return ValidationError({
        name: [ErrorDetail(str(message), code=code(name, error))
               for error in errors for message in error.messages]
        for name, errors in form.errors.as_data().items()
    })  # fmt: skip


def bad_request(errors: list[dict[str, str]]) -> Response:
    """A 400 listing every problem."""
    summary = "; ".join(f"{e['field']}: {e['message']}" for e in errors)
    return Response({"detail": summary, "errors": errors}, status=status.HTTP_400_BAD_REQUEST)


#: The part of the request a client error without a field is about, by status code.
REQUEST_PARTS = {
    status.HTTP_400_BAD_REQUEST: "body",
    status.HTTP_404_NOT_FOUND: "path",
    status.HTTP_405_METHOD_NOT_ALLOWED: "method",
    status.HTTP_406_NOT_ACCEPTABLE: "Accept",
    status.HTTP_413_REQUEST_ENTITY_TOO_LARGE: "body",
    status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: "Content-Type",
    status.HTTP_429_TOO_MANY_REQUESTS: "request",
}


BODY_TOO_LARGE = "The request body is over the size limit (DJANGO_MAX_BODY_BYTES)."


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler with every 4xx in the common shape, ``errors`` naming where.

    The engines' :class:`InvalidInput` and DRF's validation errors become a 400 listing each
    field; a body that is not JSON (``ParseError``) a 400 on ``body``; any other 4xx keeps
    DRF's status, headers and ``detail`` and gains ``errors`` naming the part of the request
    (``path``, ``method``, ``Content-Type``...).
    """
    if isinstance(exc, InvalidInput):
        translated = translate_problems(exc.problems, gettext)
        return bad_request([
            error_item(field, message, engine_code(original))
            for (field, message), (_, original) in zip(translated, exc.problems, strict=True)
        ])  # fmt: skip
    if isinstance(exc, ValidationError):
        return bad_request(flatten_errors(exc.detail))
    if isinstance(exc, ParseError):
        return bad_request([error_item("body", str(exc.detail), "parse_error")])
    if isinstance(exc, RequestDataTooBig):
        return Response(
            {"detail": BODY_TOO_LARGE, "errors": [error_item("body", BODY_TOO_LARGE, "too_large")]},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    response = drf_exception_handler(exc, context)
    if isinstance(exc, Throttled):  # DRF's own words are half translated
        response.data["detail"] = ErrorDetail(throttled_message(exc.wait), code="throttled")
    if response is not None and status.is_client_error(response.status_code):
        detail = response.data.get("detail") if isinstance(response.data, dict) else None
        if detail is not None:
            place = REQUEST_PARTS.get(response.status_code, "non_field_errors")
            code = getattr(detail, "code", None)
            response.data["errors"] = [error_item(place, str(detail), code)]
    return response


def throttled_message(wait: float | None) -> str:
    """A 429's words: the client asked too often (settings' rates, docs/api.md)."""
    return gettext(
        "Too many requests from you for now (the rates are in the API's documentation): ask "
        "again in %(seconds)s s."
    ) % {"seconds": math.ceil(wait or 1)}


#: Decorates the ``get`` of an answer that changes only with a deploy or a data load
#: (sections, cards, the setup position): shared caches may keep it an hour and revalidate
#: it by its ``ETag`` (``ConditionalGetMiddleware``) after that.
cacheable = method_decorator(cache_control(public=True, max_age=3600))


def bulk_download(payload: dict[str, Any], updated: datetime | None) -> HttpResponse:
    """A whole data set in one answer (the bulk downloads): JSON with a strong ``ETag`` of its
    bytes (kept, weakened, when ``bulk_view`` compresses it), ``Last-Modified`` = ``updated``
    (also the body's ``updated_at``) and the one-hour public cache of data that changes only
    with a data load."""
    body = JSONRenderer().render(payload)
    response = HttpResponse(body, content_type="application/json")
    response["ETag"] = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    if updated is not None:
        response["Last-Modified"] = http_date(updated.timestamp())
    response["Cache-Control"] = "public, max-age=3600"
    return response


def bulk_view(
    operation_id: str, tag: str, summary: str, what: str, serializer: type
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorates a bulk download's ``get`` (which answers ``bulk_download``): documented as
    ``what`` it holds, gzipped when the client accepts it."""
    schema = extend_schema(
        operation_id=operation_id,
        tags=[tag],
        summary=summary,
        description=f"{what} gzip when accepted; `ETag` and `Last-Modified` (= `updated_at`) "
        "for revalidation.",
        responses={200: serializer},
    )
    return lambda get: schema(method_decorator(gzip_page)(get))


def validated(serializer_class: type[serializers.Serializer], request: Request) -> Any:
    """The request body validated by ``serializer_class``, or a 400 naming every field (a
    plain body read at once, as ``StrictSerializer.is_valid`` reads it, without making the
    serializer: issue 29)."""
    data = request.data
    strict = issubclass(serializer_class, StrictSerializer)
    if strict and (plain := plain_validated(serializer_class, data)) is not None:
        return plain
    serializer = serializer_class(data=data)
    # a strict serializer's plain reading was tried above: DRF's own validation
    (super(StrictSerializer, serializer) if strict else serializer).is_valid(raise_exception=True)
    return serializer.validated_data


def cached_answer(request: Request, answer: Callable[[], Any], *versions: object) -> Any:
    """``answer()``, kept in the ``answers`` cache (settings.CACHES) for API_ANSWER_CACHE_SECONDS
    under the request (path, query, body, language, scheme and host) and ``versions`` (what
    else the answer depends on; counted, so that no body reads as versions): for pure answers
    only, where the same request always gets the same answer."""
    seconds = settings.API_ANSWER_CACHE_SECONDS
    if not seconds:
        return answer()
    # the host and scheme as the request's origin, which Django keeps on the request: the
    # answer's citations read it again without checking the host a second time (issue 29)
    parts = [request.get_full_path(), get_language(), request_origin(request),
             request.content_type, str(len(versions)), *map(str, versions)]  # fmt: skip
    digest = hashlib.sha256("\0".join(parts).encode() + b"\0" + request.body).hexdigest()
    key = f"answer:{digest}"
    cache = caches["answers"]
    value = cache.get(key)
    if value is None:
        value = answer()
        cache.set(key, value, seconds)
    return value


#: ``?exact=all`` on an answer with long distributions (issue 29): every exact fraction. The
#: default, ``headline``, gives the exact fraction of the headline figures only; the rows of the
#: distributions carry their float (a battle's answer: 9 KB → 2 KB).
EXACT_CHOICES = ("headline", "all")
EXACT_PARAMETER = OpenApiParameter(
    "exact",
    str,
    enum=EXACT_CHOICES,
    default="headline",
    description="headline (the default): exact fractions for the headline figures only; "
    "all: for every row of the distributions too",
)


def check_choices(parameters: Sequence[OpenApiParameter], request: Request) -> None:
    """The query options with a fixed set of values (``enum``, e.g. :data:`EXACT_PARAMETER`)
    checked: another value is a 400 naming the option (the presenters read them unchecked)."""
    for parameter in parameters:
        value = request.query_params.get(parameter.name)
        if not parameter.enum or not value:
            continue
        try:
            serializers.ChoiceField(parameter.enum).run_validation(value)
        except ValidationError as error:
            raise ValidationError({parameter.name: error.detail}) from error


def first_sentence(text: str) -> str:
    """The text up to its first full stop, question or exclamation mark (an OpenAPI summary)."""
    return re.split(r"(?<=[?!])\s|\.(?:\s|$)", text, maxsplit=1)[0]


#: The Accept headers of a plain request (none, or any type, or JSON): DRF's negotiation gives
#: it the view's first renderer and that renderer's media type.
PLAIN_ACCEPT = (None, "*/*", "application/json")


def _plain_asked(meta: dict[str, Any], no_format_asked: bool) -> bool:
    """No format asked for (``no_format_asked``: by the query or a suffix) and an Accept header
    of :data:`PLAIN_ACCEPT`: what a plain request is, for GETs and POSTs alike."""
    return no_format_asked and meta.get("HTTP_ACCEPT") in PLAIN_ACCEPT


def plain_json(view: APIView, request: Request, no_format_asked: bool) -> tuple | None:
    """The view's JSON renderer and its media type for a plain request (``no_format_asked``
    by its query, no format suffix, an Accept header of :data:`PLAIN_ACCEPT`), as DRF's
    negotiation gives them without negotiating (issue 29); None for any other request."""
    if view.format_kwarg is None and _plain_asked(request.META, no_format_asked):
        renderer = view.get_renderers()[0]
        if type(renderer) is JSONRenderer:
            return renderer, renderer.media_type
    return None


class AnswerView(APIView):
    """DRF's view without the reference cycles around its answer (issue 29). DRF's request
    keeps itself and the view in its ``parser_context``, the view keeps its response, and the
    response keeps itself in its ``renderer_context`` while it renders: the request, its parsed
    body and the answer's data lived until the collector's next pass, which walked and freed
    them. Once the answer is made (the cycles dropped after dispatch) and rendered (the
    response's own, after rendering), all of it goes as soon as the response is sent.

    A plain request (no query, hence no ``?format=``; an Accept header of
    :data:`PLAIN_ACCEPT`) is given JSON without DRF's negotiation, as the negotiation gives
    it, and its answer is rendered at once (:func:`answered`)."""

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        plain = plain_json(self, request, not request.META.get("QUERY_STRING"))
        return plain or super().perform_content_negotiation(request, force)

    def dispatch(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        if _plain_post(self, request, kwargs):
            response = self._plain_dispatch(request, args)
        else:
            response = super().dispatch(request, *args, **kwargs)
        del self.response
        context = getattr(self.request, "parser_context", None) or {}
        context.pop("request", None)
        context.pop("view", None)
        if isinstance(response, Response):
            response.add_post_render_callback(_forget_response)
        return response

    def _plain_dispatch(self, request: Any, args: tuple) -> Any:
        """DRF's ``dispatch`` of a plain POST (:func:`_plain_post`) without the steps that
        come out the same for every one (issue 29): its request made with the view's one
        parser, JSON accepted as the negotiation accepts it (:meth:`perform_content_negotiation`),
        no format suffix or version, and no authenticator to ask (the user and token are
        DRF's unauthenticated ``None``, unless a test client forces them); the permission and
        throttle checks, the handler, the exception handling and the response's headers are
        DRF's own."""
        self.args, self.kwargs, self.format_kwarg = args, {}, None
        context = {"view": self, "args": args, "kwargs": {}}
        drf = Request(
            request,
            parsers=[BoundedJSONParser()],
            negotiator=self.get_content_negotiator(),
            parser_context=context,
        )
        renderer = self.renderer_classes[0]()
        drf.accepted_renderer, drf.accepted_media_type = renderer, renderer.media_type
        drf.version = drf.versioning_scheme = None
        self.request, self.headers = drf, self.default_response_headers
        try:
            if drf.authenticators:  # a test client's forced authentication
                self.perform_authentication(drf)
            else:
                drf._not_authenticated()  # what ``request.user`` does without authenticators
            self.check_permissions(drf)
            self.check_throttles(drf)
            response = self.post(drf, *args)
        except Exception as exc:  # DRF's dispatch: every error is answered
            response = self.handle_exception(exc)
        self.response = self.finalize_response(drf, response, *args)
        return self.response


def _plain_post(view: APIView, request: Any, kwargs: dict[str, Any]) -> bool:
    """A POST of a JSON body (``Content-Type: application/json`` exactly) without a query or a
    format suffix, accepting :data:`PLAIN_ACCEPT`, to a view configured as the site's
    defaults are (:func:`_plain_view`)."""
    meta = request.META
    return (
        request.method == "POST"
        and _plain_asked(meta, not kwargs and not meta.get("QUERY_STRING"))
        and meta.get("CONTENT_TYPE") == "application/json"
        and _plain_view(type(view))
    )


@cache
def _plain_view(view: type) -> bool:
    """Does ``view`` answer a POST with DRF's JSON renderer first, the JSON parser alone, DRF's
    negotiation and no authentication or versioning (what :meth:`AnswerView._plain_dispatch`
    leaves out)?"""
    return (
        callable(getattr(view, "post", None))
        and list(view.renderer_classes)[:1] == [JSONRenderer]
        and list(view.parser_classes) == [BoundedJSONParser]
        and not view.authentication_classes
        and view.versioning_class is None
        and view.content_negotiation_class is DefaultContentNegotiation
    )


def _forget_response(response: Response) -> None:
    response.renderer_context.pop("response", None)


#: DRF's JSON renderer's encoder for a media type without ``indent`` (its ``ensure_ascii``,
#: ``strict`` and ``compact`` settings), made once: ``json.dumps`` makes one per answer. An
#: answer is a tree of new dicts and lists (the presenters'), never a cycle: the encoder does
#: not keep each container's id to look for one (``check_circular``: a battle's ~90
#: containers, 14% of its encoding; the same bytes).
_PLAIN_ENCODER = json.JSONEncoder(
    ensure_ascii=JSONRenderer.ensure_ascii,
    allow_nan=not JSONRenderer.strict,
    check_circular=False,
    separators=SHORT_SEPARATORS if JSONRenderer.compact else LONG_SEPARATORS,
)


def json_bytes(data: Any, renderer: JSONRenderer) -> bytes:
    """``renderer.render(data)`` (DRF's JSON renderer, no ``indent`` asked), the same bytes,
    without reading the media type's parameters or making an encoder per answer (issue 29):
    JSON's own types written by the standard encoder (DRF's encoder class differs only in
    what it makes of other types: a payload holding one, or None, is DRF's to render); the line
    and paragraph separators escaped, as DRF escapes them."""
    if data is None:
        return renderer.render(data)
    try:
        text = _PLAIN_ENCODER.encode(data)
    except TypeError:  # a type only DRF's encoder writes (a Decimal, a date...)
        return renderer.render(data)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").encode()


def answered(request: Request, answer: Callable[[], Any], pure: bool = False) -> HttpResponse:
    """``Response(answer())`` as DRF would send it: where JSON was negotiated, its bytes (DRF's
    JSON renderer's, the accepted media type's ``indent`` read) and headers (the renderer's
    media type; the view's ``Allow`` added by DRF) made at once, without the template
    response's rendering machinery (issue 29); another renderer's answer is DRF's. A ``pure``
    answer is kept (:func:`cached_answer`): in JSON, its bytes under the request, so that a new
    answer is not pickled into the cache (a battle's: 40 µs; compact bytes take 1.6–1.8× the
    pickled data's room, within the same number of entries) and a repeated one is not
    rendered again; an answer asked with a parameter (``indent``: five times the bytes) is
    not kept."""
    renderer = request.accepted_renderer
    if type(renderer) is not JSONRenderer:
        return Response(cached_answer(request, answer) if pure else answer())
    media_type = request.accepted_media_type

    def body() -> bytes:
        if media_type == renderer.media_type:  # no parameters: no indent
            return json_bytes(answer(), renderer)
        return renderer.render(answer(), media_type)

    if pure and media_type == renderer.media_type:
        return HttpResponse(cached_answer(request, body, "json"), content_type=media_type)
    return HttpResponse(body(), content_type=renderer.media_type)


def post_view(
    name: str,
    request_serializer: type[serializers.Serializer],
    response_serializer: type[serializers.Serializer],
    compute: Callable[..., Any],
    present: Callable[[Any, Request], Any],
    description: str = "",
    example: dict[str, Any] | None = None,
    *,
    prefix: str = "",
    tag: str | None = None,
    summary: str | None = None,
    operation_id: str | None = None,
    examples: Sequence[OpenApiExample] = (),
    bad_input: type[serializers.Serializer] | OpenApiResponse = ErrorResponseSerializer,
    validate: Callable[[type[serializers.Serializer], Request], Any] = validated,
    pure: bool = False,
    parameters: Sequence[OpenApiParameter] = (),
    refusals: Mapping[type[Exception], Callable[[Any], Response]] | None = None,
) -> type[APIView]:
    """An APIView ``<prefix><name>View`` whose POST validates, computes and answers.

    The answer is ``present(compute(data), request)``: ``compute`` calls the engine (the app's
    services), ``present`` says its answer in the request's language (its presenters).
    ``example`` is a request example named ``name``; the summary defaults to the description's
    first sentence. A ``pure`` answer (the same body always gets the same answer) is cached
    (:func:`cached_answer`). ``parameters`` documents the query options ``present`` reads (e.g.
    :data:`EXACT_PARAMETER`; a value outside an ``enum`` is a 400, :func:`check_choices`).
    ``refusals`` answers what ``compute`` refuses other than by ``InvalidInput`` (a deck list
    too long or with lines that are not cards): exception class → its 400 response.
    """
    refused = tuple(refusals or {})

    def answer(request: Request) -> Any:
        result = compute(validate(request_serializer, request))
        check_choices(parameters, request)
        return present(result, request)

    @extend_schema(
        tags=[tag] if tag else None,
        operation_id=operation_id,
        summary=summary or first_sentence(description),
        description=description,
        request=request_serializer,
        parameters=list(parameters),
        responses={200: response_serializer, 400: bad_input},
        examples=[
            *([OpenApiExample(name, value=example, request_only=True)] if example else []),
            *examples,
        ],
    )
    def post(self: APIView, request: Request) -> HttpResponse:
        try:
            return answered(request, lambda: answer(request), pure)
        except refused as error:
            assert refusals is not None
            return next(r for kind, r in refusals.items() if isinstance(error, kind))(error)

    return type(f"{prefix}{name}View", (AnswerView,), {"post": post, "__doc__": description})


class FilterBackend(DjangoFilterBackend):
    """django-filter's backend, its form's errors keeping their codes (``form_invalid``)."""

    def filter_queryset(self, request: Request, queryset: Any, view: Any) -> Any:
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            raise form_invalid(filterset.form)
        return filterset.qs


class Pagination(PageNumberPagination):
    """DRF's page numbers, held to the schema: ``page`` a whole number from 1 (``page=x`` or
    ``page=0`` is a 400 naming it, as the schema's ``minimum: 1`` says; a page past the last
    is a 404), ``page_size`` (where a view allows it) from 1, capped at ``max_page_size``.
    Empty (``page=``) is the default, as for every optional query parameter."""

    def get_page_number(self, request: Request, paginator: Any) -> int:
        return self._whole_number(request, self.page_query_param, 1)

    def get_page_size(self, request: Request) -> int:
        if not self.page_size_query_param:
            return self.page_size
        size = self._whole_number(request, self.page_size_query_param, self.page_size)
        return min(size, self.max_page_size or size)

    @staticmethod
    def _whole_number(request: Request, name: str, default: int) -> int:
        if not request.query_params.get(name):
            return default
        value = request.query_params[name]
        if not value.isascii() or not value.strip().lstrip("+-").isdigit():
            message = serializers.IntegerField.default_error_messages["invalid"]
            raise ValidationError({name: [ErrorDetail(str(message), code="wrong_type")]})
        try:
            return serializers.IntegerField(min_value=1).run_validation(value)
        except ValidationError as error:
            raise ValidationError({name: error.detail}) from error

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param and self.max_page_size:
                parameter["description"] += f" (at most {self.max_page_size}; more is capped)"
        return parameters
