"""API input and output of War of the Ring odds, hunt and victory (names prefixed ``Wotr``)."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.games.wotr import combat_dice
from adjudicator.games.wotr.battle import (
    CASUALTY_POLICIES,
    MAX_LEADERSHIP,
    MAX_MODIFIER,
    MAX_ROUNDS,
    SETTLEMENT_TYPES,
)
from adjudicator.games.wotr.battle_plan import ADVICE, GOALS, MAX_TARGET_PERCENT
from adjudicator.games.wotr.board import (
    MAX_CORRUPTION,
    MAX_UNITS_PER_REGION,
    MORDOR_LAST_STEP,
    POLITICAL_MAX_STEPS,
    SIDES,
)
from adjudicator.games.wotr.factions import FACTIONS, MAX_FIGURES
from adjudicator.games.wotr.hunt import CASUALTY_CHOICES, GAME_COMPANIONS, GAME_TILES, MAX_MOVES
from adjudicator.games.wotr.hunt_plan import MAX_CADENCE, MAX_MOVES_TO_MORDOR
from adjudicator.games.wotr.position import MAX_FREE_PEOPLES_DICE, MAX_SHADOW_DICE
from adjudicator.serializers import (
    AnswerSerializer,
    DeprecatedHeadlineField,
    ExactValueSerializer,
    ProbabilitySerializer,
    StrictSerializer,
    readings_field,
)

# ---- shared pieces --------------------------------------------------------------------------


class WotrValueProbabilitySerializer(ProbabilitySerializer):
    value = serializers.IntegerField()


class WotrAnswerSerializer(AnswerSerializer):
    """What every answer ends with: the headline (and its deprecated copy, ``verdict``), then the
    shared envelope."""

    verdict = DeprecatedHeadlineField()


# ---- positions ------------------------------------------------------------------------------


class WotrUnitsSerializer(serializers.Serializer):
    regular = serializers.IntegerField(min_value=0, required=False)
    elite = serializers.IntegerField(min_value=0, required=False)
    leaders = serializers.IntegerField(min_value=0, required=False)
    nazgul = serializers.IntegerField(min_value=0, required=False, help_text="Sauron only")


class WotrPoliticalSerializer(serializers.Serializer):
    steps_from_war = serializers.IntegerField(
        required=False, min_value=0, max_value=POLITICAL_MAX_STEPS
    )
    active = serializers.BooleanField(required=False)


class WotrFellowshipSerializer(serializers.Serializer):
    region = serializers.CharField(required=False, help_text="last known region")
    progress = serializers.IntegerField(required=False, min_value=0)
    revealed = serializers.BooleanField(required=False)
    corruption = serializers.IntegerField(required=False, min_value=0, max_value=MAX_CORRUPTION)
    mordor_step = serializers.IntegerField(
        required=False, min_value=0, max_value=MORDOR_LAST_STEP, allow_null=True
    )
    guide = serializers.CharField(
        required=False, help_text="a companion in the Fellowship, or 'gollum'"
    )
    companions = serializers.ListField(required=False, child=serializers.CharField())


class WotrHuntBoxSerializer(serializers.Serializer):
    shadow_dice = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SHADOW_DICE)
    free_peoples_dice = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_FREE_PEOPLES_DICE
    )


class WotrPositionSerializer(serializers.Serializer):
    """A board position. Regions by slug, English or Russian name; every key optional (null
    or left out: empty, or the setup's control and political track)."""

    armies = serializers.DictField(
        required=False,
        allow_null=True,
        child=serializers.DictField(child=WotrUnitsSerializer()),
        help_text="region → nation → figures",
    )
    sieges = serializers.ListField(
        required=False,
        allow_null=True,
        child=serializers.CharField(),
        help_text="strongholds under siege (the controller's army is inside)",
    )
    characters = serializers.DictField(
        required=False,
        allow_null=True,
        child=serializers.CharField(),
        help_text="character on the board → region",
    )
    control = serializers.DictField(
        required=False,
        allow_null=True,
        child=serializers.ChoiceField(SIDES),
        help_text="settlement → controlling side",
    )
    political = serializers.DictField(
        required=False, allow_null=True, child=WotrPoliticalSerializer()
    )
    fellowship = WotrFellowshipSerializer(required=False, allow_null=True)
    hunt_box = WotrHuntBoxSerializer(required=False, allow_null=True)
    hunt_tiles_drawn = serializers.ListField(
        required=False, allow_null=True, child=serializers.CharField()
    )
    reinforcements = serializers.DictField(
        child=WotrUnitsSerializer(),
        required=False,
        allow_null=True,
        help_text="optional: nation → figures left in its reinforcements (checked: board + "
        "reinforcements never exceed the game's figures; for the Shadow they are all of them)",
    )


POSITION_INPUT_SCHEMA = {
    "oneOf": [
        {"type": "string", "enum": ["setup"], "description": "the standard starting position"},
        {"$ref": "#/components/schemas/WotrPosition"},
    ]
}


@extend_schema_field(POSITION_INPUT_SCHEMA)
class WotrPositionInputField(serializers.JSONField):
    """``"setup"`` or a position object; the engine validates it (every problem at once)."""


class WotrPositionValidateRequestSerializer(StrictSerializer):
    position = WotrPositionInputField()


class WotrPositionValidateResponseSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    position = WotrPositionSerializer(help_text="the position, complete and normalised")
    shadow_vp = serializers.IntegerField()
    free_peoples_vp = serializers.IntegerField()


#: A modifier's bounds: the engine's most either way.
MODIFIER = {"min_value": -MAX_MODIFIER, "max_value": MAX_MODIFIER}


# ---- battle ---------------------------------------------------------------------------------


class WotrArmyModifiersSerializer(StrictSerializer):
    strength_bonus = serializers.IntegerField(**MODIFIER, default=0)
    roll_modifier = serializers.IntegerField(**MODIFIER, default=0)
    reroll_modifier = serializers.IntegerField(**MODIFIER, default=0)
    casualty_policy = serializers.ChoiceField(
        CASUALTY_POLICIES,
        default="keep_strength",
        help_text="keep_strength: downgrade elites first, then remove regulars; "
        "keep_elites: remove regulars first",
    )


class WotrArmySerializer(WotrArmyModifiersSerializer):
    regular = serializers.IntegerField(min_value=0, max_value=MAX_UNITS_PER_REGION)
    elite = serializers.IntegerField(min_value=0, max_value=MAX_UNITS_PER_REGION, default=0)
    leadership = serializers.IntegerField(
        min_value=0, max_value=MAX_LEADERSHIP, default=0, help_text="leaders + Nazgûl + characters"
    )


class WotrBattleOptionsSerializer(StrictSerializer):
    rounds = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        allow_null=True,
        default=None,
        help_text="rounds to fight; null or left out (the default): until one side has no units "
        "or the attacker stops (siege: each round after the first costs the attacker an elite)",
    )
    attacker_stops_below = serializers.IntegerField(
        min_value=0, max_value=MAX_UNITS_PER_REGION, default=0
    )


class WotrBattleRequestSerializer(WotrBattleOptionsSerializer):
    attacker = WotrArmySerializer()
    defender = WotrArmySerializer()
    settlement = serializers.ChoiceField(SETTLEMENT_TYPES, default="none")
    siege = serializers.BooleanField(default=False)


class WotrPositionBattleRequestSerializer(WotrBattleOptionsSerializer):
    position = WotrPositionInputField()
    attacker_region = serializers.CharField()
    defender_region = serializers.CharField(
        help_text="the attacked region; the attacker's own region for a siege or sortie"
    )
    sortie = serializers.BooleanField(default=False)
    attacker = WotrArmyModifiersSerializer(required=False)
    defender = WotrArmyModifiersSerializer(required=False)


class WotrSideStateSerializer(serializers.Serializer):
    regular = serializers.IntegerField()
    elite = serializers.IntegerField()


class WotrRowProbabilitySerializer(ProbabilitySerializer):
    """A row of a distribution: its exact fraction only when asked (``?exact=all``)."""

    exact = serializers.CharField(
        required=False, help_text="The exact fraction p/q, given with ?exact=all."
    )


class WotrBattleOutcomeSerializer(WotrRowProbabilitySerializer):
    attacker = WotrSideStateSerializer()
    defender = WotrSideStateSerializer()


class WotrHitsSerializer(WotrRowProbabilitySerializer):
    hits = serializers.IntegerField()


class WotrRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    reached = WotrRowProbabilitySerializer()
    attacker_hits = WotrHitsSerializer(many=True, help_text="given the round is fought")
    defender_hits = WotrHitsSerializer(many=True)


class WotrOptionalExactValueSerializer(ExactValueSerializer):
    """An expectation: its exact fraction only when asked (``?exact=all``)."""

    exact = serializers.CharField(
        required=False, help_text="The exact fraction p/q, given with ?exact=all."
    )


class WotrLossesSerializer(serializers.Serializer):
    units = WotrOptionalExactValueSerializer()
    elite = WotrOptionalExactValueSerializer()


class WotrExpectedLossesSerializer(serializers.Serializer):
    attacker = WotrLossesSerializer()
    defender = WotrLossesSerializer()


class WotrBattleInputEchoSerializer(serializers.Serializer):
    attacker = WotrArmySerializer()
    defender = WotrArmySerializer()
    settlement = serializers.CharField()
    siege = serializers.BooleanField()
    rounds = serializers.IntegerField(allow_null=True)
    attacker_stops_below = serializers.IntegerField()


class WotrBattleResponseSerializer(WotrAnswerSerializer):
    battle = WotrBattleInputEchoSerializer(help_text="the battle computed")
    defender_destroyed = ProbabilitySerializer()
    attacker_destroyed = ProbabilitySerializer()
    both_destroyed = ProbabilitySerializer()
    outcomes = WotrBattleOutcomeSerializer(many=True, help_text="end states, likeliest first")
    rounds = WotrRoundSerializer(
        many=True, help_text="every round when rounds are limited; the first otherwise"
    )
    expected_losses = WotrExpectedLossesSerializer()


# ---- battle planner ---------------------------------------------------------------------------


class WotrBattlePlanRequestSerializer(StrictSerializer):
    attacker = WotrArmySerializer(
        help_text="casualty_policy is not used: the plan chooses casualties hit by hit"
    )
    defender = WotrArmySerializer(
        help_text="casualty_policy is not used: the defender's casualties are the worst for the "
        "goal"
    )
    settlement = serializers.ChoiceField(SETTLEMENT_TYPES, default="none")
    siege = serializers.BooleanField(default=False)
    goal = serializers.ChoiceField(
        GOALS,
        default="capture",
        help_text="destroy: the chance the defending army is destroyed; capture: destroyed with "
        "an attacking unit left to move in; exchange: expected hit points the defender loses "
        "minus those the attacker loses",
    )
    target_percent = serializers.IntegerField(
        min_value=1,
        max_value=MAX_TARGET_PERCENT,
        allow_null=True,
        default=None,
        help_text="also find the fewest attacking regulars (elites and leadership as given) "
        "whose best plan reaches this chance (destroy and capture only)",
    )


class WotrStopPointSerializer(serializers.Serializer):
    attacker = WotrSideStateSerializer()
    defender = WotrSideStateSerializer()
    reached = serializers.FloatField(help_text="the chance the battle comes to this point")
    stop_value = serializers.FloatField()
    go_on_value = serializers.FloatField()


class WotrCasualtyChoiceSerializer(serializers.Serializer):
    attacker = WotrSideStateSerializer(help_text="your army before the casualties")
    defender = WotrSideStateSerializer(help_text="their army before the casualties")
    taken = serializers.IntegerField(help_text="hits your army takes this round")
    dealt = serializers.IntegerField(help_text="hits your army deals this round")
    keep = WotrSideStateSerializer(help_text="the army to keep (the best casualties)")
    reached = serializers.FloatField(help_text="the chance the battle comes to this choice")
    gain = serializers.FloatField(
        help_text="what this choice adds to the goal's value from there, over elites first"
    )


class WotrSmallestArmySerializer(serializers.Serializer):
    target_percent = serializers.IntegerField()
    regular = serializers.IntegerField(allow_null=True, help_text="null: even 10 do not")


class WotrBattlePlanResponseSerializer(WotrAnswerSerializer):
    goal = serializers.ChoiceField(GOALS)
    casualty_policy = serializers.ChoiceField(
        ADVICE,
        help_text="the attacker's casualties that serve the goal: a fixed policy when it is as "
        "good as the best choice wherever the battle can go, else hit_by_hit (casualty_choices)",
    )
    value = serializers.FloatField(help_text="the goal under the plan (a chance, or hit points)")
    by_policy = serializers.DictField(
        child=serializers.FloatField(),
        help_text="the value if the attacker followed one fixed casualty policy (the defender "
        "still choosing at best)",
    )
    to_the_end = serializers.FloatField(help_text="the value when the attacker never ceases")
    precision = serializers.FloatField(help_text="the values' error is below this")
    stops = WotrStopPointSerializer(many=True, help_text="where the plan ceases, likeliest first")
    casualty_choices = WotrCasualtyChoiceSerializer(
        many=True,
        help_text="with hit_by_hit: the likeliest 20 choices that differ from turning elites "
        "into regulars first",
    )
    casualty_choices_total = serializers.IntegerField(help_text="how many such choices in all")
    smallest_army = WotrSmallestArmySerializer(allow_null=True)


# ---- faction attacks -------------------------------------------------------------------------


class WotrTargetSerializer(StrictSerializer):
    regular = serializers.IntegerField(min_value=0, max_value=MAX_UNITS_PER_REGION)
    elite = serializers.IntegerField(min_value=0, max_value=MAX_UNITS_PER_REGION, default=0)


class WotrFactionAttackRequestSerializer(StrictSerializer):
    faction = serializers.ChoiceField(FACTIONS)
    figures = serializers.IntegerField(min_value=1, max_value=MAX_FIGURES)
    target = WotrTargetSerializer(help_text="the Shadow army attacked")
    attacks = serializers.IntegerField(
        min_value=1,
        max_value=MAX_FIGURES,
        allow_null=True,
        default=None,
        help_text="at most this many attacks (null: every figure)",
    )
    casualty_policy = serializers.ChoiceField(CASUALTY_POLICIES, default="keep_strength")
    in_orthanc = serializers.BooleanField(default=False)


class WotrEndStateSerializer(ProbabilitySerializer):
    regular = serializers.IntegerField()
    elite = serializers.IntegerField()


class WotrFactionAttackResponseSerializer(WotrAnswerSerializer):
    destroyed = ProbabilitySerializer()
    damage = WotrValueProbabilitySerializer(many=True)
    figures_spent = WotrValueProbabilitySerializer(many=True)
    expected_figures_spent = ExactValueSerializer()
    end_states = WotrEndStateSerializer(many=True)
    faction_eliminated = ProbabilitySerializer()


# ---- hunt -----------------------------------------------------------------------------------


class WotrRerollsSerializer(StrictSerializer):
    stronghold = serializers.BooleanField(default=False)
    army = serializers.BooleanField(default=False)
    nazgul = serializers.BooleanField(default=False)


POOL_SCHEMA = {
    "oneOf": [
        {"type": "string", "enum": ["standard"]},
        {"type": "array", "items": {"type": "string"}, "description": "the tiles in the pool"},
    ]
}


@extend_schema_field(POOL_SCHEMA)
class WotrPoolField(serializers.JSONField):
    """``"standard"`` or the list of tile ids in the pool now."""

    def to_internal_value(self, data):
        if data == "standard" or (isinstance(data, list) and all(isinstance(t, str) for t in data)):
            return data
        raise serializers.ValidationError("must be 'standard' or a list of hunt tile ids")


class WotrHuntRequestSerializer(StrictSerializer):
    hunt_dice = serializers.IntegerField(
        min_value=0, max_value=MAX_SHADOW_DICE, help_text="Shadow dice in the hunt box"
    )
    fp_dice_in_box = serializers.IntegerField(
        min_value=0, max_value=MAX_FREE_PEOPLES_DICE, default=0
    )
    rerolls = WotrRerollsSerializer(required=False)
    corruption = serializers.IntegerField(min_value=0, max_value=MAX_CORRUPTION - 1, default=0)
    pool = WotrPoolField(default="standard")
    drawn = serializers.ListField(
        child=serializers.CharField(), default=list, max_length=GAME_TILES
    )
    special_tiles = serializers.ListField(
        child=serializers.CharField(), default=list, max_length=GAME_TILES
    )
    casualty = serializers.ChoiceField(CASUALTY_CHOICES, default="corruption")
    companions = serializers.ListField(
        child=serializers.CharField(),
        default=list,
        max_length=GAME_COMPANIONS,
        help_text="companions the Free Peoples may lose (casualty = companion)",
    )
    mordor_step = serializers.IntegerField(
        min_value=0, max_value=MORDOR_LAST_STEP - 1, allow_null=True, default=None
    )
    forced = serializers.BooleanField(
        default=False,
        help_text="no roll: a tile drawn for a revealed Fellowship whose path crossed a Shadow "
        "stronghold, or by a card (an eye is worth 0)",
    )


class WotrHuntTurnRequestSerializer(WotrHuntRequestSerializer):
    forced = None  # a turn's moves are hunted; a forced draw is a single tile

    moves = serializers.IntegerField(min_value=1, max_value=MAX_MOVES)


class WotrHuntPlanRequestSerializer(WotrHuntRequestSerializer):
    casualty = None  # the advisor chooses the answer to every hit
    forced = None
    readings = readings_field(
        "hunt_tie: corruption_first or companion_first; cadence_count: with_moves_made or from_now"
    )

    moves_to_mordor = serializers.IntegerField(
        min_value=0,
        max_value=MAX_MOVES_TO_MORDOR,
        allow_null=True,
        default=None,
        help_text="outside Mordor: the Fellowship moves still to make before it stands at "
        "Morannon or Minas Morgul (0: at one now, entering the track at the next turn)",
    )
    special_tiles = serializers.ListField(
        child=serializers.CharField(),
        default=list,
        max_length=GAME_TILES,
        help_text="special tiles in play (outside Mordor they join the pool at the gate)",
    )
    companions = serializers.ListField(
        child=serializers.CharField(),
        default=list,
        max_length=GAME_COMPANIONS,
        help_text="companions in the Fellowship",
    )
    moves_per_turn = serializers.IntegerField(
        min_value=1,
        max_value=MAX_CADENCE,
        default=2,
        help_text="the cadence you mean to keep (for the separation and casualty advice)",
    )


class WotrHuntPlanSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        ["cadence", "wait", "separate"],
        help_text="cadence: moves a turn from now; wait: no more moves this turn; separate: "
        "the companion leaves the Fellowship first",
    )
    moves = serializers.IntegerField(help_text="moves a turn")
    companion = serializers.CharField(allow_null=True)
    chance = serializers.FloatField(
        allow_null=True,
        help_text="the Ring reaches Mount Doom, corruption below 12 (null: a cadence left out, "
        "too long to follow in time)",
    )
    this_turn = ProbabilitySerializer(
        allow_null=True, help_text="corruption reaches 12 before this turn ends"
    )
    turns = serializers.IntegerField(help_text="turns to Mount Doom if no stop tile halts it")


class WotrHuntAnswerOptionSerializer(serializers.Serializer):
    lose = serializers.CharField(allow_null=True, help_text="a companion (one of that level)")
    corruption = serializers.IntegerField(help_text="corruption afterwards")
    chance = serializers.FloatField(help_text="the Ring then reaches Mount Doom")


class WotrHuntHitSerializer(serializers.Serializer):
    tile = serializers.CharField(
        help_text="eye, die or the tile's number; -stop added for a stop tile (eye-stop, die-stop)"
    )
    damage = serializers.IntegerField()
    options = WotrHuntAnswerOptionSerializer(many=True, help_text="best first")


class WotrHuntPlanResponseSerializer(WotrAnswerSerializer):
    chosen = WotrHuntPlanSerializer(help_text="the cadence asked for")
    cadences = WotrHuntPlanSerializer(many=True)
    others = WotrHuntPlanSerializer(many=True)
    hits = WotrHuntHitSerializer(many=True, help_text="if the next move is hit for 1 or more")
    precision = serializers.FloatField(help_text="the chances' error is below this")
    outcomes = serializers.IntegerField(
        help_text="move outcomes followed, the measure of the work (at most 170,000; beyond, a "
        "cadence is left out)"
    )


class WotrMoveSurvivalSerializer(WotrRowProbabilitySerializer):
    move = serializers.IntegerField()


class WotrValueRowSerializer(WotrRowProbabilitySerializer):
    value = serializers.IntegerField()


class WotrHuntResponseSerializer(WotrAnswerSerializer):
    success = ProbabilitySerializer(help_text="a tile is drawn (in Mordor: always)")
    reveal = ProbabilitySerializer()
    corruption_12 = ProbabilitySerializer()
    damage = WotrValueRowSerializer(many=True)
    corruption = WotrValueRowSerializer(many=True, help_text="corruption afterwards")
    companions_lost = WotrValueRowSerializer(many=True)
    stopped = ProbabilitySerializer(help_text="in Mordor: a stop tile halted a move")
    mordor_steps = WotrValueRowSerializer(many=True)
    pool_size = serializers.IntegerField()


class WotrHuntTurnResponseSerializer(WotrHuntResponseSerializer):
    survive = ProbabilitySerializer(help_text="corruption below 12 after every move")
    per_move = WotrMoveSurvivalSerializer(many=True)


# ---- victory --------------------------------------------------------------------------------


class WotrVictoryRequestSerializer(StrictSerializer):
    control = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        help_text="settlements whose control changed → side (the others keep their owner)",
    )
    corruption = serializers.IntegerField(min_value=0, max_value=MAX_CORRUPTION, default=0)
    mordor_step = serializers.IntegerField(
        min_value=0, max_value=MORDOR_LAST_STEP, allow_null=True, default=None
    )
    position = WotrPositionInputField(
        required=False, help_text="instead of control/corruption: a whole position"
    )

    def validate(self, attrs):
        """A position carries its own control, corruption and Mordor step: refuse them beside
        it rather than ignore them."""
        if attrs.get("position") is not None:
            both = sorted({"control", "corruption", "mordor_step"} & set(self.initial_data))
            if both:
                message = _("give either a position or this field, not both")
                raise serializers.ValidationError({key: [message] for key in both})
        return attrs


class WotrConditionSerializer(serializers.Serializer):
    code = serializers.CharField()
    winner = serializers.CharField()
    message = serializers.CharField()
    met = serializers.BooleanField()


class WotrPointsFromSerializer(serializers.Serializer):
    shadow = serializers.ListField(child=serializers.CharField())
    free_peoples = serializers.ListField(child=serializers.CharField())


class WotrVictoryResponseSerializer(WotrAnswerSerializer):
    shadow_vp = serializers.IntegerField()
    free_peoples_vp = serializers.IntegerField()
    winner = serializers.ChoiceField(SIDES, allow_null=True)
    condition = serializers.CharField(allow_null=True)
    conditions = WotrConditionSerializer(many=True, help_text="in the rulebook's order")
    points_from = WotrPointsFromSerializer()


# ---- combat dice ----------------------------------------------------------------------------


def _combat_number(name: str, low: int, high: int, **kwargs: Any) -> serializers.IntegerField:
    """A combat-dice input: the engine's label and bounds (``games/wotr/combat_dice.py``)."""
    label = _(combat_dice.LABELS[name])
    return serializers.IntegerField(min_value=low, max_value=high, label=label, **kwargs)


class WotrCombatDiceRequestSerializer(StrictSerializer):
    """One army's combat roll: its units, its leadership and what changes them."""

    regular = _combat_number("regular", 0, MAX_UNITS_PER_REGION)
    elite = _combat_number("elite", 0, MAX_UNITS_PER_REGION, default=0)
    leaders = _combat_number("leaders", 0, combat_dice.MAX_LEADERS, default=0)
    character_leadership = _combat_number(
        "character_leadership", 0, combat_dice.MAX_LEADERS, default=0
    )
    strength_bonus = _combat_number(
        "strength_bonus", -combat_dice.MAX_MODIFIER, combat_dice.MAX_MODIFIER, default=0
    )
    leadership_bonus = _combat_number(
        "leadership_bonus", -combat_dice.MAX_MODIFIER, combat_dice.MAX_MODIFIER, default=0
    )
    hit_on = _combat_number(
        "hit_on", combat_dice.HIT_ON[0], combat_dice.HIT_ON[-1], default=combat_dice.HIT_ON[0]
    )
    roll_modifier = _combat_number(
        "roll_modifier", -combat_dice.MAX_MODIFIER, combat_dice.MAX_MODIFIER, default=0
    )
    reroll_modifier = _combat_number(
        "reroll_modifier", -combat_dice.MAX_MODIFIER, combat_dice.MAX_MODIFIER, default=0
    )


class WotrCombatDiceResponseSerializer(AnswerSerializer):
    strength = serializers.IntegerField(help_text="units + strength bonus")
    leadership = serializers.IntegerField(help_text="leaders + characters + leadership bonus")
    dice = serializers.IntegerField(help_text="combat dice rolled: strength, 0 to 5")
    rerolls = serializers.IntegerField(help_text="failed dice re-rolled: leadership, 0 to 5")
    hit_on = serializers.IntegerField()
    hits = WotrValueProbabilitySerializer(many=True, help_text="P(k hits), k = 0..dice")
    expected_hits = ExactValueSerializer()
