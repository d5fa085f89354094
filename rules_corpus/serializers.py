"""API shapes of rulebooks and sections (names prefixed so OpenAPI components stay unique)."""

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from .models import Rulebook, Section


class RulebookListSerializer(serializers.ModelSerializer):
    section_count = serializers.IntegerField(read_only=True)
    api_url = serializers.SerializerMethodField(help_text="This rulebook with its section tree.")
    url = serializers.SerializerMethodField(help_text="The table of contents page.")

    class Meta:
        model = Rulebook
        fields = [
            "slug",
            "game",
            "title",
            "language",
            "edition",
            "source_file",
            "section_count",
            "api_url",
            "url",
        ]

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path

    def get_api_url(self, rulebook: Rulebook) -> str:
        return self._absolute(reverse("api-rulebook-detail", args=[rulebook.slug]))

    def get_url(self, rulebook: Rulebook) -> str:
        return self._absolute(rulebook.get_absolute_url())


#: What the integer ids say of a section (deprecated within version 1, kept as aliases): an id
#: changes when the rulebooks are loaded again, the anchor does not.
DEPRECATED_ID = "Deprecated: the database id, which changes when the rulebooks are loaded again"
STABLE_ID = "The section's stable id within its rulebook (with `rulebook`, it addresses it)."


@extend_schema_serializer(deprecate_fields=["id"])
class RulebookSectionNodeSerializer(serializers.Serializer):
    """A node of a rulebook's table of contents."""

    id = serializers.IntegerField(help_text=f"{DEPRECATED_ID}; use `anchor`.")
    anchor = serializers.CharField(help_text=STABLE_ID)
    number_path = serializers.CharField(help_text="Position in the tree, e.g. 3.2.1")
    heading = serializers.CharField()
    level = serializers.IntegerField(help_text="1 for a chapter, 2 for its sections, ...")
    url = serializers.CharField(help_text="The section's page (permalink).")


# The tree is recursive: a node's children are nodes.
RulebookSectionNodeSerializer._declared_fields["children"] = RulebookSectionNodeSerializer(
    many=True
)


class RulebookCorrectionSerializer(serializers.Serializer):
    line = serializers.IntegerField(help_text="Line of the source file (1-based).")
    original = serializers.CharField()
    corrected = serializers.CharField()
    reason = serializers.CharField()


class RulebookDetailSerializer(RulebookListSerializer):
    source_sha256 = serializers.CharField(read_only=True)
    corrections = RulebookCorrectionSerializer(
        many=True, read_only=True, help_text="Mojibake fixed at load time."
    )
    sections = RulebookSectionNodeSerializer(
        source="section_tree",
        many=True,
        read_only=True,
        help_text="The chapters, each with its subsections.",
    )

    class Meta(RulebookListSerializer.Meta):
        fields = [*RulebookListSerializer.Meta.fields, "source_sha256", "corrections", "sections"]


def _related(relation: str) -> serializers.CharField:
    """The anchor of a related section (in the same rulebook), or null."""
    return serializers.CharField(
        allow_null=True, read_only=True, help_text=f"The anchor of {relation}; null if none."
    )


@extend_schema_serializer(deprecate_fields=["id", "parent", "previous", "next", "children"])
class SectionDetailSerializer(serializers.ModelSerializer):
    """A section; its relations by anchor (stable), and by database id (deprecated aliases)."""

    id = serializers.IntegerField(read_only=True, help_text=f"{DEPRECATED_ID}; use `anchor`.")
    rulebook = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    rulebook_title = serializers.CharField(source="rulebook.title", read_only=True)
    anchor = serializers.CharField(read_only=True, help_text=STABLE_ID)
    parent_anchor = _related("the section containing this one")
    previous_anchor = _related("the section before, in reading order")
    next_anchor = _related("the section after, in reading order")
    children_anchors = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Direct subsections' anchors."
    )
    parent = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text=f"{DEPRECATED_ID}; use `parent_anchor`."
    )
    previous = serializers.IntegerField(
        allow_null=True, read_only=True, help_text=f"{DEPRECATED_ID}; use `previous_anchor`."
    )
    next = serializers.IntegerField(
        allow_null=True, read_only=True, help_text=f"{DEPRECATED_ID}; use `next_anchor`."
    )
    children = serializers.ListField(
        source="children_ids",
        child=serializers.IntegerField(),
        read_only=True,
        help_text=f"{DEPRECATED_ID}; use `children_anchors`.",
    )
    url = serializers.SerializerMethodField(help_text="The section's page (permalink).")
    api_url = serializers.SerializerMethodField(
        help_text="This answer's stable address: /api/rulebooks/<slug>/sections/<anchor>/."
    )

    class Meta:
        model = Section
        fields = [
            "id",
            "rulebook",
            "rulebook_title",
            "anchor",
            "number_path",
            "level",
            "heading",
            "text",
            "parent_anchor",
            "previous_anchor",
            "next_anchor",
            "children_anchors",
            "parent",
            "previous",
            "next",
            "children",
            "url",
            "api_url",
        ]

    def get_url(self, section: Section) -> str:
        request = self.context.get("request")
        path = section.get_absolute_url()
        return request.build_absolute_uri(path) if request else path

    def get_api_url(self, section: Section) -> str:
        return section_api_url(section, self.context.get("request"))


def section_api_url(section: Section, request: Any = None) -> str:
    """A section's stable API address (by rulebook and anchor), absolute with a request."""
    path = reverse("api-section", kwargs={"slug": section.rulebook.slug, "anchor": section.anchor})
    return request.build_absolute_uri(path) if request else path


class SectionBulkItemSerializer(serializers.Serializer):
    """One section of the bulk download: its stable address, place and text."""

    rulebook = serializers.CharField(source="rulebook.slug", help_text="The rulebook's slug.")
    anchor = serializers.CharField(help_text="Stable within its rulebook.")
    parent = serializers.CharField(
        source="parent.anchor", allow_null=True, default=None, help_text="The parent's anchor."
    )
    number_path = serializers.CharField()
    level = serializers.IntegerField()
    heading = serializers.CharField()
    text = serializers.CharField()
    url = serializers.SerializerMethodField(help_text="The section's page (permalink).")
    api_url = serializers.SerializerMethodField(help_text="The section's stable API address.")

    get_url = SectionDetailSerializer.get_url
    get_api_url = SectionDetailSerializer.get_api_url


class SectionBulkSerializer(serializers.Serializer):
    """Every section of every rulebook, in reading order."""

    updated_at = serializers.DateTimeField(
        allow_null=True, help_text="When a rulebook's text last changed (null: none loaded)."
    )
    count = serializers.IntegerField()
    sections = SectionBulkItemSerializer(many=True)
