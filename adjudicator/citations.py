"""Turn the engines' citations and reasons into what the API and the pages show: links to the
rulebook section pages, and messages in the request's language."""

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from adjudicator.games.common import Answer, Citation, Reading, ReadingAnswer, Reason
from adjudicator.request_locals import get_script_prefix
from adjudicator.web.per_language import per_language

#: Translates one parameter of an engine message (its name, its value) for display.
ParamTranslator = Callable[[str, Any], Any]


def citation_url(citation: Citation) -> str:
    """The section page of a citation (``/rules/<rulebook>/<anchor>/``)."""
    return _section_path(get_script_prefix(), citation.rulebook, citation.anchor)


@lru_cache(maxsize=4096)
def _section_path(prefix: str, rulebook: str, anchor: str) -> str:
    """Reversed once per section (and script prefix): answers cite the same few sections."""
    return reverse("rules_corpus:section", kwargs={"rulebook": rulebook, "anchor": anchor})


def citation_payload(
    citation: Citation, request: Any = None, origin: str | None = None
) -> dict[str, str]:
    """A citation as the API and the templates show it (``origin``: the request's
    ``scheme://host``, when the caller has it already)."""
    url = citation_url(citation)
    if request is not None:
        url = (origin if origin is not None else request_origin(request)) + url
    return _payload(citation.rulebook, citation.anchor, citation.title, url)


def _payload(rulebook: str, anchor: str, title: str, url: str) -> dict[str, str]:
    return {"rulebook": rulebook, "section": anchor, "title": title, "url": url}


def request_origin(request: Any) -> str:
    """``scheme://host`` of the request: its host checked against ALLOWED_HOSTS once a request
    (Django keeps it for ``build_absolute_uri``), whoever asks again (the answer cache's key,
    each citation)."""
    return request.build_absolute_uri("/")[:-1]


def citations_payload(citations: Iterable[Citation], request: Any = None) -> list[dict[str, str]]:
    """Several citations, in order (each a new dict, made from the payloads kept by
    :func:`_payloads`)."""
    origin = request_origin(request) if request is not None else ""
    cited = tuple((c.rulebook, c.anchor, c.title) for c in citations)
    return [dict(payload) for payload in _payloads(get_script_prefix(), origin, cited)]


@lru_cache(maxsize=1024)
def _payloads(prefix: str, origin: str, cited: tuple[tuple[str, str, str], ...]) -> tuple:
    """The payloads of one answer's citations (rulebook, anchor, title), made once per script
    prefix and origin (issue 29: a few hundred distinct lists, each a few hundred bytes; every
    answer of a kind cites the same sections)."""
    return tuple(
        _payload(rulebook, anchor, title, origin + _section_path(prefix, rulebook, anchor))
        for rulebook, anchor, title in cited
    )


def keep_param(key: str, value: Any) -> Any:
    """Show a message parameter as the engine gave it."""
    return value


def translate_message(
    message: str,
    params: Mapping[str, Any] | None = None,
    translate_param: ParamTranslator = keep_param,
) -> str:
    """An engine's ``N_()`` message in the active language, its parameters filled in."""
    text = gettext(message)
    if not params:
        return text
    return text % {key: translate_param(key, value) for key, value in params.items()}


def reason_payload(
    reason: Reason, request: Any = None, translate_param: ParamTranslator = keep_param
) -> dict[str, Any]:
    """A reason as the API shows it: its code, translated message and citation."""
    return {
        "code": reason.code,
        "message": translate_message(reason.message, reason.params, translate_param),
        "citation": citation_payload(reason.citation, request) if reason.citation else None,
    }


def answer_payload(
    answer: Answer, request: Any = None, translate_param: ParamTranslator = keep_param
) -> dict[str, Any]:
    """The envelope of any answer as the API and the pages show it: its reasons (translated,
    each with its citation), the rules it cites and the assumptions it made."""
    return {
        "reasons": [reason_payload(r, request, translate_param) for r in answer.reasons],
        "citations": citations_payload(answer.citations, request),
        "assumptions": assumption_texts(answer.assumptions, translate_param),
        "readings": [reading_payload(r, request, translate_param) for r in answer.readings],
    }


def with_headline(answer: dict[str, Any], alias: str | None) -> dict[str, Any]:
    """The answer with its one headline field, ``headline`` (every presenter builds it), first,
    and ``alias`` (the name version 1 gave it: ``verdict`` or ``summary``) kept as a deprecated
    copy (``Checker.presented``; the offline odds say it in the browser too)."""
    headline = answer["headline"]
    shown = {"headline": headline, **answer}
    if alias:
        shown[alias] = headline
    return shown


def reading_payload(
    reading: Reading, request: Any = None, translate_param: ParamTranslator = keep_param
) -> dict[str, Any]:
    """A reading of unclear text as the API and the pages show it: the text it rests on, the
    reading the answer used and the answer under each other reading."""

    def shown(under: ReadingAnswer) -> dict[str, str]:
        return {
            "reading": under.reading,
            "says": translate_message(under.says),
            "answer": assumption_text(under.answer, translate_param),
        }

    return {
        "id": reading.id,
        "citation": citation_payload(reading.citation, request),
        "quote": reading.quote,
        "chosen": shown(reading.chosen),
        "others": [shown(other) for other in reading.others],
    }


def assumption_texts(
    assumptions: Iterable[str | Reason], translate_param: ParamTranslator = keep_param
) -> list[str]:
    """An answer's assumptions in the active language (:func:`assumption_text`); a list of
    plain messages (an engine's ``N_()`` texts, no parameters) translated once per language
    (issue 29: a gettext is a few microseconds, an answer states three to five)."""
    kept = tuple(assumptions)
    if translate_param is keep_param and all(type(a) is str for a in kept):
        return list(_translated_messages(kept))
    return [assumption_text(a, translate_param) for a in kept]


def _plain_messages(messages: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(translate_message(message) for message in messages)


#: At most 512 lists a process (an engine's assumptions come from its fixed messages: a few
#: dozen lists; each under a kilobyte), per language.
_translated_messages = per_language(_plain_messages, maxsize=512)


def assumption_text(assumption: str | Reason, translate_param: ParamTranslator = keep_param) -> str:
    """An answer's assumption in the active language (a Reason's parameters filled in)."""
    if isinstance(assumption, Reason):
        return translate_message(assumption.message, assumption.params, translate_param)
    return translate_message(assumption, None, translate_param)
