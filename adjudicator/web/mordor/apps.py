from django.apps import AppConfig


class MordorConfig(AppConfig):
    name = "adjudicator.web.mordor"
    label = "mordor"
    verbose_name = "Journey to Mordor"
