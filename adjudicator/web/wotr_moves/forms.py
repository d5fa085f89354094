"""Forms of the move checker page: the position editor (several small forms) and the move."""

from __future__ import annotations

import html
from functools import cache
from typing import Any

from django import forms
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from adjudicator import parsers
from adjudicator.games.wotr.board import (
    BOARD,
    CHARACTER_NAMES,
    MAX_CORRUPTION,
    MAX_PROGRESS,
    MAX_UNITS_PER_REGION,
    MORDOR_LAST_STEP,
    NATION_NAMES,
    POLITICAL_MAX_STEPS,
)
from adjudicator.games.wotr.moves.model import (
    DICE,
    FACTION_ACTIONS,
    FACTIONS,
    MAX_FACTION_CARDS,
    MAX_FACTION_FIGURES,
    MAX_MOVED,
    MOVE_KINDS,
)
from adjudicator.web.wotr_moves.names import (
    DIE_NAMES,
    FACTION_ACTION_NAMES,
    FACTION_NAMES,
    SIDE_NAMES,
)

MOVE_KIND_LABELS = {
    "army": _("Move an army"),
    "attack": _("Attack (battle, siege, sortie)"),
    "muster": _("Recruit (muster)"),
    "politics": _("Advance a political marker"),
    "character": _("Move characters"),
    "nazgul": _("Move Nazgûl"),
    "fellowship": _("Move the Fellowship (hidden)"),
    "hide": _("Hide the Fellowship"),
    "declare": _("Declare the Fellowship"),
    "reveal": _("Fellowship revealed by the hunt"),
    "separate": _("Separate companions"),
    "guide": _("Change the guide"),
    "rejoin": _("Rejoin the Fellowship"),
    "faction": _("Faction action (expansion)"),
    "faction_hand": _("Faction cards in hand"),
}
DIE_LABELS = {d: _(DIE_NAMES[d]) for d in DICE}
SIDE_LABELS = {side: _(name) for side, name in SIDE_NAMES.items()}


def region_choices(blank: bool = True) -> list[tuple[str, str]]:
    """Regions sorted by name, shown with their Russian and English names."""
    regions = sorted(BOARD.regions.values(), key=lambda r: r.name)
    choices = [(r.slug, f"{r.name_ru} · {r.name}") for r in regions]
    return [("", "—"), *choices] if blank else choices


def nation_choices(blank: bool = True) -> list[tuple[str, Any]]:
    choices = [(slug, _(NATION_NAMES[slug])) for slug in BOARD.nations]
    return [("", "—"), *choices] if blank else choices


def character_choices() -> list[tuple[str, Any]]:
    return [(slug, _(CHARACTER_NAMES[slug])) for slug in BOARD.characters]


def companion_choices() -> list[tuple[str, Any]]:
    return [
        (slug, _(CHARACTER_NAMES[slug])) for slug, c in BOARD.characters.items() if c.is_companion
    ]


#: The Nazgûl a region may hold: the game's Nazgûl figures (the engine's board data).
NAZGUL_FIGURES = BOARD.nation_figures["sauron"]["nazgul"]


def _count(label: Any, high: int) -> forms.IntegerField:
    """A count from 0 to ``high``: an engine's constant, never a number written here."""
    return forms.IntegerField(label=label, min_value=0, max_value=high, initial=0, required=False)


def parse_json(raw: str) -> Any:
    """JSON text to data, or a form error saying where the JSON breaks."""
    try:
        return parsers.loads(raw or "null")
    except ValueError as error:
        raise forms.ValidationError(
            _("Not valid JSON: %(error)s"), params={"error": error}
        ) from error


class StateForm(forms.Form):
    """The edited position and the faction figures, carried from page to page as JSON."""

    position = forms.CharField(widget=forms.HiddenInput, required=False)
    factions = forms.CharField(widget=forms.HiddenInput, required=False)

    def clean_position(self) -> Any:
        return parse_json(self.cleaned_data.get("position", ""))

    def clean_factions(self) -> Any:
        return parse_json(self.cleaned_data.get("factions", ""))


#: Where a value goes in a field's text (a private-use character: no escaping changes it).
_VALUE = "\ue000"


@cache
def _state_frames() -> dict[str, tuple[str, str]]:
    """Each of StateForm's fields as the form renders it, cut where its value goes."""
    form = StateForm(initial=dict.fromkeys(StateForm.base_fields, _VALUE))
    frames = {}
    for name in StateForm.base_fields:
        head, tail = str(form[name]).split(_VALUE)
        frames[name] = (head, tail)
    return frames


@receiver(setting_changed)
def _forget_state_frames(**_kwargs: Any) -> None:
    _state_frames.cache_clear()


class StateInputs:
    """``StateForm(initial=initial)`` as the page reads it, unbound: ``initial`` and each
    field's hidden input (``inputs[name]``), the same text as the form's field renders, written
    from the field's text cut at its value (issue 29: the form's making and its widgets'
    templates were 0.06 ms of every moves page)."""

    def __init__(self, initial: dict[str, str]) -> None:
        self.initial = initial

    def __getitem__(self, name: str) -> SafeString:
        value = self.initial[name]
        if value == "":  # the widget writes no value attribute then
            return mark_safe(str(StateForm(initial=self.initial)[name]))
        head, tail = _state_frames()[name]
        return mark_safe(head + html.escape(value) + tail)


class JsonForm(forms.Form):
    """A whole position pasted as JSON (the API's format)."""

    raw = forms.CharField(
        label=_("Position JSON"), widget=forms.Textarea(attrs={"rows": 6}), max_length=100_000
    )

    def clean_raw(self) -> Any:
        return parse_json(self.cleaned_data["raw"])


class RegionForm(forms.Form):
    """Set one nation's figures in a region, the region's control and siege."""

    region = forms.ChoiceField(label=_("Region"), choices=region_choices)
    nation = forms.ChoiceField(label=_("Nation"), choices=nation_choices, required=False)
    regular = _count(_("Regular"), MAX_UNITS_PER_REGION)
    elite = _count(_("Elite"), MAX_UNITS_PER_REGION)
    leaders = _count(_("Leaders"), MAX_UNITS_PER_REGION)
    nazgul = _count(_("Nazgûl"), NAZGUL_FIGURES)
    control = forms.ChoiceField(
        label=_("Settlement control"),
        choices=[("", _("unchanged")), *SIDE_LABELS.items()],
        required=False,
    )
    besieged = forms.BooleanField(label=_("Stronghold under siege"), required=False)


class PoliticsForm(forms.Form):
    """A nation's political marker."""

    nation = forms.ChoiceField(label=_("Nation"), choices=lambda: nation_choices(False))
    steps_from_war = forms.IntegerField(
        label=_("Steps from war"), min_value=0, max_value=POLITICAL_MAX_STEPS
    )
    active = forms.BooleanField(label=_("Active"), required=False)


class CharacterForm(forms.Form):
    """Put a character on the board (or take it off)."""

    character = forms.ChoiceField(label=_("Character"), choices=character_choices)
    region = forms.ChoiceField(
        label=_("Region (empty: off the board)"), choices=region_choices, required=False
    )


class FellowshipForm(forms.Form):
    """The Fellowship's state."""

    region = forms.ChoiceField(label=_("Last known region"), choices=lambda: region_choices(False))
    progress = _count(_("Progress"), MAX_PROGRESS)
    corruption = _count(_("Corruption"), MAX_CORRUPTION)
    revealed = forms.BooleanField(label=_("Revealed"), required=False)
    mordor_step = forms.IntegerField(
        label=_("Mordor track step (empty: not in Mordor)"),
        min_value=0,
        max_value=MORDOR_LAST_STEP,
        required=False,
    )
    guide = forms.ChoiceField(
        label=_("Guide"), choices=lambda: [*companion_choices(), ("gollum", _("Gollum"))]
    )
    companions = forms.MultipleChoiceField(
        label=_("Companions"),
        choices=companion_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )


class MoveForm(forms.Form):
    """The move to check (fields not used by the chosen kind are ignored)."""

    kind = forms.ChoiceField(
        label=_("Move"), choices=[(k, MOVE_KIND_LABELS[k]) for k in MOVE_KINDS]
    )
    die = forms.ChoiceField(
        label=_("Paid with"),
        choices=[("", _("default for the move")), *((d, DIE_LABELS[d]) for d in DICE)],
        required=False,
    )
    origin = forms.ChoiceField(label=_("From"), choices=region_choices, required=False)
    to = forms.ChoiceField(label=_("To"), choices=region_choices, required=False)
    nation = forms.ChoiceField(
        label=_("Nation (mixed armies, muster, politics)"), choices=nation_choices, required=False
    )
    regular = _count(_("Regular"), MAX_MOVED)
    elite = _count(_("Elite"), MAX_MOVED)
    leaders = _count(_("Leaders"), MAX_MOVED)
    nazgul = _count(_("Nazgûl"), MAX_MOVED)
    count = _count(_("How many (Nazgûl, faction figures)"), MAX_MOVED)
    characters = forms.MultipleChoiceField(
        label=_("Characters / companions"),
        choices=character_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    guide = forms.ChoiceField(
        label=_("Guide"),
        choices=lambda: [("", "—"), *companion_choices(), ("gollum", _("Gollum"))],
        required=False,
    )
    enter_mordor = forms.BooleanField(label=_("Enter Mordor"), required=False)
    path = forms.CharField(
        label=_("Path (regions separated by commas, optional)"), required=False, max_length=500
    )
    faction = forms.ChoiceField(
        label=_("Faction"),
        choices=[("", "—"), *((f, _(FACTION_NAMES[f])) for f in FACTIONS)],
        required=False,
    )
    action = forms.ChoiceField(
        label=_("Faction action"),
        choices=[("", "—"), *((a, _(FACTION_ACTION_NAMES[a])) for a in FACTION_ACTIONS)],
        required=False,
    )
    cards = _count(_("Faction cards in hand"), MAX_FACTION_CARDS)
    team_game = forms.BooleanField(label=_("Team game (3-4 players)"), required=False)

    def move(self, *, with_destination: bool = True) -> dict[str, Any]:
        """The move as the engine reads it."""
        data = self.cleaned_data
        kind = data["kind"]
        move: dict[str, Any] = {"kind": kind}
        if data.get("die"):
            move["die"] = data["die"]
        units = self._units(data)
        characters = list(data.get("characters") or [])
        named = {"units": units} if units.keys() - {"nation"} else {}
        to = data.get("to") or None
        builders = {
            "army": lambda: {"from": data.get("origin"), "characters": characters, **named},
            "attack": lambda: {"from": data.get("origin"), "characters": characters, **named},
            "nazgul": lambda: {
                "from": data.get("origin"),
                "count": data.get("count") or (0 if characters else 1),
                "characters": characters,
            },
            "character": lambda: {"characters": characters},
            "muster": lambda: {"placements": [self._placement(to, units, characters)]},
            "politics": lambda: {"nation": data.get("nation")},
            "declare": lambda: self._fellowship_route(data),
            "reveal": lambda: self._fellowship_route(data),
            "separate": lambda: {
                "companions": characters,
                **({"guide": data["guide"]} if data.get("guide") else {}),
            },
            "guide": lambda: {"guide": data.get("guide") or None},
            "rejoin": lambda: {"companions": characters},
            "faction": lambda: self._faction_action(data),
            "faction_hand": lambda: {
                "cards": data.get("cards") or 0,
                "team_game": data.get("team_game"),
            },
        }
        move.update(builders.get(kind, dict)())
        if with_destination and to and kind not in ("muster", "guide", "rejoin", "politics"):
            move["to"] = to
        return {k: v for k, v in move.items() if v is not None}

    @staticmethod
    def _units(data: dict[str, Any]) -> dict[str, Any]:
        """The figures entered (only the kinds with a count) and the nation, if one is chosen."""
        units = {
            k: data.get(k) or 0 for k in ("regular", "elite", "leaders", "nazgul") if data.get(k)
        }
        if data.get("nation"):
            units["nation"] = data["nation"]
        return units

    @staticmethod
    def _faction_action(data: dict[str, Any]) -> dict[str, Any]:
        """A faction action of the expansion: moving its figures unless another action is
        chosen, from the region entered (rules: Warriors of Middle-earth, chapter III).
        """
        return {
            "faction": data.get("faction"),
            "action": data.get("action") or "move",
            "from": data.get("origin") or None,
            # No count: the engine's default (one figure; the whole Army of the Dead).
            **({"count": data["count"]} if data.get("count") else {}),
        }

    @staticmethod
    def _placement(to: str | None, units: dict[str, Any], characters: list[str]) -> dict:
        placement: dict[str, Any] = {"region": to, **units}
        if characters:
            placement["character"] = characters[0]
        return placement

    @staticmethod
    def _fellowship_route(data: dict[str, Any]) -> dict[str, Any]:
        route: dict[str, Any] = {"enter_mordor": data.get("enter_mordor", False)}
        if data.get("path"):
            route["path"] = [p.strip() for p in data["path"].split(",") if p.strip()]
        return route


class FactionForm(forms.Form):
    """Faction figures of the expansion in a region."""

    faction = forms.ChoiceField(
        label=_("Faction"), choices=[(f, _(FACTION_NAMES[f])) for f in FACTIONS]
    )
    region = forms.ChoiceField(label=_("Region"), choices=lambda: region_choices(False))
    count = _count(_("Figures"), MAX_FACTION_FIGURES)
