"""``{% memo a b %}…{% endmemo %}``: a block rendered once per worker for each language (and
value of ``a``, ``b``), then written from memory: the page chrome every page repeats (links,
static addresses, translated labels), an empty form (issue 29). ``unless=c``: rendered afresh
(and not kept) whenever ``c`` is true (a bound form).

Only for what depends on nothing but the language, the URL map, the static files and the
named values: never around a CSRF token, a nonce or anything read from the request. A changed
setting (a test's) forgets every rendering.
"""

from typing import Any

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.base import FilterExpression, Node, NodeList, Parser, Token
from django.template.loader_tags import BlockNode

from adjudicator.request_locals import get_language, get_script_prefix

register = template.Library()

#: Renderings kept per block: a block keyed by a value the site bounds (a section's name).
LIMIT = 200
_generation = 0


@receiver(setting_changed)
def _forget(**_kwargs: Any) -> None:
    global _generation
    _generation += 1


class MemoNode(Node):
    def __init__(
        self, nodelist: NodeList, vary: list[FilterExpression], unless: FilterExpression | None
    ) -> None:
        self.nodelist = nodelist
        self.vary = vary
        self.unless = unless
        self.rendered: dict[tuple[Any, ...], str] = {}
        self.generation = _generation
        if not nodelist.get_nodes_by_type(BlockNode):
            # A block with no {% block %} inside is left out of the walk that {% extends %}
            # makes of its parent's nodes for their blocks, on every page (issue 29: base.html's
            # memo blocks were most of its nodes); the blocks found are the same.
            self.child_nodelists = ()

    def render(self, context: template.Context) -> str:
        if self.generation != _generation:
            self.rendered, self.generation = {}, _generation
        if self.unless is not None and self.unless.resolve(context):
            return self.nodelist.render(context)
        key = (get_language(), get_script_prefix(), *(v.resolve(context) for v in self.vary))
        text = self.rendered.get(key)
        if text is None:
            text = self.nodelist.render(context)
            if len(self.rendered) < LIMIT:
                self.rendered[key] = text
        return text


@register.tag
def memo(parser: Parser, token: Token) -> MemoNode:
    bits = token.split_contents()[1:]
    unless = [parser.compile_filter(b[len("unless=") :]) for b in bits if b.startswith("unless=")]
    vary = [parser.compile_filter(b) for b in bits if not b.startswith("unless=")]
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, vary, unless[0] if unless else None)
