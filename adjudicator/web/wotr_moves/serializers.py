"""API input and output of the War of the Ring move checker (names prefixed ``WotrMove``)."""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from adjudicator.games.wotr.board import (
    BOARD,
    MAX_CORRUPTION,
    MAX_PROGRESS,
    MORDOR_LAST_STEP,
    POLITICAL_MAX_STEPS,
    SIDES,
    UNIT_KINDS,
)
from adjudicator.games.wotr.moves.model import (
    DICE,
    FACTION_ACTIONS,
    FACTIONS,
    MOVE_KINDS,
    PIECE_KINDS,
)
from adjudicator.games.wotr.position import MAX_FREE_PEOPLES_DICE, MAX_SHADOW_DICE
from adjudicator.games.wotr.reading import (
    FELLOWSHIP_KEYS,
    HUNT_BOX_KEYS,
    MARKER_KEYS,
    MAX_ENTRIES,
    POSITION_KEYS,
)
from adjudicator.serializers import (
    AnswerSerializer,
    CitationSerializer,
    ReasonSerializer,
    SchemaJSONField,
    StrictSerializer,
)

#: A position's parts, each as the reader takes it (adjudicator/games/wotr/reading.py): its
#: objects with fixed keys name them from the reader's own tables (any other key is refused as
#: an unknown field), regions are named by slug or by name in any language, and a part or a
#: nation's entry left out or null is as in the standard setup (nothing, for armies).
FIGURES_SCHEMA = {
    "type": "object",
    "nullable": True,
    "additionalProperties": False,
    "properties": {kind: {"type": "integer", "minimum": 0} for kind in UNIT_KINDS},
}
REGION_NAME = {"type": "string", "description": "region: slug, English or Russian name"}
INTEGER = {"type": "integer"}


def _closed(keys: frozenset[str] | tuple[str, ...], properties: dict, what: str) -> dict:
    """An object of exactly ``keys`` (a reader's table; a key without a schema here fails at
    import), each optional."""
    return {
        "type": "object",
        "nullable": True,
        "additionalProperties": False,
        "description": what,
        "properties": {key: properties[key] for key in sorted(keys)},
    }


def _by_nation(value: dict, what: str) -> dict:
    return _closed(tuple(BOARD.nations), dict.fromkeys(BOARD.nations, value), what)


def _listed(items: dict) -> dict:
    return {"type": "array", "items": items, "maxItems": MAX_ENTRIES, "nullable": True}


def _keyed(value: dict, what: str) -> dict:
    return {
        "type": "object",
        "nullable": True,
        "maxProperties": MAX_ENTRIES,
        "additionalProperties": value,
        "description": what,
    }


POSITION_PARTS = {
    "armies": _keyed(
        _by_nation(FIGURES_SCHEMA, "nation → figures"), "region → nation → figures"
    ),
    "sieges": _listed(REGION_NAME),
    "characters": _keyed(REGION_NAME, "character (slug or English name) → region"),
    "control": _keyed(
        {"type": "string", "enum": list(SIDES)}, "settlement (region) → the side controlling it"
    ),
    "political": _by_nation(
        _closed(
            MARKER_KEYS,
            {
                "steps_from_war": {**INTEGER, "minimum": 0, "maximum": POLITICAL_MAX_STEPS},
                "active": {"type": "boolean"},
            },
            "a nation's political marker",
        ),
        "nation → political marker (the others at the start)",
    ),
    "fellowship": _closed(
        FELLOWSHIP_KEYS,
        {
            "region": REGION_NAME,
            "progress": {**INTEGER, "minimum": 0, "maximum": MAX_PROGRESS},
            "revealed": {"type": "boolean"},
            "corruption": {**INTEGER, "minimum": 0, "maximum": MAX_CORRUPTION},
            "mordor_step": {**INTEGER, "minimum": 0, "maximum": MORDOR_LAST_STEP,
                            "nullable": True},
            "guide": {"type": "string", "description": "a companion's slug or gollum"},
            "companions": _listed({"type": "string", "description": "a companion's slug"}),
        },
        "the Fellowship (left out: at Rivendell, as at the start)",
    ),
    "hunt_box": _closed(
        HUNT_BOX_KEYS,
        {
            "shadow_dice": {**INTEGER, "minimum": 0, "maximum": MAX_SHADOW_DICE},
            "free_peoples_dice": {**INTEGER, "minimum": 0, "maximum": MAX_FREE_PEOPLES_DICE},
        },
        "dice in the Hunt Box",
    ),
    "hunt_tiles_drawn": _listed({"type": "string", "enum": list(BOARD.hunt_tiles)}),
    "reinforcements": _by_nation(
        FIGURES_SCHEMA, "figures left in the pools of the nations listed (optional)"
    ),
}  # fmt: skip
POSITION_SCHEMA = {
    "oneOf": [
        {"type": "string", "enum": ["setup"], "description": "the standard starting position"},
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {key: POSITION_PARTS[key] for key in sorted(POSITION_KEYS)},
            "description": (
                "a board position (armies, sieges, characters, control, political, fellowship, "
                "hunt_box, hunt_tiles_drawn, optional reinforcements): the format of "
                "GET /api/wotr/positions/setup/"
            ),
        },
    ]
}
#: Figures of one nation: ``{nation?, regular, elite, leaders, nazgul}`` (10 at most of each).
UNITS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "nation": {"type": "string", "description": "the nation, where the region holds two"},
        **{kind: {"type": "integer"} for kind in UNIT_KINDS},
    },
}
#: One muster placement: a region, and figures of a nation or a character.
PLACEMENT_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "region": {"type": "string"},
        "character": {"type": "string", "description": "a character slug (a minion)"},
        **UNITS_SCHEMA["properties"],
    },
}
#: An army move's parts (also its second army, ``then``).
ARMY_PROPERTIES = {
    "die": {"type": "string", "enum": list(DICE)},
    "from": {"type": "string", "description": "region: slug, English or Russian name"},
    "to": {"type": "string"},
    "units": {
        "description": "figures moving: {regular, elite, leaders, nazgul, nation?} or a list "
        "of them (one per nation)",
        "oneOf": [UNITS_SCHEMA, {"type": "array", "items": UNITS_SCHEMA, "minItems": 1}],
    },
    "characters": {"type": "array", "items": {"type": "string"}},
}
MOVE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["kind"],
    "properties": {
        "kind": {
            "type": "string",
            "enum": list(MOVE_KINDS),
        },
        **ARMY_PROPERTIES,
        "companions": {"type": "array", "items": {"type": "string"}},
        "count": {"type": "integer", "minimum": 0, "maximum": 10},
        "placements": {"type": "array", "items": PLACEMENT_SCHEMA, "minItems": 1},
        "nation": {"type": "string"},
        "path": {"type": "array", "items": {"type": "string"}},
        "guide": {"type": "string"},
        "enter_mordor": {"type": "boolean"},
        "faction": {"type": "string", "enum": list(FACTIONS)},
        "action": {
            "type": "string",
            "enum": list(FACTION_ACTIONS),
            "description": "a faction die's action, read only when kind is faction: "
            + ", ".join(FACTION_ACTIONS),
        },
        "cards": {"type": "integer", "minimum": 0, "maximum": 20},
        "team_game": {"type": "boolean"},
        "then": {
            "type": "object",
            "additionalProperties": False,
            "required": ["from", "to"],
            "description": "second army of an army die",
            "properties": ARMY_PROPERTIES,
        },
    },
}
#: A piece is a move without ``to``, of the kinds that go somewhere.
PIECE_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["kind"],
    "properties": {
        "kind": {
            "type": "string",
            "enum": list(PIECE_KINDS),
        },
        **{key: value for key, value in MOVE_SCHEMA["properties"].items()
           if key not in ("kind", "to")},
    },
}  # fmt: skip
FACTIONS_SCHEMA = {
    "type": "object",
    "description": "faction figures on the board: faction → region → figures",
    "additionalProperties": {"type": "object", "additionalProperties": {"type": "integer"}},
}


@extend_schema_field(POSITION_SCHEMA)
class WotrMovePositionField(serializers.JSONField):
    """``"setup"`` or a position object (validated by the engine, all problems at once)."""

    def to_internal_value(self, data: Any) -> Any:
        """The value as given: the position's reader checks every value in it (DRF's
        JSONField would encode the whole position once more only to see that it can be)."""
        return data


class WotrMoveMoveField(SchemaJSONField):
    """A move object (validated by the engine)."""

    schema = MOVE_SCHEMA


class WotrMovePieceField(SchemaJSONField):
    """A piece: a move without ``to``."""

    schema = PIECE_SCHEMA


class WotrMoveFactionsField(SchemaJSONField):
    """Faction figures on the board."""

    schema = FACTIONS_SCHEMA


class WotrMoveCheckRequestSerializer(StrictSerializer):
    position = WotrMovePositionField(default="setup")
    move = WotrMoveMoveField()
    factions = WotrMoveFactionsField(required=False)


class WotrMoveLegalRequestSerializer(StrictSerializer):
    position = WotrMovePositionField(default="setup")
    piece = WotrMovePieceField()
    factions = WotrMoveFactionsField(required=False)


class WotrMoveCheckResponseSerializer(AnswerSerializer):
    legal = serializers.BooleanField()
    reasons = ReasonSerializer(many=True, help_text="every rule the move breaks")
    effects = ReasonSerializer(
        many=True, help_text="what the move sets off: activation, capture, hunt, ..."
    )
    path_length = serializers.IntegerField(allow_null=True)


class WotrMoveDestinationSerializer(serializers.Serializer):
    region = serializers.CharField()
    name = serializers.CharField()
    steps = serializers.IntegerField(allow_null=True)
    effects = ReasonSerializer(many=True)


class WotrMoveLegalResponseSerializer(serializers.Serializer):
    headline = serializers.CharField(help_text="How many regions the piece may end in.")
    piece = serializers.DictField()
    count = serializers.IntegerField()
    destinations = WotrMoveDestinationSerializer(many=True)
    citations = CitationSerializer(many=True)
    assumptions = serializers.ListField(child=serializers.CharField())


class WotrMovePositionShareRequestSerializer(StrictSerializer):
    position = WotrMovePositionField(
        help_text="the position to store (validated first; at most 64 KB as JSON)"
    )


class WotrMovePositionShareResponseSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="content key: the same position always has the same key")
    url = serializers.CharField(help_text="the move checker's board showing this position")
