"""API shapes of rulebooks and sections (names prefixed so OpenAPI components stay unique)."""

from typing import Any

from django.urls import reverse
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


class RulebookSectionNodeSerializer(serializers.Serializer):
    """A node of a rulebook's table of contents."""

    id = serializers.IntegerField()
    anchor = serializers.CharField()
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


class SectionDetailSerializer(serializers.ModelSerializer):
    rulebook = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    rulebook_title = serializers.CharField(source="rulebook.title", read_only=True)
    parent = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    previous = serializers.IntegerField(
        allow_null=True, read_only=True, help_text="The section before, in reading order."
    )
    next = serializers.IntegerField(
        allow_null=True, read_only=True, help_text="The section after, in reading order."
    )
    children = serializers.ListField(
        source="children_ids",
        child=serializers.IntegerField(),
        read_only=True,
        help_text="Direct subsections.",
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
