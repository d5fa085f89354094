"""API of War of the Ring: odds, hunt and victory (mounted under /api/wotr/)."""

from django.urls import path

from adjudicator.web import registry

from . import api_views as views

urlpatterns = [
    *registry.api_urls("wotr"),
    path("positions/setup/", views.SetupView.as_view(), name="wotr-api-setup"),
    path("positions/validate/", views.ValidatePositionView.as_view(), name="wotr-api-validate"),
]
