from django.apps import AppConfig


class WotrMovesConfig(AppConfig):
    name = "adjudicator.web.wotr_moves"
    label = "wotr_moves"
    verbose_name = "War of the Ring: legal moves"
