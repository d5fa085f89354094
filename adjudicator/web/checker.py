"""One checker, declared once: the API operation, the page, both URLs and the game's index entry
are derived from its :class:`Checker` (the list of them is ``adjudicator.web.registry``, after
python-chess's ``VARIANTS``).

The layers a declaration names, one meaning each: ``compute`` (the app's ``services.py``: the
engine call, and the database where needed; no words) and ``present`` (the app's
``presenters.py``: the engine's answer as the response, in the request's language; the only
place where words are translated). Every answer is ``present(compute(data), request)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.urls import URLPattern, path
from django.utils.translation import gettext
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from adjudicator.api import post_view
from adjudicator.charts import bar_chart_svg
from adjudicator.citations import with_headline
from adjudicator.web.pages import ApiFieldsForm, CheckerPage, serializer_form


@dataclass(frozen=True, kw_only=True)
class Checker:
    """A checker: what it asks (``request``), how it answers (``compute`` then ``present``),
    where (``api``, ``page``) and how it is listed (``title``, ``blurb``).

    ``api`` is the path under the game's API mount (``/api/<game>/``), ``page`` under the
    game's pages (``/<game>/``); either may be None (a page that asks several operations, an
    operation without a page of its own; ``""`` is the index of its app). ``form`` defaults to
    one built from ``request`` (:func:`adjudicator.web.pages.serializer_form`). ``page_answer``
    turns the API's answer into the page's (extra figures, the chart): ``(answer, data, result)
    -> dict``. ``questions`` are page queries that ask it, walked by the site's tests
    (translations, axe, Share = API).

    A page with its own editor (the move checker's board, the deck check that stores the pasted
    list under a link key) declares its ``view`` (a view class, or a view function): it is
    routed as the checker's page in place of one built from ``form`` and ``template``; its
    ``questions`` are then what it opens on, and its own tests say what its links ask. ``app``
    names the URL namespace its page lives in when it is not its game's (``wotr_moves``).
    ``compute`` may read the database (a deck's cards); refusals it raises that are not
    :class:`~adjudicator.games.common.InvalidInput` are answered by ``api_options["refusals"]``
    (exception class → 400 response, :func:`adjudicator.api.post_view`).
    """

    game: str
    name: str
    title: Any
    blurb: Any = ""
    request: type[Serializer] | None = None
    response: type[Serializer] | None = None
    compute: Callable[[dict[str, Any]], Any]
    present: Callable[[Any, Any], dict[str, Any]]
    api: str | None = None
    api_name: str = ""
    view_name: str = ""
    description: str = ""
    example: Mapping[str, Any] | None = None
    api_options: Mapping[str, Any] = field(default_factory=dict)
    citations: tuple[Any, ...] = ()
    headline_alias: str | None = None
    page: str | None = None
    form: type | None = None
    template: str = "checker/page.html"
    chart: Callable[[dict[str, Any]], Any] | None = None
    page_answer: Callable[[dict[str, Any], dict[str, Any], Any], dict[str, Any]] | None = None
    page_context: Mapping[str, Any] = field(default_factory=dict)
    questions: tuple[str, ...] = ()
    view: Any = None
    app: str = ""
    skeleton: bool = False

    def presented(self, result: Any, request: Any) -> dict[str, Any]:
        """The engine's answer as the API gives it: in words, with its one headline."""
        return with_headline(self.present(result, request), self.headline_alias)

    def page_answer_of(self, data: dict[str, Any], request: Any) -> dict[str, Any]:
        """The page's answer: the API's, with what ``page_answer`` adds."""
        result = self.compute(data)
        answer = self.presented(result, request)
        return self.page_answer(answer, data, result) if self.page_answer else answer

    @cached_property
    def api_view(self) -> type[APIView]:
        """The POST operation: validates with ``request``, answers with :meth:`presented`."""
        assert self.request is not None and self.response is not None, self.name
        name = self.view_name or self.name.title().replace("_", "").replace("-", "")
        return post_view(
            name, self.request, self.response, self.compute, self.presented,
            self.description, dict(self.example) if self.example else None,
            **{"prefix": self.game.title(), "tag": self.game, **self.api_options},
        )  # fmt: skip

    @cached_property
    def page_form(self) -> type:
        """The page's form: declared (asking the API's serializer, which states the bounds and
        validates the question), or built from the request serializer."""
        if self.page is None or self.view is not None:  # no page, or a page with its own
            return getattr(self.view, "form_class", None)
        if self.form is None:
            return serializer_form(self.request, name=f"{self.view_name or self.name}Form")
        declared = isinstance(self.form, type) and issubclass(self.form, ApiFieldsForm)
        if declared and self.request and self.form.api_request is None:
            return type(self.form.__name__, (self.form,), {"api_request": self.request})
        return self.form

    @cached_property
    def page_view(self) -> Callable[..., Any]:
        if self.view is not None:
            return self.view.as_view() if isinstance(self.view, type) else self.view
        return CheckerPage.as_view(
            form_class=self.page_form,
            template_name=self.template,
            title=self.title,
            compute=self.page_answer_of,
            chart=self.chart,
            extra_context={"checker": self, **self.page_context},
            skeleton=self.skeleton,
        )

    def page_url(self) -> URLPattern:
        assert self.page is not None, self.name
        return path(self.page, self.page_view, name=self.name)

    def api_url(self) -> URLPattern:
        assert self.api is not None, self.name
        return path(self.api, self.api_view.as_view(), name=self.api_name)


def distribution_chart(field: str, title: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A page's chart of one distribution of the answer (rows of ``value`` and ``exact``),
    titled ``title`` (an engine's ``N_()`` message, translated when drawn)."""

    def chart(answer: dict[str, Any]) -> dict[str, Any]:
        text = gettext(title)
        bars = [(str(row["value"]), Fraction(row["exact"])) for row in answer[field]]
        return {"title": text, "svg": bar_chart_svg(bars, title=text)}

    return chart
