"""Pages of Journey to Mordor."""

from django.urls import path

from . import views

app_name = "mordor"

urlpatterns = [
    path("", views.index, name="index"),
    path("keep/", views.keep_page, name="keep"),
    path("resolve/", views.resolve_page, name="resolve"),
    path("odds/", views.odds_page, name="odds"),
]
