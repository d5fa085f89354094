"""WSGI entry point for the Rules Adjudicator."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adjudicator.settings")

application = get_wsgi_application()
