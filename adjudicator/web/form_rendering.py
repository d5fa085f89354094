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
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.safestring import SafeString, mark_safe


def _text(value: Any) -> str:
    """``{{ value }}`` of a string: escaped unless already safe (``conditional_escape``
    without its wrappers: the text of every label and attribute goes through here)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(value))


def _attrs(attrs: Mapping[str, Any]) -> str:
    """``django/forms/attrs.html``: `` name="value"``, a bare `` name`` for True, nothing for
    False (``stringformat:'s'`` is ``str``)."""
    return "".join(
        f" {_text(name)}" if value is True else f' {_text(name)}="{_text(str(value))}"'
        for name, value in attrs.items()
        if value is not False
    )


def _label(context: Mapping[str, Any]) -> str:
    """``django/forms/label.html``."""
    if not context["use_tag"]:
        return _text(context["label"])
    tag = context["tag"]
    return f"<{tag}{_attrs(context['attrs'] or {})}>{_text(context['label'])}</{tag}>"


def _input(context: Mapping[str, Any]) -> str:
    """``django/forms/widgets/input.html``."""
    return _input_tag(context["widget"])


def _input_tag(widget: Mapping[str, Any]) -> str:
    value = widget["value"]
    shown = f' value="{_text(str(value))}"' if value is not None else ""
    return (
        f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"{shown}'
        f"{_attrs(widget['attrs'])}>"
    )


def _select_option(option: Mapping[str, Any]) -> str:
    """``select_option.html`` as included (its file's last newline kept)."""
    return (
        f'<option value="{_text(str(option["value"]))}"{_attrs(option["attrs"])}>'
        f"{_text(option['label'])}</option>\n"
    )


def _checkbox_option(option: Mapping[str, Any]) -> str:
    """``checkbox_option.html`` → ``input_option.html`` → ``input.html``, as included."""
    if not option["wrap_label"]:
        return _input_tag(option) + "\n\n\n"
    ident = option["attrs"].get("id")
    label_for = f' for="{_text(ident)}"' if ident else ""
    return f"<label{label_for}>{_input_tag(option)}\n {_text(option['label'])}</label>\n\n"


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
    parts = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f'\n  <optgroup label="{_text(group)}">')
        parts += ["\n  " + _option(option) for option in options]
        if group:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _multiple_input(context: Mapping[str, Any]) -> str:
    """``django/forms/widgets/multiple_input.html`` (check boxes, radio buttons)."""
    widget = context["widget"]
    ident, css = widget["attrs"].get("id"), widget["attrs"].get("class")
    parts = [f'<div{f" id={chr(34)}{_text(ident)}{chr(34)}" if ident else ""}'
             f'{f" class={chr(34)}{_text(css)}{chr(34)}" if css else ""}>']  # fmt: skip
    for group, options, _index in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{_text(group)}</label>")
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
