"""The keep page's dice table written in Python, each row kept per worker for its values
(issue 29: the table's template nodes and its ten inputs were a third of the page's CPU)."""

from typing import Any

from django import template
from django.forms import BoundField
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from adjudicator.request_locals import get_language
from adjudicator.web.form_rendering import kept

register = template.Library()


@register.filter
def dice_rows(form: Any) -> SafeString:
    """``{% for face, keep in form.dice_rows %}<tr>…</tr>{% endfor %}``: each die's row (its
    label, the face it shows, whether it is kept), the same text."""
    return mark_safe("".join([kept(_row_key(face, keep), lambda f=face, k=keep: _row(f, k))
                              for face, keep in form.dice_rows()]))  # fmt: skip


def _row(face: BoundField, keep: BoundField) -> str:
    label = conditional_escape(face.label)
    return (
        f'<tr>\n      <th scope="row"><label for="{conditional_escape(face.id_for_label)}">'
        f"{label}</label></th>\n      <td>{conditional_escape(face.errors)}{face}</td>\n"
        f'      <td>{conditional_escape(keep.errors)}<label class="visually-hidden" '
        f'for="{conditional_escape(keep.id_for_label)}">{label}: '
        f"{conditional_escape(keep.label)}</label>{keep}</td>\n    </tr>"
    )


def _row_key(face: BoundField, keep: BoundField) -> tuple[Any, ...] | None:
    """What a row is written from: the form's class and the language (which make its shared
    fields, ``ApiFieldsForm.fixed_fields``: labels, names, choices) and the two inputs'
    values; None (written afresh) for fields made per form or with an error."""
    form = face.form
    shared = (
        form.shared_field(face.name) is face.field and form.shared_field(keep.name) is keep.field
    )
    if not shared or face.errors or keep.errors:
        return None
    return ("mordor die row", type(form), get_language(), face.name, face.value(), keep.value())
