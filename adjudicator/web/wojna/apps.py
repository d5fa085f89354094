from django.apps import AppConfig


class WojnaConfig(AppConfig):
    name = "adjudicator.web.wojna"
    label = "wojna"
    verbose_name = "Wojna o Pierścień"
