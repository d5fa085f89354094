"""API of Journey to Mordor (mounted under /api/mordor/)."""

from django.urls import path

from adjudicator.web.mordor import api

urlpatterns = [
    path("keep/check/", api.KeepCheckView.as_view(), name="mordor-keep-check"),
    path("resolve/", api.ResolveView.as_view(), name="mordor-resolve"),
    path("odds/", api.OddsView.as_view(), name="mordor-odds"),
]
