from django.apps import AppConfig


class LinksConfig(AppConfig):
    """Content-addressed inputs too big for a link (a board position, a deck list)."""

    name = "adjudicator.web.links"
    label = "links"
    verbose_name = "Shared inputs"
