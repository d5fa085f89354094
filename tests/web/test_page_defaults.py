"""A value a page link leaves out means what it means to the API (issue: defaults that answer
the usual question): every page field named by an API field has the API's default, and where the
API asks for a value the page asks for it too (a new form may show a suggestion, which a link
always names), never answering for a number nobody gave."""

from functools import partial
from typing import Any

import pytest
from django import forms
from rest_framework.fields import empty

from adjudicator.web import registry
from adjudicator.web.pages import api_field


def _form(checker) -> type:
    """The checker page's form (a TCG calculator's, out of the question that adds its rows)."""
    form = checker.page_form
    return form.args[0] if isinstance(form, partial) else form


#: Every checker page that asks one API request (the registry's), with that request.
PAGES = [
    (_form(checker), checker.request)
    for checker in registry.CHECKERS
    if checker.page is not None and checker.request and isinstance(_form(checker), type)
]


def _api_default(field: Any) -> Any:
    default = field.default
    return default() if callable(default) and default is not empty else default


def _same(page_value: Any, api_value: Any) -> bool:
    if api_value in (False, [], None, "", {}) and page_value in (None, "", False):
        return True  # {}: no reading picked (readings.<id>), the default reading
    return str(page_value) == str(api_value)


@pytest.mark.parametrize(("form_class", "serializer_class"), PAGES, ids=lambda c: c.__name__)
def test_a_field_left_out_of_a_link_means_the_api_default(form_class, serializer_class):
    form, serializer = form_class(), serializer_class()
    wrong = []
    for name, field in form.fields.items():
        path = form.add_prefix(name)
        api = api_field(serializer, path)
        if api is None or isinstance(field, forms.BooleanField | forms.MultipleChoiceField):
            continue
        page_default = form._default(name, field)
        if api.required or _api_default(api) is empty:  # asked for, or absent means "none"
            if page_default not in (None, ""):
                wrong.append(f"{path}: the page assumes {page_default!r}, the API does not")
        elif not _same(page_default, _api_default(api)):
            wrong.append(f"{path}: page {page_default!r}, API {_api_default(api)!r}")
    assert not wrong, wrong
