"""API of the rulebooks and search."""

urlpatterns: list = []
