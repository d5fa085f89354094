"""Pages of War of the Ring: legal moves."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "wotr_moves"

urlpatterns = [
    path("", TemplateView.as_view(template_name="coming_soon.html"), name="index"),
]
