"""A value a page link leaves out means what it means to the API (issue: defaults that answer
the usual question): every page field named by an API field has the API's default, and where the
API asks for a value the page asks for it too (a new form may show a suggestion, which a link
always names), never answering for a number nobody gave."""

from typing import Any

import pytest
from django import forms
from rest_framework.fields import empty

from adjudicator.web.mordor import forms as mordor_forms
from adjudicator.web.mordor import serializers as mordor_api
from adjudicator.web.pages import api_field
from adjudicator.web.wojna import forms as wojna_forms
from adjudicator.web.wojna import serializers as wojna_api
from adjudicator.web.wotr import forms as wotr_forms
from adjudicator.web.wotr import serializers as wotr_api
from cards_db.calculator_services import CALCULATORS
from cards_db.views import CALCULATOR_PAGES

PAGES = [
    (wotr_forms.BattleForm, wotr_api.WotrBattleRequestSerializer),
    (wotr_forms.PositionBattleForm, wotr_api.WotrPositionBattleRequestSerializer),
    (wotr_forms.FactionAttackForm, wotr_api.WotrFactionAttackRequestSerializer),
    (wotr_forms.HuntForm, wotr_api.WotrHuntRequestSerializer),
    (wotr_forms.HuntTurnForm, wotr_api.WotrHuntTurnRequestSerializer),
    (wotr_forms.VictoryForm, wotr_api.WotrVictoryRequestSerializer),
    (mordor_forms.KeepForm, mordor_api.MordorKeepRequestSerializer),
    (mordor_forms.ResolveForm, mordor_api.MordorResolveRequestSerializer),
    (mordor_forms.OddsForm, mordor_api.MordorOddsRequestSerializer),
    (wojna_forms.BattleForm, wojna_api.WojnaBattleRequestSerializer),
    (wojna_forms.DuelForm, wojna_api.WojnaDuelRequestSerializer),
    (wojna_forms.SearchForm, wojna_api.WojnaSearchRequestSerializer),
    (wojna_forms.WoundsForm, wojna_api.WojnaWoundsRequestSerializer),
    (wojna_forms.RingwraithForm, wojna_api.WojnaRingwraithRequestSerializer),
    (wojna_forms.GollumForm, wojna_api.WojnaGollumRequestSerializer),
    (wojna_forms.DestructionForm, wojna_api.WojnaDestructionRequestSerializer),
    (wotr_forms.HuntPlanForm, wotr_api.WotrHuntPlanRequestSerializer),
    *((page.form, CALCULATORS[slug][0]) for slug, page in CALCULATOR_PAGES.items()),
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
