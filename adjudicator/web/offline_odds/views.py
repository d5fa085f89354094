"""The shell page that answers battle and hunt-turn questions offline.

The service worker keeps it (with ``assets.precache_urls``) and serves it for ``/wotr/battle/``
and ``/wotr/hunt/turn/`` when the server cannot be reached; its script reads the path and the
query (the pages' own links) and computes the page's answer in the browser with the server's
code (``browser.py`` under Pyodide). Everything in words is rendered here, at request time, in
the request's language: the forms, the labels, and the catalogue the answer's sentences are
translated from.
"""

from __future__ import annotations

import gettext as gettext_module
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from csp.decorators import csp_update
from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import trans_real

from adjudicator.games.wotr.board import BOARD
from adjudicator.web import registry
from adjudicator.web.pages import ApiFieldsForm

from . import assets

#: The catalogues whose messages the battle and hunt answers say (presenters and engine).
CATALOGUES = (
    Path(settings.BASE_DIR) / "adjudicator" / "web" / "wotr" / "locale",
    Path(settings.BASE_DIR) / "adjudicator" / "games" / "wotr" / "locale",
)
CHECKERS = {kind: registry.find("wotr", kind) for kind in ("battle", "hunt_turn")}
"""The two checkers answered offline (``browser.checkers`` runs their compute and present)."""
FORMS = {kind: checker.page_form for kind, checker in CHECKERS.items()}
ENGLISH_PLURAL = "n != 1"


FIELD_KINDS = (
    (forms.BooleanField, "bool"),
    (forms.MultipleChoiceField, "multiple"),
    (forms.ChoiceField, "choice"),
    (forms.IntegerField, "int"),
    (forms.CharField, "tiles"),  # the hunt's drawn tiles, comma-separated (HuntForm.clean_drawn)
)
"""How ``browser.read_query`` reads each kind of the forms' fields (the first that fits)."""


def field_specs(form: ApiFieldsForm) -> dict[str, dict[str, Any]]:
    """How the page's form reads each input (by its name, the API's dotted path): its kind,
    the default a missing one takes, whether it must be given, its bounds and choices."""
    specs = {}
    for name, field in form.fields.items():
        kind = next(kind for kind_of, kind in FIELD_KINDS if isinstance(field, kind_of))
        choices = (
            list(BOARD.hunt_tiles)
            if kind == "tiles"
            else [str(value) for value, _label in getattr(field, "choices", ())]
        )
        specs[form.add_prefix(name)] = {
            "kind": kind,
            "default": form._default(name, field),
            "required": field.required,
            "min": getattr(field, "min_value", None),
            "max": getattr(field, "max_value", None),
            "choices": choices,
        }
    return specs


@lru_cache(maxsize=8)
def catalogue(language: str) -> dict[str, Any]:
    """The answers' messages in ``language`` as Django translates them (its merged catalogue,
    fallbacks included), with the language's plural rule."""
    if not any((path / language).exists() for path in CATALOGUES):
        return {"messages": {}, "plurals": {}, "plural_forms": ENGLISH_PLURAL}
    django_translation = trans_real.translation(language)
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    plural_forms = ENGLISH_PLURAL
    for path in CATALOGUES:
        mo = path / language / "LC_MESSAGES" / "django.mo"
        if not mo.exists():  # not compiled (make compiles them): its messages stay English
            continue
        with mo.open("rb") as file:
            compiled = gettext_module.GNUTranslations(file)
        plural_forms = compiled.info().get("plural-forms", "").partition("plural=")[2].rstrip(";")
        for key in compiled._catalog:
            if isinstance(key, tuple):
                plurals.setdefault(key[0], [])
            elif key and django_translation.gettext(key) != key:
                messages[key] = django_translation.gettext(key)
    for singular, forms_ in plurals.items():
        while (singular, len(forms_)) in django_translation._catalog:
            forms_.append(django_translation._catalog[(singular, len(forms_))])
    return {"messages": messages, "plurals": plurals, "plural_forms": plural_forms}


def shell_context(language: str) -> dict[str, Any]:
    """What the browser's Python needs besides the code, in ``language``: the catalogue, the
    number formats, the section pages' URL pattern and how the forms read a query."""
    with translation.override(language):
        return {
            **catalogue(language),
            "formats": {
                key: get_format(key)
                for key in ("DECIMAL_SEPARATOR", "THOUSAND_SEPARATOR", "NUMBER_GROUPING")
            },
            "settings": {"USE_THOUSAND_SEPARATOR": settings.USE_THOUSAND_SEPARATOR},
            "section_url": reverse(
                "rules_corpus:section", kwargs={"rulebook": "RULEBOOK", "anchor": "ANCHOR"}
            ),
            "fields": {kind: field_specs(form()) for kind, form in FORMS.items()},
            # A problem about a whole side is named by its legend (EngineErrorsMixin).
            "legends": {
                kind: {prefix.rstrip("_"): str(legend) for legend, prefix in form.groups}
                for kind, form in FORMS.items()
            },
        }


JSON_SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}
"""What ``json_script`` escapes; the letters are left as they are (a third of the bytes in
Russian)."""


def json_script(value: Any, element_id: str) -> str:
    """``django.utils.html.json_script`` without escaping every non-ASCII letter."""
    text = json.dumps(value, ensure_ascii=False).translate(JSON_SCRIPT_ESCAPES)
    return format_html(
        '<script id="{}" type="application/json">{}</script>', element_id, mark_safe(text)
    )


# The service worker keeps this page and serves it when offline: WebAssembly compiled from the
# site's own Pyodide is the one thing it needs beyond the site's script policy.
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def shell(request: HttpRequest) -> HttpResponse:
    """The offline page, in the request's language (the service worker keeps this copy)."""
    paths = {"battle": reverse("wotr:battle"), "hunt_turn": reverse("wotr:hunt_turn")}
    engine = {
        "context": shell_context(translation.get_language()),
        "pyodide": assets.pyodide_url(),
        "engine": assets.engine_url(),
        "worker": static(assets.WORKER),
        "scripts": [static(assets.PYODIDE_DIR + assets.PYODIDE_LOADER), static(assets.ENGINE_JS)],
        "paths": paths,
    }
    context = {
        "forms": [
            ("battle", FORMS["battle"](auto_id="battle-%s")),
            ("hunt_turn", FORMS["hunt_turn"](auto_id="hunt-%s")),
        ],
        "paths": paths,
        "battle_title": CHECKERS["battle"].title,
        "hunt_title": CHECKERS["hunt_turn"].title,
        "engine_json": json_script(engine, "offline-odds-engine"),
    }
    return render(request, "offline_odds/shell.html", context)
