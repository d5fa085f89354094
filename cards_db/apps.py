from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CardsDbConfig(AppConfig):
    name = "cards_db"
    verbose_name = _("LOTR TCG cards and decks")
