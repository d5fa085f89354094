"""Pages: home, rulebook tables of contents, section permalinks, search results."""

from django.urls import path

from . import search_views, views

app_name = "rules_corpus"

urlpatterns = [
    path("", views.home, name="home"),
    path("search/", search_views.search_page, name="search"),
    path("rules/<slug:rulebook>/", views.rulebook, name="rulebook"),
    path("rules/<slug:rulebook>/<slug:anchor>/", views.section, name="section"),
]
