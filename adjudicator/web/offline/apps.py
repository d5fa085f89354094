from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "adjudicator.web.offline"
    label = "offline"
    verbose_name = "Offline: installable app, service worker, offline rulebooks and search"
