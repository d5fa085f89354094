"""API of the rulebooks and search."""

from django.urls import path

from rules_corpus.api import (
    RulebookDetailAPIView,
    RulebookListAPIView,
    SectionBulkAPIView,
    SectionByAnchorAPIView,
    SectionDetailAPIView,
)
from rules_corpus.search_api import SearchAPIView

urlpatterns: list = [
    path("rulebooks/", RulebookListAPIView.as_view(), name="api-rulebook-list"),
    path("rulebooks/<slug:slug>/", RulebookDetailAPIView.as_view(), name="api-rulebook-detail"),
    path(
        "rulebooks/<slug:slug>/sections/<slug:anchor>/",
        SectionByAnchorAPIView.as_view(),
        name="api-section",
    ),
    path("sections/<int:pk>/", SectionDetailAPIView.as_view(), name="api-section-detail"),
    path("search/", SearchAPIView.as_view(), name="api-search"),
    path("bulk/sections/", SectionBulkAPIView.as_view(), name="api-bulk-sections"),
]
