"""API of Wojna o Pierścień."""

urlpatterns: list = []
