"""The War of the Ring battle and hunt-turn answers computed in the browser (under Pyodide).

This module runs in the player's browser, never on the server: no Django here. It runs the
server's own code, ``adjudicator.web.wotr.services`` over the engines and
``adjudicator.web.wotr.presenters`` to say the answer, shipped from the
repository at setup time (``build.engine_zip``), so an answer offline is the server's answer.
The few Django functions the presenters call stand in, filled with what Django gave the shell
page in its language (``views.shell_context``): ``gettext``/``ngettext`` from the language's
catalogue, ``number_format`` as Django's own ``numberformat`` with the language's separators,
``reverse`` of a section page from its URL pattern. Pyodide's core lacks gmpy2 and numpy:
``gmpy2.mpz`` is Python's ``int`` (the same exact integers, only slower; ``divexact``, ``gcd``
and ``lcm`` are Python's too), and numpy and scipy,
used only by the planners, are absent (the planners are not offered offline).

The query is read as the pages' forms read it (``ApiFieldsForm``: a missing field takes its
default; a box, a number and the dotted paths as Django reads them, by the Django-free
:mod:`adjudicator.web.querypaths` the pages share) from the fields the shell describes, and
turned into the request the forms' ``as_request`` gives.
"""

from __future__ import annotations

import gettext as gettext_module
import json
import math
import operator
import sys
import types
from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from adjudicator.web import querypaths

KINDS = ("battle", "hunt_turn")
ABSENT = ("numpy", "scipy", "scipy.sparse")
"""What only the planners use (not offered offline), absent from Pyodide's core."""


def _module(name: str, **attributes: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module
    return module


class _Absent:
    """A name from a package that is not shipped: importing it works, using it says so."""

    def __init__(self, name: str):
        self.name = name

    def __getattr__(self, attribute: str) -> Any:
        raise ImportError(f"{self.name}.{attribute} is not available offline")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise ImportError(f"{self.name} is not available offline")


def _absent(name: str) -> None:
    module = _module(name)
    module.__getattr__ = lambda attribute: _Absent(f"{name}.{attribute}")  # type: ignore


class _Mpz(int):
    """gmpy2's ``mpz`` as Python's int: the same exact values."""

    def digits(self) -> str:
        return str(int(self))


def _translations(context: Mapping[str, Any]) -> tuple[Callable, Callable]:
    """``gettext`` and ``ngettext`` over the catalogue the shell carries (Django's merged
    catalogue of the language, fallbacks included; English: the source strings)."""
    messages: dict[str, str] = context["messages"]
    plurals: dict[str, list[str]] = context["plurals"]
    plural = gettext_module.c2py(context["plural_forms"])

    def gettext(message: str) -> str:
        return messages.get(message, message)

    def ngettext(singular: str, plural_text: str, n: int) -> str:
        forms = plurals.get(singular)
        if forms:
            return forms[min(plural(n), len(forms) - 1)]
        return singular if n == 1 else plural_text

    return gettext, ngettext


def install(context: Mapping[str, Any], numberformat_source: str) -> None:
    """Stand in for the Django functions the presenters call, in the shell's language (code
    imported under another language's stand-ins is imported again)."""
    for name in [name for name in sys.modules if name.startswith("adjudicator.")]:
        del sys.modules[name]
    gettext, ngettext = _translations(context)
    formats = context["formats"]
    _module("django")
    _module("django.utils")
    _module("django.conf", settings=types.SimpleNamespace(**context["settings"]))
    _module("django.utils.safestring", mark_safe=lambda text: text)
    numberformat = _module("django.utils.numberformat")
    code = compile(numberformat_source, "django/utils/numberformat.py", "exec")
    exec(code, numberformat.__dict__)

    def number_format(value: Any, decimal_pos: int | None = None, use_l10n: Any = None) -> str:
        return numberformat.format(
            value,
            formats["DECIMAL_SEPARATOR"],
            decimal_pos,
            formats["NUMBER_GROUPING"],
            formats["THOUSAND_SEPARATOR"],
            use_l10n=use_l10n,
        )

    _module("django.utils.formats", number_format=number_format, get_format=formats.__getitem__)
    _module(
        "django.utils.translation",
        gettext=gettext,
        ngettext=ngettext,
        gettext_noop=lambda message: message,
        gettext_lazy=gettext,
        # one language a shell: per_language's memos are made afresh with the code each install
        get_language=lambda: None,
    )
    _module("django.core")
    _module("django.core.signals", setting_changed=None)  # settings never change here
    _module("django.dispatch", receiver=lambda _signal: lambda function: function)
    section_url: str = context["section_url"]

    def reverse(name: str, kwargs: Mapping[str, str]) -> str:
        assert name == "rules_corpus:section", name
        return section_url.replace("RULEBOOK", kwargs["rulebook"]).replace(
            "ANCHOR", kwargs["anchor"]
        )

    _module("django.urls", reverse=reverse, get_script_prefix=lambda: "/")
    # the server's lock-free reads of Django's locals (asgiref is not shipped): one language
    _module("adjudicator.request_locals", get_language=lambda: None, get_script_prefix=lambda: "/")
    _module("gmpy2", mpz=_Mpz, divexact=operator.floordiv, gcd=math.gcd, lcm=math.lcm)
    for name in ABSENT:
        _absent(name)


# ---- the query, read as the page's form reads it ---------------------------------------------


def _number(text: str, spec: Mapping[str, Any]) -> int | None:
    value = querypaths.whole_number(text)
    if value is None:
        if spec["required"]:
            raise ValueError(text)
        return None
    if not spec["min"] <= value <= spec["max"]:
        raise ValueError(text)
    return value


def _clean(spec: Mapping[str, Any], values: list[str]) -> Any:
    """One field's value from the query's values (its default already put in when missing),
    read as Django's fields read it (:mod:`adjudicator.web.querypaths`)."""
    kind = spec["kind"]
    if kind == "bool":
        return querypaths.checkbox(values)
    if kind == "multiple":
        if any(value not in spec["choices"] for value in values):
            raise ValueError(values)
        return values
    text = values[-1] if values else ""
    if kind == "tiles":
        tiles = querypaths.listed(text)
        if any(tile not in spec["choices"] for tile in tiles):
            raise ValueError(text)
        return tiles
    if kind == "int":
        return _number(text, spec)
    if text == "":
        if spec["required"]:
            raise ValueError(text)
        return None
    if text not in spec["choices"]:
        raise ValueError(text)
    return text


def read_query(
    fields: Mapping[str, Mapping[str, Any]], query: Mapping[str, list[str]]
) -> tuple[dict[str, Any], list[str]]:
    """The form's cleaned values by input name, and the names of the inputs that are wrong."""
    data: dict[str, Any] = {}
    wrong = []
    for name, spec in fields.items():
        values = list(query.get(name, ()))
        if name not in query and spec["default"] is not None:
            values = [str(spec["default"])]
        try:
            data[name] = _clean(spec, values)
        except ValueError:
            wrong.append(name)
    return data, wrong


def as_request(kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The API request the page's form gives (``BattleForm.as_request``,
    ``HuntTurnForm.as_request``: a turn's moves are hunted with dice, no forced draw). The page
    then validates it with the API's serializer, whose bounds and choices the form's fields
    carry (``views.field_specs``); what the serializer adds, its defaults, are the engine's."""
    request = querypaths.nest(data.items())  # input names are the API's dotted paths
    if kind == "battle":
        return {**request, "attacker_stops_below": request["attacker_stops_below"] or 0}
    return {**request, "pool": "standard", "moves": request["moves"] or 1}


# ---- the answer ------------------------------------------------------------------------------


def shown(value: float, places: int = 4) -> str:
    """A probability as the page shows it (Django's ``floatformat:4``: half up, localised)."""
    from django.utils.formats import number_format

    rounded = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    return number_format(f"{rounded:f}", places)


def _with_shown(node: Any) -> Any:
    """Every probability and expectation of an answer with its figure as the page shows it."""
    if isinstance(node, list):
        return [_with_shown(item) for item in node]
    if not isinstance(node, dict):
        return node
    items = {key: _with_shown(value) for key, value in node.items()}
    if isinstance(node.get("probability"), float):
        items["shown"] = shown(node["probability"])
    elif isinstance(node.get("value"), float):  # an expectation (``floatformat:3``)
        items["shown"] = shown(node["value"], 3)
    return items


HEADLINE_ALIAS = "verdict"
"""War of the Ring's old name for the headline (``checkers.WOTR``), kept in its answers."""


def checkers() -> dict[str, tuple[Callable, Callable]]:
    """Each kind's ``compute`` and ``present``, as its declaration in ``wotr/checkers.py`` names
    them (the declarations themselves import DRF and the forms, not shipped;
    ``tests/web/offline_odds/test_shell.py`` holds the two the same)."""
    from adjudicator.web.wotr import presenters, services

    return {
        "battle": (services.run_battle, presenters.battle_presented),
        "hunt_turn": (services.run_hunt, presenters.hunt_answer),
    }


def answer(kind: str, fields: Mapping[str, Any], query: Mapping[str, list[str]]) -> dict:
    """The page's answer to a query (``CheckerPage.answer`` over ``Checker.page_answer_of``:
    ``present(compute(request), None)`` with its headline), or what is wrong with it."""
    from django.utils.translation import gettext

    from adjudicator.citations import with_headline
    from adjudicator.games.common import InvalidInput, translate_problems

    data, wrong = read_query(fields, query)
    if wrong:
        return {"wrong": wrong}
    request = as_request(kind, data)
    compute, present = checkers()[kind]
    try:
        result = compute(request)
    except InvalidInput as error:
        return {"problems": translate_problems(error.problems, gettext), "request": request}
    page = {"tone": "", "assumptions": [], **with_headline(present(result, None), HEADLINE_ALIAS)}
    return {"request": request, "answer": _with_shown(page)}


def answer_json(kind: str, fields_json: str, query_json: str) -> str:
    """:func:`answer` in JSON, for the page's script (strings cross from JavaScript as is)."""
    return json.dumps(answer(kind, json.loads(fields_json), json.loads(query_json)))


def install_json(context_json: str, numberformat_source: str) -> None:
    """:func:`install` from the JSON the shell page carries."""
    install(json.loads(context_json), numberformat_source)
