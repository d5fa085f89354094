"""Reading the rulebooks and their sections for the pages and the API."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404

from .models import Rulebook, Section


@dataclass
class SectionNode:
    """A section with its subsections, for tables of contents."""

    section: Section
    children: list[SectionNode] = field(default_factory=list)


def rulebook_list() -> QuerySet[Rulebook]:
    """Every rulebook, in manifest order, with its number of sections."""
    return Rulebook.objects.annotate(section_count=Count("sections")).order_by("order", "slug")


def get_rulebook(slug: str) -> Rulebook:
    """The rulebook with this slug, or 404."""
    return get_object_or_404(rulebook_list(), slug=slug)


def section_tree(rulebook: Rulebook) -> list[SectionNode]:
    """The rulebook's chapters, each with its subsections, recursively (one query)."""
    nodes = {
        section.pk: SectionNode(section)
        for section in rulebook.sections.order_by("position").only(
            "id", "parent_id", "anchor", "number_path", "heading", "level", "rulebook_id"
        )
    }
    roots = []
    for node in nodes.values():
        node.section.rulebook = rulebook
        parent = nodes.get(node.section.parent_id)
        (parent.children if parent else roots).append(node)
    return roots


def get_section(rulebook_slug: str, anchor: str) -> Section:
    """The section of this rulebook with this anchor, or 404."""
    return get_object_or_404(
        Section.objects.select_related("rulebook", "parent"),
        rulebook__slug=rulebook_slug,
        anchor=anchor,
    )


def all_sections() -> list[Section]:
    """Every section of every rulebook, in the rulebooks' order and reading order."""
    return list(
        Section.objects.select_related("rulebook", "parent").order_by(
            "rulebook__order", "rulebook__slug", "position"
        )
    )


def get_section_by_id(section_id: int) -> Section:
    """The section with this id, or 404."""
    return get_object_or_404(Section.objects.select_related("rulebook", "parent"), pk=section_id)


def ancestors(section: Section) -> list[Section]:
    """The chapters and sections containing ``section``, outermost first."""
    chain = []
    parent_id = section.parent_id
    while parent_id is not None:
        parent = Section.objects.select_related("rulebook").get(pk=parent_id)
        chain.append(parent)
        parent_id = parent.parent_id
    return chain[::-1]


def neighbours(section: Section) -> tuple[Section | None, Section | None]:
    """The sections just before and after ``section`` in its rulebook's reading order."""
    siblings = Section.objects.select_related("rulebook").filter(rulebook_id=section.rulebook_id)
    previous = siblings.filter(position__lt=section.position).order_by("-position").first()
    following = siblings.filter(position__gt=section.position).order_by("position").first()
    return previous, following


def subsections(section: Section) -> QuerySet[Section]:
    """The direct subsections of ``section``, in order."""
    return section.children.select_related("rulebook").order_by("position")
