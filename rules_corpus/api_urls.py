"""API of the rulebooks and search."""

from django.urls import path

from rules_corpus.api import RulebookDetailAPIView, RulebookListAPIView, SectionDetailAPIView
from rules_corpus.search_api import SearchAPIView

urlpatterns: list = [
    path("rulebooks/", RulebookListAPIView.as_view(), name="api-rulebook-list"),
    path("rulebooks/<slug:slug>/", RulebookDetailAPIView.as_view(), name="api-rulebook-detail"),
    path("sections/<int:pk>/", SectionDetailAPIView.as_view(), name="api-section-detail"),
    path("search/", SearchAPIView.as_view(), name="api-search"),
]
