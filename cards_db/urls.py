"""Pages of the card database and deck builder."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "cards_db"

urlpatterns = [
    path("", TemplateView.as_view(template_name="coming_soon.html"), name="index"),
]
