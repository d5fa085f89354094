"""Pages of Journey to Mordor: the index and one page per checker (``checkers.py``)."""

from django.urls import path

from adjudicator.web import registry

from . import views

app_name = "mordor"

urlpatterns = [
    path("", views.index, name="index"),
    *registry.page_urls("mordor"),
]
