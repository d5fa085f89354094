"""``field_html``: a form field's block (label, input, help, errors) written without a template
include per field (issue 29: the includes were half of a checker page's template time)."""

import html
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms, template
from django.conf import settings
from django.template.base import render_value_in_context
from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from adjudicator.request_locals import get_language
from adjudicator.web.form_rendering import KEPT_VALUE_LENGTH, kept, rendered_once

register = template.Library()


@register.filter
@rendered_once
def field_html(field: forms.BoundField) -> SafeString:
    """``{% include "checker/_field.html" %}``, the same text: a checkbox as a toggle, a choice
    of several inputs in a fieldset with its legend, any other field under its label; written
    once per definition and value (``rendered_once``)."""
    errors = field.errors
    error_class = " has-error" if errors else ""
    help_text = field.help_text
    helptext = f'<span class="helptext">{conditional_escape(help_text)}</span>' if help_text else ""
    if field.widget_type == "checkbox":
        label = conditional_escape(field.label)
        return mark_safe(
            f'<div class="field check-field{error_class}">\n'
            f'  <label for="{conditional_escape(field.id_for_label)}">{field}<span>{label}</span>'
            f"</label>\n  {helptext}\n  {errors}\n</div>\n"
        )
    if field.use_fieldset:
        return mark_safe(
            f'<fieldset class="field choice-field{error_class}">\n'
            f"  {field.legend_tag()}{field}\n  {helptext}\n  {errors}\n</fieldset>\n"
        )
    return mark_safe(
        f'<div class="field{error_class}">\n'
        f"  {field.label_tag()}{field}\n  {helptext}\n  {errors if errors else ''}\n</div>\n"
    )


@register.filter
def fields_html(fields: Iterable[forms.BoundField]) -> SafeString:
    """``{% for field in fields %}{{ field|field_html }}{% endfor %}``, the same text, without
    a template loop (issue 29)."""
    return mark_safe("".join([field_html(field) for field in fields]))


def _read(form: Any, name: str) -> Any:
    """``{{ form.name }}``'s value as a template reads it: called if callable, "" if missing."""
    value = getattr(form, name, "")
    return value() if callable(value) else value


@register.filter
def form_fields(form: Any) -> SafeString:
    """``{% include "checker/_fields.html" %}``, the same text without its template nodes
    (issue 29: a bound form's block was a fifth of a checker page's template): the primary
    fields, then the others folded under "More options" in their fieldsets."""
    if not _read(form, "primary"):
        return mark_safe(_fieldsets(form, form) + "\n")
    primary = fields_html(form.primary_fields())
    columns = as_in_template(form.primary_columns)
    text = f'<div class="form-grid primary-fields cols-{columns}">{primary}</div>\n'
    more = form.more_fields()
    if more:
        opened = " open" if form.more_open() else ""
        text += kept(_more_key(form, more, opened), lambda: (
            f'<details class="more-options" id="more-options"{opened}><summary>'
            f"{as_in_template(gettext('More options'))}</summary>\n{_fieldsets(form, more)}"
            "</details>"
        ))  # fmt: skip
    return mark_safe(text + "\n\n")


def _more_key(form: Any, more: list[forms.BoundField], opened: str) -> tuple[Any, ...] | None:
    """What the fields under "More options" are written from, for a form of shared fields
    (``ApiFieldsForm.fixed_fields``: the class and language say their definitions and
    fieldsets) without errors: whether it is bound and open, and the values the request gives
    them (a link seldom gives any: issue 29); None (written afresh) otherwise, and for a
    parameter given twice or a long value (the widgets read one value: a repeated parameter
    would keep the same text under another key)."""
    if getattr(form, "_shared", None) is None or form.errors:
        return None
    given = tuple([(bound.html_name, tuple(form.data.getlist(bound.html_name))) for bound in more])
    if any(len(values) > 1 or sum(map(len, values)) > KEPT_VALUE_LENGTH for _, values in given):
        return None
    return ("more options", type(form), form.is_bound, get_language(), opened, given)


def _fieldsets(form: Any, fields: Iterable[forms.BoundField]) -> str:
    """``{% include "checker/_fieldsets.html" %}``: the fields in the form's fieldsets, each
    under its legend, or all in one grid."""
    fieldsets = _read(form, "fieldsets")
    if not fieldsets:
        return f'<div class="form-grid">{fields_html(fields)}</div>\n'
    parts = [
        '\n<fieldset class="checker-fieldset">'
        + (f"<legend>{as_in_template(legend)}</legend>" if legend else "")
        + f'\n<div class="form-grid">{fields_html(shown)}</div>\n</fieldset>'
        for legend, shown in fieldsets
        if shown
    ]
    return "".join(parts) + "\n\n"


@register.filter
@rendered_once
def board_field(field: forms.BoundField) -> SafeString:
    """``{% include "wotr_moves/_field.html" %}`` (the move board's editors: a field for
    thumbs), rendered once per definition and value (``rendered_once``): the Fellowship's
    region, a select of 105, is rendered for every position."""
    return get_template("wotr_moves/_field.html").render({"field": field})


@register.filter
@rendered_once
def widget_once(field: forms.BoundField) -> SafeString:
    """``{{ field }}``, the input alone, rendered once per definition and value."""
    return mark_safe(str(field))


_CONTEXT = template.Context()  # autoescape on, the settings' localization: a template's own


def as_in_template(value: Any) -> str:
    """``{{ value }}``: localized, then escaped unless safe, as a template writes it; a plain
    text or whole number directly (what localizing and escaping make of them: issue 29)."""
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return render_value_in_context(value, _CONTEXT)


@register.filter
def question_items(items: Iterable[Mapping[str, Any]]) -> SafeString:
    """The question in one line, the same text as ``{% for item in items %}<span
    class="q-item">{{ item.label }}: <b>{{ item.value }}</b></span>{% if not forloop.last %} ·
    {% endif %}{% endfor %}`` without a template node per item (issue 29)."""
    return mark_safe(" · ".join(
        f'<span class="q-item">{as_in_template(item["label"])}: '
        f"<b>{as_in_template(item['value'])}</b></span>"
        for item in items
    ))  # fmt: skip


@register.filter
def list_items(items: Iterable[Any]) -> SafeString:
    """``{% for a in items %}<li>{{ a }}</li>{% endfor %}``, the same text without a template
    node per item (an answer's assumptions: issue 29)."""
    return mark_safe("".join([f"<li>{as_in_template(item)}</li>" for item in items]))
