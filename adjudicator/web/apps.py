from django.apps import AppConfig
from django.core.management import call_command
from django.db.models.signals import post_migrate


def create_cache_table(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    """The shared cache's table (settings.CACHES: rate limits) comes with every
    ``migrate``, as the tables of the models do (after each app's migrations: nothing to do
    once it exists, nor with Redis)."""
    call_command("createcachetable", database=using, verbosity=0)


class WebConfig(AppConfig):
    """Site-wide pieces shared by the game adapter apps (management commands, template tags)."""

    name = "adjudicator.web"
    label = "web"
    verbose_name = "Rules Adjudicator site"

    def ready(self) -> None:
        from adjudicator import (
            api_schema,  # noqa: F401  (registers the schema extensions)
            csrf_tokens,
            translation_catalogs,
        )

        csrf_tokens.install()
        translation_catalogs.install()

        post_migrate.connect(create_cache_table, dispatch_uid="adjudicator-cache-table")
