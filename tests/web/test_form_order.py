"""Forms in the order players fill them (issue 23): the usual fields first, the rest folded
under "More options" (open when the link gives one of them), short choices as segmented
buttons."""

import re

import pytest
from django.http import QueryDict

from adjudicator.web.wotr.forms import BattleForm

pytestmark = pytest.mark.django_db


def test_the_battle_form_leads_with_armies_settlement_and_siege():
    form = BattleForm()
    assert [b.name for b in form.primary_fields()] == list(BattleForm.primary)
    folded = {b.name for b in form.more_fields()}
    assert {"rounds", "attacker_roll_modifier", "defender_casualty_policy"} <= folded
    assert not folded & set(BattleForm.primary)


@pytest.mark.parametrize(
    ("query", "open_"),
    [("attacker.regular=5&defender.regular=3", False), ("defender.regular=3&rounds=1", True)],
)
def test_more_options_open_when_the_link_gives_one_of_them(client, query, open_):
    page = client.get(f"/wotr/battle/?{query}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    tag = re.search(r'<details class="more-options"[^>]*>', page).group(0)
    assert ("open" in tag) is open_
    assert BattleForm(QueryDict(query)).more_open() is open_


def test_two_to_five_choices_are_segmented_buttons_and_keep_their_default(client):
    page = client.get("/wotr/battle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<select name="settlement"' not in page
    assert page.count('type="radio" name="settlement"') == 5
    assert re.search(r'type="radio" name="settlement" value="none"[^>]*checked', page)
    # two policies: buttons too; the goal's three choices on the planner as well
    assert 'type="radio" name="attacker.casualty_policy"' in page
    plan = client.get("/wotr/battle/plan/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert plan.count('type="radio" name="goal"') == 3
