"""Pages of War of the Ring: odds, hunt and victory."""

from django.urls import path

from . import views

app_name = "wotr"

urlpatterns = [
    path("", views.index, name="index"),
    path("battle/", views.BattlePage.as_view(), name="battle"),
    path("battle/position/", views.PositionBattlePage.as_view(), name="position_battle"),
    path("factions/", views.FactionAttackPage.as_view(), name="faction"),
    path("hunt/", views.HuntPage.as_view(), name="hunt"),
    path("hunt/turn/", views.HuntTurnPage.as_view(), name="hunt_turn"),
    path("victory/", views.VictoryPage.as_view(), name="victory"),
]
