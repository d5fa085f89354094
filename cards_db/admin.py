"""Admin for sets, keywords, cards and decks."""

from django.contrib import admin

from cards_db.models import Card, CardSet, Deck, DeckCard, Keyword


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["number", "name"]


@admin.register(Keyword)
class KeywordAdmin(admin.ModelAdmin):
    search_fields = ["name"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = [
        "collector_info",
        "title",
        "subtitle",
        "type",
        "culture",
        "side",
        "twilight_cost",
    ]
    list_filter = ["card_set", "side", "type", "culture", "unique", "rarity"]
    search_fields = ["id", "collector_info", "title", "subtitle", "game_text"]
    filter_horizontal = ["keywords"]


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    autocomplete_fields = ["card"]
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "valid", "updated"]
    list_filter = ["format", "valid"]
    search_fields = ["name", "source"]
    readonly_fields = ["id", "edit_key", "created", "updated"]
    autocomplete_fields = ["ring_bearer", "ring"]
    inlines = [DeckCardInline]


@admin.register(DeckCard)
class DeckCardAdmin(admin.ModelAdmin):
    list_display = ["deck", "card", "count", "role", "line"]
    list_filter = ["role"]
    autocomplete_fields = ["deck", "card"]
