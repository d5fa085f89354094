"""Page forms; their field names match the API's so both use :mod:`.services`."""

import re
from decimal import Decimal
from typing import Any, ClassVar

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from adjudicator.games.wojna.battle import (
    EXACT,
    LOSS_ROUNDING,
    RATIO_FIRST,
    RATIO_READINGS,
    RATIO_ROUNDING,
    ROUNDINGS,
)
from adjudicator.games.wojna.characters import (
    CANNOT_DUEL,
    GOLLUM_READINGS,
    GOLLUM_THREE_FOUR,
    MIXED_MARKS_READINGS,
    NAZGUL_MIXED_MARKS,
    NOBODY,
)
from adjudicator.games.wojna.duel import STARTER_FIRST, STRIKE_ORDER, STRIKE_ORDERS
from adjudicator.games.wojna.search import (
    ALLIANCE_MOVE,
    GENERAL_POINTS,
    NAZGUL_SEARCH,
    NAZGUL_SEARCH_READINGS,
    SEARCH_PHASE,
)
from adjudicator.games.wojna.tables import SPELL_CATEGORIES
from adjudicator.games.wojna.validation import MAX_NAME, MAX_UNITS
from adjudicator.web.pages import (
    ApiFieldsForm,
    dotted_query,
    link_objects,
    nested_query,
    reading_choice,
)
from adjudicator.web.wojna import serializers as api


class WojnaForm(ApiFieldsForm):
    """A calculator form: its cleaned data is the API request (``service_data`` where a field
    needs reshaping)."""

    #: A form field that picks a reading of unclear text → (the reading's id, its default);
    #: its input is named by the API's path, ``readings.<id>``.
    reading_fields: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        paths = {name: f"readings.{reading}" for name, (reading, _) in cls.reading_fields.items()}
        cls.api_names = {**cls.api_names, **paths}

    def as_request(self) -> dict:
        data = dict(self.service_data() if hasattr(self, "service_data") else self.cleaned_data)
        picked = {}
        for name, (reading_id, default) in self.reading_fields.items():
            value = data.pop(name, "") or default
            if value != default:
                picked[reading_id] = value
        # an empty field is a field left out (the API's default); a decimal is sent as text
        data = {
            key: str(value) if isinstance(value, Decimal) else value
            for key, value in data.items()
            if value not in ("", None)
        }
        return {**data, **({"readings": picked} if picked else {})}


def attribute(label, *, required: bool = True, **kwargs) -> forms.IntegerField:
    """A character's attribute or a count: a whole number, in the bounds the API's serializer
    states (``ApiFieldsForm`` reads them)."""
    return forms.IntegerField(label=label, required=required, **kwargs)


class StrengthsField(forms.CharField):
    """Unit strengths typed as "4, 3, 2": whole numbers of at least 1."""

    def to_python(self, value):
        text = super().to_python(value)
        items = [item for item in re.split(r"[\s,;]+", text) if item]
        if not all(re.fullmatch(r"[0-9]{1,5}", item) for item in items):
            raise forms.ValidationError(_("Write whole numbers separated by commas."))
        if len(items) > MAX_UNITS:
            raise forms.ValidationError(_("At most %(count)s units a side.") % {"count": MAX_UNITS})
        strengths = [int(item) for item in items]
        if any(strength < 1 for strength in strengths):
            raise forms.ValidationError(_("Every unit has a strength of at least 1."))
        return strengths

    def prepare_value(self, value):
        return ", ".join(map(str, value)) if isinstance(value, list) else value


SPELLS = [("", _("No spells")), *((c, c) for c in SPELL_CATEGORIES)]


class BattleForm(WojnaForm):
    #: The armies and the leaders' Morale (Bitwa); terrain, sorties and spells under More options.
    primary: tuple[str, ...] = (
        "attacker_units",
        "defender_units",
        "attacker_morale",
        "defender_morale",
    )
    attacker_units = StrengthsField(
        label=_("Attacker's units (strengths)"), help_text=_("For example: 4, 3")
    )
    defender_units = StrengthsField(
        label=_("Defender's units (strengths)"),
        help_text=_("A ratio needs a defender: at least one unit."),
    )
    terrain_multiplier = forms.DecimalField(
        label=_("Defender's terrain multiplier"),
        initial=1,
        required=False,
        decimal_places=2,
        help_text=_("From the terrain table of your copy (missing from the source)."),
    )
    sortie = forms.BooleanField(
        label=_("Sortie from a fortress (Twierdze): the besiegers defend"), required=False
    )
    attacker_morale = attribute(_("Attacking leader's Morale"), required=False)
    attacker_morale_bracketed = forms.BooleanField(
        label=_("Attacking leader's Morale is in brackets"), required=False
    )
    attacker_spell_bonus = attribute(_("Attacking leader's Czary bonus"), required=False, initial=0)
    defender_morale = attribute(_("Defending leader's Morale"), required=False)
    defender_morale_bracketed = forms.BooleanField(
        label=_("Defending leader's Morale is in brackets"), required=False
    )
    defender_spell_bonus = attribute(_("Defending leader's Czary bonus"), required=False, initial=0)
    attacker_spells = forms.ChoiceField(
        label=_("Attacking leader rolls on Czary (category)"),
        choices=SPELLS,
        required=False,
        help_text=_("Instead of a bonus already rolled: the odds include the Czary roll."),
    )
    defender_spells = forms.ChoiceField(
        label=_("Defending leader rolls on Czary (category)"), choices=SPELLS, required=False
    )
    reading_loss_rounding = reading_choice(_("Rounding the losses"), ROUNDINGS)
    reading_ratio_rounding = reading_choice(_("Which fraction is rounded"), RATIO_READINGS)
    reading_fields = {
        "reading_loss_rounding": (LOSS_ROUNDING, EXACT),
        "reading_ratio_rounding": (RATIO_ROUNDING, RATIO_FIRST),
    }

    def clean(self):
        data = super().clean()
        for side in ("attacker", "defender"):
            if data.get(f"{side}_morale") is not None:
                continue
            for field in (f"{side}_spell_bonus", f"{side}_spells"):
                if data.get(field):
                    self.add_error(field, _("A spell bonus needs a leader: give its Morale."))
        return data


class RatioPlanForm(BattleForm):
    primary = (*BattleForm.primary, "unit_strength")
    unit_strength = forms.IntegerField(
        label=_("Strength of a unit you could add"),
        initial=1,
        required=False,
        help_text=_("The plan counts how many such units reach each column."),
    )


TESTS = [
    ("capture", _("Niewola (capture): roll ≤")),
    ("escape", _("Ucieczka (escape): roll ≥")),
    ("ring_removal", _("Pierścień (Ring off): roll ≤")),
]
TEST_FIELDS = {"capture": "niewola", "escape": "ucieczka", "ring_removal": "pierscien"}
TEST_REQUESTS = {
    "capture": api.WojnaCaptureRequestSerializer,
    "escape": api.WojnaEscapeRequestSerializer,
    "ring_removal": api.WojnaRingRemovalRequestSerializer,
}


class DieTestForm(WojnaForm):
    test = forms.ChoiceField(label=_("Test"), choices=TESTS, initial="capture")
    value = attribute(_("The character's attribute"))
    attempts = forms.IntegerField(label=_("Attempts"), initial=1, required=False)
    # Ticked blocks a capture: a GET link sends no unticked box, so absent must mean "found".
    not_found = forms.BooleanField(
        label=_("Capture: the character has not been found yet"), required=False
    )
    own_army_area = forms.BooleanField(
        label=_("Capture: in an area occupied by the Alliance's own armies"), required=False
    )

    #: The three tests' requests share their bounds (the attribute's, the attempts').
    bounds_request = api.WojnaCaptureRequestSerializer

    def __init__(self, data: QueryDict | None = None, *args, **kwargs) -> None:
        if data is not None:
            data = self.form_data(data)
        super().__init__(data, *args, **kwargs)

    def api_path(self, field_name: str) -> str:
        return TEST_FIELDS["capture"] if field_name == "value" else field_name

    @staticmethod
    def form_data(data: QueryDict) -> QueryDict:
        """A link naming the API's fields (``niewola=3&found=false``: the capture endpoint's
        body) as this form's inputs; the form's own submission is kept as it is."""
        named = [(test, field) for test, field in TEST_FIELDS.items() if field in data]
        if not named:
            return data
        (test, field), *_others = named
        form = data.copy()
        form["test"], form["value"] = test, data[field]
        if data.get("found") == "false":
            form["not_found"] = "on"
        return form

    def service_data(self) -> dict:
        """The cleaned data under the attribute's own name (niewola, ucieczka, pierscien)."""
        data = dict(self.cleaned_data)
        data[TEST_FIELDS[data["test"]]] = data["value"]
        data["found"] = not data.pop("not_found")
        return data

    def link_query(self) -> str:
        """The request of the test's own endpoint: ``niewola=3&attempts=2``."""
        data = self.service_data()
        serializer = TEST_REQUESTS[data["test"]]
        request = {name: data[name] for name in serializer().fields}
        return dotted_query(request, serializer).urlencode()


def strokes(label) -> forms.IntegerField:
    """A Nazgûl duellist's strokes, beside its wounds (crosses)."""
    return attribute(
        label, required=False, initial=0, help_text=_("Its wounds above are crosses (X).")
    )


class DuelForm(WojnaForm):
    primary = ("attacker_morale", "defender_morale", "attacker_odwaga", "defender_odwaga")
    primary_columns = 2
    attacker_morale = attribute(_("Attacker's Morale"))
    attacker_odwaga = attribute(_("Attacker's Odwaga (courage)"))
    attacker_wounds = attribute(_("Attacker's wounds"), required=False, initial=0)
    attacker_odpornosc = attribute(
        _("Attacker's Odporność (endurance)"),
        required=False,
        help_text=_("Optional: with both, the odds of a fight to the end."),
    )
    defender_morale = attribute(_("Defender's Morale"))
    defender_odwaga = attribute(_("Defender's Odwaga (courage)"))
    defender_wounds = attribute(_("Defender's wounds"), required=False, initial=0)
    defender_odpornosc = attribute(_("Defender's Odporność (endurance)"), required=False)
    attacker_spells = forms.ChoiceField(
        label=_("Attacker casts spells (Czary category)"), choices=SPELLS, required=False
    )
    defender_spells = forms.ChoiceField(
        label=_("Defender casts spells (Czary category)"), choices=SPELLS, required=False
    )
    attacker_magic_sword = forms.BooleanField(label=_("Attacker has a Magic Sword"), required=False)
    defender_magic_sword = forms.BooleanField(label=_("Defender has a Magic Sword"), required=False)
    attacker_nazgul = forms.BooleanField(label=_("Attacker is a Nazgûl"), required=False)
    attacker_strokes = strokes(_("Attacker's strokes (/): a Nazgûl's ordinary wounds"))
    defender_nazgul = forms.BooleanField(label=_("Defender is a Nazgûl"), required=False)
    defender_strokes = strokes(_("Defender's strokes (/): a Nazgûl's ordinary wounds"))
    reading_strike_order = reading_choice(_("Who strikes first in a round"), STRIKE_ORDERS)
    reading_nazgul_mixed_marks = reading_choice(
        _("A Nazgûl's squares full of crosses and strokes mixed"), MIXED_MARKS_READINGS
    )
    reading_fields = {
        "reading_strike_order": (STRIKE_ORDER, STARTER_FIRST),
        "reading_nazgul_mixed_marks": (NAZGUL_MIXED_MARKS, CANNOT_DUEL),
    }

    def fieldsets(self) -> list[tuple[Any, list]]:
        """Under "More options": the attacker's fields, the defender's, then the readings."""
        sides = {"attacker": (_("Attacker"), []), "defender": (_("Defender"), [])}
        rest: list = []
        for field in self.more_fields():
            side = sides.get(field.name.partition("_")[0])
            (rest if side is None else side[1]).append(field)
        return [*sides.values(), ("", rest)]


PHASES = [
    (SEARCH_PHASE, _("Faza Poszukiwań — the Search Phase")),
    (ALLIANCE_MOVE, _("Faza ruchu Przymierza — during the Alliance's move")),
]


class SearchForm(WojnaForm):
    phase = forms.ChoiceField(label=_("When"), choices=PHASES, initial=SEARCH_PHASE)
    nazgul = forms.IntegerField(label=_("Nazgûl"), initial=0, required=False)
    orc_units = StrengthsField(label=_("Orc units (strengths)"), required=False)
    other_units = StrengthsField(
        label=_("Other Shadow units (strengths)"),
        required=False,
        help_text=_("Counted only in a search during the Alliance's move."),
    )
    other_characters = forms.IntegerField(
        label=_("Other Shadow characters (not Nazgûl)"),
        initial=0,
        required=False,
        help_text=_("Counted only in a search during the Alliance's move."),
    )
    niewola = attribute(
        _("Niewola of the searched character"),
        required=False,
        help_text=_("Optional: adds the odds of a capture."),
    )
    reading_nazgul_search = reading_choice(
        _("Nazgûl in a search in the Alliance's move"), NAZGUL_SEARCH_READINGS
    )
    reading_fields = {"reading_nazgul_search": (NAZGUL_SEARCH, GENERAL_POINTS)}


class WoundsForm(WojnaForm):
    character = forms.CharField(label=_("Character"), max_length=MAX_NAME, required=False)
    odpornosc = attribute(_("Odporność (squares)"))
    crosses = attribute(_("Crosses (X): wounds"), required=False, initial=0)
    circles = attribute(_("Circles (O): Ring Phases with the Ring on"), required=False, initial=0)
    strokes = attribute(_("Strokes (/): a Nazgûl's ordinary wounds"), required=False, initial=0)
    nazgul = forms.BooleanField(label=_("This character is a Nazgûl"), required=False)
    new_wounds = attribute(_("New wounds from a duel"), required=False, initial=0)
    magic_sword = forms.BooleanField(label=_("The striker has a Magic Sword"), required=False)
    spells = forms.BooleanField(label=_("The striker uses spells (Czary)"), required=False)
    reading_nazgul_mixed_marks = reading_choice(
        _("A Nazgûl's squares full of crosses and strokes mixed"), MIXED_MARKS_READINGS
    )
    reading_fields = {"reading_nazgul_mixed_marks": (NAZGUL_MIXED_MARKS, CANNOT_DUEL)}


class RingwraithForm(WojnaForm):
    character = forms.CharField(label=_("Ring-bearer"), max_length=MAX_NAME, required=False)
    odpornosc = attribute(_("Odporność (squares)"))
    circles = attribute(_("Circles already drawn"), required=False, initial=0)
    pierscien = attribute(_("Pierścień (the Ring comes off on ≤)"))


class GollumForm(WojnaForm):
    previous = forms.ChoiceField(
        label=_("Who controlled Gollum last stage"),
        required=False,
        choices=[
            ("", _("Nobody (first stage)")),
            ("alliance", _("Alliance")),
            ("sauron", _("Sauron")),
        ],
    )
    reading_gollum_three_four = reading_choice(_("Gollum on 3 or 4"), GOLLUM_READINGS)
    reading_fields = {"reading_gollum_three_four": (GOLLUM_THREE_FOUR, NOBODY)}


GROUPS = [
    ("fellowship", _("1. Fellowship of the Ring (Drużyna Pierścienia)")),
    ("gollum", _("2. Gollum")),
    ("alliance", _("3. Other Alliance characters")),
    ("saruman", _("4. Saruman")),
    ("shadow", _("5. Other Sauron characters")),
]


class CandidateForm(forms.Form):
    name = forms.CharField(label=_("Character"), max_length=MAX_NAME, required=False)
    group = forms.ChoiceField(label=_("Group"), choices=GROUPS, required=False)
    # Ticked takes the character out: a GET link sends no unticked box, so absent means "has it".
    no_ring_attribute = forms.BooleanField(label=_("No Pierścień attribute"), required=False)


CandidateFormSet = forms.formset_factory(CandidateForm, extra=5, max_num=10)


class DestructionForm(WojnaForm):
    hex = forms.IntegerField(label=_("Hex of the Ring-bearer"))
    ring_worn = forms.BooleanField(label=_("The bearer wears the Ring"), required=False)


class InheritanceForm:
    """The characters on the bearer's hex: a formset behind the small form interface the
    calculator pages use (``is_bound``, ``is_valid``, ``service_data``, ``add_error``)."""

    formset_prefix = "candidates"

    def __init__(self, data=None):
        if data is not None and any("." in key for key in data):  # the API's candidates.0.name
            data = self.form_data(nested_query(data))
        self.formset = CandidateFormSet(data, prefix=self.formset_prefix)
        self.is_bound = self.formset.is_bound
        self.fields: dict = {}

    def is_valid(self) -> bool:
        valid = self.formset.is_valid()
        for form in self.formset:
            cleaned = getattr(form, "cleaned_data", {})
            if cleaned.get("name") and not cleaned.get("group"):
                form.add_error("group", _("Choose the character's group."))
                valid = False
        return valid

    def service_data(self) -> dict:
        return {
            "candidates": [
                {
                    **form.cleaned_data,
                    "has_ring_attribute": not form.cleaned_data["no_ring_attribute"],
                }
                for form in self.formset
                if form.cleaned_data.get("name")
            ]
        }

    def add_error(self, field, message) -> None:
        self.formset.forms[0].add_error(None, message if field is None else f"{field}: {message}")

    as_request = service_data

    def add_engine_errors(self, problems) -> None:
        for field, message in problems:
            self.add_error(field, message)

    def form_data(self, request: dict) -> QueryDict:
        """The API's candidates as the formset's rows."""
        rows = link_objects(request.get("candidates", []))
        data = QueryDict(mutable=True)
        prefix = self.formset_prefix
        data[f"{prefix}-TOTAL_FORMS"], data[f"{prefix}-INITIAL_FORMS"] = str(len(rows)), "0"
        for index, row in enumerate(rows):
            data[f"{prefix}-{index}-name"] = str(row.get("name", ""))
            data[f"{prefix}-{index}-group"] = str(row.get("group", ""))
            if row.get("has_ring_attribute") == "false":
                data[f"{prefix}-{index}-no_ring_attribute"] = "on"
        return data

    def link_query(self) -> str:
        """The API request: ``candidates.0.name=Pippin&candidates.0.group=fellowship``."""
        return dotted_query(self.service_data(), api.WojnaInheritanceRequestSerializer).urlencode(
            safe="."
        )

    def summary(self) -> dict:
        names = [row["name"] for row in self.service_data()["candidates"]]
        return {"given": [{"label": _("Characters"), "value": ", ".join(names)}], "defaults": []}


# --- The table editor ---------------------------------------------------------------------

TABLE_LINE_HELP = {
    "battle_results": _("One cell per line: force ratio, modified die, attacker's loss %, "
                        "defender's loss %. Example: 3:1 4 20 40"),
    "duel_results": _("One cell per line: score difference, die, wounds to the attacker, "
                      "wounds to the defender. Example: +2 5 0 1"),
    "search": _("One row per line: search points from, to (- for “and more”), the successful "
                "die face, and n where a capture is allowed. Example: 4 6 5 n"),
    "spells": _("One cell per line: spell category (A–D), die, result. Example: A 3 2"),
}  # fmt: skip
LINE_SEPARATORS = re.compile(r"[\s;,]+")


def _cell(column: str, text: str) -> object:
    """One typed value as the engine's row takes it (whole numbers as int)."""
    if column == "points_to" and text == "-":
        return None
    if column == "capture":
        return text == "true" or text
    if column == "odds" or column == "category":
        return text
    try:
        return int(text)
    except ValueError:
        return text


def table_text(rows: list[dict], columns: tuple[str, ...]) -> str:
    """Stored rows as the editor shows them, one per line."""

    def shown(column: str, value: object) -> str:
        if column == "capture":
            return "n" if value else ""
        return "-" if value is None else str(value)

    return "\n".join(" ".join(shown(c, row[c]) for c in columns).strip() for row in rows)


class TablesForm(forms.Form):
    """The four tables as typed text, one row per line (rules: Tabele i zestawienia)."""

    def __init__(self, columns: dict[str, tuple[str, ...]], *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.columns = columns
        for name in columns:
            self.fields[name] = forms.CharField(
                label=TABLE_TITLES[name],
                required=False,
                max_length=20_000,
                widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
                help_text=TABLE_LINE_HELP[name],
            )

    def rows(self) -> dict[str, list[dict]]:
        """Each table's typed lines as rows; a table left empty is emptied."""
        tables = {}
        self.line_numbers: dict[str, list[int]] = {}
        for name, columns in self.columns.items():
            rows, lines = [], []
            for number, line in enumerate(self.cleaned_data[name].splitlines(), start=1):
                values = [v for v in LINE_SEPARATORS.split(line.strip()) if v]
                if not values:
                    continue
                if name == "search":  # the capture mark is a flag: "n" or nothing
                    flag = values[3:]
                    values = [*values[:3], *(["true"] if flag == ["n"] else flag)]
                if len(values) > len(columns):
                    message = _("line %(n)s: more values than the table has columns (%(columns)s)")
                    self.add_error(name, message % {"n": number, "columns": ", ".join(columns)})
                    continue
                rows.append({c: _cell(c, v) for c, v in zip(columns, values, strict=False)})
                lines.append(number)
            tables[name] = rows
            self.line_numbers[name] = lines
        return tables

    def add_table_problems(self, problems) -> None:
        """``search[2].die: ...`` → under the search field, as "line 3: die: ..."."""
        for where, message in problems:
            match = re.match(r"^(\w+)\[(\d+)\]\.?(.*)$", where)
            if match is None or match.group(1) not in self.fields:
                self.add_error(None, f"{where}: {message}")
                continue
            name, index, column = match.groups()
            line = _("line %(n)s") % {"n": self.line_numbers[name][int(index)]}
            self.add_error(name, f"{line}: {column + ': ' if column else ''}{message}")


TABLE_TITLES = {
    "battle_results": "Wyniki bitwy",
    "duel_results": "Wyniki pojedynku",
    "search": "Poszukiwania",
    "spells": "Czary",
}
