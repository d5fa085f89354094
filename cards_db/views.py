"""Pages: card list and detail, deck checker and saved decks, calculators. Thin views."""

from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from adjudicator.charts import bar_chart_svg
from adjudicator.citations import citation_payload
from adjudicator.formatting import percent
from adjudicator.games.common import InvalidInput
from adjudicator.games.tcg.decklist import ListTooLong, replace_card
from adjudicator.games.tcg.formats import formats
from adjudicator.web.links.services import SharedInputError, share_input, shared_input
from adjudicator.web.pages import CheckerPage
from cards_db import forms, list_page
from cards_db.filters import CardFilter
from cards_db.forms import DECK_KIND
from cards_db.i18n import tr
from cards_db.idempotency import saved_once
from cards_db.models import Card, Deck
from cards_db.serializers import deck_headline, draw_odds_payload, report_payload
from cards_db.services import (
    EXPORT_STYLES,
    UnreadableDeck,
    cards_version,
    check_deck,
    check_deck_question,
    draw_odds_question,
    exported,
    recheck_deck,
    resolve_card_key,
    save_deck,
)
from cards_db.throttling import page_save_wait

CARDS_PER_PAGE = 48


def card_list(request: HttpRequest) -> HttpResponse:
    """The card database: filters, full-text search, paginated tiles.

    The page changes only with the question, the language and the cards: it is written from
    a skeleton kept per question (``list_page``), so a page asked again costs one query (the
    cards' version) and no template; a page made anew still finds its filters and tiles kept
    rendered by the template (``{% cache %}`` in each worker's ``fragments`` cache) instead of
    rendering the form's hundreds of options and 48 tiles."""
    version = cards_version()

    def context() -> tuple[dict[str, Any], int]:
        card_filter = SimpleLazyObject(
            lambda: CardFilter(request.GET or None, queryset=Card.objects.all())
        )
        page = SimpleLazyObject(
            lambda: Paginator(card_filter.qs, CARDS_PER_PAGE).get_page(request.GET.get("page"))
        )
        query = request.GET.copy()
        query.pop("page", None)
        status = 400 if query and not card_filter.is_valid() else 200  # a page filters nothing
        shown = {"filter": card_filter, "page": page, "query": query.urlencode(),
                 "cards_version": version, "asked": sorted(request.GET.lists())}  # fmt: skip
        return shown, status

    return list_page.respond(request, version, context)


def card_detail(request: HttpRequest, key: str) -> HttpResponse:
    """One card with its stats and text; "1R50" redirects to the card's page ("1_50")."""
    pk = resolve_card_key(key)
    if pk != key:
        return redirect("cards_db:card", key=pk, permanent=True)
    card = get_object_or_404(Card.objects.prefetch_related("keywords"), pk=pk)
    return render(request, "cards_db/card_detail.html", {"card": card})


def _twilight_charts(stats: dict[str, Any]) -> list[tuple[str, Any]]:
    """The twilight curve of each side: (caption, SVG bar chart of cards per cost)."""
    charts = []
    for side, label in (("free_peoples", _("Free Peoples")), ("shadow", _("Shadow"))):
        curve = stats["twilight_curve"][side]
        if curve:
            caption = _("Twilight curve: %(side)s") % {"side": label}
            bars = [(cost, count) for cost, count in curve.items()]
            charts.append((caption, bar_chart_svg(bars, title=caption, percent=False)))
    return charts


def _report_context(request: HttpRequest, report) -> dict[str, Any]:
    payload = report_payload(report, request)
    return {"report": payload, "charts": _twilight_charts(payload["stats"])}


def _deck_form_page(request: HttpRequest, deck: Deck) -> HttpResponse:
    """A saved deck's edit page: its report, and the list to check again or save (edit key)."""
    initial = {"name": deck.name, "list": deck.source, "format": deck.format,
               "check_starting_fellowship": deck.check_starting_fellowship}  # fmt: skip
    form = forms.DeckForm(request.POST or None, initial=initial)
    context: dict[str, Any] = {"form": form, "deck": deck}
    if not form.is_bound:
        context.update(_report_context(request, recheck_deck(deck)))
        return render(request, "cards_db/deck_form.html", context)
    if not form.is_valid():
        return render(request, "cards_db/deck_form.html", context, status=400)
    data = form.cleaned_data
    try:
        if "save" not in request.POST:
            report = check_deck(data["list"], formats()[data["format"]],
                                data["check_starting_fellowship"])  # fmt: skip
            context.update(_report_context(request, report))
            return render(request, "cards_db/deck_form.html", context)
        return _save(request, data, deck)
    except TooManySaves as error:
        form.add_error(None, str(error))
        return render(request, "cards_db/deck_form.html", context, status=429)
    except ListTooLong as error:
        form.add_error("list", tr(error.message, error.params))
    except UnreadableDeck as error:
        form.add_error(None, _("Nothing was saved: some lines are not cards."))
        context.update(_report_context(request, error.report))
    return render(request, "cards_db/deck_form.html", context, status=400)


class TooManySaves(Exception):
    """This client has used its saves for now (API_SAVE_THROTTLE_RATE, shared with the API)."""

    def __init__(self, wait: int):
        minutes = max(1, round(wait / 60))
        super().__init__(
            ngettext(
                "Nothing was saved: too many saves from your address. Try again in %(n)s minute.",
                "Nothing was saved: too many saves from your address. Try again in %(n)s minutes.",
                minutes,
            )
            % {"n": minutes}
        )


def _save(
    request: HttpRequest, data: dict[str, Any], deck: Deck | None = None, link_key: str = ""
) -> HttpResponse:
    """Save the deck (new, or ``deck`` changed) and go to its edit page, once per form
    (its hidden ``save_token``: a double submit or a retry saves nothing twice); ``link_key``
    is the link stored for it, deleted with it."""

    def save() -> tuple[str, str]:
        wait = page_save_wait(request)
        if wait is not None:
            raise TooManySaves(wait)
        saved = save_deck(
            data["name"] or _("Untitled deck"), data["list"], formats()[data["format"]], deck,
            data["check_starting_fellowship"],
        )  # fmt: skip
        if link_key:
            Deck.objects.filter(pk=saved.deck.pk).update(link_key=link_key)
        messages.success(
            request,
            _("Deck saved. Keep this page's address to edit it; share the deck's own address."),
        )
        kwargs = {"pk": saved.deck.pk, "key": saved.deck.edit_key}
        return str(saved.deck.pk), reverse("cards_db:deck_edit", kwargs=kwargs)

    form = {name: value for name, value in data.items() if name != "save_token"}
    return redirect(saved_once(request, data["save_token"], form, save))


def _deck_question(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": data["name"],
        "list": data["list"],
        "format": data["format"],
        "check_starting_fellowship": data["check_starting_fellowship"],
    }


def _shared_deck(key: str | None) -> QueryDict | None:
    """The deck question stored under a link key, as form data (None without a key or when
    nothing is stored under it)."""
    if not key:
        return None
    try:
        stored = shared_input(kind=DECK_KIND, key=key)
    except SharedInputError:
        return None
    data = QueryDict(mutable=True)
    data.update({k: v for k, v in stored.items() if k != "check_starting_fellowship"})
    if stored["check_starting_fellowship"]:
        data["check_starting_fellowship"] = "on"
    return data


class DeckCheckPage(CheckerPage):
    """The deck validator on the one checker page: a pasted list is stored under its content
    key (POST, the only write besides saving a deck) and answered at its own link,
    ``?deck=<key>``, like any checker question."""

    form_class = forms.DeckQuestion
    template_name = "cards_db/deck_check.html"
    title = gettext_lazy("Check a deck")

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        self.deck_key = request.GET.get("deck", "")
        stored = _shared_deck(self.deck_key)
        self.extra_context = {"deck_form": forms.DeckForm(stored)}
        response = super().get(request, **kwargs)
        if self.deck_key and stored is None:
            response.status_code = 404  # the key names no stored list
        return response

    def post(self, request: HttpRequest) -> HttpResponse:
        """Check (store the question, answer at its link) or save; a list that cannot be saved
        is answered here with its report, nothing saved (400)."""
        form = forms.DeckForm(request.POST)
        self.extra_context = {"deck_form": form}
        if form.is_valid():
            data = form.cleaned_data
            self.deck_key = share_input(kind=DECK_KIND, payload=_deck_question(data))
            if "save" not in request.POST:
                return redirect(f"{reverse('cards_db:deck_new')}?deck={self.deck_key}")
            try:
                return _save(request, data, link_key=self.deck_key)
            except TooManySaves as error:
                messages.error(request, str(error))
                question = self.form_class(QueryDict(f"deck={self.deck_key}"))
                return self.respond(request, question, status=429)
            except ListTooLong as error:
                form.add_error("list", tr(error.message, error.params))
            except UnreadableDeck:
                messages.error(request, _("Nothing was saved: some lines are not cards."))
                question = self.form_class(QueryDict(f"deck={self.deck_key}"))
                return self.respond(request, question, status=400)
        return self.respond(request, self.form_class(), status=400)

    def compute(self, data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
        try:
            checked = check_deck_question(data)
        except ListTooLong as error:
            raise InvalidInput([("deck", tr(error.message, error.params))]) from None
        report = _report_context(request, checked)
        return {
            **report,
            "headline": deck_headline(checked.valid, len(checked.errors)),
            "tone": "legal" if report["report"]["valid"] else "illegal",
            "citations": report["report"]["citations"],
            "lines": _numbered_lines(data["list"], report["report"]),
            "deck_key": self.deck_key,
        }


def _numbered_lines(text: str, report: dict[str, Any]) -> list[dict[str, Any]]:
    """The pasted list line by line, each with the problems that point at it and the cards it
    may have meant (a tap replaces the line)."""
    lines = [{"number": n, "text": line, "problems": [], "suggestions": []}
             for n, line in enumerate(text.splitlines(), start=1)]  # fmt: skip
    for problem in report["errors"] + report["warnings"]:
        for number in problem["lines"]:
            if 0 < number <= len(lines):
                lines[number - 1]["problems"].append(problem["message"])
                lines[number - 1]["suggestions"] += problem["suggestions"]
    return lines


@require_POST
def deck_fix(request: HttpRequest) -> HttpResponse:
    """Replace one line of a checked list by the card the player tapped, keeping its count, and
    check the new list at its own link."""
    try:
        key, number = request.POST["deck"], int(request.POST["line"])
        stored = shared_input(kind=DECK_KIND, key=key)
        card = Card.objects.get(pk=request.POST["card"])
    except (KeyError, ValueError, SharedInputError, Card.DoesNotExist):
        raise Http404 from None
    lines = stored["list"].splitlines()
    if not 0 < number <= len(lines):
        raise Http404
    # "Title, Subtitle (1R50)", which the reader takes, with the line's count, header, marker
    lines[number - 1] = replace_card(lines[number - 1], str(card))
    fixed = share_input(kind=DECK_KIND, payload={**stored, "list": "\n".join(lines)})
    return redirect(f"{reverse('cards_db:deck_new')}?deck={fixed}#line-{number}")


def draw_odds_answer(data: dict[str, Any], request: HttpRequest) -> dict[str, Any]:
    """Draw odds on the checker page: the opening-hand chance first, then site by site."""
    try:
        odds, table = draw_odds_question(data)
    except (ListTooLong, UnreadableDeck):
        raise InvalidInput([("deck", _("Some lines of this list are not cards."))]) from None
    payload = draw_odds_payload(odds, table, request)
    for row in payload["by_site"] + payload["opening_hand_table"]:
        row["percent"] = percent(row["probability"])
    return {**payload, "tone": ""}


def draw_odds_chart(answer: dict[str, Any]) -> dict[str, Any]:
    title = _("Chance by each site")
    bars = [(_("site %(n)s") % {"n": s["site"]}, Fraction(s["exact"])) for s in answer["by_site"]]
    return {"title": title, "svg": bar_chart_svg(bars, title=title)}


class DrawOddsPage(CheckerPage):
    """Draw odds of a checked deck. The deck check links here with its deck alone
    (``?deck=<key>``): the form then opens with that deck's cards and groups to choose from."""

    form_class = forms.DrawOddsQuestion
    template_name = "cards_db/draw_odds.html"
    title = gettext_lazy("Draw odds")
    compute = staticmethod(draw_odds_answer)
    chart = staticmethod(draw_odds_chart)

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        if set(request.GET) == {"deck"}:
            return self.respond(request, self.form_class(initial={"deck": request.GET["deck"]}))
        return super().get(request, **kwargs)


def deck_edit(request: HttpRequest, pk, key) -> HttpResponse:
    deck = get_object_or_404(Deck, pk=pk)
    if deck.edit_key != key:
        raise Http404
    return _deck_form_page(request, deck)


@require_POST
def deck_delete(request: HttpRequest, pk, key) -> HttpResponse:
    """Delete a deck from its edit page (the edit key is in the link)."""
    deck = get_object_or_404(Deck, pk=pk)
    if deck.edit_key != key:
        raise Http404
    deck.delete()
    messages.success(request, _("The deck is deleted."))
    return redirect("cards_db:deck_new")


def deck_detail(request: HttpRequest, pk) -> HttpResponse:
    """A saved deck's permalink: its report, statistics and list."""
    deck = get_object_or_404(Deck, pk=pk)
    report = recheck_deck(deck)
    context = {"deck": deck, "format": report.format, **_report_context(request, report)}
    return render(request, "cards_db/deck_detail.html", context)


def deck_export(request: HttpRequest, pk) -> HttpResponse:
    """The deck as text (``?style=gemp`` for GEMP's layout)."""
    deck = get_object_or_404(Deck, pk=pk)
    style = request.GET.get("style", "plain")
    if style not in EXPORT_STYLES:
        raise Http404
    response = HttpResponse(exported(deck, style), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.txt"'
    return response


# --- Calculators ------------------------------------------------------------------------------


def calculator_index(request: HttpRequest) -> HttpResponse:
    """Every calculator (``checkers.py``) with what it answers and the rule it applies."""
    # Imported here: the registry reads this app's checkers.py, which reads this module.
    from adjudicator.web import registry

    pages = [
        {**link, "rule": citation_payload(link["checker"].citations[0])}
        for link in registry.index_links("tcg")
    ]
    return render(request, "cards_db/calculator_index.html", {"calculators": pages})


def calculator(request: HttpRequest, slug: str = "") -> HttpResponse:
    """A calculator's page by its slug (``calculators/<slug>/``), declared in ``checkers.py``."""
    from adjudicator.web import registry

    checker = registry.find("tcg", slug)
    if checker is None:
        raise Http404
    return checker.page_view(request)
