"""API of Wojna o Pierścień, mounted under /api/wojna/: its calculators (``checkers.py``) and the
tables' counts."""

from django.urls import path

from adjudicator.web import registry

from . import api

urlpatterns = [
    *registry.api_urls("wojna"),
    path("tables/", api.TablesView.as_view(), name="wojna-tables"),
]
