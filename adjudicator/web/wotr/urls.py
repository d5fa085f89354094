"""Pages of War of the Ring: odds, hunt and victory."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "wotr"

urlpatterns = [
    path("", TemplateView.as_view(template_name="coming_soon.html"), name="index"),
]
