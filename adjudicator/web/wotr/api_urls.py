"""API of War of the Ring: odds, hunt and victory (mounted under /api/wotr/)."""

from django.urls import path

from . import api_views as views

urlpatterns = [
    path("battle/", views.BattleView.as_view(), name="wotr-api-battle"),
    path("battle/plan/", views.BattlePlanView.as_view(), name="wotr-api-battle-plan"),
    path("position/battle/", views.PositionBattleView.as_view(), name="wotr-api-position-battle"),
    path("factions/attack/", views.FactionAttackView.as_view(), name="wotr-api-faction-attack"),
    path("hunt/", views.HuntView.as_view(), name="wotr-api-hunt"),
    path("hunt/turn/", views.HuntTurnView.as_view(), name="wotr-api-hunt-turn"),
    path("hunt/plan/", views.HuntPlanView.as_view(), name="wotr-api-hunt-plan"),
    path("victory/", views.VictoryView.as_view(), name="wotr-api-victory"),
    path("positions/setup/", views.SetupView.as_view(), name="wotr-api-setup"),
    path("positions/validate/", views.ValidatePositionView.as_view(), name="wotr-api-validate"),
]
