"""WSGI entry point for the Rules Adjudicator."""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

application = get_wsgi_application()

# Import every view module now, not in a worker's first request: that request would pay for the
# imports out of its CPU budget (adjudicator/budget.py), and its player would wait for them.
get_resolver().url_patterns  # noqa: B018
