"""Offline pages and data under ``/offline/``; the worker and manifest are at the root
(``adjudicator/urls.py``: a worker's scope is its own folder)."""

from django.urls import path

from . import views

app_name = "offline"

urlpatterns = [
    path("", views.needs_network, name="needs-network"),
    path("reader/", views.reader, name="reader"),
    path("search/", views.search, name="search"),
    path("precache.json", views.precache, name="precache"),
    path("search-index.json", views.search_index, name="search-index"),
    path("books/<slug:slug>.json", views.book, name="book"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
