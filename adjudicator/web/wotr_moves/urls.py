"""Pages of War of the Ring: legal moves (the board, declared in ``checkers.py``)."""

from adjudicator.web import registry

app_name = "wotr_moves"

urlpatterns = registry.page_urls("wotr_moves")
