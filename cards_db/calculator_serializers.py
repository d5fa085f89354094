"""Request and response shapes of the TCG calculators' API (names prefixed ``Tcg``)."""

from rest_framework import serializers

from adjudicator.serializers import (
    AnswerSerializer,
    ReasonSerializer,
    StrictSerializer,
    readings_field,
)

# --- Requests ------------------------------------------------------------------------------


class TcgFighterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    strength = serializers.IntegerField(min_value=0, max_value=99)
    vitality = serializers.IntegerField(min_value=1, max_value=99, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=99, default=0)
    damage = serializers.IntegerField(
        min_value=0, max_value=9, default=0, help_text="Damage +N keyword."
    )
    ring_bearer = serializers.BooleanField(default=False)
    wearing_ring = serializers.BooleanField(default=False)
    burdens = serializers.IntegerField(min_value=0, max_value=99, default=0)
    resistance = serializers.IntegerField(min_value=1, max_value=99, default=10)


class TcgSkirmishRequestSerializer(StrictSerializer):
    free_peoples = TcgFighterSerializer(many=True, allow_empty=False, max_length=20)
    shadow = TcgFighterSerializer(many=True, allow_empty=False, max_length=20)
    burdens_per_wound = serializers.IntegerField(min_value=1, max_value=9, default=1)
    readings = readings_field("zero_skirmish: overwhelms or wounds")


class TcgShooterSerializer(StrictSerializer):
    name = serializers.CharField(max_length=80)
    archer = serializers.BooleanField(default=False)
    vitality = serializers.IntegerField(min_value=1, max_value=99, default=1)
    wounds = serializers.IntegerField(min_value=0, max_value=99, default=0)
    ally = serializers.BooleanField(default=False)
    home_site = serializers.IntegerField(min_value=1, max_value=9, required=False, allow_null=True)
    joins_archery = serializers.BooleanField(default=False, help_text="An ally whose text lets it.")
    assigned_wounds = serializers.IntegerField(
        min_value=0, max_value=99, required=False, allow_null=True,
        help_text="Archery wounds you propose to place on this character (checked if given).",
    )  # fmt: skip


class TcgArcheryRequestSerializer(StrictSerializer):
    fellowship = TcgShooterSerializer(many=True, max_length=30)
    minions = TcgShooterSerializer(many=True, max_length=30)
    site_number = serializers.IntegerField(min_value=1, max_value=9)
    fellowship_modifier = serializers.IntegerField(min_value=-20, max_value=20, default=0)
    minion_modifier = serializers.IntegerField(min_value=-20, max_value=20, default=0)


class TcgMoveTwilightRequestSerializer(StrictSerializer):
    shadow_number = serializers.IntegerField(min_value=0, max_value=20)
    companions = serializers.IntegerField(min_value=1, max_value=9)


class TcgSitePathRequestSerializer(StrictSerializer):
    shadow_numbers = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=20), min_length=1, max_length=8,
        help_text="The Shadow numbers of sites 2, 3... in order (site 9 the last).",
    )  # fmt: skip
    companions = serializers.IntegerField(min_value=1, max_value=9)


class TcgMinionCostRequestSerializer(StrictSerializer):
    twilight_cost = serializers.IntegerField(min_value=0, max_value=20)
    minion_site_number = serializers.IntegerField(min_value=1, max_value=9)
    current_site = serializers.IntegerField(min_value=1, max_value=9)
    penalty_reduction = serializers.IntegerField(min_value=0, max_value=2, default=0)
    twilight_pool = serializers.IntegerField(
        min_value=0, max_value=99, required=False, allow_null=True
    )


class TcgMoveLimitRequestSerializer(StrictSerializer):
    players_at_start = serializers.IntegerField(min_value=2, max_value=8)
    moves_made = serializers.IntegerField(min_value=0, max_value=9, default=0)


class TcgCompanionSerializer(StrictSerializer):
    title = serializers.CharField(max_length=100)
    unique = serializers.BooleanField(default=False)


class TcgCompanionLimitRequestSerializer(StrictSerializer):
    in_play = TcgCompanionSerializer(many=True, max_length=20, default=list)
    dead_pile = TcgCompanionSerializer(many=True, max_length=40, default=list)
    candidate = TcgCompanionSerializer()


class TcgBurdensRequestSerializer(StrictSerializer):
    burdens = serializers.IntegerField(min_value=0, max_value=99)
    resistance = serializers.IntegerField(min_value=1, max_value=99, default=10)
    added = serializers.IntegerField(min_value=0, max_value=99, default=0)


#: The most players an opening bid may name (the tie order can name no more).
MAX_BIDDERS = 20


class TcgBidsRequestSerializer(StrictSerializer):
    bids = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), help_text="Player → bid."
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
