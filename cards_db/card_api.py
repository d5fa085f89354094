"""Cards by their stable addresses: by set and collector number, by name (exact or fuzzy, as
Scryfall's ``/cards/named``), several at once, and all of them in one download."""

from django.db.models import Max
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import bulk_download, bulk_view, cacheable, validated
from adjudicator.serializers import ErrorResponseSerializer, StrictSerializer
from cards_db.models import Card
from cards_db.serializers import TcgCardSerializer
from cards_db.services import card_index

#: At most this many cards in one batch lookup (as Scryfall's collection).
MAX_IDENTIFIERS = 75
#: The largest set or collector number there can be (a small positive integer column).
MAX_NUMBER = 32767
#: The longest name a fuzzy lookup reads (its work grows with the name's length).
MAX_NAME = 100

CARDS = Card.objects.prefetch_related("keywords")


class CardByNumberAPIView(APIView):
    """One card by its set and collector number (``/api/v1/cards/1/50/``)."""

    @extend_schema(
        operation_id="cards_by_number",
        tags=["cards"],
        summary="A card by set and collector number",
        responses={200: TcgCardSerializer},
    )
    @cacheable
    def get(self, request: Request, card_set: int, number: int) -> Response:
        if max(card_set, number) > MAX_NUMBER:  # no such card (and no such database integer)
            raise Http404
        card = get_object_or_404(CARDS, card_set_id=card_set, number=number)
        return Response(TcgCardSerializer(card, context={"request": request}).data)


class TcgCardNamedQuerySerializer(serializers.Serializer):
    fuzzy = serializers.CharField(
        required=False, max_length=MAX_NAME,
        help_text="A name spelt loosely (\"legolas greenleef\"): the closest card's.",
    )  # fmt: skip
    exact = serializers.CharField(
        required=False, max_length=MAX_NAME,
        help_text="\"Title, Subtitle\" or a title only one card has (case and accents aside).",
    )  # fmt: skip

    def validate(self, attrs):
        if len(attrs) != 1:
            message = _("Give exactly one of fuzzy and exact.")
            # one of two parameters, a rule the schema's parameters cannot say
            raise ValidationError({"fuzzy": [serializers.ErrorDetail(message, code="rule")]})
        return attrs


class CardNamedAPIView(APIView):
    """One card by its name, exactly or loosely spelt; a name several cards share is a 404
    naming them (code ``ambiguous_card``), never a guess."""

    @extend_schema(
        operation_id="cards_named",
        tags=["cards"],
        summary="A card by name (exact or fuzzy)",
        description='As Scryfall\'s `/cards/named`: `exact` ("Title, Subtitle", or a title '
        "only one card has) or `fuzzy` (a loose spelling: the closest name's card). A name "
        "several cards share, or none, is a 404 (`ambiguous_card`, `not_found`).",
        parameters=[TcgCardNamedQuerySerializer],
        responses={
            200: TcgCardSerializer,
            404: OpenApiResponse(ErrorResponseSerializer, "No card, or several, of this name."),
        },
    )
    @cacheable
    def get(self, request: Request) -> Response:
        query = TcgCardNamedQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        index = card_index()
        if "exact" in query.validated_data:
            cards = index.named(query.validated_data["exact"])
            found = cards[0] if len(cards) == 1 else None
        else:
            lookup = index.fuzzy(query.validated_data["fuzzy"])
            found, cards = lookup.card, lookup.candidates
        if found is None and len(cards) > 1:
            names = "; ".join(f"{card.full_title} ({card.id})" for card in cards)
            raise NotFound(_("Several cards have this name: %(names)s.") % {"names": names},
                           code="ambiguous_card")  # fmt: skip
        if found is None:
            raise Http404
        card = get_object_or_404(CARDS, pk=found.id)
        return Response(TcgCardSerializer(card, context={"request": request}).data)


class TcgCardCollectionRequestSerializer(StrictSerializer):
    identifiers = serializers.ListField(
        child=serializers.CharField(max_length=200),
        min_length=1,
        max_length=MAX_IDENTIFIERS,
        help_text='Card ids ("1_50"), collector numbers ("1R50") or names ("Title, '
        'Subtitle", or a title only one card has).',
    )


class TcgCardCollectionResponseSerializer(serializers.Serializer):
    data = TcgCardSerializer(many=True, help_text="The cards found, in the order asked.")
    not_found = serializers.ListField(
        child=serializers.CharField(),
        help_text="The identifiers that name no card, or several (a shared title).",
    )


class CardCollectionAPIView(APIView):
    """Several cards in one request, by id, collector number or name."""

    @extend_schema(
        operation_id="cards_collection",
        tags=["cards"],
        summary="Several cards at once",
        description=f"Up to {MAX_IDENTIFIERS} cards by id, collector number or name, in one "
        "request; what names no single card is listed in `not_found`.",
        request=TcgCardCollectionRequestSerializer,
        responses={200: TcgCardCollectionResponseSerializer},
        examples=[
            OpenApiExample(
                "Three cards",
                value={"identifiers": ["1R50", "1_1", "Legolas, Greenleaf"]},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        identifiers = validated(TcgCardCollectionRequestSerializer, request)["identifiers"]
        index = card_index()
        found = {identifier: index.lookup(identifier).card for identifier in identifiers}
        ids = list(dict.fromkeys(card.id for card in found.values() if card is not None))
        cards = CARDS.in_bulk(ids)
        data = TcgCardSerializer([cards[i] for i in ids], many=True, context={"request": request})
        missing = [identifier for identifier, card in found.items() if card is None]
        return Response({"data": data.data, "not_found": missing})


class TcgCardBulkSerializer(serializers.Serializer):
    updated_at = serializers.DateTimeField(allow_null=True, help_text="When a card last changed.")
    count = serializers.IntegerField()
    cards = TcgCardSerializer(many=True)


class CardBulkAPIView(APIView):
    """Every card in one download."""

    @bulk_view(
        "bulk_cards", "cards", "Every card, in one download", "Every card, by set and number.",
        TcgCardBulkSerializer,
    )  # fmt: skip
    def get(self, request: Request) -> HttpResponse:
        cards = list(CARDS.order_by("card_set", "number"))
        updated = Card.objects.aggregate(changed=Max("changed"))["changed"]
        payload = {"updated_at": updated, "count": len(cards), "cards": cards}
        data = TcgCardBulkSerializer(payload, context={"request": request}).data
        return bulk_download(data, updated)
