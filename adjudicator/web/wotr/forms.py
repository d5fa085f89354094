"""The page forms. Each turns its cleaned data into the API's input shape (``as_request``), so
pages and API run the same service code."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from adjudicator import parsers
from adjudicator.games.wotr.board import (
    BOARD,
    CHARACTER_NAMES,
    FREE_PEOPLES,
    HUNT_TILE_NAMES,
    SHADOW,
)
from adjudicator.games.wotr.hunt_plan import (
    CADENCE_COUNT,
    CADENCE_COUNTS,
    CORRUPTION_FIRST,
    HUNT_TIE,
    TIE_RULES,
    WITH_MOVES_MADE,
)
from adjudicator.games.wotr.position import starting_control
from adjudicator.web import querypaths
from adjudicator.web.links.services import (
    SharedInputError,
    canonical_json,
    input_key,
    is_stored,
    shared_input,
)
from adjudicator.web.pages import ApiFieldsForm, reading_choice
from adjudicator.web.wotr_moves.presenters import region_name

from . import serializers as api

POLICY_CHOICES = [
    ("keep_strength", _("Keep strength: downgrade elites first")),
    ("keep_elites", _("Keep elites: remove regulars first")),
]
SETTLEMENT_CHOICES = [
    ("none", _("None")),
    ("town", _("Town")),
    ("city", _("City")),
    ("fortification", _("Fortification")),
    ("stronghold", _("Stronghold")),
]


def number(label, initial: int | None = 0, required: bool = True, help_text=""):
    """A whole number; its bounds are the API's (``ApiFieldsForm``: the serializer states them,
    from the engine's constants)."""
    return forms.IntegerField(
        label=label,
        initial=initial,
        required=required,
        help_text=help_text,
    )


class EngineErrorsMixin(ApiFieldsForm):
    """Put an engine's ``InvalidInput`` problems on the matching fields; group the fields."""

    groups: tuple[tuple[Any, str], ...] = ()
    """(legend, field-name prefix) of each fieldset; the other fields come last."""

    def fieldsets(self) -> list[tuple[Any, list]]:
        """(legend, bound fields) per fieldset, for the template (under "More options" the
        fields players seldom change)."""
        sets: list[tuple[Any, list]] = [(legend, []) for legend, _ in self.groups]
        rest: list = []
        for field in self.more_fields() if self.primary else self:
            index = next(
                (i for i, (_, prefix) in enumerate(self.groups) if field.name.startswith(prefix)),
                None,
            )
            (rest if index is None else sets[index][1]).append(field)
        return [*sets, ("", rest)]

    def add_engine_errors(self, problems) -> None:
        """Each problem under its field; one about a whole side is named by the side's legend."""
        legends = {prefix.rstrip("_"): legend for legend, prefix in self.groups}
        for where, message in problems:
            head, _dot, inner = where.partition(".")
            name = where.replace(".", "_").replace("target_", "")
            if name in self.fields:
                self.add_error(name, message)
            elif head in self.fields:
                self.add_error(head, f"{inner}: {message}" if inner else message)
            else:
                self.add_error(None, f"{legends.get(head, where)}: {message}")


ARMY_KEYS = (
    "regular",
    "elite",
    "leadership",
    "strength_bonus",
    "roll_modifier",
    "reroll_modifier",
    "casualty_policy",
)
#: What players change in a battle (rules: Битва): the armies' units and leadership side by
#: side, the settlement and the siege; modifiers, casualties and rounds keep their defaults.
BATTLE_PRIMARY = (
    "attacker_regular",
    "defender_regular",
    "attacker_elite",
    "defender_elite",
    "attacker_leadership",
    "defender_leadership",
    "settlement",
    "siege",
)
SIDE_API_NAMES = {
    f"{side}_{key}": f"{side}.{key}" for side in ("attacker", "defender") for key in ARMY_KEYS
}


def _side_fields(prefix: str, label, regular: int) -> dict[str, forms.Field]:
    return {
        f"{prefix}_regular": number(
            _("%(side)s: regular units") % {"side": label}, initial=regular
        ),
        f"{prefix}_elite": number(_("%(side)s: elite units") % {"side": label}),
        f"{prefix}_leadership": number(
            _("%(side)s: leadership") % {"side": label},
            help_text=_("Leaders + Nazgûl + the characters' leadership"),
        ),
        f"{prefix}_strength_bonus": number(_("%(side)s: strength bonus") % {"side": label}),
        f"{prefix}_roll_modifier": number(_("%(side)s: roll modifier") % {"side": label}),
        f"{prefix}_reroll_modifier": number(_("%(side)s: re-roll modifier") % {"side": label}),
        f"{prefix}_casualty_policy": forms.ChoiceField(
            label=_("%(side)s: casualties") % {"side": label},
            choices=POLICY_CHOICES,
            initial="keep_strength",
        ),
    }


def _battle(data: dict[str, Any]) -> dict[str, Any]:
    """Both armies, the settlement and the siege as the API takes them."""
    return {
        **{
            side: {key: data[f"{side}_{key}"] for key in ARMY_KEYS if f"{side}_{key}" in data}
            for side in ("attacker", "defender")
        },
        "settlement": data["settlement"],
        "siege": data["siege"],
    }


class BattleForm(EngineErrorsMixin):
    api_request = api.WotrBattleRequestSerializer
    fixed_fields = True
    api_names = SIDE_API_NAMES
    primary = BATTLE_PRIMARY
    primary_columns = 2
    groups = ((_("Attacker"), "attacker_"), (_("Defender"), "defender_"))
    settlement = forms.ChoiceField(label=_("Defender's settlement"), choices=SETTLEMENT_CHOICES)
    siege = forms.BooleanField(
        label=_("Siege (the defender is inside its stronghold)"), required=False
    )
    rounds = number(
        _("Rounds"),
        initial=None,
        required=False,
        help_text=_("Leave empty to fight until one side has no units."),
    )
    attacker_stops_below = number(
        _("The attacker stops with fewer than this many units"),
        help_text=_("0: never stops."),
    )

    def leading_fields(self) -> dict[str, forms.Field]:
        return {
            **_side_fields("attacker", _("Attacker"), regular=5),
            **_side_fields("defender", _("Defender"), regular=3),
        }

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **_battle(data),
            "rounds": data["rounds"],
            "attacker_stops_below": data["attacker_stops_below"] or 0,
        }


GOAL_CHOICES = [
    ("capture", _("Destroy the defender and keep a unit to move in")),
    ("destroy", _("Destroy the defending army")),
    ("exchange", _("Win the best exchange of hit points")),
]


class BattlePlanForm(EngineErrorsMixin):
    """The battle planner: the armies as on the battle page, the goal, a target chance."""

    api_request = api.WotrBattlePlanRequestSerializer
    api_names = SIDE_API_NAMES
    fixed_fields = True
    primary = ("goal", *BATTLE_PRIMARY, "target_percent")
    primary_columns = 2
    groups = BattleForm.groups
    goal = forms.ChoiceField(label=_("Goal"), choices=GOAL_CHOICES, initial="capture")
    settlement = BattleForm.base_fields["settlement"]
    siege = BattleForm.base_fields["siege"]
    target_percent = number(
        _("Smallest army for this chance (%)"),
        initial=None,
        required=False,
        help_text=_("Leave empty to skip; with the elites and leadership given."),
    )

    def leading_fields(self) -> dict[str, forms.Field]:
        """The battle page's armies without the casualty policies: the plan chooses them."""
        return {
            name: field
            for name, field in BattleForm.leading_fields(self).items()
            if not name.endswith("_casualty_policy")
        }

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            **_battle(data),
            "goal": data["goal"],
            "target_percent": data["target_percent"],
        }


class FactionAttackForm(EngineErrorsMixin):
    api_request = api.WotrFactionAttackRequestSerializer
    api_names = {"regular": "target.regular", "elite": "target.elite"}
    primary = ("faction", "figures", "regular", "elite", "in_orthanc")
    faction = forms.ChoiceField(
        label=_("Faction"),
        choices=[("dead", _("The Dead of Dunharrow")), ("ents", _("The Ents of Fangorn"))],
    )
    figures = number(_("Figures available"), initial=2)
    attacks = number(
        _("Attacks at most"),
        initial=None,
        required=False,
        help_text=_("Leave empty to use every figure."),
    )
    regular = number(_("Shadow army: regular units"), initial=2)
    elite = number(_("Shadow army: elite units"))
    casualty_policy = forms.ChoiceField(
        label=_("Shadow casualties"), choices=POLICY_CHOICES, initial="keep_strength"
    )
    in_orthanc = forms.BooleanField(label=_("Ents attacking Orthanc"), required=False)

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "faction": data["faction"],
            "figures": data["figures"],
            "attacks": data["attacks"],
            "target": {"regular": data["regular"], "elite": data["elite"]},
            "casualty_policy": data["casualty_policy"],
            "in_orthanc": data["in_orthanc"],
        }


def _tile_choices(kind: str | None = None) -> list[tuple[str, Any]]:
    return [
        (tile.id, _(HUNT_TILE_NAMES[tile.id]) if tile.card else tile.id)
        for tile in BOARD.hunt_tiles.values()
        if (kind is None and tile.is_standard) or tile.kind == kind
    ]


COMPANION_CHOICES = [
    (c.slug, _(CHARACTER_NAMES[c.slug]))
    for c in BOARD.characters.values()
    if c.is_companion and c.level
]


class HuntForm(EngineErrorsMixin):
    api_request = api.WotrHuntRequestSerializer
    fixed_fields = True
    api_names = {f"reroll_{k}": f"rerolls.{k}" for k in ("stronghold", "army", "nazgul")}
    primary: tuple[str, ...] = (
        "hunt_dice",
        "fp_dice_in_box",
        "reroll_stronghold",
        "reroll_army",
        "reroll_nazgul",
        "corruption",
    )
    hunt_dice = number(_("Shadow dice in the hunt box"), initial=2)
    fp_dice_in_box = number(_("Free Peoples dice already in the box"))
    reroll_stronghold = forms.BooleanField(
        label=_("Re-roll: a Shadow-controlled stronghold in the region"), required=False
    )
    reroll_army = forms.BooleanField(label=_("Re-roll: Shadow units in the region"), required=False)
    reroll_nazgul = forms.BooleanField(label=_("Re-roll: a Nazgûl in the region"), required=False)
    corruption = number(_("Corruption now"))
    drawn = forms.CharField(
        label=_("Tiles already drawn"),
        required=False,
        help_text=_("Comma-separated: eye, 3, 2, 2r, 1, 1r, 0r (r = reveal)."),
    )
    casualty = forms.ChoiceField(
        label=_("The Free Peoples take the damage as"),
        choices=[("corruption", _("Corruption")), ("companion", _("A companion lost"))],
    )
    companions = forms.MultipleChoiceField(
        label=_("Companions in the Fellowship"),
        choices=COMPANION_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    mordor_step = number(
        _("Mordor track step"),
        initial=None,
        required=False,
        help_text=_("Leave empty outside Mordor."),
    )
    forced = forms.BooleanField(
        label=_(
            "A tile drawn without a roll (revealed path through a Shadow stronghold, or a "
            "card): an eye is worth 0"
        ),
        required=False,
    )
    special_tiles = forms.MultipleChoiceField(
        label=_("Special tiles in play (Mordor)"),
        choices=_tile_choices("fellowship") + _tile_choices("shadow"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def clean_drawn(self) -> list[str]:
        text = self.cleaned_data["drawn"]
        tiles = querypaths.listed(text)
        unknown = [t for t in tiles if t not in BOARD.hunt_tiles]
        if unknown:
            raise forms.ValidationError(
                _("Unknown tiles: %(tiles)s") % {"tiles": ", ".join(unknown)}
            )
        return tiles

    def hunt_fields(self) -> dict[str, Any]:
        """The fields a hunt and a journey share."""
        data = self.cleaned_data
        return {
            "hunt_dice": data["hunt_dice"],
            "fp_dice_in_box": data["fp_dice_in_box"],
            "rerolls": {k: data[f"reroll_{k}"] for k in ("stronghold", "army", "nazgul")},
            "corruption": data["corruption"],
            "pool": "standard",
            "drawn": data["drawn"],
            "special_tiles": data["special_tiles"],
            "companions": data["companions"],
            "mordor_step": data["mordor_step"],
        }

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        request = {**self.hunt_fields(), "casualty": data["casualty"]}
        if "moves" in self.fields:  # a turn of moves (the turn's API has no forced draw)
            request["moves"] = data.get("moves") or 1
        if "forced" in self.fields:
            request["forced"] = data.get("forced", False)
        return request


class HuntTurnForm(HuntForm):
    api_request = api.WotrHuntTurnRequestSerializer
    forced = None  # a turn's moves are hunted with dice
    primary = ("moves", *HuntForm.primary)
    moves = number(_("Fellowship moves this turn"), initial=2)


class HuntPlanForm(HuntForm):
    """The hunt advisor: the hunt's fields without the casualty choice, which it advises, and
    where the Fellowship is on its road."""

    api_request = api.WotrHuntPlanRequestSerializer
    api_names = {
        **HuntForm.api_names,
        "reading_hunt_tie": f"readings.{HUNT_TIE}",
        "reading_cadence_count": f"readings.{CADENCE_COUNT}",
    }
    field_order = [
        "moves_to_mordor",
        "mordor_step",
        "corruption",
        "companions",
        "moves_per_turn",
        "hunt_dice",
        "fp_dice_in_box",
    ]
    """Where the Fellowship is and what it has first; the hunt box and the tiles after."""
    primary = ("moves_to_mordor", "mordor_step", "corruption", "moves_per_turn", "hunt_dice")
    casualty = None
    forced = None
    moves_to_mordor = number(
        _("Moves still to make before a gate of Mordor"),
        initial=None,
        required=False,
        help_text=_("0: at a gate now. Leave empty on the Mordor track (then give its step)."),
    )
    moves_per_turn = number(_("Moves a turn you mean to make"), initial=2)
    special_tiles = forms.MultipleChoiceField(
        label=_("Special tiles in play (they join the pool in Mordor)"),
        choices=HuntForm.base_fields["special_tiles"].choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    reading_hunt_tie = reading_choice(_("Between equally good answers to a hit"), TIE_RULES)
    reading_cadence_count = reading_choice(_("What “moves a turn” counts"), CADENCE_COUNTS)

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        moves_to_mordor = None if data["mordor_step"] is not None else data["moves_to_mordor"]
        readings = {
            reading_id: picked
            for reading_id, picked, default in (
                (HUNT_TIE, data.get("reading_hunt_tie"), CORRUPTION_FIRST),
                (CADENCE_COUNT, data.get("reading_cadence_count"), WITH_MOVES_MADE),
            )
            if picked not in (None, "", default)
        }
        return {
            **self.hunt_fields(),
            "moves_to_mordor": moves_to_mordor,
            "moves_per_turn": data["moves_per_turn"],
            **({"readings": readings} if readings else {}),
        }


def _settlement_label(slug: str) -> str:
    return f"{region_name(slug)} ({BOARD.regions[slug].victory_points})"


_settlement_label_lazy = lazy(_settlement_label, str)


def _control_fields(owner: str, taker: str) -> dict[str, forms.Field]:
    """One box per settlement with victory points that ``owner`` holds at the start; ticked, it
    is sent as ``control.<region>=<taker>``, the API's control map (rules: Условия победы)."""
    return {
        f"control_{slug}": forms.BooleanField(
            label=_settlement_label_lazy(slug),
            required=False,
            widget=forms.CheckboxInput(attrs={"value": taker}),
        )
        for slug, start in starting_control().items()
        if start == owner and BOARD.regions[slug].victory_points
    }


class VictoryForm(EngineErrorsMixin):
    api_request = api.WotrVictoryRequestSerializer
    legends = (
        _("Free Peoples cities and strongholds the Shadow controls"),
        _("Shadow cities and strongholds the Free Peoples control"),
    )
    corruption = number(_("Corruption"))
    mordor_step = number(
        _("Mordor track step"),
        initial=None,
        required=False,
        help_text=_("Leave empty outside Mordor; 5 is Mount Doom."),
    )

    def leading_fields(self) -> dict[str, forms.Field]:
        fields = {**_control_fields(FREE_PEOPLES, SHADOW), **_control_fields(SHADOW, FREE_PEOPLES)}
        self.takers = {name: field.widget.attrs["value"] for name, field in fields.items()}
        self.api_names = {name: "control." + name.removeprefix("control_") for name in fields}
        return fields

    def fieldsets(self) -> list[tuple[Any, list]]:
        """The settlements by their owner at the start, then the Fellowship's fields."""
        by_taker: dict[str, list] = {SHADOW: [], FREE_PEOPLES: []}
        rest = []
        for field in self:
            taker = self.takers.get(field.name)
            (rest if taker is None else by_taker[taker]).append(field)
        return [
            (self.legends[0], by_taker[SHADOW]),
            (self.legends[1], by_taker[FREE_PEOPLES]),
            ("", rest),
        ]

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        control = {
            name.removeprefix("control_"): taker
            for name, taker in self.takers.items()
            if data.get(name)
        }
        return {
            "control": control,
            "corruption": data["corruption"],
            "mordor_step": data["mordor_step"],
        }


POSITION_KIND = "wotr-position"


class PositionBattleForm(EngineErrorsMixin):
    api_request = api.WotrPositionBattleRequestSerializer
    primary = ("position", "attacker_region", "defender_region")
    position = forms.CharField(
        label=_("Position (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "The format of GET /api/wotr/positions/setup/; empty means the standard setup."
        ),
    )
    attacker_region = forms.CharField(
        label=_("Attacking region"), help_text=_("A slug, English or Russian name.")
    )
    defender_region = forms.CharField(
        label=_("Attacked region"),
        help_text=_("The same region for a siege (or a sortie) in a besieged stronghold."),
    )
    sortie = forms.BooleanField(label=_("Sortie by the besieged army"), required=False)
    rounds = BattleForm.base_fields["rounds"]
    attacker_stops_below = BattleForm.base_fields["attacker_stops_below"]

    def clean_position(self) -> Any:
        """The standard setup when empty, a position's link key, or the position's JSON."""
        text = self.cleaned_data["position"].strip()
        if text in ("", "setup"):
            return "setup"
        if not text.startswith(("{", "[", '"')):
            try:
                return shared_input(kind=POSITION_KIND, key=text)
            except SharedInputError:
                raise forms.ValidationError(_("No position is stored under this link.")) from None
        try:
            return parsers.loads(text)
        except ValueError as error:
            raise forms.ValidationError(_("Not valid JSON: %(error)s") % {"error": error}) from None

    def _shown_value(self, bound: forms.BoundField) -> Any:
        """The position in the question line: the standard setup, or its link key, never the
        whole JSON."""
        if bound.name != "position":
            return super()._shown_value(bound)
        if self.cleaned_data.get("position") == "setup":
            return _("the standard setup")
        text = str(self.data.get("position", "")).strip()
        return text if text and not text.startswith(("{", "[")) else _("the position given")

    def link_query(self) -> str:
        """A whole position is linked by its content key when it is stored (a POST stored it),
        else written out in the link as it came in this GET's: a GET never writes."""
        position = self.cleaned_data.get("position")
        self.data = self.data.copy()
        if isinstance(position, dict):
            key = input_key(POSITION_KIND, position)
            self.data["position"] = key if is_stored(key) else canonical_json(position)
        elif position == "setup":
            self.data["position"] = "setup"  # as the API names it
        return super().link_query()

    def as_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "position": data["position"],
            "attacker_region": data["attacker_region"],
            "defender_region": data["defender_region"],
            "sortie": data["sortie"],
            "rounds": data["rounds"],
            "attacker_stops_below": data["attacker_stops_below"] or 0,
        }
