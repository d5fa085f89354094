from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesCorpusConfig(AppConfig):
    name = "rules_corpus"
    verbose_name = _("Rulebooks")
