from django.apps import AppConfig


class WebConfig(AppConfig):
    """Site-wide pieces shared by the game adapter apps (management commands, template tags)."""

    name = "adjudicator.web"
    label = "web"
    verbose_name = "Rules Adjudicator site"

    def ready(self) -> None:
        from adjudicator import api_schema  # noqa: F401  (registers the schema extensions)
