"""``{% slot %}…{% endslot %}``: a part of a checker page that depends on the question (the answer,
the form), left out of the page's skeleton (``adjudicator.web.checker_skeleton``) and rendered
per request; rendered as it is everywhere else."""

from typing import Any

from django import template
from django.template.base import Node, NodeList, Parser, Token

from adjudicator.web.skeleton import mark

register = template.Library()

#: The context's key under which a skeleton's making collects the slots it meets, in the page's
#: order (no template can read it: a template variable cannot start with "_").
SLOTS = "_skeleton_slots"


class SlotNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        found: list[Any] | None = context.get(SLOTS)
        if found is None:
            return self.nodelist.render(context)
        found.append(self)
        return mark(f"slot{len(found) - 1}")


@register.tag
def slot(parser: Parser, token: Token) -> SlotNode:
    token.split_contents()  # no arguments
    nodelist = parser.parse(("endslot",))
    parser.delete_first_token()
    return SlotNode(nodelist)
