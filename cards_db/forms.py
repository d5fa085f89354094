"""Forms of the deck pages and the calculator pages."""

from typing import Any

from django import forms
from django.forms import formset_factory
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from adjudicator.games.common import InvalidInput
from adjudicator.games.tcg.decklist import MAX_CHARS, html_export_text
from adjudicator.games.tcg.formats import DEFAULT_FORMAT, formats
from adjudicator.games.tcg.limits import MAX_ARCHERS, MAX_DECK_NAME, MAX_NAME, MAX_SKIRMISHERS
from adjudicator.web.links.services import SharedInputError, shared_input
from adjudicator.web.pages import (
    ApiFieldsForm,
    ApiRowForm,
    dotted_query,
    link_objects,
    link_values,
    nested_query,
    segmented,
)
from cards_db import calculator_serializers as api
from cards_db.idempotency import new_page_token
from cards_db.models import Side
from cards_db.serializers import TcgDrawOddsRequestSerializer
from cards_db.services import deck_targets

#: The kind under which a deck question is stored for its link (adjudicator.web.links).
DECK_KIND = "tcg-deck"


class DeckForm(forms.Form):
    name = forms.CharField(label=_("Deck name"), max_length=MAX_DECK_NAME, required=False)
    list = forms.CharField(
        label=_("Deck list"),
        max_length=MAX_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
        help_text=_('One card per line: "4x Legolas, Greenleaf", "2 1R50", '
                    '"Frodo, Son of Drogo *RB*"; headers such as "Ring-bearer:", "Ring:", '
                    '"Sites:", "Starting fellowship:", "Free Peoples:", "Shadow:". A deck '
                    "page from GEMP reads as it is, copied as text or as its HTML."),
    )  # fmt: skip
    format = forms.ChoiceField(label=_("Format"), initial=DEFAULT_FORMAT)
    check_starting_fellowship = forms.BooleanField(
        label=_("Check the starting fellowship"), required=False, initial=True
    )
    #: Saved once per token and content (cards_db/idempotency.py: saved_once): a fresh one in
    #: every form shown, kept when the form comes back (a check, an error, a retry).
    save_token = forms.CharField(
        required=False, max_length=32, initial=new_page_token, widget=forms.HiddenInput
    )

    def __init__(self, data=None, *args, **kwargs):
        if data is not None and not data.get("save_token"):  # a list loaded from its link
            data = data.copy()
            data["save_token"] = new_page_token()
        super().__init__(data, *args, **kwargs)
        self.fields["format"].choices = [(slug, _(f.name)) for slug, f in formats().items()]
        segmented(self.fields["format"])

    def clean_list(self) -> str:
        value = self.cleaned_data["list"]
        if not value.strip():
            raise forms.ValidationError(_("The list is empty."))
        return html_export_text(value)


class DeckQuestion(ApiFieldsForm):
    """A deck check as a link: the pasted list, its format and options are stored under a key
    made from their content (too big for a query string) and asked for as ``?deck=<key>``."""

    deck = forms.CharField(label=_("Deck list link"), max_length=64, widget=forms.HiddenInput)

    def clean_deck(self) -> dict[str, Any]:
        key = self.cleaned_data["deck"]
        try:
            stored = shared_input(kind=DECK_KIND, key=key)
        except SharedInputError:
            raise forms.ValidationError(_("No deck list is stored under this link.")) from None
        return stored

    def as_request(self) -> dict[str, Any]:
        """The API's decks/validate body."""
        deck = self.cleaned_data["deck"]
        return {k: deck[k] for k in ("list", "format", "check_starting_fellowship")}

    def link_query(self) -> str:
        return f"deck={self.data['deck']}"

    def summary(self) -> dict[str, list[dict[str, Any]]]:
        deck = self.cleaned_data["deck"]
        given = [{"label": _("Deck name"), "value": deck["name"]}] if deck["name"] else []
        given += [
            {"label": _("Format"), "value": _(formats()[deck["format"]].name)},
            {"label": _("Lines"), "value": len(deck["list"].splitlines())},
        ]
        if not deck["check_starting_fellowship"]:
            given.append({"label": _("Check the starting fellowship"), "value": _("no")})
        return {"given": given, "defaults": []}


# --- Calculators --------------------------------------------------------------------------


class FighterForm(ApiRowForm):
    """One character of a skirmish; its bounds are the API's (the row's serializer)."""

    api_request = api.TcgFighterSerializer
    row_fields = True
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME, required=False)
    strength = forms.IntegerField(label=_("Strength"), required=False)
    vitality = forms.IntegerField(label=_("Vitality"), initial=1)
    wounds = forms.IntegerField(label=_("Wounds"), initial=0)
    damage = forms.IntegerField(label=_("Damage +"), initial=0)
    ring_bearer = forms.BooleanField(label=_("Ring-bearer"), required=False)
    wearing_ring = forms.BooleanField(label=_("Wearing the Ring"), required=False)
    burdens = forms.IntegerField(label=_("Burdens"), initial=0)
    resistance = forms.IntegerField(label=_("Resistance"), initial=10)


class ShooterForm(ApiRowForm):
    """One character of the archery fire; its bounds are the API's (the row's serializer)."""

    api_request = api.TcgShooterSerializer
    row_fields = True
    name = forms.CharField(label=_("Name"), max_length=MAX_NAME, required=False)
    archer = forms.BooleanField(label=_("Archer"), required=False)
    vitality = forms.IntegerField(label=_("Vitality"), initial=1)
    wounds = forms.IntegerField(label=_("Wounds"), initial=0)
    ally = forms.BooleanField(label=_("Ally"), required=False)
    home_site = forms.IntegerField(label=_("Home site"), required=False)
    joins_archery = forms.BooleanField(label=_("Joins archery by its text"), required=False)
    assigned_wounds = forms.IntegerField(label=_("Wounds assigned"), required=False)


FighterFormSet = formset_factory(FighterForm, extra=4, max_num=MAX_SKIRMISHERS)
ShooterFormSet = formset_factory(ShooterForm, extra=5, max_num=MAX_ARCHERS)


def _rows_data(request: dict[str, Any], groups: tuple[str, ...]) -> QueryDict:
    """An API request's rows of characters (and its other values) as the form and its
    formsets take them: ``free_peoples.0.name`` → ``free_peoples-0-name``."""
    data = QueryDict(mutable=True)
    for name, value in request.items():
        if name not in groups and isinstance(value, str):
            data[name] = value
    for group in groups:
        rows = link_objects(request.get(group, []))
        data[f"{group}-TOTAL_FORMS"], data[f"{group}-INITIAL_FORMS"] = str(len(rows)), "0"
        for index, row in enumerate(rows):
            for field, value in row.items():
                data[f"{group}-{index}-{field}"] = str(value)
    return data


def filled_rows(formset) -> list[dict[str, Any]]:
    """The rows of a valid formset that name a character."""
    return [f.cleaned_data for f in formset.forms if f.cleaned_data.get("name")]


class SkirmishForm(ApiFieldsForm):
    api_request = api.TcgSkirmishRequestSerializer
    burdens_per_wound = forms.IntegerField(
        label=_("Burdens per wound while the Ring is worn"), initial=1
    )
    formsets = {"free_peoples": FighterFormSet, "shadow": FighterFormSet}

    def to_data(self, rows: dict[str, list[dict]]) -> dict[str, Any]:
        for side in ("free_peoples", "shadow"):
            for row in rows[side]:
                if row.get("strength") is None:
                    raise forms.ValidationError(_("Give the strength of %(name)s.") % row)
        return {**self.cleaned_data, **rows}

    @staticmethod
    def form_data(request: dict[str, Any]) -> QueryDict:
        return _rows_data(request, ("free_peoples", "shadow"))


class ArcheryForm(ApiFieldsForm):
    api_request = api.TcgArcheryRequestSerializer
    site_number = forms.IntegerField(label=_("Site number"))
    fellowship_modifier = forms.IntegerField(label=_("Fellowship archery modifier"), initial=0)
    minion_modifier = forms.IntegerField(label=_("Minion archery modifier"), initial=0)
    formsets = {"fellowship": ShooterFormSet, "minions": ShooterFormSet}

    def to_data(self, rows: dict[str, list[dict]]) -> dict[str, Any]:
        return {**self.cleaned_data, **rows}

    @staticmethod
    def form_data(request: dict[str, Any]) -> QueryDict:
        return _rows_data(request, ("fellowship", "minions"))


class PlainCalculatorForm(ApiFieldsForm):
    formsets: dict = {}

    def to_data(self, rows: dict[str, list[dict]]) -> dict[str, Any]:
        return {k: v for k, v in self.cleaned_data.items() if v is not None}


class MoveTwilightForm(PlainCalculatorForm):
    api_request = api.TcgMoveTwilightRequestSerializer
    shadow_number = forms.IntegerField(
        label=_("Shadow number of the new site"),
    )
    companions = forms.IntegerField(
        label=_("Companions in the fellowship (Ring-bearer included)"),
    )


class NumbersInput(forms.TextInput):
    """Numbers typed in one box ("1 1 2") or given as the API's list in a link, one key each
    (``shadow_numbers=1&shadow_numbers=1&shadow_numbers=2``)."""

    def value_from_datadict(self, data, files, name):
        values = data.getlist(name) if hasattr(data, "getlist") else [data.get(name)]
        return " ".join(v for v in values if v) or None


class SitePathForm(PlainCalculatorForm):
    api_request = api.TcgSitePathRequestSerializer
    shadow_numbers = forms.CharField(
        label=_("Shadow numbers of sites 2 to 9"), max_length=60, widget=NumbersInput,
        help_text=_("In order, separated by spaces or commas: 1 1 2 3 4 5 6 7."),
    )  # fmt: skip
    companions = forms.IntegerField(
        label=_("Companions in the fellowship (Ring-bearer included)"),
    )

    def clean_shadow_numbers(self) -> list[int]:
        parts = self.cleaned_data["shadow_numbers"].replace(",", " ").split()
        if not 1 <= len(parts) <= 8 or not all(p.isdecimal() and int(p) <= 20 for p in parts):
            raise forms.ValidationError(_("Give 1 to 8 numbers from 0 to 20."))
        return [int(p) for p in parts]


class MinionCostForm(PlainCalculatorForm):
    primary = ("twilight_cost", "minion_site_number", "current_site")
    api_request = api.TcgMinionCostRequestSerializer
    twilight_cost = forms.IntegerField(label=_("Twilight cost"))
    minion_site_number = forms.IntegerField(
        label=_("Minion's site number"),
    )
    current_site = forms.IntegerField(label=_("Fellowship's site"))
    penalty_reduction = forms.IntegerField(
        label=_("Roaming penalty reduction (site text)"), initial=0
    )
    twilight_pool = forms.IntegerField(label=_("Twilight pool (optional)"), required=False)


class MoveLimitForm(PlainCalculatorForm):
    api_request = api.TcgMoveLimitRequestSerializer
    players_at_start = forms.IntegerField(
        label=_("Players at the start of the game"),
    )
    moves_made = forms.IntegerField(label=_("Moves made this turn"), initial=0)


class BurdensForm(PlainCalculatorForm):
    api_request = api.TcgBurdensRequestSerializer
    burdens = forms.IntegerField(label=_("Burdens"))
    resistance = forms.IntegerField(label=_("Resistance"), initial=10)
    added = forms.IntegerField(label=_("Burdens to add"), initial=0)


def _title_line(companion: dict[str, Any]) -> str:
    """A companion as a line of the list: "• Title" when unique."""
    return f"{'• ' if companion.get('unique') == 'on' else ''}{companion.get('title', '')}"


def _titles(text: str) -> list[dict[str, Any]]:
    """One companion per line; a leading "•", "●" or "*" marks a unique one."""
    rows = []
    for line in text.splitlines():
        title = line.strip()
        if title:
            unique = title[0] in "•●*"
            rows.append({"title": title.lstrip("•●* ").strip(), "unique": unique})
    return rows


class CompanionLimitForm(ApiFieldsForm):
    api_request = api.TcgCompanionLimitRequestSerializer
    candidate = forms.CharField(label=_("Companion to play"), max_length=100)
    candidate_unique = forms.BooleanField(label=_("It is unique (•)"), required=False)
    in_play = forms.CharField(
        label=_("Companions in play"), required=False, widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_('One per line; start a unique one with "•" or "*".'),
    )  # fmt: skip
    dead_pile = forms.CharField(
        label=_("Companions in the dead pile"), required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_('One per line; start a unique one with "•" or "*".'),
    )  # fmt: skip
    formsets: dict = {}

    def to_data(self, rows: dict[str, list[dict]]) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "in_play": _titles(data["in_play"]),
            "dead_pile": _titles(data["dead_pile"]),
            "candidate": {"title": data["candidate"], "unique": data["candidate_unique"]},
        }

    @staticmethod
    def form_data(request: dict[str, Any]) -> QueryDict:
        data = QueryDict(mutable=True)
        for name in ("in_play", "dead_pile"):
            data[name] = "\n".join(_title_line(c) for c in link_objects(request.get(name, [])))
        candidate = (link_objects(request.get("candidate")) or [{}])[0]  # one card is asked of
        data["candidate"] = str(candidate.get("title", ""))
        if candidate.get("unique") == "on":
            data["candidate_unique"] = "on"
        return data


class BidsForm(ApiFieldsForm):
    api_request = api.TcgBidsRequestSerializer
    bids = forms.CharField(
        label=_("Bids"), widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_('One player per line: "Yuri: 4".'),
    )  # fmt: skip
    tie_order = forms.CharField(
        label=_("Who won the draws between equal bids"), required=False,
        help_text=_("Names in order, separated by commas."),
    )  # fmt: skip
    formsets: dict = {}

    def clean_bids(self) -> dict[str, int]:
        bids: dict[str, int] = {}
        lines: dict[str, int] = {}
        for number, line in enumerate(self.cleaned_data["bids"].splitlines(), start=1):
            if not line.strip():
                continue
            name, _sep, value = line.rpartition(":")
            try:
                bid = int(value)
            except ValueError:
                bid = -1
            if not name.strip() or bid < 0:
                raise forms.ValidationError(
                    _('Line %(line)s: write "name: bid" with a bid of 0 or more.'),
                    params={"line": number},
                )
            name = name.strip()
            if name in lines:
                raise forms.ValidationError(
                    _("Line %(line)s: %(name)s already bid on line %(first)s."),
                    params={"line": number, "name": name, "first": lines[name]},
                )
            bids[name], lines[name] = bid, number
        return bids

    def to_data(self, rows: dict[str, list[dict]]) -> dict[str, Any]:
        order = [n.strip() for n in self.cleaned_data["tie_order"].split(",") if n.strip()]
        return {"bids": self.cleaned_data["bids"], "tie_order": order}

    @staticmethod
    def form_data(request: dict[str, Any]) -> QueryDict:
        bids = request.get("bids")
        data = QueryDict(mutable=True)
        if isinstance(bids, dict):
            data["bids"] = "\n".join(f"{name}: {bid}" for name, bid in bids.items())
        data["tie_order"] = ", ".join(link_values(request.get("tie_order", [])))
        return data


ROW_GROUP_NAMES = {
    "free_peoples": _("Free Peoples"),
    "shadow": _("Shadow"),
    "fellowship": _("Fellowship"),
    "minions": _("Minions"),
}


class CalculatorQuestion:
    """A calculator's form and its row formsets as one GET question, with the interface the
    checker page uses (``is_valid``, ``as_request``, ``add_engine_errors``, ``link_query``,
    ``summary``)."""

    def __init__(self, form_class: type[forms.Form], data: Any = None) -> None:
        # a link naming the API's nested fields; a plain form's inputs are the API's own names,
        # and a dotted key names none of them (it is ignored, as any unknown key)
        reads_links = hasattr(form_class, "form_data")
        if data is not None and reads_links and any("." in key for key in data):
            data = form_class.form_data(nested_query(data))
        self.form = form_class(data)
        self.formsets = {
            name: formset_class(data, prefix=name)
            for name, formset_class in form_class.formsets.items()
        }
        self.is_bound = data is not None
        self.data = data
        self.fields = self.form.fields
        self.api_request = form_class.api_request

    def __iter__(self):
        return iter(self.form)

    def is_valid(self) -> bool:
        return self.form.is_valid() & all([fs.is_valid() for fs in self.formsets.values()])

    def as_request(self) -> dict[str, Any]:
        rows = {name: filled_rows(fs) for name, fs in self.formsets.items()}
        try:
            return self.form.to_data(rows)
        except forms.ValidationError as error:
            raise InvalidInput([("", message) for message in error.messages]) from error

    def add_engine_errors(self, problems) -> None:
        for field, message in problems:
            self.form.add_error(None, f"{field}: {message}" if field else message)

    def link_query(self) -> str:
        """The API request, nested with dots (``free_peoples.0.name=Aragorn``), the values at
        the API's defaults left out."""
        return dotted_query(self.as_request(), self.form.api_request).urlencode(safe=".")

    def summary(self) -> dict[str, list[dict[str, Any]]]:
        named = [
            {"label": str(field.label), "value": field.value()}
            for field in self.form
            if field.value() not in (None, "")
        ]
        rows = [
            {
                "label": ROW_GROUP_NAMES[name],
                "value": ", ".join(row["name"] for row in filled_rows(formset)),
            }
            for name, formset in self.formsets.items()
        ]
        return {"given": named + [r for r in rows if r["value"]], "defaults": []}


class DrawOddsQuestion(ApiFieldsForm):
    """Draw odds of a stored deck (``?deck=<key>``, as the deck check links it): the target is
    chosen among the deck's own cards and groups."""

    api_request = TcgDrawOddsRequestSerializer

    deck = forms.CharField(label=_("Deck list link"), max_length=64, widget=forms.HiddenInput)
    target = forms.ChoiceField(label=_("Which cards"))
    at_least = forms.IntegerField(label=_("At least this many"),
                                  initial=1)  # fmt: skip
    draws_per_site = forms.IntegerField(
        label=_("Cards you draw between sites"), initial=2,
        help_text=_("What you draw when you reconcile, after playing or discarding."),
    )  # fmt: skip

    #: The group kinds a target may name, as the choice list heads them.
    KINDS = {"card": _("Cards"), "culture": _("Cultures"), "type": _("Card types"),
             "side": _("Sides"), "race": _("Races")}  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stored = _stored_deck(self.data.get("deck") or self.initial.get("deck"))
        found = deck_targets(self.stored["list"]) if self.stored else {}
        sides = dict(Side.choices)
        self.fields["target"].choices = [
            (self.KINDS[kind], [(value, sides.get(label, label)) for value, label in pairs])
            for kind, pairs in found.items() if pairs
        ]  # fmt: skip

    def clean_deck(self) -> dict[str, Any]:
        if self.stored is None:
            raise forms.ValidationError(_("No deck list is stored under this link."))
        return self.stored

    def as_request(self) -> dict[str, Any]:
        """The API's decks/draw-odds body."""
        data = self.cleaned_data
        return {"list": data["deck"]["list"], "target": data["target"],
                "at_least": data["at_least"], "draws_per_site": data["draws_per_site"]}  # fmt: skip

    def summary(self) -> dict[str, list[dict[str, Any]]]:
        summary = super().summary()
        summary["given"] = [i for i in summary["given"] if i["label"] != str(_("Deck list link"))]
        return summary


def _stored_deck(key: str | None) -> dict[str, Any] | None:
    try:
        return shared_input(kind=DECK_KIND, key=key) if key else None
    except SharedInputError:
        return None
