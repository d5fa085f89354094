"""API of the card database and deck builder."""

urlpatterns: list = []
