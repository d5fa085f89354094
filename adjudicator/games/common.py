"""Value types shared by every game's checker: citations, reasons, verdicts, exact probabilities.

Plain Python (no Django). Messages are English source strings marked with :func:`N_` so that
``makemessages --keyword=N_`` collects them; the web layer translates them with ``gettext``
and fills in ``params`` (``message % params``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any


def N_(message: str) -> str:
    """Mark an engine message for translation without translating it here."""
    return message


@dataclass(frozen=True, order=True)
class Citation:
    """A rulebook section an answer rests on: rulebook slug + section anchor (see rules_corpus)."""

    rulebook: str
    anchor: str
    title: str = field(default="", compare=False)

    @classmethod
    def of(cls, rulebook: str) -> Callable[[str, str], Citation]:
        """A maker of one rulebook's citations: ``_cite = Citation.of(RULEBOOK)``, then
        ``_cite(anchor, title)``."""
        return partial(cls, rulebook)


@dataclass(frozen=True)
class Reason:
    """One finding of a check: a translatable message, its parameters and its rule."""

    message: str
    citation: Citation | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    code: str = ""

    def __hash__(self) -> int:
        return hash((self.message, self.citation, self.code, tuple(sorted(self.params.items()))))

    def render(self) -> str:
        """The English message with its parameters filled in."""
        return self.message % dict(self.params) if self.params else self.message


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this legal?": a verdict, every reason for it, and the rules cited."""

    legal: bool
    reasons: tuple[Reason, ...] = ()
    citations: tuple[Citation, ...] = ()
    assumptions: tuple[str, ...] = ()

    @classmethod
    def from_reasons(
        cls,
        problems: Iterable[Reason],
        applied: Iterable[Citation] = (),
        assumptions: Iterable[str] = (),
    ) -> Verdict:
        """Legal exactly when there are no problems; cites the problems' rules and ``applied``."""
        problems = tuple(problems)
        return cls(
            legal=not problems,
            reasons=problems,
            citations=unique_citations(
                [*applied, *(r.citation for r in problems if r.citation is not None)]
            ),
            assumptions=tuple(assumptions),
        )


class Message(str):
    """An English engine message that stays translatable after its parameters are filled in.

    ``InvalidInput`` carries plain strings; a Message *is* that string (the English text, so
    everything reading it keeps working) and also remembers its ``N_()`` template and
    parameters, so the edge (API error handler, checker page) shows it in the request's
    language: ``Message(N_("must be between %(low)s and %(high)s"), low=0, high=12)``.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Message:
        message = super().__new__(cls, template % params if params else template)
        message.template = template
        message.params = params
        return message

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the language ``gettext`` translates to."""
        text = gettext(self.template)
        return text % self.params if self.params else text


def translate_problems(
    problems: Iterable[tuple[str, str]], gettext: Callable[[str], str]
) -> list[tuple[str, str]]:
    """``InvalidInput.problems`` with every :class:`Message` translated (others kept as is)."""
    return [
        (field, message.translated(gettext) if isinstance(message, Message) else message)
        for field, message in problems
    ]


class InvalidInput(ValueError):
    """Malformed input to a checker: every problem, each with the field it concerns."""

    def __init__(self, problems: Iterable[tuple[str, str]]):
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        super().__init__("; ".join(f"{where}: {what}" for where, what in self.problems))


def unique_citations(citations: Iterable[Citation]) -> tuple[Citation, ...]:
    """Citations in first-seen order, without repeats."""
    return tuple(dict.fromkeys(citations))


Distribution = dict[Any, Fraction]


def exact_value(value: Fraction) -> dict[str, Any]:
    """An exact expectation or value as the API shows it: ``{"exact": "p/q", "value": float}``."""
    return {"exact": str(value), "value": float(value)}


def probability(value: Fraction) -> dict[str, Any]:
    """An exact probability as the API shows it: ``{"exact": "p/q", "probability": float}``."""
    return {"exact": str(value), "probability": float(value)}
