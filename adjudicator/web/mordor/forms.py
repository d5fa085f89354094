"""The forms of the Journey to Mordor pages; each cleans into the API's request shape."""

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from adjudicator.games.mordor.model import (
    ADVANCED_HOBBIT_STEPS,
    COLOR_LABELS,
    DIE_COLORS,
    HOBBIT_COLORS,
    LOCATION_LABELS,
    LOCATIONS,
    GameSetup,
)
from adjudicator.games.mordor.model import PLACE_READINGS as READINGS
from adjudicator.games.mordor.odds import GOALS, POLICIES
from adjudicator.games.mordor.resolve import END_READINGS as GAME_END_READINGS
from adjudicator.games.mordor.track import Square
from adjudicator.web.pages import (
    ApiFieldsForm,
    dotted_query,
    link_objects,
    link_values,
    nested_query,
    reading_choice,
)

from . import serializers as api
from .labels import FACE_NAMES, GOAL_LABELS, POLICY_LABELS, TRACK_LETTERS

TRACK_HELP = _(
    "One character per square, left to right: . empty, x marked, s split, h split with one "
    "half marked, # split and both halves marked. Missing squares are empty."
)
SEATS = 4
#: The readings of the places' text a page may pick (docs/mordor.md), the default first.
READING_LABELS = {
    "rivendell_nazgul": _("Several Nazgûl in Rivendell"),
    "rivendell_white_tree": _("Equal faces with the White Tree in Rivendell"),
    "rohan_reroll": _("Rohan's re-roll"),
    "mordor_tie": _("A tie in Mordor"),
    "caught_in_mordor": _("A hobbit in Mordor but out"),
}
PLACE_READINGS, END_READINGS = (
    {reading_id: entry[0] for reading_id, entry in table.items()}
    for table in (READINGS, GAME_END_READINGS)
)


def _color_choices(colors: tuple[str, ...]) -> list[tuple[str, Any]]:
    return [(c, _(COLOR_LABELS[c])) for c in colors]


def _hobbit_choices() -> list[tuple[str, Any]]:
    """Your hobbit, chosen on purpose: no colour is pre-selected, since the Nazgûl of your
    colour mark you (rules: Назгул) and a silent default would answer for another player."""
    return [("", _("— choose your hobbit")), *_color_choices(HOBBIT_COLORS)]


def _face_choices(color: str, blank: Any) -> list[tuple[str, Any]]:
    faces = GameSetup().dice.faces(color)
    return [("", blank), *((f.value, FACE_NAMES[f]) for f in dict.fromkeys(faces))]


def _position_choices(last: int) -> list[tuple[int, Any]]:
    """Steps with their place, in the reader's language (lazy: built once, at import)."""
    return [
        (i, format_lazy("{} — {}", i, _(LOCATION_LABELS[LOCATIONS[i]]))) for i in range(last + 1)
    ]


def _track(form: forms.Form, name: str) -> list[str] | None:
    """The typed Nazgûl track as square names, padded with empty squares."""
    typed = form.cleaned_data.get(name, "").strip().lower()
    if not typed:
        return None
    squares = GameSetup().nazgul_squares
    wrong = sorted({ch for ch in typed if ch not in TRACK_LETTERS})
    if wrong:
        form.add_error(name, _("Unknown squares: %(chars)s.") % {"chars": " ".join(wrong)})
        return None
    if len(typed) > squares:
        form.add_error(name, _("The Nazgûl track has %(n)d squares.") % {"n": squares})
        return None
    return [TRACK_LETTERS[ch] for ch in typed.ljust(squares, ".")]


def _track_letters(squares: Any) -> str:
    """A Nazgûl track given as the API's square names, as the form's letters (an unknown
    square stays visible as ``?``, which the form refuses)."""
    letters = {square: letter for letter, square in TRACK_LETTERS.items()}
    return "".join(letters.get(square, "?") for square in link_values(squares))


def _put(data: QueryDict, key: str, value: str) -> None:
    """One die's input; a colour named twice by a link is refused under its row (the two
    values side by side are no choice), as the API refuses a die given twice."""
    data[key] = value if data.get(key, value) == value else f"{data[key]} + {value}"


class MordorBaseForm(ApiFieldsForm):
    """A form with one row per die colour (per seat), whose link names the API request's
    fields: ``rolled.0.face=ring&rolled.0.color=black&keep=0`` is read back into the rows, so a
    page link and an API call say the same thing. Maps the engine's field names
    (``rolled[2].face``) back onto the rows."""

    #: Fields whose name and value are the same in the form and in the API request.
    same_fields: tuple[str, ...] = ("player_color", "advanced", "rerolled")
    #: The readings of unclear text the page may pick (a field ``reading_<id>`` each).
    readings = PLACE_READINGS
    #: The fields (``own_fields`` too) are the class's in a language: made once (issue 29).
    fixed_fields = True

    def __init__(self, data: QueryDict | None = None, *args: Any, **kwargs: Any):
        if data is not None and self.api_shaped(data):
            data = self.form_data(nested_query(data))
        super().__init__(data, *args, **kwargs)
        if self._shared is None:  # shared fields were made by a form of their own, with these
            self.fields.update(self.own_fields())

    def own_fields(self) -> dict[str, forms.Field]:
        """The fields after the declared ones, made in the active language: one per reading,
        then the subclass's rows."""
        return {
            f"reading_{reading_id}": reading_choice(READING_LABELS[reading_id], choices)
            for reading_id, choices in self.readings.items()
        }

    @staticmethod
    def api_shaped(data: QueryDict) -> bool:
        """Whether a query is an API request's link rather than this form's own submission."""
        squares = {str(square) for square in Square}
        return any("." in key for key in data) or bool(
            squares.intersection(data.getlist("nazgul_track"))
        )

    def form_data(self, request: dict[str, Any]) -> QueryDict:
        """The API request (values as text) as this form's own inputs."""
        data = QueryDict(mutable=True)
        for name in self.same_fields:
            if name in request:
                data.setlist(name, link_values(request[name]))
        readings = request.get("readings")
        for reading_id in self.readings:
            if isinstance(readings, dict) and reading_id in readings:
                data[f"reading_{reading_id}"] = str(readings[reading_id])
        return data

    def picked_readings(self, request: dict[str, Any]) -> None:
        """Put the readings picked other than the defaults in the API ``request``."""
        picked = {
            reading_id: self.cleaned_data[f"reading_{reading_id}"]
            for reading_id, choices in self.readings.items()
            if self.cleaned_data.get(f"reading_{reading_id}") not in (None, "", next(iter(choices)))
        }
        if picked:
            request["readings"] = picked

    def as_request(self) -> dict[str, Any]:
        return self.cleaned_data["request"]

    def link_query(self) -> str:
        return dotted_query(self.as_request(), self.api_request).urlencode(safe=".")

    def engine_field(self, field: str) -> str | None:
        return field if field in self.fields else None

    @staticmethod
    def reading_param(reading_id: str) -> str:
        """The link parameter that picks a reading: the API request's own field."""
        return f"readings.{reading_id}"

    def add_engine_errors(self, problems: tuple[tuple[str, str], ...]) -> None:
        for field, message in problems:
            self.add_error(self.engine_field(field), f"{field}: {message}")


class KeepForm(MordorBaseForm):
    """The five dice (one per colour): the face each shows, and whether it is kept."""

    api_request = api.MordorKeepRequestSerializer

    player_color = forms.ChoiceField(label=_("Your hobbit"), choices=_hobbit_choices())
    location = forms.ChoiceField(
        label=_("Where your turn started"),
        required=False,
        choices=[("", "—"), *((loc, _(LOCATION_LABELS[loc])) for loc in LOCATIONS[:-1])],
    )
    advanced = forms.BooleanField(label=_("Advanced game (places)"), required=False)
    rerolled = forms.BooleanField(label=_("This roll is already Rohan's re-roll"), required=False)

    def own_fields(self) -> dict[str, forms.Field]:
        fields = super().own_fields()
        for color in DIE_COLORS:
            fields[f"face_{color}"] = forms.ChoiceField(
                label=_("%(color)s die") % {"color": _(COLOR_LABELS[color])},
                required=False,
                choices=_face_choices(color, _("— not rolled")),
            )
            fields[f"keep_{color}"] = forms.BooleanField(label=_("keep"), required=False)
        return fields

    same_fields = ("player_color", "location", "advanced", "rerolled")

    def form_data(self, request: dict[str, Any]) -> QueryDict:
        data = super().form_data(request)
        rolled = link_objects(request.get("rolled"))
        for die in rolled:
            _put(data, f"face_{die.get('color')}", str(die.get("face", "")))
        for index in link_values(request.get("keep", [])):
            if index.isdigit() and int(index) < len(rolled):
                data[f"keep_{rolled[int(index)].get('color')}"] = "on"
        return data

    def dice_rows(self) -> list[tuple[Any, Any]]:
        return [(self[f"face_{c}"], self[f"keep_{c}"]) for c in DIE_COLORS]

    def rolled_colors(self) -> list[str]:
        return [c for c in DIE_COLORS if self.cleaned_data.get(f"face_{c}")]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rolled = self.rolled_colors()
        if not rolled:
            raise forms.ValidationError(_("Pick the face of at least one rolled die."))
        for color in DIE_COLORS:
            if data.get(f"keep_{color}") and color not in rolled:
                self.add_error(f"keep_{color}", _("This die was not rolled."))
        data["request"] = {
            "rolled": [{"face": data[f"face_{c}"], "color": c} for c in rolled],
            "keep": [i for i, c in enumerate(rolled) if data.get(f"keep_{c}")],
            "player_color": data.get("player_color"),
            "location": data.get("location") or None,
            "advanced": data.get("advanced", False),
            "rerolled": data.get("rerolled", False),
        }
        self.picked_readings(data["request"])
        return data

    def engine_field(self, field: str) -> str | None:
        if field.startswith("rolled[") and self.is_bound and hasattr(self, "cleaned_data"):
            index = int(field[len("rolled[") : field.index("]")])
            return f"face_{self.rolled_colors()[index]}"
        return super().engine_field(field)


class ResolveForm(MordorBaseForm):
    """The players in seating order, the dice the active player kept."""

    api_request = api.MordorResolveRequestSerializer

    active = forms.TypedChoiceField(
        label=_("Active player (seat)"),
        coerce=int,
        choices=[(i, str(i + 1)) for i in range(SEATS)],
    )
    advanced = forms.BooleanField(label=_("Advanced game (places)"), required=False)

    def own_fields(self) -> dict[str, forms.Field]:
        fields = super().own_fields()
        for seat in range(SEATS):
            fields[f"color_{seat}"] = forms.ChoiceField(
                label=_("Seat %(n)d: hobbit") % {"n": seat + 1},
                required=False,
                choices=[("", _("— empty seat")), *_color_choices(HOBBIT_COLORS)],
            )
            fields[f"position_{seat}"] = forms.TypedChoiceField(
                label=_("position"),
                coerce=int,
                required=False,
                empty_value=0,
                choices=_position_choices(ADVANCED_HOBBIT_STEPS),
            )
            fields[f"track_{seat}"] = forms.CharField(
                label=_("Nazgûl track"), required=False, max_length=30, help_text=TRACK_HELP
            )
            fields[f"eliminated_{seat}"] = forms.BooleanField(label=_("eliminated"), required=False)
        for color in DIE_COLORS:
            fields[f"kept_{color}"] = forms.ChoiceField(
                label=_("Kept %(color)s die") % {"color": _(COLOR_LABELS[color])},
                required=False,
                choices=_face_choices(color, _("— not kept")),
            )
        return fields

    readings = END_READINGS

    same_fields = ("active", "advanced")

    def form_data(self, request: dict[str, Any]) -> QueryDict:
        data = super().form_data(request)
        for seat, player in enumerate(link_objects(request.get("players"))[:SEATS]):
            data[f"color_{seat}"] = str(player.get("color", ""))
            data[f"position_{seat}"] = str(player.get("position", ""))
            if "nazgul_track" in player:
                data[f"track_{seat}"] = _track_letters(player["nazgul_track"])
            if player.get("eliminated") == "on":
                data[f"eliminated_{seat}"] = "on"
        for die in link_objects(request.get("kept")):
            _put(data, f"kept_{die.get('color')}", str(die.get("face", "")))
        return data

    def seat_rows(self) -> list[list[Any]]:
        names = ("color", "position", "track", "eliminated")
        return [[self[f"{n}_{seat}"] for n in names] for seat in range(SEATS)]

    def kept_fields(self) -> list[Any]:
        return [self[f"kept_{c}"] for c in DIE_COLORS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seats = [s for s in range(SEATS) if data.get(f"color_{s}")]
        if not seats:
            raise forms.ValidationError(_("Seat at least one hobbit."))
        if data.get("active") not in seats:
            self.add_error("active", _("The active player's seat is empty."))
        kept = [
            {"face": data[f"kept_{c}"], "color": c} for c in DIE_COLORS if data.get(f"kept_{c}")
        ]
        if not kept:
            raise forms.ValidationError(_("Pick the face of at least one kept die."))
        players = []
        for seat in seats:
            player = {
                "color": data[f"color_{seat}"],
                "position": data.get(f"position_{seat}") or 0,
                "eliminated": data.get(f"eliminated_{seat}", False),
            }
            track = _track(self, f"track_{seat}")
            if track is not None:
                player["nazgul_track"] = track
            players.append(player)
        self.seats = seats
        data["request"] = {
            "players": players,
            "active": seats.index(data["active"]) if data.get("active") in seats else 0,
            "kept": kept,
            "advanced": data.get("advanced", False),
        }
        self.picked_readings(data["request"])
        return data

    def engine_field(self, field: str) -> str | None:
        if field.startswith("players[") and hasattr(self, "seats"):
            index = int(field[len("players[") : field.index("]")])
            rest = field[field.index("]") + 2 :].split("[")[0]
            name = {"nazgul_track": "track"}.get(rest, rest)
            candidate = f"{name}_{self.seats[index]}" if index < len(self.seats) else None
            return candidate if candidate in self.fields else None
        return super().engine_field(field)


class OddsForm(MordorBaseForm):
    """A player at a place with a Nazgûl track: this turn's odds under a keep policy."""

    api_request = api.MordorOddsRequestSerializer

    position = forms.TypedChoiceField(
        label=_("Where your turn starts"),
        coerce=int,
        choices=_position_choices(ADVANCED_HOBBIT_STEPS - 1),
    )
    nazgul_track = forms.CharField(
        label=_("Your Nazgûl track"), required=False, max_length=30, help_text=TRACK_HELP
    )
    player_color = forms.ChoiceField(label=_("Your hobbit"), choices=_hobbit_choices())
    other_colors = forms.MultipleChoiceField(
        label=_("Other players still in the game"),
        required=False,
        choices=_color_choices(HOBBIT_COLORS),
        widget=forms.CheckboxSelectMultiple,
    )
    advanced = forms.BooleanField(label=_("Advanced game (places)"), required=False)
    goal = forms.ChoiceField(label=_("Goal"), choices=[(g, GOAL_LABELS[g]) for g in GOALS])
    policy = forms.ChoiceField(
        label=_("Keep policy"), choices=[(p, POLICY_LABELS[p]) for p in POLICIES]
    )
    horizon = forms.ChoiceField(
        label=_("Horizon"),
        required=False,
        initial="turn",
        choices=[
            ("turn", _("this turn")),
            ("game", _("the whole journey: chance to reach Mordor before elimination")),
        ],
    )
    other_mark_chance = forms.CharField(
        label=_("Chance that another player's turn marks you"),
        required=False,
        initial="0",
        max_length=20,
        help_text=_("Whole journey only: e.g. 1/6; empty or 0 is the solitaire view."),
    )

    def own_fields(self) -> dict[str, forms.Field]:
        fields = super().own_fields()
        for color in DIE_COLORS:
            faces = [(v, label) for v, label in _face_choices(color, "")[1:]]
            fields[f"die_{color}"] = forms.ChoiceField(
                label=_("%(color)s die now") % {"color": _(COLOR_LABELS[color])},
                required=False,
                choices=[
                    ("", "—"),
                    (_("rolled"), [(f"roll:{v}", label) for v, label in faces]),
                    (_("kept earlier this turn"), [(f"kept:{v}", label) for v, label in faces]),
                ],
                help_text=_("Optional: give all five dice to rank the keeps of this roll."),
            )
        fields["rerolled"] = forms.BooleanField(
            label=_("This roll is already Rohan's re-roll"), required=False
        )
        return fields

    same_fields = (
        "position", "player_color", "other_colors", "advanced", "goal", "policy", "horizon",
        "other_mark_chance", "rerolled",
    )  # fmt: skip

    def form_data(self, request: dict[str, Any]) -> QueryDict:
        data = super().form_data(request)
        if "nazgul_track" in request:
            data["nazgul_track"] = _track_letters(request["nazgul_track"])
        for kind, name in (("roll", "rolled"), ("kept", "kept_before")):
            for die in link_objects(request.get(name)):
                _put(data, f"die_{die.get('color')}", f"{kind}:{die.get('face', '')}")
        return data

    def advice_fields(self) -> list[Any]:
        return [self[f"die_{c}"] for c in DIE_COLORS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        dice = {c: data[f"die_{c}"].split(":") for c in DIE_COLORS if data.get(f"die_{c}")}
        request = {
            "position": data.get("position", 0),
            "player_color": data.get("player_color"),
            "other_colors": data.get("other_colors", []),
            "advanced": data.get("advanced", False),
            "goal": data.get("goal", "progress"),
            "policy": data.get("policy", "optimal"),
            "horizon": data.get("horizon") or "turn",
            "other_mark_chance": data.get("other_mark_chance") or "0",
        }
        track = _track(self, "nazgul_track")
        if track is not None:
            request["nazgul_track"] = track
        if dice:
            request["rolled"] = [
                {"face": f, "color": c} for c, (s, f) in dice.items() if s == "roll"
            ]
            request["kept_before"] = [
                {"face": f, "color": c} for c, (s, f) in dice.items() if s == "kept"
            ]
            request["rerolled"] = data.get("rerolled", False)
            if not request["rolled"]:
                self.add_error(None, _("Pick at least one rolled die to rank its keeps."))
        self.picked_readings(request)
        data["request"] = request
        return data

    def engine_field(self, field: str) -> str | None:
        if field.startswith(("rolled", "kept_before")):
            return None
        return super().engine_field(field)
