"""The one page view every checker uses: form → API request → engine → answer → template.

A checker page answers a GET whose query string uses the API request's field names, nested with
dots (``/wotr/battle/?attacker.regular=10&defender.regular=5``), so a page link and an API call
say the same thing. Fields left at their defaults are left out of the shared link; opened
anywhere, in any language, the link re-runs the same question. The answer comes first (the
headline, the question in one line, a Share control), the form after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, cached_property
from typing import Any, ClassVar
from urllib.parse import quote

from django import forms
from django.core.exceptions import ValidationError
from django.core.signals import setting_changed
from django.core.validators import MaxValueValidator, MinValueValidator
from django.dispatch import receiver
from django.forms.boundfield import BoundField
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from rest_framework import serializers
from rest_framework.fields import Field, empty
from rest_framework.serializers import Serializer

from adjudicator.games.common import InvalidInput, translate_problems
from adjudicator.web import checker_skeleton, querypaths
from adjudicator.web.per_language import per_language


def api_name(field_name: str, renames: Mapping[str, str]) -> str:
    """The API request path of a form field: renamed explicitly, or the field's own name."""
    return renames.get(field_name, field_name)


def api_field(serializer: Serializer, path: str) -> Field | None:
    """The request serializer's field at a dotted path (``attacker.regular``), or None when the
    API has no such field; a free mapping (``control.<region>``) answers with the mapping."""
    node: Any = serializer
    for part in path.split("."):
        if part.isdigit():  # an item of a list: its fields are the child's
            continue
        fields = getattr(node, "fields", None) or getattr(
            getattr(node, "child", None), "fields", None
        )
        if fields is None:
            return node
        if part not in fields:
            return None
        node = fields[part]
    return node


def nested_query(query: QueryDict) -> dict[str, Any]:
    """A dotted query in the API request's shape, values kept as text: ``rolled.0.face=ring``
    → ``{"rolled": [{"face": "ring"}]}``; a key given several times is a list (read by
    :mod:`adjudicator.web.querypaths`, which the offline odds page runs too)."""
    return querypaths.nested_values(query.lists())


def link_objects(value: Any) -> list[dict[str, Any]]:
    """The items of a list of objects read by :func:`nested_query` (anything else: none)."""
    items = value if isinstance(value, list) else [value]
    return [item for item in items if isinstance(item, dict)]


def link_values(value: Any) -> list[str]:
    """The values of a list read by :func:`nested_query` (a key given once: a list of one)."""
    items = value if isinstance(value, list) else [value]
    return [item for item in items if isinstance(item, str)]


def dotted_query(request: Mapping[str, Any], serializer_class: type[Serializer]) -> QueryDict:
    """The API request as a link's query, nested with dots (a list of objects by index,
    ``rolled.0.face``; a list of values as a repeated key), values at the API's default left
    out: the inverse of :func:`nested_query`."""
    serializer = serializer_class()
    query = QueryDict(mutable=True)

    def walk(value: Any, path: str) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list | tuple) and value and isinstance(value[0], Mapping):
            for index, item in enumerate(value):
                walk(item, f"{path}.{index}")
        elif not _at_default(api_field(serializer, path), value):
            values = value if isinstance(value, list | tuple) else [value]
            query.setlist(path, [_text(v) for v in values])

    walk(request, "")
    return query


def _text(value: Any) -> str:
    """A value as a GET form sends it (a ticked box is ``on``)."""
    return "on" if value is True else "false" if value is False else str(value)


def _at_default(field: Field | None, value: Any) -> bool:
    """Whether a link may leave the value out: the API's default, or nothing given."""
    default = getattr(field, "default", empty)
    if default is empty:
        default = None
    elif callable(default):
        default = default()
    if value is None or (isinstance(value, list | tuple) and not value):
        return True
    return value == default or (value is False and default is None)


@cache
def api_requires(serializer_class: type[Serializer], path: str) -> bool:
    """Whether the API request must give the field at this dotted path."""
    found = api_field(serializer_class(), path)
    return found is not None and found.required


NUMBER_FIELDS = (forms.IntegerField, forms.DecimalField, forms.FloatField)
BOUND_VALIDATORS = (MinValueValidator, MaxValueValidator)


@cache
def api_bounds(serializer_class: type[Serializer], path: str) -> tuple[Any, Any] | None:
    """The (least, most) the API takes at this dotted path, or None when it has no number
    there."""
    found = api_field(serializer_class(), path)
    if not isinstance(found, serializers.IntegerField | serializers.DecimalField):
        return None
    return found.min_value, found.max_value


def _flat_choices(choices: Iterable[tuple[Any, Any]]) -> Iterator[tuple[Any, Any]]:
    """A choice field's (value, label) pairs, out of their groups (``<optgroup>``)."""
    for value, label in choices:
        if isinstance(label, list | tuple):
            yield from label
        else:
            yield value, label


#: Choices of this many options are segmented buttons (styled radios), longer ones a select.
SEGMENTED_CHOICES = range(2, 6)


def segmented(field: forms.Field) -> None:
    """A select of two to five plain options as a row of buttons (one tap, all in sight)."""
    if type(field.widget) is not forms.Select or not isinstance(field, forms.ChoiceField):
        return
    choices = list(field.choices)
    if field.required:  # a placeholder ("— choose —") is no choice: no button for it
        choices = [(value, label) for value, label in choices if value != ""]
    if len(choices) not in SEGMENTED_CHOICES or any(
        isinstance(label, list | tuple) for _value, label in choices
    ):
        return
    placeholder = len(choices) < len(field.choices)
    field.choices = choices
    field.widget = forms.RadioSelect(
        attrs={**field.widget.attrs, "class": "segmented"}, choices=choices
    )
    if field.initial in (None, "") and field.required and not placeholder:
        field.initial = choices[0][0]  # what an untouched select sent


class ApiFieldsForm(forms.Form):
    """A GET form whose inputs are named by the API request's dotted paths.

    ``api_names`` maps a Python field name to its API path (``attacker_regular`` →
    ``attacker.regular``); unnamed fields keep their name. A field missing from the query takes
    its initial value, so a link may leave out every field at its default. ``primary`` names the
    fields players change, shown first; the others fold under "More options", open when the link
    gives any of them.
    """

    api_names: ClassVar[dict[str, str]] = {}
    #: The API's request serializer. A field the API requires has no default on the page (its
    #: initial value is only what a new form shows): a link always names it, and one that
    #: leaves it out is asked for it, as the API would be, instead of answered for a number
    #: nobody gave.
    api_request: ClassVar[type[Serializer] | None] = None
    #: The serializer whose bounds the numbers take when it is not ``api_request`` (a page
    #: that asks one of several operations, whose requests share the bounds).
    bounds_request: ClassVar[type[Serializer] | None] = None
    #: The fields players change (the rulebook's usual question); empty: every field is.
    primary: ClassVar[tuple[str, ...]] = ()
    #: Columns of the primary fields on a phone (2: the attacker's and the defender's side by side).
    primary_columns: ClassVar[int] = 1

    #: Whether the fields are the class's alone, the same for every instance in a language
    #: (no ``__init__`` of a subclass, no ``leading_fields`` reading the data): an instance made
    #: with the data alone then shares them, made once per class and language (issue 29: a
    #: battle form's 18 fields were copied and set up per request). Never changed once made.
    fixed_fields: ClassVar[bool] = False
    #: Whether the fields are the class's alone also for a form a formset makes (its prefix and
    #: settings given as arguments): a row then takes the fields set up once per class and
    #: language (``shared_fields``) instead of deep copies, bound by Django's ``BoundField``
    #: (issue 29: a calculator's rows of nine fields each). Never changed once made.
    row_fields: ClassVar[bool] = False

    def __init__(self, data: QueryDict | None = None, *args: Any, **kwargs: Any) -> None:
        plain = self.fixed_fields and not args and not kwargs
        shared = shared_fields(type(self)) if plain else None
        self._shared = shared
        if shared is not None:
            self.base_fields = {}  # the shared fields, not a deep copy of the class's
            super().__init__(data)
            del self.base_fields
            self.fields = dict(shared)
            self.bound_field_class = SharedBoundField
        elif self.row_fields and not args:
            self.base_fields = {}  # as above, the names still made from the row's prefix
            super().__init__(data, **kwargs)
            del self.base_fields
            self.fields = dict(shared_fields(type(self)))
        else:
            super().__init__(data, *args, **kwargs)
            self.fields = {**self.leading_fields(), **self.fields}
            self._set_up_fields()
        self.given = set(data.keys()) if data is not None else set()
        if data is not None:
            self.data = self._with_defaults(data)

    @cached_property
    def bound_names(self) -> dict[str, dict[str, Any]]:
        """``shared_bound_names`` of the class (its fields bound: ``SharedBoundField``)."""
        return shared_bound_names(type(self))

    def shared_field(self, name: str) -> forms.Field | None:
        """The field of this name shared by every instance (``fixed_fields``), if this form
        uses them."""
        return None if self._shared is None else self._shared.get(name)

    def _clean_fields(self) -> None:
        """Django's, each shared field's value cleaned by ``_cleaned`` (the same value or
        error, kept per worker for a short text: issue 29)."""
        if self._shared is None:
            super()._clean_fields()
            return
        for name, bound in self._bound_items():
            try:
                self.cleaned_data[name] = _cleaned(bound)
                if hasattr(self, f"clean_{name}"):
                    self.cleaned_data[name] = getattr(self, f"clean_{name}")()
            except ValidationError as error:
                self.add_error(name, error)

    def _set_up_fields(self) -> None:
        """The fields' widgets as the page shows them: segmented choices, the API's bounds,
        the value a browser sends for an untouched input."""
        for field in self.fields.values():
            segmented(field)
        for name, field in self.fields.items():
            self._api_bounds(name, field)
            default = self._default(name, field)
            if default is not None and not isinstance(field.widget, forms.CheckboxInput):
                field.widget.attrs["data-default"] = default
            if isinstance(field, forms.IntegerField):
                field.widget.attrs.setdefault("inputmode", "numeric")

    def _api_bounds(self, name: str, field: forms.Field) -> None:
        """A number's bounds are the API's, stated once in its serializer (itself from the
        engine's constants): the page's input says them and the page checks them."""
        request = self.bounds_request or self.api_request
        if request is None or not isinstance(field, NUMBER_FIELDS):
            return
        bounds = api_bounds(request, self.api_path(name))
        if bounds is None:
            return
        field.min_value, field.max_value = bounds
        field.validators = [v for v in field.validators if not isinstance(v, BOUND_VALIDATORS)]
        for bound, validator, attr in zip(bounds, BOUND_VALIDATORS, ("min", "max"), strict=True):
            field.widget.attrs.pop(attr, None)
            if bound is not None:
                field.validators.append(validator(bound))
                field.widget.attrs[attr] = bound

    def leading_fields(self) -> dict[str, forms.Field]:
        """Fields made per instance (one per side, per settlement), placed before the rest."""
        return {}

    def is_primary(self, name: str) -> bool:
        """Whether the field is one players change (shown before "More options")."""
        return not self.primary or name in self.primary

    def primary_fields(self) -> list[forms.BoundField]:
        """The fields players change, in the order they fill them."""
        order = {name: index for index, name in enumerate(self.primary)}
        shown = [bound for bound in self if self.is_primary(bound.name)]
        return sorted(shown, key=lambda bound: order.get(bound.name, 0))

    def more_fields(self) -> list[forms.BoundField]:
        """The fields left at their defaults in the usual question."""
        return [bound for bound in self if not self.is_primary(bound.name)]

    def more_open(self) -> bool:
        """Whether "More options" starts open: the link gives one of them, or one is wrong."""
        errors = self.errors
        return any(
            bound.html_name in self.given or errors.get(bound.name) for bound in self.more_fields()
        )

    def add_prefix(self, field_name: str) -> str:
        name = api_name(field_name, self.api_names)
        return f"{self.prefix}-{name}" if self.prefix else name

    def api_path(self, field_name: str) -> str:
        """The field's dotted path in ``api_request`` (its input's name)."""
        return self.add_prefix(field_name)

    def _default(self, name: str, field: forms.Field) -> Any:
        if self._asked(name):
            return None
        value = self.get_initial_for_field(field, name)
        if isinstance(field, forms.MultipleChoiceField | forms.BooleanField):
            return None
        if value in (None, "") and isinstance(field, forms.ChoiceField) and field.required:
            if isinstance(field.widget, forms.RadioSelect):
                return None  # an untouched group of buttons sends nothing
            return next(iter(field.choices))[0]  # what a browser sends for an untouched select
        return None if value in (None, "") else value

    def _asked(self, name: str) -> bool:
        """Whether the API requires this field (so that the page may not assume it)."""
        return self.api_request is not None and api_requires(
            self.api_request, self.add_prefix(name)
        )

    def _defaults(self) -> Mapping[str, Any]:
        """Each field's default (``_default``) by name: for a form of shared fields, kept per
        class and language with them (``shared_defaults``)."""
        if self._shared is not None:
            return shared_defaults(type(self))
        return {name: self._default(name, field) for name, field in self.fields.items()}

    def _with_defaults(self, data: QueryDict) -> QueryDict:
        filled = _copied(data)
        for name, default in self._defaults().items():
            key = self.add_prefix(name)
            if key not in filled and default is not None:
                filled[key] = str(default)
        return filled

    def link_query(self) -> str:
        """The shortest query that asks the same question: values at their default left out.

        One value is always kept so that the link still asks (an empty query shows the form).
        """
        query: dict[str, list[str]] = {}
        for name, default in self._defaults().items():
            key = self.add_prefix(name)
            values = [v for v in self.data.getlist(key) if v != ""]
            if not values or (default is not None and values == [str(default)]):
                continue
            query[key] = values
        if not query and self.fields:
            first = next(iter(self.fields))
            value = self[first].value()
            query[self.add_prefix(first)] = ["" if value is None else str(value)]
        return _urlencoded(query)

    def add_engine_errors(self, problems: Iterable[tuple[str, str]]) -> None:
        """An engine's problems (``InvalidInput``, translated): each under its field, or above
        the form when no field has its name."""
        for field, message in problems:
            self.add_error(field if field in self.fields else None, message)

    def summary(self) -> dict[str, list[dict[str, Any]]]:
        """The question in one line: each field's label and the value the answer used, the
        values given apart from those left at their default."""
        summary: dict[str, list[dict[str, Any]]] = {"given": [], "defaults": []}
        defaults = self._defaults()
        labels = shared_labels(type(self)) if self._shared is not None else {}
        for bound in self:
            shown = self._shown_value(bound)
            if shown is None:
                continue
            default = defaults[bound.name]
            at_default = default is not None and self.data.get(bound.html_name) == str(default)
            label = labels.get(bound.name) or _summary_label(bound.name, bound.field)
            summary["defaults" if at_default else "given"].append({"label": label, "value": shown})
        return summary

    def _shown_value(self, bound: forms.BoundField) -> Any:
        field = bound.field
        value = getattr(self, "cleaned_data", {}).get(bound.name)
        if isinstance(field, forms.BooleanField):
            return _("yes") if value else None
        if isinstance(field, forms.ChoiceField):
            chosen = [
                v for v in (value if isinstance(value, list) else [value]) if v not in (None, "")
            ]
            if not chosen:  # nothing chosen (most lists of companions, tiles): no labels read
                return None
            labels = dict(_flat_choices(field.choices))
            return ", ".join(str(labels.get(v, v)) for v in chosen) or None
        return None if value in (None, "", []) else value


@per_language
def shared_fields(form_class: type[ApiFieldsForm]) -> dict[str, forms.Field]:
    """The fields set up for ``form_class`` in the active language (its labels made from
    translated texts are that language's), made once by an instance of its own (``ApiFieldsForm.
    fixed_fields``): a few dozen fields per class and language."""
    made = form_class.__new__(form_class)
    made.fixed_fields = made.row_fields = False
    form_class.__init__(made)
    return made.fields


@per_language
def shared_defaults(form_class: type[ApiFieldsForm]) -> dict[str, Any]:
    """``ApiFieldsForm._default`` of each of the class's shared fields (``fixed_fields``), by
    name: what a link may leave out, read three times a question (issue 29)."""
    made = form_class()
    return {name: made._default(name, field) for name, field in made.fields.items()}


class SharedBoundField(BoundField):
    """A shared field bound (``ApiFieldsForm.fixed_fields``): its names, label and help text,
    the field's and its form class's alone, set once per class and language
    (``shared_bound_names``) instead of per request (a battle form's 18 fields, issue 29)."""

    def __init__(self, form: ApiFieldsForm, field: forms.Field, name: str) -> None:  # pylint: disable=super-init-not-called
        self.form = form
        self.field = field
        self.name = name
        self.__dict__.update(form.bound_names[name])
        self.renderer = form.renderer


@per_language
def shared_bound_names(form_class: type[ApiFieldsForm]) -> dict[str, dict[str, Any]]:
    """What ``BoundField.__init__`` sets of each of the class's shared fields, by name."""
    made = form_class()
    names = ("html_name", "html_initial_name", "html_initial_id", "label", "help_text")
    return {
        bound.name: {name: getattr(bound, name) for name in names}
        for bound in (BoundField(made, field, name) for name, field in made.fields.items())
    }


#: Cleaned values kept (``_cleaned``): at most this many, then forgotten and started again.
CLEANED_LIMIT = 10_000
#: A value longer than this (text typed in) is cleaned afresh, not kept.
CLEANED_TEXT = 100
_kept_cleaned: dict[tuple[Any, ...], Any] = {}
_IMMUTABLE = (int, str, bool, type(None))
_NOT_KEPT = object()


def _cleaned(bound: BoundField) -> Any:
    """``field.clean`` of a shared field's value (Django's ``_clean_bound_field``), kept per
    field and given text: the same field object is the same definition in the same language,
    and its cleaning a pure function of the text (a question's numbers repeat from question to
    question). An error, a list, or a long text is cleaned afresh."""
    field = bound.field
    value = bound.initial if field.disabled else bound.data
    if type(value) not in _IMMUTABLE or (type(value) is str and len(value) > CLEANED_TEXT):
        return field.clean(value)
    key = (field, type(value), value)
    cleaned = _kept_cleaned.get(key, _NOT_KEPT)  # one read: another thread may clear them
    if cleaned is not _NOT_KEPT:
        return cleaned
    cleaned = field.clean(value)
    if type(cleaned) in _IMMUTABLE:
        if len(_kept_cleaned) >= CLEANED_LIMIT:
            _kept_cleaned.clear()
        _kept_cleaned[key] = cleaned
    return cleaned


@receiver(setting_changed)
def _forget_cleaned(**_kwargs: Any) -> None:
    _kept_cleaned.clear()


def _summary_label(name: str, field: forms.Field) -> str:
    """A field's label in the question's line (its own, or its name), without the colon."""
    return str(field.label or name).rstrip(":")


@per_language
def shared_labels(form_class: type[ApiFieldsForm]) -> dict[str, str]:
    """The question line's label of each of the class's shared fields, by name: their texts
    in the active language once, not per question (issue 29)."""
    return {name: _summary_label(name, field) for name, field in shared_fields(form_class).items()}


class ApiRowForm(ApiFieldsForm):
    """One row of a formset (``free_peoples-0-strength``) whose ``api_request`` is the row's
    serializer (one item of the API's list): a field's path in it is its own name, without
    the formset's prefix."""

    def api_path(self, field_name: str) -> str:
        return api_name(field_name, self.api_names)


def reading_choice(label: Any, readings: Mapping[str, str]) -> forms.ChoiceField:
    """A page field that picks a reading of unclear text (``reading_<id>``): each reading's id
    and, as its label, how it reads the text (an engine ``N_()`` message, translated)."""
    return forms.ChoiceField(
        label=label,
        choices=[(reading, gettext_lazy(says)) for reading, says in readings.items()],
        required=False,
    )


def _reading_links(answer: dict[str, Any], form: Any, path: str) -> list[dict[str, Any]]:
    """The answer's readings as the page shows them: each other reading with the link that
    asks the same question under it (the form's ``reading_<id>`` field), where the page offers
    that choice. The answer itself stays as the API gives it."""
    shown = []
    for reading in answer.get("readings", ()):
        name = f"reading_{reading['id']}"
        others = [dict(other) for other in reading["others"]]
        if name in form.fields:
            param = (
                form.reading_param(reading["id"])
                if hasattr(form, "reading_param")
                else form.add_prefix(name)
            )
            for other in others:
                query = QueryDict(form.link_query(), mutable=True)
                query[param] = other["reading"]
                other["link"] = f"{path}?{query.urlencode(safe='.')}"
        shown.append({**reading, "others": others})
    return shown


class CheckerPage(View):
    """A checker's page: unbound shows the form; bound answers first, then the form to edit.

    Subclasses (or ``as_view`` arguments) name the form, the template, the title, ``compute``
    (API request dict, request → answer dict with at least ``verdict``) and optionally ``chart``
    (answer → {"title", "svg"}). Invalid input (the form's or the engine's) re-renders the form
    with the errors and status 400, and nothing is computed.
    """

    form_class: type[forms.Form] = forms.Form
    template_name = ""
    title: Any = ""
    compute: Callable[..., dict[str, Any]] | None = None
    chart: Callable[[dict[str, Any]], Any] | None = None
    extra_context: dict[str, Any] | None = None
    #: Whether the page is written from a skeleton (``checker_skeleton``): its template's text
    #: outside its slots reads nothing but the title and ``extra_context``.
    skeleton = False

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        bound = bool(request.GET)
        return self.respond(request, self.form_class(request.GET if bound else None))

    def respond(self, request: HttpRequest, form: Any, status: int = 200) -> HttpResponse:
        """The page for a question (unbound: the form alone; invalid: the form with its errors,
        status 400); ``status`` is the answer's status otherwise."""
        # the title in the request's language once, not a lazy text translated where it is shown
        title = str(self.title)
        context: dict[str, Any] = {"form": form, "title": title, **(self.extra_context or {})}
        if form.is_bound:
            answer = self.answer(form, request)
            if answer is None:
                status = 400
            else:
                link = f"{request.path}?{form.link_query()}"
                context.update(
                    readings=_reading_links(answer, form, request.path),
                    answer=answer,
                    chart=self.chart(answer) if self.chart else None,
                    summary=form.summary(),
                    share_url=request.build_absolute_uri(link),
                )
        if self.skeleton:
            fixed = {"title": title, **(self.extra_context or {})}
            page = (title, self.form_class)
            name = self.template_name
            return checker_skeleton.respond(request, name, page, fixed, context, status)
        return render(request, self.template_name, context, status=status)

    def answer(self, form: forms.Form, request: HttpRequest) -> dict[str, Any] | None:
        """The engine's answer, or None with the problems put on the form."""
        if not form.is_valid():
            return None
        assert self.compute is not None
        try:
            data = api_validated(form)
            answer = None if data is None else self.compute(data, request)
        except InvalidInput as error:
            form.add_engine_errors(translate_problems(error.problems, _))
            return None
        if answer is None:
            return None
        return {"tone": "", "assumptions": [], **answer}


def _copied(data: QueryDict) -> QueryDict:
    """``data.copy()`` (a mutable QueryDict of copied value lists) without ``deepcopy``'s
    walk: keys and values are strings (issue 29: a third of a bound form's set-up)."""
    if type(data) is not QueryDict:
        return data.copy()
    copied = QueryDict(mutable=True, encoding=data.encoding)
    for key, values in data.lists():
        copied.setlist(key, list(values))
    return copied


def _urlencoded(query: Mapping[str, list[str]]) -> str:
    """``urlencode(safe=".")`` of a QueryDict of these keys and value lists, without making
    the QueryDict (UTF-8, Django's ``DEFAULT_CHARSET``; issue 29)."""
    return "&".join(
        f"{quote(key, safe='.')}={quote(value, safe='.')}"
        for key, values in query.items()
        for value in values
    )


def api_validated(form: Any) -> dict[str, Any] | None:
    """The form's question validated by the API's request serializer (``api_request``), as the
    API would take it, or None with the serializer's problems put under the form's fields: the
    page and the API hold the same limits because the page asks the API's serializer."""
    request = form.as_request()
    serializer_class = getattr(form, "api_request", None)
    if serializer_class is None:
        return request
    serializer = serializer_class(data=request)  # a plain question read at once (is_valid)
    if serializer.is_valid():
        return serializer.validated_data
    problems = list(_flat_errors(serializer.errors))
    if not hasattr(form, "add_prefix"):  # a question of several forms says where itself
        form.add_engine_errors(problems)
        return None
    by_path = {form.add_prefix(name): name for name in form.fields}
    for path, message in problems:
        name = by_path.get(path)
        form.add_error(name, message if name else f"{path}: {message}")
    return None


def _flat_errors(detail: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """DRF's nested errors as (dotted path, message)."""
    if isinstance(detail, Mapping):
        for key, value in detail.items():
            yield from _flat_errors(value, f"{path}.{key}" if path else str(key))
    elif isinstance(detail, list) and detail and not isinstance(detail[0], str):
        for index, item in enumerate(detail):
            yield from _flat_errors(item, f"{path}.{index}")
    else:
        for message in detail if isinstance(detail, list) else [detail]:
            yield path, str(message)


def serializer_form(serializer_class: type[Serializer] | None, name: str = "Form") -> type:
    """A page form built from the API's request serializer: one input per field (a nested
    object's fields by their dotted path), with the serializer's label, help text, bounds,
    choices and default, so the page states no limit of its own; ``as_request`` nests the
    answers back into the API's request."""
    assert serializer_class is not None, name
    fields = {
        path.replace(".", "__"): _form_field(field)
        for path, field in _leaf_fields(serializer_class())
    }

    def as_request(self: ApiFieldsForm) -> dict[str, Any]:
        return querypaths.nest(
            (key.replace("__", "."), value)
            for key, value in self.cleaned_data.items()
            if value not in (None, "")
        )

    api_names = {key: key.replace("__", ".") for key in fields}
    attributes = {**fields, "api_names": api_names, "api_request": serializer_class}
    return type(name, (ApiFieldsForm,), {**attributes, "as_request": as_request})


def _leaf_fields(serializer: Serializer, prefix: str = "") -> Iterator[tuple[str, Field]]:
    for key, field in serializer.fields.items():
        if isinstance(field, Serializer):
            yield from _leaf_fields(field, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", field


def _form_field(field: Field) -> forms.Field:
    """The page's input for one API field: the same label, help, bounds, choices, default."""
    default = None if field.default is empty else field.default
    common = {"label": field.label, "help_text": field.help_text or "", "initial": default}
    if isinstance(field, serializers.BooleanField):
        return forms.BooleanField(required=False, **common)
    if isinstance(field, serializers.ChoiceField):
        by_text = {str(value): value for value in field.choices}  # the API's own type back
        return forms.TypedChoiceField(choices=list(field.choices.items()), coerce=by_text.get,
                                      required=field.required, **common)  # fmt: skip
    assert isinstance(field, serializers.IntegerField), field
    return forms.IntegerField(min_value=field.min_value, max_value=field.max_value,
                              required=field.required, **common)  # fmt: skip
