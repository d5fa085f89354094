"""API of War of the Ring: odds, hunt and victory."""

urlpatterns: list = []
