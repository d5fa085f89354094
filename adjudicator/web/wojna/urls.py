"""Pages of Wojna o Pierścień."""

from django.urls import path

from . import views

app_name = "wojna"

urlpatterns = [
    path("", views.index, name="index"),
    path("tables/", views.tables_editor, name="tables"),
    *(
        path(f"{c.slug}/", views.calculator_page(c), name=c.slug.replace("-", "_"))
        for c in views.CALCULATORS
    ),
]
