"""Pages of Journey to Mordor."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "mordor"

urlpatterns = [
    path("", TemplateView.as_view(template_name="coming_soon.html"), name="index"),
]
