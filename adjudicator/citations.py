"""Turn the engines' :class:`Citation` values into links to the rulebook section pages."""

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from adjudicator.games.common import Citation


def citation_url(citation: Citation) -> str:
    """The section page of a citation (``/rules/<rulebook>/<anchor>/``)."""
    return reverse(
        "rules_corpus:section",
        kwargs={"rulebook": citation.rulebook, "anchor": citation.anchor},
    )


def citation_payload(citation: Citation, request: Any = None) -> dict[str, str]:
    """A citation as the API and the templates show it."""
    url = citation_url(citation)
    return {
        "rulebook": citation.rulebook,
        "section": citation.anchor,
        "title": citation.title,
        "url": request.build_absolute_uri(url) if request is not None else url,
    }


def citations_payload(citations: Iterable[Citation], request: Any = None) -> list[dict[str, str]]:
    """Several citations, in order."""
    return [citation_payload(c, request) for c in citations]
