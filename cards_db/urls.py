"""Pages of the card database, deck builder and calculators (under /cards/)."""

from django.urls import path

from adjudicator.web import registry
from cards_db import views

app_name = "cards_db"

urlpatterns = [
    path("", views.card_list, name="index"),
    path("card/<str:key>/", views.card_detail, name="card"),
    path("decks/fix/", views.deck_fix, name="deck_fix"),
    path("decks/<uuid:pk>/", views.deck_detail, name="deck"),
    path("decks/<uuid:pk>/edit/<uuid:key>/", views.deck_edit, name="deck_edit"),
    path("decks/<uuid:pk>/delete/<uuid:key>/", views.deck_delete, name="deck_delete"),
    path("decks/<uuid:pk>/export.txt", views.deck_export, name="deck_export"),
    path("calculators/", views.calculator_index, name="calculators"),
    *registry.page_urls("cards_db"),
    path("calculators/<slug:slug>/", views.calculator, name="calculator"),
]
