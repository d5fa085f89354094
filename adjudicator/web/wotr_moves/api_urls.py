"""API of War of the Ring: legal moves."""

urlpatterns: list = []
