"""War of the Ring's checkers, one declaration each (``adjudicator.web.checker.Checker``): the
API operation, the page, both URLs and the index entry follow from these."""

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from adjudicator.api import EXACT_PARAMETER
from adjudicator.games.wotr import combat_dice as cd
from adjudicator.web.checker import Checker, distribution_chart

from . import forms, presenters, services, views
from . import serializers as s

BATTLE_EXAMPLE = {
    "attacker": {"regular": 5, "elite": 0, "leadership": 2},
    "defender": {"regular": 3, "elite": 0, "leadership": 1},
    "settlement": "city",
    "siege": False,
}
#: Every War of the Ring page is written from a skeleton (its templates' text outside their slots
#: reads the title and the checker alone: tests/web/test_checker_skeleton.py).
WOTR = {"game": "wotr", "headline_alias": "verdict", "skeleton": True}

CHECKERS = (
    Checker(
        **WOTR, name="battle", page="battle/", api="battle/", api_name="wotr-api-battle",
        title=_("Battle odds"),
        blurb=_("Exact odds of a battle, round by round or to the end, sieges included."),
        request=s.WotrBattleRequestSerializer, response=s.WotrBattleResponseSerializer,
        compute=services.run_battle, present=presenters.battle_presented,
        form=forms.BattleForm, template="wotr/battle.html", chart=views.battle_chart,
        description=(
            "Exact battle odds. Dice = strength up to 5, hits on 5+ (6+ for the attacker in the "
            "first round against a city or fortification and in every siege round), leadership "
            "re-rolls up to 5, a 1 always misses and a 6 always hits; 1 hit removes a regular or "
            "downgrades an elite, 2 remove an elite. Without rounds (or with null) the battle is "
            "fought until one side has no units or the attacker stops; give rounds to fight only "
            "that many."
        ),
        example=BATTLE_EXAMPLE,
        api_options={"pure": True, "parameters": [EXACT_PARAMETER]},
        questions=("?attacker.regular=10&defender.regular=5",),
    ),
    Checker(
        **WOTR, name="battle_plan", page="battle/plan/", api="battle/plan/",
        api_name="wotr-api-battle-plan", view_name="BattlePlan",
        title=_("Battle planner: when to stop, what to lose, how many to bring"),
        blurb=_("The attacker's best plan: cease or go on, casualties, the smallest army."),
        request=s.WotrBattlePlanRequestSerializer, response=s.WotrBattlePlanResponseSerializer,
        compute=services.run_battle_plan, present=presenters.battle_plan_presented,
        form=forms.BattlePlanForm, template="wotr/battle_plan.html",
        page_answer=views.battle_plan_page_answer,
        description=(
            "The attacker's best plan for a battle fought until one army is gone or the attacker "
            "ceases: after every round whether to go on (for the goal: destroy, capture or the "
            "hit-point exchange), which casualties to take first, and with target_percent the "
            "fewest regulars that reach that chance. Values are floats within 1e-12 of the exact "
            "recursion."
        ),
        example={**BATTLE_EXAMPLE, "goal": "capture", "target_percent": 80},
        api_options={"pure": True},
        questions=(
            "?attacker.regular=5&attacker.elite=2&defender.regular=2&defender.elite=3"
            "&settlement=city&goal=exchange&target_percent=",
        ),
    ),
    Checker(
        **WOTR, name="position_battle", page="battle/position/", api="position/battle/",
        api_name="wotr-api-position-battle", view_name="PositionBattle",
        title=_("Battle odds from a position"),
        request=s.WotrPositionBattleRequestSerializer, response=s.WotrBattleResponseSerializer,
        compute=services.run_position_battle, present=presenters.battle_presented,
        form=forms.PositionBattleForm, template="wotr/battle.html", chart=views.battle_chart,
        description=(
            "Exact battle odds read from a position. Armies, leadership and settlement come from "
            "the attacking and defending regions; the same region with a siege there is a siege "
            "battle (or, with sortie, the besieged army attacking)."
        ),
        example={
            "position": "setup",
            "attacker_region": "orthanc",
            "defender_region": "fords-of-isen",
        },
        api_options={"parameters": [EXACT_PARAMETER]},
        questions=("?attacker_region=orthanc&defender_region=fords-of-isen",),
    ),
    Checker(
        **WOTR, name="faction", page="factions/", api="factions/attack/",
        api_name="wotr-api-faction-attack", view_name="FactionAttack",
        title=_("Faction attack: the Dead and the Ents"),
        blurb=_("The Dead or the Ents spending figures on 3 dice at 4+ against a Shadow army."),
        request=s.WotrFactionAttackRequestSerializer,
        response=s.WotrFactionAttackResponseSerializer,
        compute=services.run_faction_attack, present=presenters.faction_answer,
        form=forms.FactionAttackForm, template="wotr/faction.html", chart=views.faction_chart,
        description=(
            "Faction attack (the Dead, the Ents). Each attack spends one figure and rolls 3 dice "
            "hitting on 4+, repeated while figures remain and the army stands."
        ),
        example={"faction": "ents", "figures": 4, "target": {"regular": 3, "elite": 0}},
        questions=("?faction=ents&figures=4&target.regular=3",),
    ),
    Checker(
        **WOTR, name="hunt", page="hunt/", api="hunt/", api_name="wotr-api-hunt",
        title=_("The Hunt for the Ring"),
        blurb=_("One hunt: success, tiles, damage, reveal and corruption, in Mordor too."),
        request=s.WotrHuntRequestSerializer, response=s.WotrHuntResponseSerializer,
        compute=services.run_hunt, present=presenters.hunt_answer,
        form=forms.HuntForm, template="wotr/hunt.html", chart=views.hunt_chart,
        description=(
            "One hunt for the Fellowship. Up to 5 dice hit on 6+, +1 per Free Peoples die in the "
            "box, a re-roll per condition; a success draws a tile from the pool. In Mordor every "
            "move draws a tile."
        ),
        example={
            "hunt_dice": 3,
            "fp_dice_in_box": 1,
            "rerolls": {"stronghold": True, "army": False, "nazgul": False},
            "corruption": 10,
            "pool": "standard",
            "drawn": [],
            "casualty": "corruption",
        },
        api_options={"pure": True, "parameters": [EXACT_PARAMETER]},
        questions=("?hunt_dice=3&fp_dice_in_box=1&rerolls.stronghold=on&corruption=10",),
    ),
    Checker(
        **WOTR, name="hunt_turn", page="hunt/turn/", api="hunt/turn/",
        api_name="wotr-api-hunt-turn", view_name="HuntTurn",
        title=_("The Hunt over a turn of moves"),
        blurb=_("Several moves in one turn: the chance the Ring-bearer survives them all."),
        request=s.WotrHuntTurnRequestSerializer, response=s.WotrHuntTurnResponseSerializer,
        compute=services.run_hunt, present=presenters.hunt_answer,
        form=forms.HuntTurnForm, template="wotr/hunt.html", chart=views.hunt_turn_chart,
        description=(
            "The hunt over several Fellowship moves this turn. The box gains a Free Peoples die "
            "after every move and tiles are drawn without replacement."
        ),
        example={"hunt_dice": 3, "fp_dice_in_box": 0, "corruption": 6, "moves": 3},
        api_options={"parameters": [EXACT_PARAMETER]},
        questions=("?hunt_dice=3&corruption=8&moves=2",),
    ),
    Checker(
        **WOTR, name="hunt_plan", page="hunt/plan/", api="hunt/plan/",
        api_name="wotr-api-hunt-plan", view_name="HuntPlan",
        title=_("Hunt advisor: how fast to go, whom to lose"),
        blurb=_(
            "The road to Mount Doom: moves a turn, waiting, separating, and how to take a hit."
        ),
        request=s.WotrHuntPlanRequestSerializer, response=s.WotrHuntPlanResponseSerializer,
        compute=services.run_hunt_plan, present=presenters.hunt_plan_answer,
        form=forms.HuntPlanForm, template="wotr/hunt_plan.html",
        page_answer=views.hunt_plan_page_answer,
        description=(
            "The hunt advisor: the chance that the Ring reaches Mount Doom with corruption below "
            "12 at 1 to 3 moves a turn, waiting this turn, or separating each companion first, "
            "each with the chance that corruption reaches 12 this turn (exact), and for every "
            "damage the next hunt may deal the answers (corruption, or a companion of each level) "
            "best first. Every hit is answered as well as possible over the whole journey, tiles "
            "drawn without replacement; chances are floats within 1e-12 of the exact recursion."
        ),
        example={
            "hunt_dice": 2,
            "corruption": 3,
            "moves_to_mordor": 6,
            "companions": ["strider", "legolas", "meriadoc"],
            "moves_per_turn": 2,
        },
        api_options={"pure": True},
        questions=(
            "?hunt_dice=2&corruption=3&moves_to_mordor=6&companions=strider"
            "&companions=meriadoc&moves_per_turn=2",
        ),
    ),
    Checker(
        **WOTR, name="victory", page="victory/", api="victory/", api_name="wotr-api-victory",
        title=_("Victory points and the winner"),
        blurb=_("Victory points and who wins, in the rulebook's order of conditions."),
        request=s.WotrVictoryRequestSerializer, response=s.WotrVictoryResponseSerializer,
        compute=services.run_victory, present=presenters.victory_answer,
        form=forms.VictoryForm, template="wotr/victory.html", chart=views.victory_chart,
        description=(
            "Victory points (enemy stronghold 2, enemy city 1) and the winner, checking the "
            "conditions in the rulebook's order: corruption 12, Mount Doom, the Shadow's 10 "
            "points, the Free Peoples' 4 points."
        ),
        example={"control": {"minas-tirith": "shadow"}, "corruption": 0},
        questions=("?control.minas-tirith=shadow&control.dale=shadow&corruption=4",),
    ),
    Checker(
        **{**WOTR, "headline_alias": None}, name="combat_dice", page="combat-dice/",
        api="combat-dice/", api_name="wotr-api-combat-dice", view_name="CombatDice",
        title=_(cd.TITLE), blurb=lazy(lambda: _(cd.BLURB) % cd.BLURB_PARAMS, str)(),
        request=s.WotrCombatDiceRequestSerializer, response=s.WotrCombatDiceResponseSerializer,
        compute=lambda data: cd.combat_dice(**data), present=presenters.combat_dice_answer,
        template="wotr/_page.html", chart=distribution_chart("hits", cd.HITS_TITLE),
        description=(
            "How many combat dice an army rolls (its strength: regular and elite units plus any "
            "bonus, at most 5), how many failed dice it re-rolls (its leadership: leaders and "
            "Nazgûl plus the characters' ratings and any bonus, at most 5), and the exact chance "
            "of each number of hits."
        ),
        example={"regular": 4, "elite": 2, "leaders": 1, "character_leadership": 1},
        questions=("?regular=4&elite=2&leaders=1&character_leadership=1",),
    ),
)  # fmt: skip
