from django.apps import AppConfig


class OfflineOddsConfig(AppConfig):
    name = "adjudicator.web.offline_odds"
    label = "offline_odds"
    verbose_name = "War of the Ring odds offline"
