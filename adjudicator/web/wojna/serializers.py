"""API input and output of Wojna o Pierścień (names prefixed ``Wojna`` for OpenAPI)."""

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.games.wojna.ring import INHERITANCE_ORDER
from adjudicator.games.wojna.search import (
    ALLIANCE_MOVE,
    MAX_NAZGUL,
    MAX_OTHER_CHARACTERS,
    SEARCH_PHASE,
)
from adjudicator.games.wojna.tables import SPELL_CATEGORIES
from adjudicator.games.wojna.validation import (
    MAX_ATTEMPTS,
    MAX_ATTRIBUTE,
    MAX_HEX,
    MAX_NAME,
    MAX_STRENGTH,
    MAX_UNITS,
)
from adjudicator.serializers import (
    AnswerSerializer,
    DeprecatedHeadlineField,
    ExactValueSerializer,
    ProbabilitySerializer,
    StrictSerializer,
    readings_field,
)

ATTRIBUTE = {"min_value": 0, "max_value": MAX_ATTRIBUTE}


def strengths(**kwargs) -> serializers.ListField:
    """Unit strengths: whole numbers of at least 1, at most MAX_UNITS of them."""
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_STRENGTH),
        max_length=MAX_UNITS,
        **kwargs,
    )


# What every Wojna answer ends with.
class WojnaAnswerSerializer(AnswerSerializer):
    summary = DeprecatedHeadlineField()


# Die tests: capture, escape, taking the Ring off.
class WojnaAttemptsField(serializers.IntegerField):
    def __init__(self, **kwargs):
        super().__init__(min_value=1, max_value=MAX_ATTEMPTS, default=1, **kwargs)


class WojnaCaptureRequestSerializer(StrictSerializer):
    niewola = serializers.IntegerField(**ATTRIBUTE, help_text="Niewola: Sauron captures on ≤.")
    attempts = WojnaAttemptsField()
    found = serializers.BooleanField(default=True, help_text="The character has been found.")
    own_army_area = serializers.BooleanField(
        default=False, help_text="In an area occupied by the Alliance's own armies."
    )


class WojnaEscapeRequestSerializer(StrictSerializer):
    ucieczka = serializers.IntegerField(**ATTRIBUTE, help_text="Ucieczka: escape on ≥.")
    attempts = WojnaAttemptsField()


class WojnaRingRemovalRequestSerializer(StrictSerializer):
    pierscien = serializers.IntegerField(**ATTRIBUTE, help_text="Pierścień: the Ring off on ≤.")
    attempts = WojnaAttemptsField()


class WojnaAttemptSerializer(ProbabilitySerializer):
    attempt = serializers.IntegerField()


class WojnaAttemptOddsSerializer(WojnaAnswerSerializer):
    test = serializers.ChoiceField(["capture", "escape", "ring_removal"])
    attribute = serializers.IntegerField()
    attempts = serializers.IntegerField()
    allowed = serializers.BooleanField()
    success_faces = serializers.ListField(child=serializers.IntegerField())
    probability = serializers.FloatField(help_text="At least one success in `attempts`.")
    exact = serializers.CharField()
    per_attempt = ProbabilitySerializer()
    first_success = WojnaAttemptSerializer(many=True)
    never = ProbabilitySerializer()


# Battle.
class WojnaSpellsField(serializers.RegexField):
    """A spell category A–D, or null (a pattern, not an enum, so both sides share it)."""

    def __init__(self, **kwargs):
        super().__init__(
            f"^[{''.join(SPELL_CATEGORIES)}]$",
            required=False,
            allow_null=True,
            error_messages={"invalid": _("Must be one of A, B, C, D.")},
            help_text="The Czary category (A–D) the character casts in this duel, if any.",
            **kwargs,
        )


@extend_schema_field(
    {
        "type": "string",
        "format": "decimal",
        "pattern": r"^(?:100(?:\.0{0,2})?|0?[1-9]\d?(?:\.\d{0,2})?|0?\.(?:0[1-9]|[1-9]\d?))$",
        "example": "1.5",
    }
)
class TerrainMultiplierField(serializers.DecimalField):
    """A terrain multiplier, 0.01 to 100 in hundredths, as text (the schema's pattern says so:
    drf-spectacular gives a decimal's bounds only to numbers)."""

    def __init__(self, **kwargs):
        super().__init__(
            max_digits=5, decimal_places=2, min_value=Decimal("0.01"), max_value=Decimal(100),
            **kwargs,
        )  # fmt: skip


class WojnaBattleRequestSerializer(StrictSerializer):
    attacker_units = strengths(min_length=1, help_text="Attacking units' strengths.")
    defender_units = strengths(min_length=1, help_text="Defending units' strengths.")
    terrain_multiplier = TerrainMultiplierField(
        default=1,
        help_text="The defender's multiplier from your terrain table.",
    )
    sortie = serializers.BooleanField(
        default=False, help_text="Attack from a fortress: the besiegers defend unmultiplied."
    )
    attacker_morale = serializers.IntegerField(**ATTRIBUTE, required=False, allow_null=True)
    attacker_morale_bracketed = serializers.BooleanField(default=False)
    attacker_spell_bonus = serializers.IntegerField(**ATTRIBUTE, default=0)
    defender_morale = serializers.IntegerField(**ATTRIBUTE, required=False, allow_null=True)
    defender_morale_bracketed = serializers.BooleanField(default=False)
    defender_spell_bonus = serializers.IntegerField(**ATTRIBUTE, default=0)
    attacker_spells = WojnaSpellsField()
    defender_spells = WojnaSpellsField()
    readings = readings_field(
        "loss_rounding: exact, defender_favour, down or up; ratio_rounding: ratio or strength_first"
    )

    def validate(self, attrs):
        errors = {}
        for side in ("attacker", "defender"):
            if attrs.get(f"{side}_morale") is not None:
                continue
            for field in (f"{side}_spell_bonus", f"{side}_spells"):
                if attrs.get(field):
                    errors[field] = _("A spell bonus needs a leader: give its Morale.")
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class WojnaBattleOutcomeSerializer(ProbabilitySerializer):
    roll = serializers.IntegerField(
        allow_null=True, help_text="The die; null when leaders' spell rolls are summed in."
    )
    modified_die = serializers.IntegerField()
    attacker_loss_percent = serializers.IntegerField(allow_null=True)
    defender_loss_percent = serializers.IntegerField(allow_null=True)
    attacker_loss = serializers.CharField(allow_null=True, help_text="Exact, before rounding.")
    defender_loss = serializers.CharField(allow_null=True, help_text="Exact, before rounding.")


class WojnaBattleResponseSerializer(WojnaAnswerSerializer):
    attacker_strength = serializers.IntegerField()
    defender_strength = serializers.IntegerField()
    terrain_multiplier = serializers.CharField()
    defender_effective_strength = serializers.CharField()
    exact_ratio = serializers.CharField()
    column = serializers.CharField()
    automatic_elimination = serializers.BooleanField()
    attacker_may_continue = serializers.BooleanField()
    die_modifier = serializers.IntegerField()
    table_entered = serializers.BooleanField()
    outcomes = WojnaBattleOutcomeSerializer(many=True)


# Ratio planner.
class WojnaRatioPlanRequestSerializer(WojnaBattleRequestSerializer):
    # its readings are the battle's: the columns follow the ratio's rounding, the expected
    # losses the losses' rounding
    unit_strength = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ATTRIBUTE,
        default=1,
        help_text="The strength of the units you could add: the plan counts them.",
    )


class WojnaRatioBandSerializer(serializers.Serializer):
    column = serializers.CharField(help_text="The force-ratio column; 10:1 removes at once.")
    attacker_strength = serializers.IntegerField(help_text="The least strength reaching it.")
    added_strength = serializers.IntegerField()
    added_units = serializers.IntegerField(help_text="Units of unit_strength to add.")
    automatic_elimination = serializers.BooleanField()
    expected_attacker_loss = ExactValueSerializer(
        allow_null=True, help_text="Expected loss in strength points; null without the table."
    )
    expected_defender_loss = ExactValueSerializer(allow_null=True)
    defender_destroyed = ProbabilitySerializer(
        allow_null=True, help_text="Chance the defender loses 100% (or is removed at 10:1)."
    )
    outcomes = WojnaBattleOutcomeSerializer(many=True)


class WojnaRatioPlanResponseSerializer(WojnaAnswerSerializer):
    defender_effective_strength = serializers.CharField()
    unit_strength = serializers.IntegerField()
    bands = WojnaRatioBandSerializer(
        many=True, help_text="The battle's own column first, then each better one to 10:1."
    )


# Duel.
def nazgul_field(side: str) -> serializers.BooleanField:
    return serializers.BooleanField(default=False, help_text=f"The {side} is a Nazgûl.")


def strokes_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        **ATTRIBUTE,
        default=0,
        help_text="A Nazgûl's ordinary wounds (strokes), beside its crosses.",
    )


def magic_sword_field(side: str) -> serializers.BooleanField:
    return serializers.BooleanField(
        default=False, help_text=f"The {side} has a Magic Sword: a Nazgûl it wounds gets crosses."
    )


class WojnaDuelRequestSerializer(StrictSerializer):
    attacker_morale = serializers.IntegerField(**ATTRIBUTE)
    attacker_odwaga = serializers.IntegerField(**ATTRIBUTE)
    attacker_wounds = serializers.IntegerField(**ATTRIBUTE, default=0)
    attacker_odpornosc = serializers.IntegerField(
        min_value=1, max_value=MAX_ATTRIBUTE, required=False, allow_null=True
    )
    defender_morale = serializers.IntegerField(**ATTRIBUTE)
    defender_odwaga = serializers.IntegerField(**ATTRIBUTE)
    defender_wounds = serializers.IntegerField(**ATTRIBUTE, default=0)
    defender_odpornosc = serializers.IntegerField(
        min_value=1, max_value=MAX_ATTRIBUTE, required=False, allow_null=True
    )
    attacker_spells = WojnaSpellsField()
    defender_spells = WojnaSpellsField()
    attacker_nazgul = nazgul_field("attacker")
    attacker_strokes = strokes_field()
    attacker_magic_sword = magic_sword_field("attacker")
    defender_nazgul = nazgul_field("defender")
    defender_strokes = strokes_field()
    defender_magic_sword = magic_sword_field("defender")
    readings = readings_field(
        "strike_order: starter_first or defender_first; nazgul_mixed_marks: cannot_duel or can_duel"
    )


class WojnaStrikeWoundsSerializer(ProbabilitySerializer):
    striker_wounds = serializers.IntegerField()
    struck_wounds = serializers.IntegerField()


class WojnaDuelStrikeSerializer(serializers.Serializer):
    roll = serializers.IntegerField()
    attacker_wounds = serializers.IntegerField(allow_null=True)
    defender_wounds = serializers.IntegerField(allow_null=True)


class WojnaDuelFightSerializer(serializers.Serializer):
    attacker_falls = ProbabilitySerializer()
    defender_falls = ProbabilitySerializer()
    both_fall = ProbabilitySerializer()
    endless = ProbabilitySerializer()


class WojnaDuelResponseSerializer(WojnaAnswerSerializer):
    attacker_total = serializers.IntegerField()
    defender_total = serializers.IntegerField()
    difference = serializers.IntegerField()
    table_entered = serializers.BooleanField()
    attacker_strikes = WojnaDuelStrikeSerializer(many=True)
    defender_strikes = WojnaDuelStrikeSerializer(many=True)
    attacker_strike = WojnaStrikeWoundsSerializer(many=True)
    defender_strike = WojnaStrikeWoundsSerializer(many=True)
    fight = WojnaDuelFightSerializer(allow_null=True)
    cannot_duel = serializers.ListField(
        child=serializers.ChoiceField(["attacker", "defender"]),
        help_text="The sides that cannot take part: a Nazgûl whose squares are all filled, "
        "crosses and strokes mixed, under the nazgul_mixed_marks reading cannot_duel.",
    )
    attacker_mark = serializers.CharField(
        help_text="The mark a wound to the attacker leaves in this duel: cross or stroke."
    )
    defender_mark = serializers.CharField(
        help_text="The mark a wound to the defender leaves in this duel: cross or stroke."
    )


# Search.
class WojnaSearchRequestSerializer(StrictSerializer):
    phase = serializers.ChoiceField([SEARCH_PHASE, ALLIANCE_MOVE], default=SEARCH_PHASE)
    nazgul = serializers.IntegerField(min_value=0, max_value=MAX_NAZGUL, default=0)
    orc_units = strengths(default=list)
    other_units = strengths(default=list)
    other_characters = serializers.IntegerField(
        min_value=0, max_value=MAX_OTHER_CHARACTERS, default=0
    )
    niewola = serializers.IntegerField(**ATTRIBUTE, required=False, allow_null=True)
    readings = readings_field("nazgul_search: general_points or nothing")


class WojnaSearchPartSerializer(serializers.Serializer):
    source = serializers.CharField()
    points = serializers.IntegerField()


class WojnaSearchResponseSerializer(WojnaAnswerSerializer):
    phase = serializers.CharField()
    points = serializers.IntegerField()
    breakdown = WojnaSearchPartSerializer(many=True)
    table_entered = serializers.BooleanField()
    success_faces = serializers.ListField(child=serializers.IntegerField())
    capture_faces = serializers.ListField(child=serializers.IntegerField())
    found = ProbabilitySerializer(allow_null=True)
    capture_allowed = ProbabilitySerializer(allow_null=True)
    captured = ProbabilitySerializer(allow_null=True)


# Characters: wounds, the Ringwraith, Gollum.
class WojnaWoundsRequestSerializer(StrictSerializer):
    character = serializers.CharField(max_length=MAX_NAME, required=False, allow_blank=True)
    odpornosc = serializers.IntegerField(min_value=1, max_value=MAX_ATTRIBUTE)
    crosses = serializers.IntegerField(**ATTRIBUTE, default=0)
    circles = serializers.IntegerField(**ATTRIBUTE, default=0)
    strokes = serializers.IntegerField(**ATTRIBUTE, default=0)
    nazgul = serializers.BooleanField(default=False)
    new_wounds = serializers.IntegerField(**ATTRIBUTE, default=0)
    magic_sword = serializers.BooleanField(default=False)
    spells = serializers.BooleanField(default=False)
    readings = readings_field("nazgul_mixed_marks: cannot_duel or can_duel")


class WojnaWoundsResponseSerializer(WojnaAnswerSerializer):
    status = serializers.ChoiceField(["alive", "dead", "ringwraith", "cannot_duel"])
    odpornosc = serializers.IntegerField()
    crosses = serializers.IntegerField()
    circles = serializers.IntegerField()
    strokes = serializers.IntegerField()
    new_mark = serializers.CharField()
    free_squares = serializers.IntegerField()
    shadow_wins = serializers.BooleanField()


class WojnaRingwraithRequestSerializer(StrictSerializer):
    character = serializers.CharField(max_length=MAX_NAME, required=False, allow_blank=True)
    odpornosc = serializers.IntegerField(min_value=1, max_value=MAX_ATTRIBUTE)
    circles = serializers.IntegerField(**ATTRIBUTE, default=0)
    pierscien = serializers.IntegerField(**ATTRIBUTE)


class WojnaStageSerializer(ProbabilitySerializer):
    stage = serializers.IntegerField()


class WojnaRingwraithResponseSerializer(WojnaAnswerSerializer):
    stages_left = serializers.IntegerField()
    per_attempt = ProbabilitySerializer()
    removed_at = WojnaStageSerializer(many=True)
    becomes_ringwraith = ProbabilitySerializer()
    shadow_wins = ProbabilitySerializer()


class WojnaGollumRequestSerializer(StrictSerializer):
    previous = serializers.ChoiceField(
        ["alliance", "sauron"], required=False, allow_null=True, default=None
    )
    readings = readings_field("gollum_three_four: nobody or keeps")


class WojnaGollumSideSerializer(ProbabilitySerializer):
    side = serializers.CharField()
    label = serializers.CharField()


class WojnaGollumResponseSerializer(WojnaAnswerSerializer):
    distribution = WojnaGollumSideSerializer(many=True)


# The Ring.
#: The most candidates one question may name (far more than the game's characters).
MAX_CANDIDATES = 40


class WojnaCandidateSerializer(StrictSerializer):
    name = serializers.CharField(max_length=MAX_NAME)
    group = serializers.ChoiceField(INHERITANCE_ORDER)
    has_ring_attribute = serializers.BooleanField(default=True)


class WojnaInheritanceRequestSerializer(StrictSerializer):
    candidates = WojnaCandidateSerializer(many=True, allow_empty=True, max_length=MAX_CANDIDATES)


class WojnaRankingSerializer(serializers.Serializer):
    name = serializers.CharField()
    group = serializers.CharField()
    group_label = serializers.CharField()
    priority = serializers.IntegerField(allow_null=True)


class WojnaInheritanceResponseSerializer(WojnaAnswerSerializer):
    heirs = serializers.ListField(child=serializers.CharField())
    group = serializers.CharField()
    ranking = WojnaRankingSerializer(many=True)


class WojnaDestructionRequestSerializer(StrictSerializer):
    hex = serializers.IntegerField(min_value=0, max_value=MAX_HEX)
    ring_worn = serializers.BooleanField(default=False)


class WojnaDestructionResponseSerializer(WojnaAnswerSerializer):
    destroyed = serializers.BooleanField()


class WojnaTablesResponseSerializer(serializers.Serializer):
    battle_results = serializers.IntegerField(help_text="Cells entered.")
    duel_results = serializers.IntegerField()
    search = serializers.IntegerField()
    spells = serializers.IntegerField()
    message = serializers.CharField(allow_blank=True)
