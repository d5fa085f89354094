"""API of Journey to Mordor."""

urlpatterns: list = []
