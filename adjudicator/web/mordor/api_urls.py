"""API of Journey to Mordor (mounted under /api/mordor/): its checkers (``checkers.py``)."""

from adjudicator.web import registry

urlpatterns = registry.api_urls("mordor")
