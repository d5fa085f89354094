"""API of War of the Ring: storing a position (mounted under /api/wotr/moves/). The move check and
the legal destinations are checkers: declared in ``checkers.py``, routed by ``wotr/api_urls``."""

from django.urls import path

from adjudicator.web.wotr_moves import api_views

urlpatterns = [
    path("positions/", api_views.SharePositionView.as_view(), name="wotr-moves-share"),
]
