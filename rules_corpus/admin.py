"""Admin for rulebooks and sections: find a section, correct its heading or text.

A hand correction stays until the rulebook's source changes (``load_rulebooks`` leaves an
unchanged source alone; ``--force`` re-parses and overwrites it).
"""

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Rulebook, Section


class SectionInline(admin.TabularInline):
    model = Section
    fields = ("number_path", "indented_heading", "anchor", "level")
    readonly_fields = ("number_path", "indented_heading", "anchor", "level")
    show_change_link = True
    extra = 0
    can_delete = False
    ordering = ("position",)

    @admin.display(description=_("heading"))
    def indented_heading(self, section: Section) -> str:
        return format_html(
            '<span style="padding-left: {}em">{}</span>', (section.level - 1) * 1.5, section.heading
        )

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):
    list_display = ("title", "slug", "game", "language", "section_count", "source_file")
    list_filter = ("game", "language")
    search_fields = ("title", "slug")
    readonly_fields = ("slug", "source_file", "source_sha256", "corrections")
    inlines = [SectionInline]

    @admin.display(description=_("sections"))
    def section_count(self, rulebook: Rulebook) -> int:
        return rulebook.sections.count()


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ("number_path", "heading", "anchor", "level", "rulebook")
    list_display_links = ("number_path", "heading")
    list_filter = ("rulebook", "level")
    search_fields = ("heading", "anchor", "text")
    ordering = ("rulebook", "position")
    fields = ("rulebook", "number_path", "anchor", "parent", "level", "heading", "text")
    readonly_fields = ("rulebook", "number_path", "anchor", "parent", "level")
    list_select_related = ("rulebook",)

    def has_add_permission(self, request) -> bool:
        return False
