"""API of the rulebooks: the list, one rulebook with its section tree, one section."""

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudicator.api import bulk_download, bulk_view, cacheable
from adjudicator.serializers import ErrorResponseSerializer

from . import selectors
from .serializers import (
    RulebookDetailSerializer,
    RulebookListSerializer,
    SectionBulkSerializer,
    SectionDetailSerializer,
)

NOT_FOUND = OpenApiResponse(ErrorResponseSerializer, "No such rulebook or section.")

SECTION_NODE_EXAMPLE = {
    "id": 44,
    "anchor": "srazhenie",
    "number_path": "8.5.3",
    "heading": "Сражение",
    "level": 3,
    "url": "http://localhost:8000/rules/wotr-rules/srazhenie/",
    "children": [
        {
            "id": 46,
            "anchor": "brosok-na-ataku",
            "number_path": "8.5.3.2",
            "heading": "Бросок на атаку",
            "level": 4,
            "url": "http://localhost:8000/rules/wotr-rules/brosok-na-ataku/",
            "children": [],
        }
    ],
}
RULEBOOK_EXAMPLE = {
    "slug": "wotr-rules",
    "game": "wotr",
    "title": "Война Кольца. Правила игры",
    "language": "ru",
    "edition": "1st edition (Nexus/Fantasy Flight, 2004), amateur Russian translation",
    "source_file": "wotr-1e-rules.ru.txt",
    "section_count": 95,
    "api_url": "http://localhost:8000/api/rulebooks/wotr-rules/",
    "url": "http://localhost:8000/rules/wotr-rules/",
}


class RulebookListAPIView(ListAPIView):
    serializer_class = RulebookListSerializer
    filter_backends: list = []

    def get_queryset(self):
        return selectors.rulebook_list()

    @extend_schema(
        operation_id="rulebooks_list",
        summary="The rulebooks",
        description="Every parsed rulebook, in the site's order, paginated.",
        examples=[
            OpenApiExample(
                "Rulebooks",
                value={"count": 5, "next": None, "previous": None, "results": [RULEBOOK_EXAMPLE]},
                response_only=True,
            )
        ],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class RulebookDetailAPIView(APIView):
    @extend_schema(
        operation_id="rulebooks_retrieve",
        summary="A rulebook with its section tree",
        responses={200: RulebookDetailSerializer, 404: NOT_FOUND},
        examples=[
            OpenApiExample(
                "War of the Ring rules",
                value={
                    **RULEBOOK_EXAMPLE,
                    "source_sha256": "5d1f…",
                    "corrections": [],
                    "sections": [SECTION_NODE_EXAMPLE],
                },
                response_only=True,
            )
        ],
    )
    @cacheable
    def get(self, request, slug: str) -> Response:
        rulebook = selectors.get_rulebook(slug)
        rulebook.section_tree = [
            _node_payload(node, request) for node in selectors.section_tree(rulebook)
        ]
        return Response(RulebookDetailSerializer(rulebook, context={"request": request}).data)


def _node_payload(node: selectors.SectionNode, request) -> dict:
    section = node.section
    return {
        "id": section.pk,
        "anchor": section.anchor,
        "number_path": section.number_path,
        "heading": section.heading,
        "level": section.level,
        "url": request.build_absolute_uri(section.get_absolute_url()),
        "children": [_node_payload(child, request) for child in node.children],
    }


SECTION_EXAMPLE = {
    "id": 46,
    "rulebook": "wotr-rules",
    "rulebook_title": "Война Кольца. Правила игры",
    "anchor": "brosok-na-ataku",
    "number_path": "8.5.3.2",
    "level": 4,
    "heading": "Бросок на атаку",
    "text": "Каждый игрок бросает количество кубиков равное силе армии…",
    "parent_anchor": "srazhenie",
    "previous_anchor": "boevye-karty-2",
    "next_anchor": "perekidyvanie-rezultatov-iz-za-liderstva",
    "children_anchors": [],
    "parent": 44,
    "previous": 45,
    "next": 47,
    "children": [],
    "url": "http://localhost:8000/rules/wotr-rules/brosok-na-ataku/",
    "api_url": "http://localhost:8000/api/rulebooks/wotr-rules/sections/brosok-na-ataku/",
}


def _section_answer(section, request) -> Response:
    previous, following = selectors.neighbours(section)
    children = list(selectors.subsections(section))
    section.parent_anchor = section.parent.anchor if section.parent else None
    section.previous_anchor = previous.anchor if previous else None
    section.next_anchor = following.anchor if following else None
    section.children_anchors = [child.anchor for child in children]
    section.previous = previous.pk if previous else None
    section.next = following.pk if following else None
    section.children_ids = [child.pk for child in children]
    return Response(SectionDetailSerializer(section, context={"request": request}).data)


def _section_schema(operation_id: str, summary: str, deprecated: bool = False):
    return extend_schema(
        operation_id=operation_id,
        summary=summary,
        deprecated=deprecated,
        description="Its full text, its rulebook, its parent, subsections and neighbours by "
        "anchor (stable ids within the rulebook; `api_url` is the stable address). The integer "
        "ids (`id`, `parent`, `previous`, `next`, `children`) are deprecated aliases kept in "
        "version 1: they change when the rulebooks are loaded again.",
        responses={200: SectionDetailSerializer, 404: NOT_FOUND},
        examples=[OpenApiExample("A battle step", value=SECTION_EXAMPLE, response_only=True)],
    )


class SectionDetailAPIView(APIView):
    """A section by its database id: an alias kept for version 1 (an id changes when the
    rulebooks are loaded again; the anchor does not)."""

    @_section_schema("sections_retrieve", "A section by its id (a deprecated alias)", True)
    @cacheable
    def get(self, request, pk: int) -> Response:
        return _section_answer(selectors.get_section_by_id(pk), request)


class SectionByAnchorAPIView(APIView):
    """A section by its stable address: its rulebook's slug and its anchor."""

    @_section_schema("rulebooks_section_retrieve", "A section by rulebook and anchor")
    @cacheable
    def get(self, request, slug: str, anchor: str) -> Response:
        return _section_answer(selectors.get_section(slug, anchor), request)


class SectionBulkAPIView(APIView):
    """Every rulebook section in one download (instead of one request per section)."""

    @bulk_view(
        "bulk_sections", "rulebooks", "Every rulebook section, in one download",
        "Every section of every rulebook with its text, in reading order, each with its stable "
        "address (rulebook and anchor).",
        SectionBulkSerializer,
    )  # fmt: skip
    def get(self, request) -> HttpResponse:
        sections = selectors.all_sections()
        updated = max((s.rulebook.updated for s in sections), default=None)
        payload = {"updated_at": updated, "count": len(sections), "sections": sections}
        data = SectionBulkSerializer(payload, context={"request": request}).data
        return bulk_download(data, updated)
