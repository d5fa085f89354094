"""Writing the parsed rulebooks to the database (``manage.py load_rulebooks``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction
from django.db.models import F

from .models import Rulebook, Section
from .parsing import RULEBOOK_SLUGS, ParsedRulebook, parse_rulebook

# Added to the positions of a rulebook's sections while they are renumbered, so that the unique
# (rulebook, position) constraint holds at every step.
_POSITION_SHIFT = 1_000_000


@dataclass(frozen=True)
class LoadResult:
    """What loading one rulebook did: ``created``, ``updated`` (re-parsed) or ``unchanged``."""

    slug: str
    status: str
    sections: int


def load_rulebooks(sources_dir: Path | None = None, force: bool = False) -> list[LoadResult]:
    """Load every rulebook of the manifest; a rulebook whose source is unchanged is left alone.

    A rulebook whose source hash differs (or every one, with ``force``) is re-parsed and its
    sections replaced in one transaction; a section keeps its primary key while its anchor
    stays, so links by id survive a re-parse that does not touch them.
    """
    parsed = [parse_source(slug, sources_dir) for slug in RULEBOOK_SLUGS]
    with transaction.atomic():  # all or nothing per run: a failing book undoes the others
        return [load_rulebook(book, force=force) for book in parsed]


class RulebookSourceError(Exception):
    """A rulebook source that cannot be read or parsed; the message names the book and why."""


def parse_source(slug: str, sources_dir: Path | None) -> ParsedRulebook:
    """``parse_rulebook`` with its failure as one line naming the rulebook."""
    try:
        return parse_rulebook(slug, sources_dir)
    except (OSError, ValueError, KeyError) as error:
        raise RulebookSourceError(f"{slug}: {error}") from error


@transaction.atomic
def load_rulebook(parsed: ParsedRulebook, force: bool = False) -> LoadResult:
    """Store one parsed rulebook (see :func:`load_rulebooks`)."""
    metadata = {
        "game": parsed.game,
        "title": parsed.title,
        "language": parsed.language,
        "edition": parsed.edition,
        "source_file": parsed.source_file,
        "order": parsed.order,
        "source_sha256": parsed.source_sha256,
        "corrections": [c.as_dict() for c in parsed.corrections],
    }
    rulebook = Rulebook.objects.select_for_update().filter(slug=parsed.slug).first()
    if rulebook is None:
        rulebook = Rulebook.objects.create(slug=parsed.slug, **metadata)
        _create_sections(rulebook, parsed)
        return LoadResult(parsed.slug, "created", len(parsed.sections))
    if rulebook.source_sha256 == parsed.source_sha256 and not force:
        return LoadResult(parsed.slug, "unchanged", rulebook.sections.count())
    for field, value in metadata.items():
        setattr(rulebook, field, value)
    rulebook.save()
    _replace_sections(rulebook, parsed)
    return LoadResult(parsed.slug, "updated", len(parsed.sections))


def _section_fields(parsed_section) -> dict[str, object]:
    return {
        "number_path": parsed_section.number_path,
        "level": parsed_section.level,
        "heading": parsed_section.heading,
        "text": parsed_section.text,
        "position": parsed_section.position,
    }


def _create_sections(rulebook: Rulebook, parsed: ParsedRulebook) -> None:
    created = Section.objects.bulk_create(
        Section(rulebook=rulebook, anchor=s.anchor, **_section_fields(s)) for s in parsed.sections
    )
    _link_parents(parsed, {section.anchor: section for section in created})


def _replace_sections(rulebook: Rulebook, parsed: ParsedRulebook) -> None:
    rulebook.sections.exclude(anchor__in=parsed.anchors).delete()
    rulebook.sections.update(position=F("position") + _POSITION_SHIFT)
    existing = {section.anchor: section for section in rulebook.sections.all()}
    fresh = []
    for parsed_section in parsed.sections:
        fields = _section_fields(parsed_section)
        section = existing.get(parsed_section.anchor)
        if section is None:
            fresh.append(Section(rulebook=rulebook, anchor=parsed_section.anchor, **fields))
            continue
        for field, value in fields.items():
            setattr(section, field, value)
    Section.objects.bulk_update(
        existing.values(), ["number_path", "level", "heading", "text", "position"]
    )
    existing.update({section.anchor: section for section in Section.objects.bulk_create(fresh)})
    _link_parents(parsed, existing)


def _link_parents(parsed: ParsedRulebook, by_anchor: dict[str, Section]) -> None:
    for parsed_section in parsed.sections:
        parent = (
            by_anchor.get(parsed_section.parent_anchor) if parsed_section.parent_anchor else None
        )
        by_anchor[parsed_section.anchor].parent = parent
    Section.objects.bulk_update(by_anchor.values(), ["parent"])
