"""Django's form renderer with its commonest templates written in Python.

A checker page renders a dozen or more labels and ``<input>``s; each goes through Django's
template engine (an include of ``attrs.html`` inside ``input.html`` inside ``number.html``),
a third of the page's time (issue 29). :class:`QuickRenderer` writes exactly what
``django/forms/label.html``, ``widgets/input.html`` (and the templates that only include it),
``widgets/select.html``, ``widgets/checkbox_select.html``, ``widgets/radio.html`` and an empty
``errors/list/default.html`` write, from the same context; every other template (and an
option with a template of its own, a list of errors) is Django's.
``tests/web/test_form_rendering.py`` holds the two to the same bytes on every checker page.
"""

import html
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import wraps
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.forms import widgets
from django.forms.boundfield import BoundField
from django.forms.renderers import DjangoTemplates
from django.forms.widgets import boolean_check
from django.utils import translation
from django.utils.choices import BaseChoiceIterator
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe

from adjudicator.request_locals import get_language


def escaped(value: Any) -> str:
    """``{{ value }}`` of a string: escaped unless already safe (``conditional_escape``
    without its wrappers: the text of every label and attribute, and of every board row,
    goes through here)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def _attrs(attrs: Mapping[str, Any]) -> str:
    """``django/forms/attrs.html``: `` name="value"``, a bare `` name`` for True, nothing for
    False (``stringformat:'s'`` is ``str``)."""
    return "".join(
        f" {escaped(name)}" if value is True else f' {escaped(name)}="{escaped(str(value))}"'
        for name, value in attrs.items()
        if value is not False
    )


def _label(context: Mapping[str, Any]) -> str:
    """``django/forms/label.html``."""
    if not context["use_tag"]:
        return escaped(context["label"])
    tag = context["tag"]
    return f"<{tag}{_attrs(context['attrs'] or {})}>{escaped(context['label'])}</{tag}>"


def _input(context: Mapping[str, Any]) -> str:
    """``django/forms/widgets/input.html``."""
    return _input_tag(context["widget"])


def _input_tag(widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    shown = f' value="{escaped(str(value))}"' if value is not None else ""
    return (
        f'<input type="{escaped(widget["type"])}" name="{escaped(widget["name"])}"{shown}'
        f"{_attrs(widget['attrs'])}>"
    )


def _select_option(option: Mapping[str, Any]) -> str:
    """``select_option.html`` as included (its file's last newline kept)."""
    return (
        f'<option value="{escaped(str(option["value"]))}"{_attrs(option["attrs"])}>'
        f"{escaped(option['label'])}</option>\n"
    )


def _checkbox_option(option: Mapping[str, Any]) -> str:
    """``checkbox_option.html`` → ``input_option.html`` → ``input.html``, as included."""
    if not option["wrap_label"]:
        return _input_tag(option) + "\n\n\n"
    ident = option["attrs"].get("id")
    label_for = f' for="{escaped(ident)}"' if ident else ""
    return f"<label{label_for}>{_input_tag(option)}\n {escaped(option['label'])}</label>\n\n"


OPTIONS = {
    "django/forms/widgets/select_option.html": _select_option,
    "django/forms/widgets/checkbox_option.html": _checkbox_option,
    "django/forms/widgets/radio_option.html": _checkbox_option,  # the same includes
}


class _Unusual(Exception):
    """An option with a template of its own, or a list of errors: Django's templates render it."""


def _no_errors(context: Mapping[str, Any]) -> str:
    """``django/forms/errors/list/ul.html`` of no error (nothing); errors are Django's."""
    if context["errors"]:
        raise _Unusual
    return ""


def _option(option: Mapping[str, Any]) -> str:
    quick = OPTIONS.get(option["template_name"])
    if quick is None:
        raise _Unusual
    return quick(option)


def _select(context: Mapping[str, Any]) -> str:
    """``django/forms/widgets/select.html``."""
    widget = context["widget"]
    parts = [f'<select name="{escaped(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f'\n  <optgroup label="{escaped(group)}">')
        parts += ["\n  " + _option(option) for option in options]
        if group:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _multiple_input(context: Mapping[str, Any]) -> str:
    """``django/forms/widgets/multiple_input.html`` (check boxes, radio buttons)."""
    widget = context["widget"]
    ident, css = widget["attrs"].get("id"), widget["attrs"].get("class")
    parts = [f'<div{f" id={chr(34)}{escaped(ident)}{chr(34)}" if ident else ""}'
             f'{f" class={chr(34)}{escaped(css)}{chr(34)}" if css else ""}>']  # fmt: skip
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{escaped(group)}</label>")
        parts += [f"<div>\n    {_option(option)}</div>" for option in options]
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>")
    return "".join(parts)


_INPUTS = ("input", "text", "number", "checkbox", "email", "hidden", "search", "url", "tel")
QUICK: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "django/forms/label.html": _label,
    **{f"django/forms/widgets/{name}.html": _input for name in _INPUTS},
    "django/forms/widgets/select.html": _select,
    "django/forms/widgets/checkbox_select.html": _multiple_input,
    "django/forms/widgets/radio.html": _multiple_input,
    "django/forms/errors/list/default.html": _no_errors,
}


class QuickRenderer(DjangoTemplates):
    """Django's templates, but labels and inputs written directly (same bytes)."""

    def render(self, template_name: str, context: Mapping[str, Any], request=None) -> SafeString:
        quick = QUICK.get(template_name)
        if quick is not None:
            try:
                return mark_safe(quick(context).strip())  # every part escaped above
            except _Unusual:
                pass
        return super().render(template_name, context, request)


# ---- a field's block, rendered once per definition and value --------------------------------

#: Widgets whose rendering is their class, their instance's attributes and the value (Django's
#: own, as QuickRenderer or its templates write them); any other widget is rendered every time.
PLAIN_WIDGETS = frozenset({
    widgets.TextInput, widgets.NumberInput, widgets.EmailInput, widgets.URLInput,
    widgets.HiddenInput, widgets.CheckboxInput, widgets.Select, widgets.RadioSelect,
    widgets.CheckboxSelectMultiple, widgets.SelectMultiple,
})  # fmt: skip
#: Field blocks kept per worker, and their characters; past either, forgotten and started again
#: (a 105-region select is 8,000 characters a value).
FIELD_LIMIT = 5000
FIELD_CHARACTERS = 4_000_000
#: A value longer than this (text a player typed) is not kept: its block is written afresh.
KEPT_VALUE_LENGTH = 100
_fields: dict[tuple[Any, ...], SafeString] = {}
_kept_characters = 0


#: The functions of a lazy text whose text is its arguments' in the active language (the key
#: holds the message, not its translation).
TRANSLATIONS = frozenset({translation.gettext, translation.ngettext, translation.pgettext,
                          translation.npgettext})  # fmt: skip


class _Unkeyed(Exception):
    """A value the key cannot hold by its content: the field is rendered afresh."""


def _frozen(value: Any) -> Any:
    """``value`` by its content, hashable: a lazy text as its text in the active language, a
    number with its type (``True == 1``, but an input writes them apart). The plain types
    first, by their exact type (a key is a few hundred values: issue 29)."""
    kind = type(value)
    if kind is str or value is None:
        return value
    if kind is int or kind is bool or kind is float:
        return kind, value
    if kind is tuple or kind is list:
        return tuple([_frozen(item) for item in value])
    if kind is dict:
        return tuple([(key, _frozen(item)) for key, item in value.items()])
    return _frozen_other(value)


def _frozen_other(value: Any) -> Any:
    """``_frozen`` of any other type (subclasses of the plain ones alike)."""
    if isinstance(value, str):
        return value
    if isinstance(value, int | float | Decimal):
        return type(value), value
    if isinstance(value, Promise):
        _unpickle, (function, args, kwargs, *_types) = value.__reduce__()
        if function in TRANSLATIONS:  # a message: its text is the active language's
            return function, _frozen(args), _frozen(kwargs)
        return str(value)
    if isinstance(value, dict):
        return tuple((key, _frozen(item)) for key, item in value.items())
    if isinstance(value, list | tuple | BaseChoiceIterator):
        return tuple(_frozen(item) for item in value)
    if value is boolean_check:
        return value
    raise _Unkeyed


def _none(_name: str) -> None:
    return None


def _field_key(bound: BoundField) -> tuple[Any, ...] | None:
    """Everything a field's block is written from, by content: the form's settings, the
    field's definition (label, help, widget and its attributes and choices) and its value; None
    (render afresh) for a field with errors, another widget, a long text typed in or a value
    held otherwise."""
    field, widget, form = bound.field, bound.field.widget, bound.form
    if type(widget) not in PLAIN_WIDGETS or field.show_hidden_initial or bound.errors:
        return None
    value = bound.value()
    if isinstance(value, str) and len(value) > KEPT_VALUE_LENGTH:
        return None
    try:
        if field is getattr(form, "shared_field", _none)(bound.name):
            # a field of the form's class, set up once per language and never changed: the
            # field itself stands for its definition, and the class for the form's settings
            # (pages.ApiFieldsForm.fixed_fields: a form made with no argument but its data)
            return (type(form), bound.html_name, get_language(), field, _frozen(value))
        return (
            type(form), type(form.renderer), form.auto_id, form.label_suffix,
            getattr(form, "required_css_class", None), getattr(form, "error_css_class", None),
            form.use_required_attribute,
            form.template_name_label,
            bound.html_name, get_language(), type(field), type(widget), _frozen(field.label),
            _frozen(field.help_text), field.required, field.disabled, field.label_suffix,
            field.localize, _frozen(sorted(widget.__dict__.items())), _frozen(value),
        )  # fmt: skip
    except _Unkeyed:
        return None


def rendered_once(render: Callable[[BoundField], SafeString]) -> Callable[..., SafeString]:
    """``render(bound_field)`` kept per worker under everything it is written from
    (:func:`_field_key`): a bound form's fields cost what its empty form's do (issue 29: a
    checker page's fields were a sixth of its time). A changed setting forgets them."""

    @wraps(render)
    def read(bound: BoundField) -> SafeString:
        key = _field_key(bound)
        return kept(None if key is None else (render, *key), lambda: render(bound))

    return read


def kept(key: tuple[Any, ...] | None, make: Callable[[], SafeString]) -> SafeString:
    """``make()``, kept per worker under ``key`` (everything it is written from) with the field
    blocks, within their limits; made afresh when ``key`` is None."""
    if key is None:
        return make()
    text = _fields.get(key)
    if text is None:
        text = make()
        _keep(key, text)
    return text


def _keep(key: tuple[Any, ...], text: SafeString) -> None:
    global _kept_characters
    if len(_fields) >= FIELD_LIMIT or _kept_characters + len(text) > FIELD_CHARACTERS:
        _forget()
    _fields[key] = text
    _kept_characters += len(text)


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    global _kept_characters
    _fields.clear()
    _kept_characters = 0
