"""Pages: home, rulebook tables of contents, section permalinks, search results."""

from django.urls import path
from django.views.generic import TemplateView

app_name = "rules_corpus"

urlpatterns = [
    path("", TemplateView.as_view(template_name="coming_soon.html"), name="home"),
    path("search/", TemplateView.as_view(template_name="coming_soon.html"), name="search"),
    path(
        "rules/<slug:rulebook>/",
        TemplateView.as_view(template_name="coming_soon.html"),
        name="rulebook",
    ),
    path(
        "rules/<slug:rulebook>/<slug:anchor>/",
        TemplateView.as_view(template_name="coming_soon.html"),
        name="section",
    ),
]
