"""Request and response shapes of the TCG calculators' API (names prefixed ``Tcg``)."""

from rest_framework import serializers

from adjudicator.games.tcg.limits import (
    FIRST_SITE,
    LAST_SITE,
    MAX_ARCHERS,
    MAX_ARCHERY_MODIFIER,
    MAX_BIDDERS,
    MAX_BURDENS_PER_WOUND,
    MAX_COMPANIONS,
    MAX_DAMAGE_BONUS,
    MAX_DEAD_PILE,
    MAX_IN_PLAY,
    MAX_MOVES,
    MAX_NAME,
    MAX_PENALTY_REDUCTION,
    MAX_PLAYERS,
    MAX_SHADOW_NUMBER,
    MAX_SKIRMISHERS,
    MAX_STAT,
    MAX_TITLE,
    MAX_TWILIGHT_COST,
    MIN_PLAYERS,
)
from adjudicator.serializers import (
    AnswerSerializer,
    ReasonSerializer,
    StrictSerializer,
    readings_field,
)

# --- Requests ------------------------------------------------------------------------------


class TcgFighterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=MAX_NAME)
    strength = serializers.IntegerField(min_value=0, max_value=MAX_STAT)
    vitality = serializers.IntegerField(min_value=1, max_value=MAX_STAT, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=MAX_STAT, default=0)
    damage = serializers.IntegerField(
        min_value=0, max_value=MAX_DAMAGE_BONUS, default=0, help_text="Damage +N keyword."
    )
    ring_bearer = serializers.BooleanField(default=False)
    wearing_ring = serializers.BooleanField(default=False)
    burdens = serializers.IntegerField(min_value=0, max_value=MAX_STAT, default=0)
    resistance = serializers.IntegerField(min_value=1, max_value=MAX_STAT, default=10)


class TcgSkirmishRequestSerializer(StrictSerializer):
    free_peoples = TcgFighterSerializer(many=True, allow_empty=False, max_length=MAX_SKIRMISHERS)
    shadow = TcgFighterSerializer(many=True, allow_empty=False, max_length=MAX_SKIRMISHERS)
    burdens_per_wound = serializers.IntegerField(
        min_value=1, max_value=MAX_BURDENS_PER_WOUND, default=1
    )
    readings = readings_field("zero_skirmish: overwhelms or wounds")


class TcgShooterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=MAX_NAME)
    archer = serializers.BooleanField(default=False)
    vitality = serializers.IntegerField(min_value=1, max_value=MAX_STAT, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=MAX_STAT, default=0)
    ally = serializers.BooleanField(default=False)
    home_site = serializers.IntegerField(
        min_value=FIRST_SITE, max_value=LAST_SITE, required=False, allow_null=True
    )
    joins_archery = serializers.BooleanField(default=False, help_text="An ally whose text lets it.")
    assigned_wounds = serializers.IntegerField(
        min_value=0, max_value=MAX_STAT, required=False, allow_null=True,
        help_text="Archery wounds you propose to place on this character (checked if given).",
    )  # fmt: skip


class TcgArcheryRequestSerializer(StrictSerializer):
    fellowship = TcgShooterSerializer(many=True, max_length=MAX_ARCHERS)
    minions = TcgShooterSerializer(many=True, max_length=MAX_ARCHERS)
    site_number = serializers.IntegerField(min_value=FIRST_SITE, max_value=LAST_SITE)
    fellowship_modifier = serializers.IntegerField(
        min_value=-MAX_ARCHERY_MODIFIER, max_value=MAX_ARCHERY_MODIFIER, default=0
    )
    minion_modifier = serializers.IntegerField(
        min_value=-MAX_ARCHERY_MODIFIER, max_value=MAX_ARCHERY_MODIFIER, default=0
    )


class TcgMoveTwilightRequestSerializer(StrictSerializer):
    shadow_number = serializers.IntegerField(min_value=0, max_value=MAX_SHADOW_NUMBER)
    companions = serializers.IntegerField(min_value=1, max_value=MAX_COMPANIONS)


class TcgSitePathRequestSerializer(StrictSerializer):
    shadow_numbers = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_SHADOW_NUMBER), min_length=1,
        max_length=LAST_SITE - 1,
        help_text="The Shadow numbers of sites 2, 3... in order (site 9 the last).",
    )  # fmt: skip
    companions = serializers.IntegerField(min_value=1, max_value=MAX_COMPANIONS)


class TcgMinionCostRequestSerializer(StrictSerializer):
    twilight_cost = serializers.IntegerField(min_value=0, max_value=MAX_TWILIGHT_COST)
    minion_site_number = serializers.IntegerField(min_value=FIRST_SITE, max_value=LAST_SITE)
    current_site = serializers.IntegerField(min_value=FIRST_SITE, max_value=LAST_SITE)
    penalty_reduction = serializers.IntegerField(
        min_value=0, max_value=MAX_PENALTY_REDUCTION, default=0
    )
    twilight_pool = serializers.IntegerField(
        min_value=0, max_value=MAX_STAT, required=False, allow_null=True
    )


class TcgMoveLimitRequestSerializer(StrictSerializer):
    players_at_start = serializers.IntegerField(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)
    moves_made = serializers.IntegerField(min_value=0, max_value=MAX_MOVES, default=0)


class TcgCompanionSerializer(StrictSerializer):
    title = serializers.CharField(max_length=MAX_TITLE)
    unique = serializers.BooleanField(default=False)


class TcgCompanionLimitRequestSerializer(StrictSerializer):
    in_play = TcgCompanionSerializer(many=True, max_length=MAX_IN_PLAY, default=list)
    dead_pile = TcgCompanionSerializer(many=True, max_length=MAX_DEAD_PILE, default=list)
    candidate = TcgCompanionSerializer()


class TcgBurdensRequestSerializer(StrictSerializer):
    burdens = serializers.IntegerField(min_value=0, max_value=MAX_STAT)
    resistance = serializers.IntegerField(min_value=1, max_value=MAX_STAT, default=10)
    added = serializers.IntegerField(min_value=0, max_value=MAX_STAT, default=0)


class TcgBidsRequestSerializer(StrictSerializer):
    bids = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_STAT), help_text="Player → bid."
    )
    tie_order = serializers.ListField(
        child=serializers.CharField(), default=list, max_length=MAX_BIDDERS,
        help_text="The random draw between equal bids: players in the order they won it.",
    )  # fmt: skip


# --- Responses ------------------------------------------------------------------------------


class TcgCalculatorAnswerSerializer(AnswerSerializer):
    explanation = ReasonSerializer(
        many=True, help_text="Deprecated: the same list as reasons (the first API's name)."
    )


class TcgFighterOutcomeSerializer(serializers.Serializer):
    name = serializers.CharField()
    side = serializers.CharField()
    wounds_taken = serializers.IntegerField()
    wounds_total = serializers.IntegerField()
    burdens_added = serializers.IntegerField()
    burdens_total = serializers.IntegerField()
    killed = serializers.BooleanField()
    corrupted = serializers.BooleanField()


class TcgSkirmishResponseSerializer(TcgCalculatorAnswerSerializer):
    free_peoples_strength = serializers.IntegerField()
    shadow_strength = serializers.IntegerField()
    winner = serializers.CharField()
    overwhelmed = serializers.BooleanField()
    wounds_per_loser = serializers.IntegerField()
    outcomes = TcgFighterOutcomeSerializer(many=True)


class TcgWoundPlacementSerializer(serializers.Serializer):
    name = serializers.CharField()
    wounds_taken = serializers.IntegerField()
    wounds_total = serializers.IntegerField()
    killed = serializers.BooleanField()


class TcgArcheryResponseSerializer(TcgCalculatorAnswerSerializer):
    fellowship_total = serializers.IntegerField()
    minion_total = serializers.IntegerField()
    fellowship_capacity = serializers.IntegerField()
    minion_capacity = serializers.IntegerField()
    wounds_ignored_by_fellowship = serializers.IntegerField()
    wounds_ignored_by_minions = serializers.IntegerField()
    fellowship_placements = TcgWoundPlacementSerializer(many=True)
    minion_placements = TcgWoundPlacementSerializer(many=True)
    legal = serializers.BooleanField()


class TcgMoveTwilightResponseSerializer(TcgCalculatorAnswerSerializer):
    twilight_added = serializers.IntegerField()


class TcgSiteMoveSerializer(serializers.Serializer):
    site = serializers.IntegerField()
    shadow_number = serializers.IntegerField()
    twilight_added = serializers.IntegerField()
    running_total = serializers.IntegerField()


class TcgSitePathResponseSerializer(TcgCalculatorAnswerSerializer):
    moves = TcgSiteMoveSerializer(many=True)
    total = serializers.IntegerField()


class TcgMinionCostResponseSerializer(TcgCalculatorAnswerSerializer):
    roaming = serializers.BooleanField()
    penalty = serializers.IntegerField()
    total_cost = serializers.IntegerField()
    affordable = serializers.BooleanField(allow_null=True)


class TcgMoveLimitResponseSerializer(TcgCalculatorAnswerSerializer):
    move_limit = serializers.IntegerField()
    must_move = serializers.BooleanField()
    may_move_again = serializers.BooleanField()
    moves_left = serializers.IntegerField()


class TcgCompanionLimitResponseSerializer(TcgCalculatorAnswerSerializer):
    legal = serializers.BooleanField()
    companions_counted = serializers.IntegerField()
    room_left = serializers.IntegerField()


class TcgBurdensResponseSerializer(TcgCalculatorAnswerSerializer):
    burdens = serializers.IntegerField()
    corrupted = serializers.BooleanField()
    burdens_to_corruption = serializers.IntegerField()


class TcgBidsResponseSerializer(TcgCalculatorAnswerSerializer):
    choosing_order = serializers.ListField(child=serializers.CharField())
    ties = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    burdens = serializers.DictField(child=serializers.IntegerField())
