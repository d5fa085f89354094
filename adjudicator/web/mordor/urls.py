"""Pages of Journey to Mordor."""

from django.urls import path

from . import views

app_name = "mordor"

urlpatterns = [
    path("", views.index, name="index"),
    path("keep/", views.KeepView.as_view(), name="keep"),
    path("resolve/", views.ResolveView.as_view(), name="resolve"),
    path("odds/", views.OddsView.as_view(), name="odds"),
]
