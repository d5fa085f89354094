"""API of Wojna o Pierścień, mounted under /api/wojna/."""

from django.urls import path

from . import api

urlpatterns = [
    path("battle/", api.BattleView.as_view(), name="wojna-battle"),
    path("ratio-plan/", api.RatioPlanView.as_view(), name="wojna-ratio-plan"),
    path("capture/", api.CaptureView.as_view(), name="wojna-capture"),
    path("escape/", api.EscapeView.as_view(), name="wojna-escape"),
    path("ring-removal/", api.RingRemovalView.as_view(), name="wojna-ring-removal"),
    path("duel/", api.DuelView.as_view(), name="wojna-duel"),
    path("search/", api.SearchView.as_view(), name="wojna-search"),
    path("wounds/", api.WoundsView.as_view(), name="wojna-wounds"),
    path("ringwraith/", api.RingwraithView.as_view(), name="wojna-ringwraith"),
    path("gollum/", api.GollumView.as_view(), name="wojna-gollum"),
    path("ring-inheritance/", api.InheritanceView.as_view(), name="wojna-ring-inheritance"),
    path("ring-destruction/", api.DestructionView.as_view(), name="wojna-ring-destruction"),
    path("tables/", api.TablesView.as_view(), name="wojna-tables"),
]
