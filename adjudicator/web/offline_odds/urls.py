"""The offline odds shell (the service worker serves it for the battle and hunt-turn pages)."""

from django.urls import path

from . import views

urlpatterns = [path("", views.shell, name="offline-odds")]
