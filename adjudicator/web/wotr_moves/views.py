"""The move checker page: a position editor, a move form, the verdict and a board view."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from functools import cache
from json.encoder import encode_basestring
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.template.defaultfilters import yesno
from django.template.loader import get_template
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from adjudicator.compression import KeptText
from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.board import BOARD, CHARACTER_NAMES, NATION_NAMES
from adjudicator.games.wotr.map_svg import board_frame, region_texts
from adjudicator.games.wotr.messages import translate_problems
from adjudicator.games.wotr.position import Position, standard_setup
from adjudicator.web.kept import kept
from adjudicator.web.links.services import SharedInputError, share_input, shared_input
from adjudicator.web.per_language import per_language
from adjudicator.web.templatetags.fields import as_in_template
from adjudicator.web.wotr_moves import editing, map_links, presenters, services, skeleton
from adjudicator.web.wotr_moves.board_view import (
    NATION_ORDER,
    board_table_parts,
    setup_rows,
    setup_table,
)
from adjudicator.web.wotr_moves.forms import (
    CharacterForm,
    FactionForm,
    FellowshipForm,
    JsonForm,
    MoveForm,
    PoliticsForm,
    RegionForm,
    StateForm,
    StateInputs,
)

EDITS = {
    "edit_region": ("region", RegionForm, editing.set_region),
    "edit_politics": ("politics", PoliticsForm, editing.set_political),
    "edit_character": ("character", CharacterForm, editing.set_character),
    "edit_fellowship": ("fellowship", FellowshipForm, editing.set_fellowship),
}


def _fellowship_initial(position: Position) -> dict[str, Any]:
    fellowship = position.fellowship
    return {
        "region": fellowship.region,
        "progress": fellowship.progress,
        "corruption": fellowship.corruption,
        "revealed": fellowship.revealed,
        "mordor_step": fellowship.mordor_step,
        "guide": fellowship.guide,
        "companions": list(fellowship.companions),
    }


MOVE_KIND = "wotr-move"


class Page:
    """The state of one request: position, factions, forms, problems and results."""

    def __init__(self, request: HttpRequest):
        self.post = request.POST if request.method == "POST" else None
        self.action = (self.post or {}).get("action", "")
        self.errors: list[dict[str, str]] = []
        self.position = standard_setup()
        self.factions: dict[str, Any] = {}
        self.verdict: dict[str, Any] | None = None
        self.destinations: dict[str, int | None] = {}
        self.destinations_payload: dict[str, Any] | None = None
        self.forms: dict[str, Any] = {}
        self.share_url = ""
        self.position_key = ""

    def fail(self, error: InvalidInput) -> None:
        problems = translate_problems(error.problems, _)
        self.errors += [{"field": f, "message": m} for f, m in problems]

    def open_link(self, key: str) -> None:
        """Show the position stored under a link key (``?position=<key>``)."""
        try:
            self.position = services.shared_position(key)
            self.position_key = key
        except InvalidInput as error:
            self.fail(error)

    def load_state(self) -> None:
        state = StateForm(self.post)
        if not state.is_valid():
            self.errors += [{"field": f, "message": ", ".join(m)} for f, m in state.errors.items()]
            return
        if self.action == "setup":
            return
        try:
            self.position = services.read_position(state.cleaned_data["position"] or "setup")
            self.factions = dict(services.read_factions(state.cleaned_data["factions"]) or {})
            self.factions = {f: dict(r) for f, r in self.factions.items()}
        except InvalidInput as error:
            self.fail(error)

    def bound(self, key: str, form_class: type, action: str) -> Any:
        data = self.post if self.action == action else None
        return form_class(data, prefix=key)

    def apply_edit(self) -> None:
        if self.action == "load_json":
            form = JsonForm(self.post, prefix="json")
            self.forms["json"] = form
            if form.is_valid():
                self._try(lambda: self._set_position(form.cleaned_data["raw"]))
            return
        if self.action == "edit_faction":
            form = self.bound("faction", FactionForm, "edit_faction")
            self.forms["faction"] = form
            if form.is_valid():
                self._try(lambda: self._set_factions(form.cleaned_data))
            return
        if self.action not in EDITS:
            return
        key, form_class, edit = EDITS[self.action]
        form = form_class(self.post, prefix=key)
        self.forms[key] = form
        if form.is_valid():
            self._try(lambda: self._set_position(edit(self.position.to_dict(), form.cleaned_data)))

    def _set_position(self, data: dict[str, Any]) -> None:
        self.position = services.read_position(data)

    def _set_factions(self, fields: dict[str, Any]) -> None:
        factions = editing.set_faction(json.loads(json.dumps(self.factions)), fields)
        self.factions = {f: dict(r) for f, r in services.read_factions(factions).items()}

    def _try(self, step) -> None:
        try:
            step()
        except InvalidInput as error:
            self.fail(error)

    def run_move(self, request: HttpRequest) -> None:
        if self.action not in ("check", "legal"):
            return  # the empty move form is the template's (Forms)
        form = MoveForm(self.post, prefix="move")
        self.forms["move"] = form
        if not form.is_valid():
            return
        situation = services.Situation(self.position, self.factions)
        try:
            if self.action == "check":
                verdict = services.check_move(situation, form.move())
                self.verdict = presenters.verdict_payload(verdict, request)
                self.share_url = request.build_absolute_uri(
                    f"{request.path}?q={share_input(kind=MOVE_KIND, payload=self.question())}"
                )
                return
            piece = form.move(with_destination=False)
            found = services.legal_destinations(situation, piece)
            self.destinations = {d.region: d.steps for d in found}
            self.destinations_payload = presenters.destinations_payload(piece, found, request)
        except InvalidInput as error:
            self.fail(error)

    def question(self) -> dict[str, list[str]]:
        """The checked move as submitted (position, factions and move fields), for its link."""
        return {k: v for k, v in self.post.lists() if k != "csrfmiddlewaretoken"}

    def replay(self, key: str) -> None:
        """Ask again the move stored under a link key, as if its form were submitted."""
        try:
            stored = shared_input(kind=MOVE_KIND, key=key)
        except SharedInputError:
            self.errors.append({"field": "q", "message": _("No move is stored under this link.")})
            return
        self.post = QueryDict(mutable=True)
        for name, values in stored.items():
            self.post.setlist(name, values)
        self.action = "check"

    def focus(self) -> str:
        """The region the question is about (the checked move's origin): the map opens on it."""
        move = self.forms.get("move")
        if move is None or not move.is_bound or not move.is_valid():
            return ""
        return move.cleaned_data.get("origin") or move.cleaned_data.get("to") or ""

    def context(self) -> dict[str, Any]:
        fellowship = _fellowship_initial(self.position)
        forms = Forms(
            {
                "region": lambda: RegionForm(prefix="region"),
                "politics": lambda: PoliticsForm(prefix="politics"),
                "character": lambda: CharacterForm(prefix="character"),
                "faction": lambda: FactionForm(prefix="faction"),
                "json": lambda: JsonForm(prefix="json"),
                "fellowship": lambda: FellowshipForm(prefix="fellowship", initial=fellowship),
                "move": lambda: MoveForm(prefix="move"),
            },
            self.forms,
        )
        if self.position is standard_setup() and not self.factions and not self.destinations:
            shown = setup_parts()  # the board map's page as opened: the same for every reader
        else:
            shown = position_parts(self.position, self.factions, self.destinations)
        # the forms the request filled in: the others' blocks are the same for every request in
        # a language ({% memo %}), the Fellowship's for every Fellowship
        bound = {key: True for key, form in self.forms.items() if form.is_bound}
        fellowship_key = tuple(tuple(v) if isinstance(v, list) else v for v in fellowship.values())
        return {
            **shown,
            "forms": forms,
            "bound": bound,
            "fellowship_fields": get_template("wotr_moves/_fellowship_fields.html").render(
                {"forms": forms, "bound": bound, "fellowship_key": fellowship_key}
            ),
            "errors": self.errors,
            "verdict": self.verdict,
            "share_url": self.share_url,
            "legal_payload": self.destinations_payload,
            "position_key": self.position_key,
            "map_focus": self.focus(),
            "map_plurals": map_plurals(),
            "posted": self.post is not None and not self.errors,
            "map_nations": map_nations,  # called by the template, in a {% memo %} block
            "map_characters": map_characters,
            "map_urls": map_urls,
            "fellowship": self.position.fellowship,
        }


def position_parts(
    position: Position, factions: dict[str, Any], destinations: dict[str, int | None]
) -> dict[str, Any]:
    """What the page shows of a position (its board, map, JSON, track and links) in the active
    language."""
    data = position.to_dict()
    # the regions it shows as the setup does are written as the setup's (issue 29)
    changed = position.regions_differing_from(standard_setup()).union(
        destinations, *(regions.keys() for regions in factions.values())
    )
    regions = _setup_regions()
    known_rows = {s: row for s, row in setup_rows().items() if s not in changed}
    parts = {
        "state": StateInputs({"position": json.dumps(data), "factions": json.dumps(factions)}),
        "board_table": setup_table().joined(
            board_table_parts(position, factions, destinations, known_rows)
        ),
        "board_frame": board_frame(_("Board map")),
        "board_regions": _kept_setup_regions().joined(  # escapes every name, as board_svg
            list(
                region_texts(
                    position,
                    names=presenters.region_names(),
                    highlights={d: "destination" for d in destinations},
                    known={s: t for s, t in regions.items() if s not in changed},
                ).values()
            )
        ),
        "victory_url": map_links.victory_link(position),
        "hunt_url": map_links.hunt_link(position),
        "hunt_plan_url": map_links.hunt_plan_link(position),
        "position_json": position_json(data, regions.keys() - changed),
        "political_rows": political_rows(position, data["political"]),
        "fellowship_region": presenters.region_name(position.fellowship.region),
    }
    head, tail = parts["board_frame"]
    parts["board_map"] = mark_safe(head + parts["board_regions"] + tail)  # board_svg's text
    return parts


@per_language
def _setup_regions() -> dict[str, str]:
    """The map's regions in the standard setup, highlighting none, by slug."""
    return region_texts(standard_setup(), names=presenters.region_names())


@per_language
def _kept_setup_regions() -> KeptText:
    """The map's regions in the standard setup kept by their chunks (``KeptText``)."""
    return KeptText(list(_setup_regions().values()))


def political_rows(position: Position, nations: list[str]) -> SafeString:
    """The political track's rows (nation, steps from war, active), the same text as a loop of
    template nodes per nation."""
    rows = []
    for nation in nations:
        marker = position.political_status(nation)
        rows.append(_political_row(nation, marker.steps_from_war, marker.at_war, marker.active))
    return mark_safe("".join(rows))


@per_language
def _political_row(nation: str, steps_from_war: int, at_war: bool, active: bool) -> str:
    """One nation's row, kept per language (8 nations, a few steps, two flags: the track's
    every marker is a few dozen rows)."""
    war = " ⚔" if at_war else ""
    return (
        f"<tr><td>{as_in_template(_(NATION_NAMES[nation]))}</td>"
        f"<td>{as_in_template(steps_from_war)}{war}</td>"
        f"<td>{as_in_template(yesno(active))}</td></tr>"
    )


def indented_json(value: Any, indent: str = "\n") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=1)`` for JSON's own types with string
    keys (a position's), without the encoder's generator per value (0.2 ms a position)."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None or isinstance(value, bool):
        return "null" if value is None else ("true" if value else "false")
    if isinstance(value, int):
        return int.__repr__(value)
    inner = indent + " "
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        items = [f"{encode_basestring(k)}: {indented_json(v, inner)}" for k, v in value.items()]
        return f"{{{inner}{(',' + inner).join(items)}{indent}}}" if items else "{}"
    if isinstance(value, list):
        items = [indented_json(v, inner) for v in value]
        return f"[{inner}{(',' + inner).join(items)}{indent}]" if items else "[]"
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", indent)


def position_json(data: dict[str, Any], alike: Collection[str]) -> str:
    """``indented_json(data)`` of a position's JSON, the armies of the regions in ``alike``
    (which it shows as the standard setup does) written as the setup's, kept (issue 29)."""
    setup = _setup_armies_json()
    armies = [
        f"{encode_basestring(region)}: "
        + (setup[region] if region in alike else indented_json(units, _REGION_INDENT))
        for region, units in data["armies"].items()
    ]
    armies_text = (
        f"{{{_REGION_INDENT}{(',' + _REGION_INDENT).join(armies)}\n }}" if armies else "{}"
    )
    items = [
        f"{encode_basestring(key)}: "
        + (armies_text if key == "armies" else indented_json(value, "\n "))
        for key, value in data.items()
    ]
    return "{\n " + ",\n ".join(items) + "\n}"


#: Where ``indented_json`` writes a region's armies in a position's JSON.
_REGION_INDENT = "\n  "


@cache
def _setup_armies_json() -> dict[str, str]:
    """The standard setup's armies of each region as ``position_json`` writes them."""
    armies = standard_setup().to_dict()["armies"]
    return {region: indented_json(units, _REGION_INDENT) for region, units in armies.items()}


#: The standard setup's parts per language and script prefix, at most SETUP_PARTS_LIMIT of
#: them (a site's languages under its one prefix; past it, made afresh and not kept).
_setup_parts: dict[tuple[str | None, str], dict[str, Any]] = {}
SETUP_PARTS_LIMIT = 8


def setup_parts() -> dict[str, Any]:
    """:func:`position_parts` of the standard setup with no factions and no destinations (the
    page a GET without a position opens), made once per worker for each language and script
    prefix (issue 29: its map, board and JSON were most of the map page's view). The state
    form is unbound, rendered from its initial values alone."""
    key = (get_language(), get_script_prefix())
    return kept(_setup_parts, key, _setup_parts_made, SETUP_PARTS_LIMIT)


def _setup_parts_made() -> dict[str, Any]:
    return position_parts(standard_setup(), {}, {})


@receiver(setting_changed)
def _forget_setup_parts(**_kwargs: Any) -> None:
    _setup_parts.clear()


class Forms(dict):
    """The page's forms by key: those the request filled in, the others made when the
    template first reads them (most are in blocks kept per language, ``{% memo %}``)."""

    def __init__(self, make: dict[str, Callable[[], Any]], filled: dict[str, Any]) -> None:
        super().__init__(filled)
        self.make = make

    def __missing__(self, key: str) -> Any:
        form = self[key] = self.make[key]()
        return form


def map_urls() -> dict[str, str]:
    """The addresses the map's script asks (read in a {% memo %} block)."""
    return {
        "legal": reverse("wotr-moves-legal"),
        "check": reverse("wotr-moves-check"),
        "share": reverse("wotr-moves-share"),
        "validate": reverse("wotr-api-validate"),
        "setup": reverse("wotr-api-setup"),
        "battle": reverse("wotr:position_battle"),
    }


@per_language
def map_nations() -> list[tuple[str, str, str]]:
    """The region editor's nations: slug, name, side."""
    return [(n, _(NATION_NAMES[n]), BOARD.side_of(n)) for n in NATION_ORDER]


@per_language
def map_characters() -> list[tuple[str, str]]:
    return [(c, _(CHARACTER_NAMES[c])) for c in BOARD.characters]


#: The counts the map's answers may name, each with its plural form made here (ngettext).
MAP_PLURAL_LIMIT = 30


@per_language
def map_plurals() -> dict[str, list[str]]:
    """For the map's script: "N regions away" and each kind of unit, in the language's plural
    form for every N up to the limit (``steps[1]`` = "1 region away"); made once per language
    (read, never changed)."""
    counts = range(MAP_PLURAL_LIMIT + 1)
    return {
        "steps": [
            ngettext("%(n)s region away", "%(n)s regions away", n) % {"n": n} for n in counts
        ],
        "regular": [ngettext("%(n)s regular", "%(n)s regulars", n) % {"n": n} for n in counts],
        "elite": [ngettext("%(n)s elite", "%(n)s elites", n) % {"n": n} for n in counts],
        "leaders": [ngettext("%(n)s leader", "%(n)s leaders", n) % {"n": n} for n in counts],
        "nazgul": [ngettext("%(n)s Nazgûl", "%(n)s Nazgûl", n) % {"n": n} for n in counts],
        "destinations": [
            ngettext("%(n)s legal destination", "%(n)s legal destinations", n) % {"n": n}
            for n in counts
        ],
    }


def index(request: HttpRequest) -> HttpResponse:
    """GET: the standard setup; POST: edit the position, check a move or list destinations."""
    page = Page(request)
    if request.method == "GET" and request.GET.get("q"):
        page.replay(request.GET["q"])
    elif request.method == "GET" and request.GET.get("position"):
        page.open_link(request.GET["position"])
    if page.post is not None:
        page.load_state()
        if not page.errors:
            page.apply_edit()
    page.run_move(request)
    if page.errors or any(f.is_bound and not f.is_valid() for f in page.forms.values()):
        status = 400
    else:
        status = 200
    context = page.context()
    context["title"] = _("War of the Ring: is this move legal?")
    if request.method == "GET" and status == 200 and not page.forms and not page.factions:
        if page.position_key:  # a shared position's link, as opened
            return skeleton.respond(request, context, skeleton.POSITION)
        if page.position is standard_setup():  # the board map as opened
            return skeleton.respond(request, context, skeleton.MAP)
    return render(request, "wotr_moves/index.html", context, status=status)
