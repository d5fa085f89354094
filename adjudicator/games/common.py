"""Value types shared by every game's checker: citations, reasons, the answer envelope
(verdicts and odds), exact probabilities.

Plain Python (no Django). Messages are English source strings marked with :func:`N_` so that
``makemessages --keyword=N_`` collects them; the web layer translates them with ``gettext``
and fills in ``params`` (``message % params``).
"""

from __future__ import annotations

import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, partial
from math import comb, lcm
from typing import Any

import gmpy2


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
class ReadingAnswer:
    """One way to read an unclear text and the answer under it: ``reading`` its id, ``says``
    how the text is read (an ``N_()`` message), ``answer`` what the checker answers then (a
    message, or a :class:`Reason` with parameters)."""

    reading: str
    says: str
    answer: str | Reason


@dataclass(frozen=True)
class Reading:
    """A point where the answer rests on a reading of ambiguous or silent text: ``id`` names it
    (and the request field ``readings.<id>`` that picks it), ``citation`` and ``quote`` are the
    rulebook text it rests on, ``chosen`` the reading the answer used and ``others`` every other
    reading, each with the answer computed under it."""

    id: str
    citation: Citation
    quote: str
    chosen: ReadingAnswer
    others: tuple[ReadingAnswer, ...]


def reading_of(
    reading_id: str,
    citation: Citation,
    quote: str,
    chosen: str,
    choices: Mapping[str, str],
    answer_under: Callable[[str], str | Reason],
) -> Reading:
    """A :class:`Reading` whose ``chosen`` reading and every other one in ``choices`` (reading →
    how the text is read) carry ``answer_under(reading)``, the answer computed under it."""

    def under(reading: str) -> ReadingAnswer:
        return ReadingAnswer(reading, choices[reading], answer_under(reading))

    return Reading(
        reading_id,
        citation,
        quote,
        under(chosen),
        tuple(under(other) for other in choices if other != chosen),
    )


def pick_reading(readings: Mapping[str, str], reading_id: str, choices: Iterable[str]) -> str:
    """The reading ``readings`` picks for ``reading_id``, else the first of ``choices`` (the
    default); ``InvalidInput`` naming ``readings.<id>`` for an unknown one."""
    choices = tuple(choices)
    chosen = readings.get(reading_id, choices[0])
    if chosen not in choices:
        raise InvalidInput(
            [
                (
                    f"readings.{reading_id}",
                    Message(N_("must be one of %(choices)s"), choices=", ".join(choices)),
                )
            ]
        )
    return chosen


def check_reading_ids(readings: Mapping[str, str], known: Iterable[str]) -> None:
    """``InvalidInput`` for a reading id this question does not have (``known`` lists its)."""
    known = tuple(known)
    unknown = [key for key in readings if key not in known]
    if unknown:
        raise InvalidInput([(f"readings.{key}", Message(N_("unknown field"))) for key in unknown])


@dataclass(frozen=True)
class Answer:
    """The one answer envelope every checker's engine gives: the reasons behind the answer (the
    rules applied to this case, or the problems that decide a verdict), the rules it cites and
    the readings of the text it assumed. A yes/no question's answer is a :class:`Verdict`; a
    question of chance adds its probabilities or distribution as fields of a subclass
    (``@dataclass(frozen=True, kw_only=True) class DuelAnswer(Answer): ...``), so one
    presenter (``adjudicator.citations.answer_payload``) shows the common part of any answer.
    An assumption is an ``N_()`` message, or a :class:`Reason` when it has parameters or a rule.
    """

    reasons: tuple[Reason, ...] = ()
    citations: tuple[Citation, ...] = ()
    assumptions: tuple[str | Reason, ...] = ()
    readings: tuple[Reading, ...] = ()


@dataclass(frozen=True)
class Verdict(Answer):
    """The answer to "is this legal?": a verdict, every reason for it, and the rules cited."""

    legal: bool = field(kw_only=True)

    @property
    def problems(self) -> tuple[Reason, ...]:
        """What makes it illegal (nothing when it is legal)."""
        return () if self.legal else self.reasons


class Message(str):
    """An English engine message that stays translatable after its parameters are filled in.

    ``InvalidInput`` carries plain strings; a Message *is* that string (the English text, so
    everything reading it keeps working) and also remembers its ``N_()`` template and
    parameters, so the edge (API error handler, checker page) shows it in the request's
    language: ``Message(N_("must be between %(low)s and %(high)s"), low=0, high=MAX_CORRUPTION)``.
    """

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, **params: Any) -> Message:
        message = super().__new__(cls, template % params if params else template)
        message.template = template
        message.params = params
        return message

    def translated(self, gettext: Callable[[str], str]) -> str:
        """The message in the language ``gettext`` translates to (still knowing its English
        ``template``, which the API's error codes are read from)."""
        text = gettext(self.template)
        return Translated(text % self.params if self.params else text, self.template)


class Translated(str):
    """A translated :class:`Message`: its text, and the English ``template`` it came from."""

    template: str

    def __new__(cls, text: str, template: str) -> Translated:
        translated = super().__new__(cls, text)
        translated.template = template
        return translated


def translate_problems(
    problems: Iterable[tuple[str, str]], gettext: Callable[[str], str]
) -> list[tuple[str, str]]:
    """``InvalidInput.problems`` in the active language: every :class:`Message` with its
    parameters, and a plain ``N_()`` message by itself (a text that is no message id comes
    back as it is)."""
    return [
        (field, message.translated(gettext) if isinstance(message, Message) else gettext(message))
        for field, message in problems
    ]


Problems = list[tuple[str, str]]
"""What is wrong with an input: ``(field, message)`` pairs, every one at once."""


class InvalidInput(ValueError):
    """Malformed input to a checker: every problem, each with the field it concerns."""

    def __init__(self, problems: Iterable[tuple[str, str]]):
        self.problems: tuple[tuple[str, str], ...] = tuple(problems)
        super().__init__("; ".join(f"{where}: {what}" for where, what in self.problems))


def unique_citations(citations: Iterable[Citation]) -> tuple[Citation, ...]:
    """Citations in first-seen order, without repeats."""
    return tuple(dict.fromkeys(citations))


# ---- exact finite distributions --------------------------------------------------------------
#
# A distribution is a mapping from outcomes to exact weights: Fractions that sum to 1, or whole
# numbers (ints, gmpy2 mpz) over a common denominator kept by the caller. These are the few
# operations every engine builds its odds from.

Weights = Mapping[Any, Any]


def marginal(distribution: Weights, key: Callable[[Any], Any]) -> dict[Any, Any]:
    """The distribution of ``key(outcome)``: the weights of outcomes with the same image summed,
    in the order of the images."""
    totals: dict[Any, Any] = {}
    for outcome, weight in distribution.items():
        image = key(outcome)
        totals[image] = totals.get(image, 0) + weight
    return dict(sorted(totals.items()))


def exact_sum(values: Iterable[Any]) -> Any:
    """The sum of chances: fractions over their least common denominator, reduced once rather
    than at every addition (a battle's answer sums hundreds; floats are summed as they are)."""
    values = list(values)
    if not all(isinstance(value, Fraction) for value in values):
        return sum(values, start=Fraction(0))
    scale = lcm(*{value.denominator for value in values})
    return Fraction(sum(v.numerator * (scale // v.denominator) for v in values), scale)


def total(distribution: Weights, condition: Callable[[Any], bool]) -> Any:
    """The weight of the outcomes for which ``condition`` holds."""
    return sum((w for outcome, w in distribution.items() if condition(outcome)), start=0)


def over(weights: Weights, scale: int) -> dict[Any, Fraction]:
    """Whole-number weights as chances over their common denominator ``scale``."""
    return {outcome: Fraction(int(weight), int(scale)) for outcome, weight in weights.items()}


def convolve(
    first: Weights, second: Weights, combine: Callable[[Any, Any], Any] = operator.add
) -> dict[Any, Any]:
    """The distribution of ``combine(a, b)`` for independent ``a`` and ``b`` (by default their
    sum), weights multiplied."""
    result: dict[Any, Any] = {}
    for a, p in first.items():
        for b, q in second.items():
            outcome = combine(a, b)
            result[outcome] = result.get(outcome, 0) + p * q
    return result


def uniform(outcomes: Iterable[Any]) -> dict[Any, Fraction]:
    """Each outcome equally likely (a die: ``uniform(range(1, 7))``); repeats add up."""
    counts = Counter(outcomes)
    share = Fraction(1, counts.total())
    return {outcome: share * n for outcome, n in counts.items()}


@cache
def binomial(trials: int, success: Fraction) -> tuple[Fraction, ...]:
    """P(k successes in ``trials`` independent trials), k = 0..trials."""
    failure = 1 - success
    return tuple(comb(trials, k) * success**k * failure ** (trials - k) for k in range(trials + 1))


def loop_closure(stay: Any, whole: Any = 1) -> Fraction | None:
    """The factor that closes an absorbing self-loop: a state that comes back to itself with
    weight ``stay`` out of ``whole`` is left, over all its returns, by each way out with that
    way's weight times ``1 / (whole − stay)`` (the geometric series Σₖ (stay/whole)ᵏ / whole).
    None when the state is never left."""
    if stay == whole:
        return None
    return Fraction(1) / (whole - stay)


#: An integer longer than this is shown as its first and last digits and its length.
MAX_SHOWN_DIGITS = 4000


def integer_text(number: int) -> str:
    """``number`` in decimal; past MAX_SHOWN_DIGITS digits abbreviated as
    ``1234…6789 (5000 digits)`` (Python refuses str() past 4,300 digits)."""
    if number.bit_length() <= MAX_SHOWN_DIGITS * 3:
        return str(number)
    digits = gmpy2.mpz(number).digits()
    if len(digits.lstrip("-")) <= MAX_SHOWN_DIGITS:
        return digits
    return f"{digits[:20]}…{digits[-20:]} ({len(digits.lstrip('-'))} digits)"


def fraction_text(value: Fraction) -> str:
    """The fraction ``p/q`` (``p`` when whole), huge terms abbreviated by integer_text."""
    if value.denominator == 1:
        return integer_text(value.numerator)
    return f"{integer_text(value.numerator)}/{integer_text(value.denominator)}"


def exact_value(value: Fraction) -> dict[str, Any]:
    """An exact expectation or value as the API shows it: ``{"exact": "p/q", "value": float}``."""
    return {"exact": fraction_text(value), "value": float(value)}


def probability(value: Fraction) -> dict[str, Any]:
    """An exact probability as the API shows it: ``{"exact": "p/q", "probability": float}``."""
    return {"exact": fraction_text(value), "probability": float(value)}


#: A decimal or fraction typed as text: no exponent, at most 30 digits a part.
BOUNDED_FRACTION = re.compile(r"\s*[0-9]{1,30}(?:\.[0-9]{1,30})?(?:\s*/\s*[0-9]{1,30})?\s*")


def bounded_fraction(text: str) -> Fraction | None:
    """``text`` ("1/6", "0.25") as a fraction, or None when it is not one or is too long to be
    a sensible input ("1e-99999999" would cost minutes of arithmetic downstream)."""
    if not BOUNDED_FRACTION.fullmatch(text):
        return None
    try:
        return Fraction(text.replace(" ", ""))
    except (ValueError, ZeroDivisionError):
        return None
