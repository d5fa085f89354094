"""Enter the missing rule tables from your own copy of the rules."""

from django.contrib import admin

from .models import BattleResultEntry, DuelResultEntry, SearchTableEntry, SpellEntry


@admin.register(BattleResultEntry)
class BattleResultEntryAdmin(admin.ModelAdmin):
    list_display = ["odds", "die", "attacker_loss", "defender_loss"]
    list_filter = ["odds"]
    list_editable = ["attacker_loss", "defender_loss"]


@admin.register(DuelResultEntry)
class DuelResultEntryAdmin(admin.ModelAdmin):
    list_display = ["difference", "die", "attacker_wounds", "defender_wounds"]
    list_filter = ["difference"]
    list_editable = ["attacker_wounds", "defender_wounds"]


@admin.register(SpellEntry)
class SpellEntryAdmin(admin.ModelAdmin):
    list_display = ["category", "die", "value"]
    list_filter = ["category"]
    list_editable = ["value"]


@admin.register(SearchTableEntry)
class SearchTableEntryAdmin(admin.ModelAdmin):
    list_display = ["points_from", "points_to", "die", "capture"]
    list_editable = ["capture"]
