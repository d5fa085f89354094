"""Pages of War of the Ring: legal moves."""

from django.urls import path

from adjudicator.web.wotr_moves import views

app_name = "wotr_moves"

urlpatterns = [
    path("", views.index, name="index"),
]
