"""``{{ hit|search_result }}``: one result of the search page, as the template wrote it (issue
29: its five lookups, escapes and text nodes cost a page a tenth of a millisecond or two; the
same sections come back in other questions)."""

from functools import lru_cache

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules_corpus.search.engine import SearchHit

register = template.Library()

#: Results kept per worker (an article about 1 KB of text, 2 KB as a Cyrillic str; with its
#: key at most about 3 KB: ~6 MB a worker).
RESULTS = 2048


@register.filter
def search_result(hit: SearchHit) -> SafeString:
    """The result's ``<article>``: its language, link (to the answering paragraph, else the
    page), title and rulebook escaped, its snippet (HTML already) as it is."""
    href = hit.passage_url or hit.url
    return _article(hit.language, href, hit.title, hit.source_title, hit.snippet)


@lru_cache(maxsize=RESULTS)
def _article(language: str, href: str, title: str, source_title: str, snippet: str) -> SafeString:
    # every value escaped but the snippet, which is HTML
    return mark_safe(
        f'<article class="result" lang="{escape(language)}">\n'
        f'      <h3><a href="{escape(href)}">{escape(title)}</a></h3>\n'
        f'      <p class="meta">{escape(source_title)}</p>\n'
        f'      <p class="snippet">{snippet}</p>\n'
        "    </article>"
    )
