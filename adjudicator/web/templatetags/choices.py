"""``option_count``: how many options a choice field offers, without rendering them."""

from django import forms, template

register = template.Library()


@register.filter
def option_count(field: forms.BoundField) -> int:
    """``field.subwidgets|length`` of a select (one per option, a group's options each), from
    the field's choices: ``subwidgets`` builds every option's widget context first, the cost of
    a list of 100 regions (issue 29)."""
    return sum(
        len(label) if isinstance(label, (list, tuple)) else 1
        for _value, label in field.field.choices
    )
