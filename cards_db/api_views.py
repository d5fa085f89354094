"""API of the card database and decks: thin views over the importer, engine and services."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import Pagination, bad_request, cacheable, error_item, validated
from adjudicator.games.tcg.decklist import ListTooLong
from adjudicator.games.tcg.formats import formats
from adjudicator.serializers import ErrorResponseSerializer
from adjudicator.throttling import ClientRateThrottle
from cards_db import idempotency
from cards_db.filters import CardFilter, StrictNullBooleanField
from cards_db.i18n import tr
from cards_db.models import Card, Deck
from cards_db.serializers import (
    TcgCardSerializer,
    TcgDeckDetailSerializer,
    TcgDeckSavedSerializer,
    TcgDeckSaveRequestSerializer,
    TcgDeckSerializer,
    report_payload,
)
from cards_db.services import (
    EXPORT_STYLES,
    UnreadableDeck,
    exported,
    recheck_deck,
    resolve_card_key,
    save_deck,
)
from cards_db.throttling import SAVE_SCOPE, SaveRateThrottle

DRAW_ODDS_EXAMPLE = (
    "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
    "4x Legolas, Greenleaf\n4x Gimli, Son of Gloin\n4x Goblin Archer\n4x Ancient Chieftain"
)
#: A whole legal deck (60 draw cards, 9 sites): a schema example must be a working request.
LEGAL_DECK_EXAMPLE = "\n".join([
    "Ring-bearer: Frodo, Son of Drogo", "Ring: The One Ring, The Ruling Ring",
    "4x Axe Strike", "4x Battle Fury", "4x Cleaving Blow", "4x Delving", "4x Dwarf Guard",
    "4x Dwarven Armor", "4x Dwarven Axe", "2x Dwarven Heart",
    "4x Alive and Unspoiled", "4x Bred for Battle", "4x Breeding Pit",
    "4x Caradhras Has Not Forgiven Us", "4x Cruel Caradhras", "4x Greed", "4x Hunt Them Down!",
    "2x Lurtz, Servant of Isengard",
    "Sites:", "Bag End", "Bree Gate", "Council Courtyard", "Balin's Tomb",
    "The Bridge of Khazad-dûm", "Dimrill Dale", "Anduin Confluence", "Anduin Banks", "Emyn Muil",
])  # fmt: skip
SAVE_EXAMPLE = {"name": "Dwarves", "list": LEGAL_DECK_EXAMPLE, "format": "fellowship_block"}
ERROR_400 = OpenApiResponse(ErrorResponseSerializer, "Bad input: what is wrong and where")


class CardPagination(Pagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class CardListAPIView(generics.ListAPIView):
    """Cards, filtered (set, culture, side, type, race, twilight and strength ranges,
    keywords, unique, site number) and searched (``q``: full text, or a collector number)."""

    queryset = Card.objects.prefetch_related("keywords")
    serializer_class = TcgCardSerializer
    filterset_class = CardFilter
    pagination_class = CardPagination

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "unique",
                str,
                enum=[reading for reading in StrictNullBooleanField.READINGS if reading],
                description="Unique cards (true, 1, yes, on), or not (false, 0, no, off).",
            )
        ]
    )
    @cacheable
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


class CardDetailAPIView(generics.RetrieveAPIView):
    """One card by its id ("1_50") or its collector info ("1R50")."""

    queryset = Card.objects.prefetch_related("keywords")
    serializer_class = TcgCardSerializer
    lookup_url_kwarg = "key"

    def get_object(self) -> Card:
        return get_object_or_404(self.get_queryset(), pk=resolve_card_key(self.kwargs["key"]))

    @cacheable
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)


def refused_too_long(error: ListTooLong) -> Response:
    """A paste that is not a deck list (over the line limit): a 400 on ``list``."""
    return bad_request([error_item("list", tr(error.message, error.params), "too_long")])


def refused_unreadable(error: UnreadableDeck) -> Response:
    """A list with lines that are not cards: a 400 naming each line's problem on ``list``."""
    return bad_request(
        [
            error_item("list", tr(p.message, p.params), p.code)
            for p in error.report.errors
            if p.code in {"unknown_card", "ambiguous_card", "invalid_count"}
        ]
    )


#: What the deck operations refuse besides the serializer's checks (``post_view``'s refusals).
DECK_REFUSALS = {ListTooLong: refused_too_long, UnreadableDeck: refused_unreadable}


def _save(request: Request, deck: Deck | None) -> Response:
    data = validated(TcgDeckSaveRequestSerializer, request)
    if deck is not None and data.get("edit_key") != deck.edit_key:
        raise ValidationError({"edit_key": [_("This is not the deck's edit key.")]})
    try:
        saved = save_deck(
            data["name"], data["list"], formats()[data["format"]], deck,
            data["check_starting_fellowship"],
        )  # fmt: skip
    except ListTooLong as error:
        return refused_too_long(error)
    except UnreadableDeck as error:
        return refused_unreadable(error)
    body = {
        "deck": TcgDeckSerializer(saved.deck, context={"request": request}).data,
        "report": report_payload(saved.report, request),
        "edit_key": str(saved.deck.edit_key),
    }
    return Response(body, status=status.HTTP_200_OK if deck else status.HTTP_201_CREATED)


SAVE_THROTTLES = [ClientRateThrottle, SaveRateThrottle]


class DeckCreateAPIView(APIView):
    """Save a deck: it is validated first; lines that are not cards refuse the save (400)."""

    throttle_classes = SAVE_THROTTLES
    save_throttle_scope = SAVE_SCOPE

    @extend_schema(
        request=TcgDeckSaveRequestSerializer,
        responses={201: TcgDeckSavedSerializer, 400: ERROR_400},
        examples=[OpenApiExample("A deck to save", value=SAVE_EXAMPLE, request_only=True)],
        parameters=[idempotency.PARAMETER],
    )
    def post(self, request: Request) -> Response:
        return idempotency.idempotent(request, lambda: _save(request, None))


class DeckDetailAPIView(APIView):
    """A saved deck with its report (read by anyone with the link, changed with the key)."""

    throttle_classes = SAVE_THROTTLES
    save_throttle_scope = SAVE_SCOPE

    @extend_schema(responses={200: TcgDeckDetailSerializer})
    def get(self, request: Request, pk) -> Response:
        deck = get_object_or_404(Deck, pk=pk)
        report = recheck_deck(deck)
        return Response(
            {
                "deck": TcgDeckSerializer(deck, context={"request": request}).data,
                "report": report_payload(report, request),
            }
        )

    @extend_schema(
        request=TcgDeckSaveRequestSerializer,
        responses={200: TcgDeckSavedSerializer, 400: ERROR_400},
        examples=[
            OpenApiExample(
                "A saved deck changed",
                value={**SAVE_EXAMPLE, "edit_key": "3f2c9a4e-1b7d-4c55-9e0a-6d8f2b1c7e90"},
                request_only=True,
            )
        ],
        parameters=[idempotency.PARAMETER],
    )
    def put(self, request: Request, pk) -> Response:
        deck = get_object_or_404(Deck, pk=pk)
        return idempotency.idempotent(request, lambda: _save(request, deck))

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "edit_key",
                OpenApiTypes.UUID,
                required=True,
                description="The deck's edit key (given when it was saved).",
            )
        ],
        responses={204: None, 400: ERROR_400, 404: ErrorResponseSerializer},
    )
    def delete(self, request: Request, pk) -> Response:
        """Delete the deck for good: only with its edit key."""
        deck = get_object_or_404(Deck, pk=pk)
        if request.query_params.get("edit_key") != str(deck.edit_key):
            raise ValidationError({"edit_key": [_("This is not the deck's edit key.")]})
        deck.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckExportAPIView(APIView):
    """The deck as plain text, by section, ready to paste back."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "style", str, enum=list(EXPORT_STYLES), default="plain",
                description="plain: by section with collector numbers; gemp: GEMP's layout.",
            )
        ],
        responses={(200, "text/plain"): OpenApiTypes.STR},
    )  # fmt: skip
    def get(self, request: Request, pk) -> HttpResponse:
        deck = get_object_or_404(Deck, pk=pk)
        style = request.query_params.get("style") or "plain"
        if style not in EXPORT_STYLES:
            raise ValidationError({"style": [_("Choose plain or gemp.")]})
        return HttpResponse(exported(deck, style), content_type="text/plain; charset=utf-8")
