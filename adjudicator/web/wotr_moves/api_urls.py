"""API of War of the Ring: legal moves (mounted under /api/wotr/moves/)."""

from django.urls import path

from adjudicator.web.wotr_moves import api_views

urlpatterns = [
    path("check/", api_views.CheckMoveView.as_view(), name="wotr-moves-check"),
    path("legal/", api_views.LegalDestinationsView.as_view(), name="wotr-moves-legal"),
    path("positions/", api_views.SharePositionView.as_view(), name="wotr-moves-share"),
]
