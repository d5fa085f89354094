"""Render a section's stored text: paragraphs, bulleted lists, and the sources' bold/italics."""

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules_corpus.search.passages import paragraph_anchor

register = template.Library()

BULLET = re.compile(r"^\s*(?:[-•☉⊗]\s+)+")
BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")


def _inline(line: str) -> str:
    """Escape a line, then turn the markdown ``**bold**`` and ``*italics*`` into HTML."""
    html = BOLD.sub(r"<strong>\1</strong>", escape(line))
    return ITALIC.sub(r"<em>\1</em>", html)


def _item(line: str) -> str:
    """A list item; an indented one (a sub-item in the markdown source) is marked as nested."""
    nested = ' class="nested"' if line.startswith("  ") else ""
    return f"<li{nested}>{_inline(BULLET.sub('', line))}</li>"


def _paragraph(paragraph: str, number: int) -> str:
    lines = paragraph.split("\n")
    anchor = paragraph_anchor(number)
    if all(BULLET.match(line) for line in lines):
        return f'<ul id="{anchor}">' + "".join(_item(line) for line in lines) + "</ul>"
    return f'<p id="{anchor}">' + "<br>".join(_inline(line.strip()) for line in lines) + "</p>"


@register.filter
def rulebook_text(text: str) -> SafeString:
    """Paragraphs (separated by a blank line) as HTML, each with its id (numbered as the search
    numbers them: :func:`rules_corpus.search.passages.paragraphs`); every character is escaped
    first."""
    blocks = [p for p in text.split("\n\n") if p.strip()]
    return mark_safe("\n".join(_paragraph(p, n) for n, p in enumerate(blocks)))
