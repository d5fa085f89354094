"""A checker page written from a skeleton (``adjudicator.web.skeleton``, issue 29): its template
(``checker/page.html`` and the pages extending it) rendered once per worker for each language,
script prefix, section and page with a marker in place of the request's values and of each
``{% slot %}`` (the answer, the form), cut at the markers. A request renders only its slots'
nodes, with the page's blocks as its template chain gives them, and compresses only its own
text; the chrome (header, menu, language switch, footer) is the skeleton's bytes, the long
stretches deflated once. The same bytes as the template writes
(tests/web/test_checker_skeleton.py).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.template.base import Template
from django.template.context import make_context
from django.template.context_processors import i18n
from django.template.loader import get_template
from django.template.loader_tags import BLOCK_CONTEXT_KEY, BlockContext, BlockNode, ExtendsNode
from django.urls import get_script_prefix
from django.utils.translation import get_language

from adjudicator.web.kept import kept
from adjudicator.web.skeleton import MarkedRequest, Skeleton, mark, request_values
from adjudicator.web.templatetags.slots import SLOTS, SlotNode

#: Skeletons kept: a dozen checker pages in three languages under one prefix (~20 KB each).
LIMIT = 128


@dataclass(frozen=True)
class _Page:
    """A page's skeleton, its template, the blocks of its chain (the page's own first) and the
    slots its skeleton's markers stand for, in order."""

    skeleton: Skeleton
    template: Template
    chain: tuple[dict[str, BlockNode], ...]
    slots: tuple[SlotNode, ...]


def _chain(template: Template) -> tuple[dict[str, BlockNode], ...]:
    """The blocks of the template and the templates it extends, as ``{% extends %}`` adds them
    to its block context: the page's own first, the root's last."""
    chain = []
    while True:
        extends = next((n for n in template.nodelist if isinstance(n, ExtendsNode)), None)
        if extends is None:
            chain.append({n.name: n for n in template.nodelist.get_nodes_by_type(BlockNode)})
            return tuple(chain)
        chain.append(extends.blocks)
        template = template.engine.get_template(extends.parent_name.var)


def _made(request: HttpRequest, name: str, fixed: dict[str, Any]) -> _Page:
    template = get_template(name).template
    slots: list[SlotNode] = []
    marked = {
        **fixed, **i18n(request), SLOTS: slots, "csrf_token": mark("csrf"),
        "request": MarkedRequest(request, {"q": mark("q")}),
    }  # fmt: skip
    text = template.render(make_context(marked, autoescape=template.engine.autoescape))
    return _Page(Skeleton(text), template, _chain(template), tuple(slots))


_pages: dict[tuple[Any, ...], _Page] = {}


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    _pages.clear()


def respond(
    request: HttpRequest,
    name: str,
    page: Hashable,
    fixed: dict[str, Any],
    context: dict[str, Any],
    status: int,
) -> HttpResponse:
    """``render(request, name, context, status=status)`` from the skeleton of ``page`` (what
    tells its fixed text apart in a language): ``fixed`` is what the template's text outside its
    slots reads (the title, the checker), the same for every question of the page."""
    key = (get_language(), get_script_prefix(), request.resolver_match.namespace, name, page)
    made = kept(_pages, key, lambda: _made(request, name, fixed), LIMIT)
    values = request_values(request)
    values.update(_slot_values(made, request, context))
    return made.skeleton.response(values, status)


def _slot_values(page: _Page, request: HttpRequest, context: dict[str, Any]) -> dict[str, str]:
    """Each slot's text: its nodes rendered as the whole template renders them (the request's
    context processors, the page's blocks)."""
    template = page.template
    bound = make_context(context, request, autoescape=template.engine.autoescape)
    blocks = BlockContext()
    for found in page.chain:
        blocks.add_blocks(found)
    with bound.render_context.push_state(template), bound.bind_template(template):
        bound.template_name = template.name
        bound.render_context[BLOCK_CONTEXT_KEY] = blocks
        return {f"slot{i}": slot.nodelist.render(bound) for i, slot in enumerate(page.slots)}
