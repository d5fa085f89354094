"""Pages of Wojna o Pierścień: the index, the tables editor and one page per calculator."""

from django.urls import path

from adjudicator.web import registry

from . import views

app_name = "wojna"

urlpatterns = [
    path("", views.index, name="index"),
    path("tables/", views.tables_editor, name="tables"),
    *registry.page_urls("wojna"),
]
