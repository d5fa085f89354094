"""Request and response shapes of the Journey to Mordor API (documented in OpenAPI)."""

from rest_framework import serializers

from adjudicator.games.common import N_, InvalidInput, Message
from adjudicator.games.mordor.model import (
    DEFAULT_BLACK_DIE,
    DEFAULT_COLORED_DIE,
    DIE_COLORS,
    HOBBIT_COLORS,
    LOCATIONS,
    MAX_FACES,
    MAX_SQUARES,
    MAX_STEPS,
    DiceSpec,
    Face,
    GameSetup,
)
from adjudicator.games.mordor.model import PLACE_READINGS as READINGS
from adjudicator.games.mordor.odds import GOALS, POLICIES
from adjudicator.games.mordor.resolve import END_READINGS as GAME_END
from adjudicator.games.mordor.track import Square
from adjudicator.serializers import (
    AnswerSerializer,
    DeprecatedHeadlineField,
    ExactValueSerializer,
    ProbabilitySerializer,
    ReasonSerializer,
    StrictSerializer,
    readings_field,
)

FACES = [f.value for f in Face]
FACES_HELP = "One of: " + ", ".join(FACES)
SQUARES = [s.value for s in Square]
SQUARES_HELP = "One of: " + ", ".join(SQUARES)
#: The readings a question may pick, as ``readings_field`` takes them: each id's readings (the
#: first item of an engine's table entry), e.g. "rohan_reroll: each_roll or once_a_turn".
PLACE_READINGS, END_READINGS = (
    "; ".join(f"{reading_id}: {' or '.join(entry[0])}" for reading_id, entry in table.items())
    for table in (READINGS, GAME_END)
)
COLORS_HELP = "A hobbit's colour: " + ", ".join(HOBBIT_COLORS)


class MordorSetupSerializer(StrictSerializer):
    """What the rulebook shows only in pictures; defaults are stated in every answer."""

    colored_die = serializers.ListField(
        child=serializers.ChoiceField(choices=FACES, help_text=FACES_HELP),
        min_length=1,
        max_length=MAX_FACES,
        default=[f.value for f in DEFAULT_COLORED_DIE],
    )
    black_die = serializers.ListField(
        child=serializers.ChoiceField(choices=FACES, help_text=FACES_HELP),
        min_length=1,
        max_length=MAX_FACES,
        default=[f.value for f in DEFAULT_BLACK_DIE],
    )
    hobbit_steps = serializers.IntegerField(min_value=1, max_value=MAX_STEPS, default=9)
    nazgul_squares = serializers.IntegerField(min_value=1, max_value=MAX_SQUARES, default=7)

    def to_setup(self, data: dict) -> GameSetup:
        problems = [
            (
                f"setup.{name}[{i}]",
                Message(
                    N_("unknown face %(value)s (%(known)s)"),
                    value=repr(face),
                    known=", ".join(FACES),
                ),
            )
            for name in ("colored_die", "black_die")
            for i, face in enumerate(data[name])
            if face not in FACES
        ]
        if problems:
            raise InvalidInput(problems)
        return GameSetup(
            dice=DiceSpec(
                colored=tuple(Face(f) for f in data["colored_die"]),
                black=tuple(Face(f) for f in data["black_die"]),
            ),
            hobbit_steps=data["hobbit_steps"],
            nazgul_squares=data["nazgul_squares"],
        )


class MordorDieSerializer(StrictSerializer):
    face = serializers.ChoiceField(FACES)
    color = serializers.ChoiceField(list(DIE_COLORS))


class MordorKeepRequestSerializer(StrictSerializer):
    rolled = MordorDieSerializer(many=True, min_length=1, max_length=len(DIE_COLORS))
    keep = serializers.ListField(
        child=serializers.IntegerField(),
        max_length=len(DIE_COLORS),
        help_text="Indexes into rolled.",
    )
    player_color = serializers.ChoiceField(list(HOBBIT_COLORS))
    location = serializers.ChoiceField(list(LOCATIONS[:-1]), allow_null=True, default=None)
    advanced = serializers.BooleanField(default=False)
    rerolled = serializers.BooleanField(
        default=False,
        help_text="This roll is already Rohan's re-roll (advanced game; under the reading "
        "rohan_reroll once_a_turn: the turn's re-roll is used).",
    )
    setup = MordorSetupSerializer(required=False)
    readings = readings_field(PLACE_READINGS)


class MordorKeepResponseSerializer(AnswerSerializer):
    legal = serializers.BooleanField()
    summary = DeprecatedHeadlineField()
    notes = ReasonSerializer(many=True)
    legal_keeps = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    may_reroll = serializers.BooleanField()
    ends_rolling = serializers.BooleanField()


class MordorPlayerSerializer(StrictSerializer):
    color = serializers.CharField(help_text=COLORS_HELP)
    position = serializers.IntegerField(
        min_value=0,
        max_value=MAX_STEPS,
        default=0,
        help_text="Steps made from Bag End (9 = Mordor).",
    )
    nazgul_track = serializers.ListField(
        child=serializers.ChoiceField(choices=SQUARES, help_text=SQUARES_HELP),
        max_length=MAX_SQUARES,
        required=False,
        help_text="The Nazgûl track's squares, left to right; omitted: an empty track.",
    )
    eliminated = serializers.BooleanField(default=False)


class MordorResolveRequestSerializer(StrictSerializer):
    players = MordorPlayerSerializer(many=True, min_length=1, max_length=len(HOBBIT_COLORS))
    active = serializers.IntegerField(min_value=0, help_text="Index of the active player.")
    kept = MordorDieSerializer(many=True, min_length=1, max_length=len(DIE_COLORS))
    advanced = serializers.BooleanField(default=False)
    gandalf_squares = serializers.ListField(
        child=serializers.IntegerField(),
        max_length=MAX_SQUARES,
        allow_null=True,
        default=None,
        help_text="Squares (0-based) Gandalf splits; null: the leftmost empty ones.",
    )
    setup = MordorSetupSerializer(required=False)
    readings = readings_field(END_READINGS)


class MordorPlayerStateSerializer(serializers.Serializer):
    color = serializers.CharField()
    position = serializers.IntegerField()
    location = serializers.CharField(allow_null=True)
    nazgul_track = serializers.ListField(child=serializers.CharField())
    open_divisions = serializers.IntegerField()
    eliminated = serializers.BooleanField()


class MordorResolveResponseSerializer(AnswerSerializer):
    summary = DeprecatedHeadlineField()
    ring_steps = serializers.IntegerField()
    rings_blocked = serializers.BooleanField()
    marks = serializers.DictField(child=serializers.IntegerField())
    splits = serializers.ListField(child=serializers.IntegerField())
    players = MordorPlayerStateSerializer(many=True)
    events = ReasonSerializer(many=True)
    round_complete = serializers.BooleanField()
    game_over = serializers.BooleanField()
    winners = serializers.ListField(child=serializers.CharField())


class MordorOddsRequestSerializer(StrictSerializer):
    position = serializers.IntegerField(
        min_value=0, max_value=MAX_STEPS, help_text="Steps made from Bag End (4 = Rohan)."
    )
    nazgul_track = serializers.ListField(
        child=serializers.ChoiceField(choices=SQUARES, help_text=SQUARES_HELP),
        max_length=MAX_SQUARES,
        required=False,
        help_text="The Nazgûl track's squares, left to right; omitted: an empty track.",
    )
    player_color = serializers.ChoiceField(list(HOBBIT_COLORS))
    other_colors = serializers.ListField(
        child=serializers.CharField(help_text=COLORS_HELP),
        max_length=len(HOBBIT_COLORS) - 1,
        default=list,
        help_text="Colours of the other players still in the game.",
    )
    advanced = serializers.BooleanField(default=False)
    goal = serializers.ChoiceField(list(GOALS), default="progress")
    policy = serializers.ChoiceField(list(POLICIES), default="optimal")
    rolled = MordorDieSerializer(
        many=True,
        required=False,
        max_length=len(DIE_COLORS),
        help_text="The roll in front of you: the answer then ranks its legal keeps.",
    )
    kept_before = MordorDieSerializer(
        many=True,
        required=False,
        max_length=len(DIE_COLORS) - 1,
        help_text="Dice kept earlier this turn (with rolled: the 5 dice, once each).",
    )
    rerolled = serializers.BooleanField(
        default=False,
        help_text="The roll is already Rohan's re-roll (advanced game; under the reading "
        "rohan_reroll once_a_turn: the turn's re-roll is used).",
    )
    horizon = serializers.ChoiceField(
        ["turn", "game"],
        default="turn",
        help_text="game: also the chance to reach Mordor before elimination over the journey.",
    )
    other_mark_chance = serializers.CharField(
        default="0",
        help_text="With horizon game: the chance that one other player's turn marks you "
        "(a fraction such as 1/6, or a decimal); 0 (default) is the solitaire view.",
    )
    setup = MordorSetupSerializer(required=False)
    readings = readings_field(PLACE_READINGS)


class MordorCountChanceSerializer(ProbabilitySerializer):
    count = serializers.IntegerField()


class MordorOutcomeSerializer(ProbabilitySerializer):
    steps = serializers.IntegerField()
    marks = serializers.IntegerField()
    eliminated = serializers.BooleanField()


class MordorKeepAdviceSerializer(serializers.Serializer):
    keep = serializers.ListField(child=serializers.IntegerField())
    dice = serializers.CharField()
    value = ExactValueSerializer()


class MordorRollAdviceSerializer(serializers.Serializer):
    keeps = MordorKeepAdviceSerializer(many=True, help_text="Every legal keep, best first.")
    reroll = ExactValueSerializer(allow_null=True, help_text="Rohan: re-rolling the whole roll.")


class MordorJourneyChanceSerializer(serializers.Serializer):
    probability = serializers.FloatField()
    exact = serializers.CharField(
        allow_null=True,
        help_text="The exact fraction p/q; null when computed in floating point (see precision).",
    )


class MordorJourneyKeepSerializer(serializers.Serializer):
    keep = serializers.ListField(child=serializers.IntegerField())
    dice = serializers.CharField()
    reach_mordor = serializers.FloatField(
        help_text="Chance to reach Mordor over the journey after this keep, best play after."
    )


class MordorJourneySerializer(serializers.Serializer):
    reach_mordor = MordorJourneyChanceSerializer(
        help_text="Chance to end one of your turns in Mordor not eliminated, best play."
    )
    this_turn = MordorJourneyChanceSerializer(help_text="Of which: reaching Mordor this very turn.")
    precision = serializers.FloatField(
        help_text="Largest absolute error of the chances: 0 when exact (a journey through a "
        "few states), 1e-9 when computed in floating point; keeps are always floats."
    )
    other_mark_chance = serializers.CharField()
    states = serializers.IntegerField(help_text="States of the journey solved so far.")
    keeps = MordorJourneyKeepSerializer(
        many=True, help_text="With rolled: every legal keep, best for the journey first."
    )
    reroll = serializers.FloatField(
        allow_null=True, help_text="Rohan: the journey's chance after re-rolling the whole roll."
    )


class MordorOddsResponseSerializer(AnswerSerializer):
    summary = DeprecatedHeadlineField()
    goal = serializers.CharField()
    policy = serializers.CharField()
    location = serializers.CharField(allow_null=True)
    value = ExactValueSerializer()
    optimal_value = ExactValueSerializer()
    policy_values = serializers.DictField(child=ExactValueSerializer())
    expected_steps = ExactValueSerializer()
    expected_marks = ExactValueSerializer()
    eliminated = ProbabilitySerializer()
    reach_mordor = ProbabilitySerializer()
    steps = MordorCountChanceSerializer(many=True)
    marks = MordorCountChanceSerializer(many=True)
    outcomes = MordorOutcomeSerializer(many=True)
    advice = MordorRollAdviceSerializer(allow_null=True)
    journey = MordorJourneySerializer(allow_null=True, help_text="With horizon game.")
