"""Thin Django adapters (forms, serializers, views) over the game engines."""
