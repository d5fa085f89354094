"""Every engine at its legal extremes through the API (issue 27): the largest questions the
rules allow (full armies, the most rounds, dice, players, characters, the longest lists), and
lists of the longest length a body can carry, are answered 2xx or 4xx in bounded memory
(tracemalloc; no timing: a 422 ``over_budget`` is an answer too, the CPU of the heaviest legal
questions is measured in ``make bench``)."""

import json

import pytest
from django.core.cache import caches

from tests.memory import MB, peak_bytes

pytestmark = pytest.mark.django_db

PEAK_BYTES = 64 * MB
ARMY = {"regular": 5, "elite": 5, "leadership": 5}
ELITES = {"regular": 0, "elite": 10, "leadership": 5}
REROLLS = {"stronghold": True, "army": True, "nazgul": True}
COMPANIONS = ["strider", "legolas", "gimli", "boromir", "meriadoc", "peregrin"]
DECK = "\n".join(
    ["Ring-bearer: Frodo, Son of Drogo", "Ring: The One Ring, The Ruling Ring"]
    + [f"{n % 4 + 1}x Legolas, Greenleaf" for n in range(900)]
)


def fighters(prefix: str, count: int, **values) -> list[dict]:
    return [{"name": f"{prefix}{n}", **values} for n in range(count)]


EXTREMES = {
    "wotr battle, 10 elites a side, 50 rounds": (
        "/api/wotr/battle/", {"attacker": ELITES, "defender": ELITES, "rounds": 50}),
    "wotr battle, 10 elites a side, 18 rounds": (
        "/api/wotr/battle/", {"attacker": ELITES, "defender": ELITES, "rounds": 18}),
    "wotr battle, full armies until decided": (
        "/api/wotr/battle/", {"attacker": ARMY, "defender": ARMY, "rounds": None}),
    "wotr battle plan, full armies": (
        "/api/wotr/battle/plan/",
        {"attacker": ARMY, "defender": ARMY, "goal": "capture", "target_percent": 100}),
    "wotr factions, 8 figures 8 attacks": (
        "/api/wotr/factions/attack/",
        {"faction": "ents", "figures": 8, "attacks": 8, "target": {"regular": 5, "elite": 5}}),
    "wotr hunt, 10 dice, every re-roll": (
        "/api/wotr/hunt/", {"hunt_dice": 10, "rerolls": REROLLS, "companions": COMPANIONS,
                            "casualty": "companion"}),
    "wotr hunt, a list of 30,000 tiles": (
        "/api/wotr/hunt/", {"hunt_dice": 3, "drawn": ["eye"] * 30_000}),
    "wotr hunt turn, 6 moves": (
        "/api/wotr/hunt/turn/",
        {"hunt_dice": 10, "fp_dice_in_box": 0, "moves": 6, "rerolls": REROLLS}),
    "wotr hunt plan, 14 moves one a turn": (
        "/api/wotr/hunt/plan/",
        {"hunt_dice": 10, "moves_to_mordor": 14, "moves_per_turn": 1, "rerolls": REROLLS,
         "companions": COMPANIONS}),
    "wotr position, 6,000 unknown regions": (
        "/api/wotr/positions/validate/",
        {"position": {"armies": {f"region{n}": {"gondor": {"regular": 1}} for n in range(6_000)}}}),
    "wotr victory, 9,000 unknown settlements": (
        "/api/wotr/victory/", {"control": {f"minas-tirit{n}": "shadow" for n in range(9_000)}}),
    "wotr move, 20,000 characters": (
        "/api/wotr/moves/check/",
        {"position": "setup", "move": {"kind": "character", "to": "osgiliath",
                                        "characters": ["gandalfx"] * 20_000}}),
    "wotr legal moves, 9,000 factions": (
        "/api/wotr/moves/legal/",
        {"position": "setup", "factions": {f"x{n}": {} for n in range(9_000)},
         "piece": {"kind": "declare"}}),
    "mordor odds, whole journey of four from Bag End": (
        "/api/mordor/odds/",
        {"position": 0, "player_color": "red", "other_colors": ["blue", "yellow", "green"],
         "advanced": True, "horizon": "game", "other_mark_chance": "1/6"}),
    "mordor odds, optimal turn of four": (
        "/api/mordor/odds/",
        {"position": 0, "player_color": "red", "other_colors": ["blue", "yellow", "green"],
         "advanced": True, "policy": "optimal", "goal": "progress"}),
    "mordor resolve, 40,000 Gandalf squares": (
        "/api/mordor/resolve/",
        {"players": [{"color": "red", "position": 0}], "active": 0,
         "kept": [{"face": "gandalf", "color": "black"}], "gandalf_squares": [1] * 40_000}),
    "wojna ratio plan, weakest attacker": (
        "/api/wojna/ratio-plan/",
        {"attacker_units": [1], "defender_units": [10_000] * 200, "terrain_multiplier": "100"}),
    "wojna ratio plan, 8 v 7 at terrain 100": (
        "/api/wojna/ratio-plan/",
        {"attacker_units": [10_000] * 8, "defender_units": [10_000] * 7,
         "terrain_multiplier": "100"}),
    "wojna battle, 200 units a side, spells": (
        "/api/wojna/battle/",
        {"attacker_units": [10_000] * 200, "defender_units": [1] * 200,
         "terrain_multiplier": "0.01", "attacker_morale": 20, "attacker_spells": "A",
         "defender_morale": 20, "defender_spells": "A"}),
    "wojna duel, every attribute at 20": (
        "/api/wojna/duel/",
        {f"{side}_{name}": 20 for side in ("attacker", "defender")
         for name in ("morale", "odwaga", "odpornosc")}),
    "wojna search, 400 units": (
        "/api/wojna/search/",
        {"phase": "search_phase", "nazgul": 9, "orc_units": [10_000] * 200,
         "other_units": [10_000] * 200, "other_characters": 100, "niewola": 20}),
    "wojna ring inheritance, 3,000 candidates": (
        "/api/wojna/ring-inheritance/",
        {"candidates": [{"name": f"C{n}", "group": "fellowship"} for n in range(3_000)]}),
    "wojna capture, 100 attempts": ("/api/wojna/capture/", {"niewola": 20, "attempts": 100}),
    "tcg skirmish, 20 v 20 at 99": (
        "/api/tcg/skirmish/",
        {"free_peoples": fighters("F", 20, strength=99, vitality=99),
         "shadow": fighters("S", 20, strength=99, vitality=99)}),
    "tcg archery, 30 v 30": (
        "/api/tcg/archery/",
        {"fellowship": fighters("F", 30, archer=True, vitality=99),
         "minions": fighters("M", 30, archer=True, vitality=99), "site_number": 9,
         "fellowship_modifier": 20, "minion_modifier": 20}),
    "tcg bids, 20,000 players": ("/api/tcg/bids/", {"bids": {f"P{n}": 5 for n in range(20_000)}}),
    "tcg companions, 20 in play, 20 dead": (
        "/api/tcg/companions/",
        {"in_play": [{"title": f"T{n}", "unique": True} for n in range(20)],
         "dead_pile": [{"title": f"D{n}", "unique": True} for n in range(20)],
         "candidate": {"title": "Sam", "unique": True}}),
    "deck draw odds, 902 lines": (
        "/api/decks/draw-odds/",
        {"list": DECK, "target": "culture:Elven", "at_least": 40, "draws_per_site": 20}),
    "deck validation, 600 misspelt lines": (
        "/api/decks/validate/",
        {"list": "\n".join(f"1 Gandalf, Frend of the Grey {n}" for n in range(600))}),
}  # fmt: skip


@pytest.mark.parametrize(("path", "body"), EXTREMES.values(), ids=EXTREMES.keys())
def test_every_engine_at_its_extremes_answers_in_bounded_memory(api, path, body):
    caches["answers"].clear()  # a repeated question would be answered without the engine
    responses = []
    text = json.dumps(body)
    peak = peak_bytes(
        lambda: responses.append(api.generic("POST", path, text, content_type="application/json"))
    )
    (response,) = responses
    assert response.status_code < 500, response.content[:300]
    assert peak < PEAK_BYTES
