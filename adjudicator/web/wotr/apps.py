from django.apps import AppConfig


class WotrConfig(AppConfig):
    name = "adjudicator.web.wotr"
    label = "wotr"
    verbose_name = "War of the Ring: odds, hunt and victory"
