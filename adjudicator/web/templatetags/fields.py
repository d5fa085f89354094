"""``field_html``: a form field's block (label, input, help, errors) written without a template
include per field (issue 29: the includes were half of a checker page's template time)."""

from collections.abc import Iterable, Mapping
from typing import Any

from django import forms, template
from django.template.base import render_value_in_context
from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from adjudicator.web.form_rendering import rendered_once

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
    """``{{ value }}``: localized, then escaped unless safe, as a template writes it."""
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
