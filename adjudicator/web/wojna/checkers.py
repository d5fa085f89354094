"""Wojna o Pierścień's checkers, one declaration each (``adjudicator.web.checker.Checker``).

The die-test page ("tests") asks whichever of three operations its link names (capture,
escape, taking the Ring off), each declared on its own without a page.
"""

from django.utils.translation import gettext_lazy as _

from adjudicator.web.checker import Checker

from . import charts, forms, presenters, services, views
from . import serializers as s

#: An operation without a page of its own (the die-test page asks it).
OPERATION = {"game": "wojna", "headline_alias": "summary"}
#: Every Wojna page is written from a skeleton (its template's text outside its slots reads the
#: title, the checker and its page context alone: tests/web/test_checker_skeleton.py).
WOJNA = {**OPERATION, "skeleton": True}

CHECKERS = (
    Checker(
        **WOJNA,
        name="battle",
        page="battle/",
        api="battle/",
        api_name="wojna-battle",
        view_name="Battle",
        request=s.WojnaBattleRequestSerializer,
        response=s.WojnaBattleResponseSerializer,
        title=_("Battle"),
        blurb=_("Force ratio, automatic removal at 10:1, the modified die, losses."),
        compute=services.run_battle,
        present=presenters.battle_answer,
        form=forms.BattleForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.battle_chart),
        page_context={"title_pl": "Bitwa", "result_template": "wojna/results/battle.html"},
        description=(
            "One round of battle (Bitwa): the force-ratio column rounded in the defender's "
            "favour, automatic removal at 10:1, the die modified by the leaders' Morale and, when"
            " entered, the losses from your Wyniki bitwy table."
        ),
        example={
            "attacker_units": [4, 3],
            "defender_units": [2],
            "terrain_multiplier": "1.5",
            "attacker_morale": 2,
            "defender_morale": 1,
        },
        questions=("?attacker_units=6&defender_units=2",),
    ),
    Checker(
        **WOJNA,
        name="ratio_plan",
        page="ratio-plan/",
        api="ratio-plan/",
        api_name="wojna-ratio-plan",
        view_name="RatioPlan",
        request=s.WojnaRatioPlanRequestSerializer,
        response=s.WojnaRatioPlanResponseSerializer,
        title=_("Battle: what more strength buys"),
        blurb=_(
            "Each better force-ratio column: the least strength for it and the round's odds there."
        ),
        compute=services.run_ratio_plan,
        present=presenters.ratio_plan_answer,
        form=forms.RatioPlanForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.ratio_plan_chart),
        page_context={
            "title_pl": "Bitwa: ile sił więcej",
            "result_template": "wojna/results/ratio_plan.html",
        },
        description=(
            "The ratio planner (Bitwa): for the battle's own force-ratio column and every better "
            "one up to 10:1, the least attacking strength that reaches it, the units of "
            "unit_strength to add, and the round's exact outcome there (expected losses, the "
            "defender's destruction) from your Wyniki bitwy table."
        ),
        example={"attacker_units": [4, 3], "defender_units": [5], "terrain_multiplier": "1.5"},
        questions=("?attacker_units=6&defender_units=3&unit_strength=2",),
    ),
    Checker(
        **WOJNA,
        name="tests",
        page="tests/",
        title=_("Capture, escape, taking the Ring off"),
        blurb=_("Exact odds of a die test, per attempt and over several attempts."),
        compute=services.run_die_test,
        present=presenters.attempt_odds,
        form=forms.DieTestForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.attempts_chart),
        page_context={
            "title_pl": "Niewola, Ucieczka, Pierścień",
            "result_template": "wojna/results/tests.html",
        },
        questions=("?test=capture&value=3&attempts=2",),
    ),
    Checker(
        **OPERATION,
        name="capture",
        api="capture/",
        api_name="wojna-capture",
        view_name="Capture",
        request=s.WojnaCaptureRequestSerializer,
        response=s.WojnaAttemptOddsSerializer,
        title="Capture",
        compute=services.run_capture,
        present=presenters.attempt_odds,
        description=(
            "Capture (Niewola): Sauron captures on a roll ≤ Niewola; exact odds per attempt and "
            "over the attempts."
        ),
        example={"niewola": 3, "attempts": 1},
    ),
    Checker(
        **OPERATION,
        name="escape",
        api="escape/",
        api_name="wojna-escape",
        view_name="Escape",
        request=s.WojnaEscapeRequestSerializer,
        response=s.WojnaAttemptOddsSerializer,
        title="Escape",
        compute=services.run_escape,
        present=presenters.attempt_odds,
        description=(
            "Escape (Ucieczka): the Alliance escapes on a roll ≥ Ucieczka, once per Alliance move"
            " phase."
        ),
        example={"ucieczka": 5, "attempts": 2},
    ),
    Checker(
        **OPERATION,
        name="ring_removal",
        api="ring-removal/",
        api_name="wojna-ring-removal",
        view_name="RingRemoval",
        request=s.WojnaRingRemovalRequestSerializer,
        response=s.WojnaAttemptOddsSerializer,
        title="RingRemoval",
        compute=services.run_ring_removal,
        present=presenters.attempt_odds,
        description=("Taking the Ring off (Pierścień): a roll ≤ Pierścień, once per stage."),
        example={"pierscien": 2, "attempts": 3},
    ),
    Checker(
        **WOJNA,
        name="duel",
        page="duel/",
        api="duel/",
        api_name="wojna-duel",
        view_name="Duel",
        request=s.WojnaDuelRequestSerializer,
        response=s.WojnaDuelResponseSerializer,
        title=_("Duel"),
        blurb=_("Morale + Odwaga − wounds, attacker minus defender; wounds; a fight to the end."),
        compute=services.run_duel,
        present=presenters.duel_answer,
        form=forms.DuelForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.duel_chart),
        page_context={"title_pl": "Pojedynek", "result_template": "wojna/results/duel.html"},
        description=(
            "Duel (Pojedynek): Morale + Odwaga − wounds, attacker minus defender; the wounds from"
            " your Wyniki pojedynku table and, with both Odporność values, the odds of a fight to"
            " the end."
        ),
        example={
            "attacker_morale": 3,
            "attacker_odwaga": 4,
            "defender_morale": 2,
            "defender_odwaga": 3,
            "defender_wounds": 1,
        },
        questions=("?attacker_morale=3&attacker_odwaga=3&defender_morale=3&defender_odwaga=3",),
    ),
    Checker(
        **WOJNA,
        name="search",
        page="search/",
        api="search/",
        api_name="wojna-search",
        view_name="Search",
        request=s.WojnaSearchRequestSerializer,
        response=s.WojnaSearchResponseSerializer,
        title=_("Search phase"),
        blurb=_("Search points, the odds of finding a character and of capturing it."),
        compute=services.run_search,
        present=presenters.search_answer,
        form=forms.SearchForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.search_chart),
        page_context={
            "title_pl": "Faza Poszukiwań",
            "result_template": "wojna/results/search.html",
        },
        description=(
            "Search (Poszukiwania): the pool of search points and, with your Poszukiwania table, "
            "the exact odds of finding and of a capture."
        ),
        example={"phase": "search_phase", "nazgul": 2, "orc_units": [3], "niewola": 3},
        questions=("?phase=search_phase&orc_units=3",),
    ),
    Checker(
        **WOJNA,
        name="wounds",
        page="wounds/",
        api="wounds/",
        api_name="wojna-wounds",
        view_name="Wounds",
        request=s.WojnaWoundsRequestSerializer,
        response=s.WojnaWoundsResponseSerializer,
        title=_("Wounds and circles"),
        blurb=_("Crosses, strokes and circles: alive, dead, a Ringwraith, unable to duel."),
        compute=services.run_wounds,
        present=presenters.wounds_answer,
        form=forms.WoundsForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.no_chart),
        page_context={
            "title_pl": "Odporność: rany i kółka",
            "result_template": "wojna/results/wounds.html",
        },
        description=(
            "Wounds and circles (Odporność): crosses, a Nazgûl's strokes, the Ring's circles, and"
            " what they mean: alive, dead, a Ringwraith, or unable to duel."
        ),
        example={"character": "Boromir", "odpornosc": 4, "crosses": 2, "new_wounds": 2},
        questions=("?odpornosc=3",),
    ),
    Checker(
        **WOJNA,
        name="ringwraith",
        page="ringwraith/",
        api="ringwraith/",
        api_name="wojna-ringwraith",
        view_name="Ringwraith",
        request=s.WojnaRingwraithRequestSerializer,
        response=s.WojnaRingwraithResponseSerializer,
        title=_("Becoming a Ringwraith"),
        blurb=_("Wearing the Ring: taking it off in time, or turning."),
        compute=services.run_ringwraith,
        present=presenters.ringwraith_answer,
        form=forms.RingwraithForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.ringwraith_chart),
        page_context={
            "title_pl": "Upiór Pierścienia",
            "result_template": "wojna/results/ringwraith.html",
        },
        description=(
            "Wearing the Ring: the odds of taking it off in time or becoming a Ringwraith (Upiór "
            "Pierścienia); the Shadow wins if Aragorn or Gandalf turns."
        ),
        example={"character": "Gandalf", "odpornosc": 4, "circles": 1, "pierscien": 2},
        questions=("?odpornosc=3&pierscien=2",),
    ),
    Checker(
        **WOJNA,
        name="ring_inheritance",
        page="ring-inheritance/",
        api="ring-inheritance/",
        api_name="wojna-ring-inheritance",
        view_name="RingInheritance",
        request=s.WojnaInheritanceRequestSerializer,
        response=s.WojnaInheritanceResponseSerializer,
        title=_("Who takes the Ring"),
        blurb=_("After the bearer's death, in the order the text gives."),
        compute=services.run_inheritance,
        present=presenters.inheritance_answer,
        form=forms.InheritanceForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.no_chart),
        page_context={
            "title_pl": "Pierścień: kto go przejmuje",
            "result_template": "wojna/results/inheritance.html",
        },
        description=("Who takes the Ring when its bearer dies, in the order the text gives."),
        example={
            "candidates": [
                {"name": "Sam", "group": "fellowship"},
                {"name": "Gollum", "group": "gollum"},
            ]
        },
        questions=(
            "?candidates-TOTAL_FORMS=2&candidates-INITIAL_FORMS=0"
            "&candidates-0-name=Saruman&candidates-0-group=saruman"
            "&candidates-1-name=Pippin&candidates-1-group=fellowship",
        ),
    ),
    Checker(
        **WOJNA,
        name="ring_destruction",
        page="ring-destruction/",
        api="ring-destruction/",
        api_name="wojna-ring-destruction",
        view_name="RingDestruction",
        request=s.WojnaDestructionRequestSerializer,
        response=s.WojnaDestructionResponseSerializer,
        title=_("Destroying the Ring"),
        blurb=_("Hex 4129 (Orodruina), the Ring not worn."),
        compute=services.run_destruction,
        present=presenters.destruction_answer,
        form=forms.DestructionForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.no_chart),
        page_context={
            "title_pl": "Zniszczenie Pierścienia",
            "result_template": "wojna/results/destruction.html",
        },
        description=(
            "Is the Ring destroyed? Only on hex 4129 (Orodruina), with the Ring not worn."
        ),
        example={"hex": 4129, "ring_worn": False},
        questions=("?hex=4129",),
    ),
    Checker(
        **WOJNA,
        name="gollum",
        page="gollum/",
        api="gollum/",
        api_name="wojna-gollum",
        view_name="Gollum",
        request=s.WojnaGollumRequestSerializer,
        response=s.WojnaGollumResponseSerializer,
        title=_("Gollum's side"),
        blurb=_("Who controls Gollum this stage."),
        compute=services.run_gollum,
        present=presenters.gollum_answer,
        form=forms.GollumForm,
        template="wojna/calculator.html",
        page_answer=views.page_answer(charts.gollum_chart),
        page_context={
            "title_pl": "Gollum w Fazie Pierścienia",
            "result_template": "wojna/results/gollum.html",
        },
        description=(
            "Gollum's side this stage (Faza Pierścienia): 1–2 Alliance, 5–6 Sauron, with last "
            "stage's controller shifting the roll by one."
        ),
        example={"previous": "alliance"},
        questions=("?phase=ring",),
    ),
)
