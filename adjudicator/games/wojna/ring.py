"""The One Ring: who inherits it, where it is destroyed (rules: Pierścień).

Frodo starts as the Ring-bearer and cannot give the Ring away; it changes hands only when the
bearer dies, to a character on the hex where the bearer was defeated who has the Pierścień
attribute, in the order: Fellowship, Gollum, other Alliance characters, Saruman, other Sauron
characters. It is destroyed when the bearer, not wearing it, is on hex 4129 (Orodruina).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.games.common import N_, Answer, Message, Reason

from . import citations as cite
from .validation import Problems, one_of

MOUNT_DOOM_HEX = 4129
INHERITANCE_ORDER = ("fellowship", "gollum", "alliance", "saruman", "shadow")
WITHIN_GROUP = N_(
    "The text orders groups, not characters within a group: when several characters of the "
    "first group qualify, it does not say which of them takes the Ring."
)


@dataclass(frozen=True)
class Candidate:
    """A character on the hex where the Ring-bearer died."""

    name: str
    group: str
    has_ring_attribute: bool = True


@dataclass(frozen=True)
class InheritanceAnswer(Answer):
    """The heirs (one, several of one group, or none) and the order applied."""

    heirs: tuple[str, ...] = ()
    group: str = ""
    ranking: tuple[tuple[str, str, int | None], ...] = ()


def inherit_ring(candidates: Sequence[Candidate]) -> InheritanceAnswer:
    """Who takes the Ring after the bearer's death (rules: Pierścień)."""
    problems = Problems()
    for index, candidate in enumerate(candidates):
        if not candidate.name.strip():
            problems.add(f"candidates.{index}.name", Message(N_("Give the character's name.")))
        if candidate.group not in INHERITANCE_ORDER:
            problems.add(
                f"candidates.{index}.group",
                one_of(INHERITANCE_ORDER),
            )
    problems.raise_if_any()
    ranking = tuple(
        (
            c.name.strip(),
            c.group,
            INHERITANCE_ORDER.index(c.group) + 1 if c.has_ring_attribute else None,
        )
        for c in candidates
    )
    eligible = [(rank, name) for name, _group, rank in ranking if rank is not None]
    reasons = [
        Reason(
            N_("The Ring changes hands only when its bearer dies; the bearer cannot give it away."),
            cite.THE_RING,
            code="only_on_death",
        )
    ]
    if not eligible:
        reasons.append(
            Reason(
                N_(
                    "Nobody on the hex has the Pierścień attribute: nobody takes the Ring (the "
                    "text does not say what happens to it then)."
                ),
                cite.THE_RING,
                code="no_heir",
            )
        )
        return _inheritance((), "", ranking, reasons)
    best = min(rank for rank, _ in eligible)
    heirs = tuple(name for rank, name in eligible if rank == best)
    group = INHERITANCE_ORDER[best - 1]
    if len(heirs) > 1:
        reasons.append(
            Reason(
                N_("Several characters of the same group qualify: %(names)s."),
                cite.THE_RING,
                {"names": ", ".join(heirs)},
                code="tie",
            )
        )
    return _inheritance(heirs, group, ranking, reasons)


def _inheritance(
    heirs: tuple[str, ...],
    group: str,
    ranking: tuple[tuple[str, str, int | None], ...],
    reasons: list[Reason],
) -> InheritanceAnswer:
    return InheritanceAnswer(
        heirs=heirs,
        group=group,
        ranking=ranking,
        reasons=tuple(reasons),
        citations=(cite.THE_RING, cite.RING_ATTRIBUTE),
        assumptions=(
            WITHIN_GROUP,
            N_(
                "Each character's group (for instance Fellowship membership, whose list is "
                "missing from the source) is as you state it."
            ),
        ),
    )


@dataclass(frozen=True)
class DestructionAnswer(Answer):
    """Whether the Ring is destroyed where the bearer now stands."""

    destroyed: bool = False


def ring_destroyed(hex_number: int, ring_worn: bool) -> DestructionAnswer:
    """Destroyed when the bearer, not wearing the Ring, is on hex 4129 (rules: Pierścień)."""
    problems = Problems()
    problems.integer("hex", hex_number, 0)
    problems.raise_if_any()
    on_mount_doom = hex_number == MOUNT_DOOM_HEX
    destroyed = on_mount_doom and not ring_worn
    if destroyed:
        reason = Reason(
            N_(
                "The bearer is on hex 4129 (Orodruina, Mount Doom) without the Ring on: the Ring "
                "is destroyed."
            ),
            cite.THE_RING,
            code="destroyed",
        )
    elif on_mount_doom:
        reason = Reason(
            N_(
                "The bearer is on hex 4129 but wears the Ring: it is destroyed only once taken "
                "off there (one attempt per Ring Phase, roll ≤ Pierścień)."
            ),
            cite.THE_RING,
            code="worn",
        )
    else:
        reason = Reason(
            N_(
                "The Ring is destroyed only on hex 4129 (Orodruina, Mount Doom), not on hex "
                "%(hex)s."
            ),
            cite.THE_RING,
            {"hex": hex_number},
            code="elsewhere",
        )
    victory = Reason(
        N_(
            "Destroying the Ring on Mount Doom is the Alliance's goal: the Alliance wins by the "
            "Ring."
        ),
        cite.GOAL,
        code="alliance_wins",
    )
    return DestructionAnswer(
        destroyed=destroyed,
        reasons=(reason, *((victory,) if destroyed else ())),
        citations=(
            cite.THE_RING,
            *((cite.RING_ATTRIBUTE,) if on_mount_doom else ()),
            *((cite.GOAL,) if destroyed else ()),
        ),
    )
