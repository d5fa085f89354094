"""Pages of War of the Ring: odds, hunt and victory."""

from django.urls import path

from . import views

app_name = "wotr"

urlpatterns = [
    path("", views.index, name="index"),
    path("battle/", views.battle_page, name="battle"),
    path("battle/plan/", views.battle_plan_page, name="battle_plan"),
    path("battle/position/", views.position_battle_page, name="position_battle"),
    path("factions/", views.faction_attack_page, name="faction"),
    path("hunt/", views.hunt_page, name="hunt"),
    path("hunt/turn/", views.hunt_turn_page, name="hunt_turn"),
    path("hunt/plan/", views.hunt_plan_page, name="hunt_plan"),
    path("victory/", views.victory_page, name="victory"),
]
