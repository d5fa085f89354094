from django.contrib import admin

from .models import SharedInput


@admin.register(SharedInput)
class SharedInputAdmin(admin.ModelAdmin):
    list_display = ("key", "kind", "created")
    list_filter = ("kind",)
    search_fields = ("key",)
    readonly_fields = ("key", "kind", "payload", "created")
