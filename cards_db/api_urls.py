"""API of the card database, deck builder and TCG calculators (mounted under /api/)."""

from django.urls import path

from adjudicator.web import registry
from cards_db import api_views, card_api

urlpatterns = [
    path("cards/", api_views.CardListAPIView.as_view(), name="tcg-card-list"),
    path("cards/named/", card_api.CardNamedAPIView.as_view(), name="tcg-card-named"),
    path("cards/collection/", card_api.CardCollectionAPIView.as_view(), name="tcg-card-collection"),
    path(
        "cards/<int:card_set>/<int:number>/",
        card_api.CardByNumberAPIView.as_view(),
        name="tcg-card-number",
    ),
    path("cards/<str:key>/", api_views.CardDetailAPIView.as_view(), name="tcg-card-detail"),
    path("bulk/cards/", card_api.CardBulkAPIView.as_view(), name="tcg-bulk-cards"),
    path("decks/", api_views.DeckCreateAPIView.as_view(), name="tcg-deck-create"),
    path("decks/<uuid:pk>/", api_views.DeckDetailAPIView.as_view(), name="tcg-deck-detail"),
    path("decks/<uuid:pk>/export/", api_views.DeckExportAPIView.as_view(), name="tcg-deck-export"),
    *registry.api_urls("tcg"),
]
