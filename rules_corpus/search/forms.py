"""The search parameters, validated once for the page and the API alike."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules_corpus.models import Game, Language

MAX_QUERY_LENGTH = 200
MAX_PAGE = 1000
_WORD = re.compile(r"\w", re.UNICODE)


class SearchForm(forms.Form):
    """``q`` (required), ``game``, ``lang``, ``type`` and ``page`` of a search."""

    q = forms.CharField(
        label=_("Search the rules"),
        max_length=MAX_QUERY_LENGTH,
        error_messages={"required": _("Type what you are looking for.")},
    )
    game = forms.ChoiceField(
        label=_("Game"), required=False, choices=[("", _("All games")), *Game.choices]
    )
    lang = forms.ChoiceField(
        label=_("Language"),
        required=False,
        choices=[("", _("All languages")), *Language.choices],
    )
    type = forms.ChoiceField(
        label=_("Results"),
        required=False,
        choices=[("", _("Rules and cards")), ("section", _("Rule sections")), ("card", _("Cards"))],
    )
    page = forms.IntegerField(
        label=_("Page"), required=False, min_value=1, max_value=MAX_PAGE, widget=forms.HiddenInput
    )

    def __init__(self, data: Any = None) -> None:
        """A form over ``data`` with the class's fields themselves, not Django's deep copy of
        them per form (a tenth of a millisecond a search, the API's and the page's): nothing
        changes a field per form (validating and rendering read them; the labels are lazy
        translations), so every form may share them."""
        self.base_fields = {}  # what BaseForm.__init__ deep-copies: nothing
        super().__init__(data)
        del self.base_fields
        self.fields = dict(type(self).base_fields)

    def clean_q(self) -> str:
        text = self.cleaned_data["q"]
        if "\ufffd" in text or any(
            unicodedata.category(c) in {"Cc", "Cs", "Co"} and not c.isspace() for c in text
        ):
            raise forms.ValidationError(
                _("The query contains characters that are not text (garbled bytes?)."),
                code="garbled",
            )
        if not _WORD.search(text):
            raise forms.ValidationError(
                _("The query has no letters or digits to search for."), code="no_words"
            )
        return text

    def clean_page(self) -> int:
        return self.cleaned_data["page"] or 1
