"""Every Wojna endpoint answers odd bodies with a 200 or a 400 naming fields, never a 500."""

import json
import random

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db
VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    3,
    6,
    7,
    21,
    101,
    10**30,
    1.5,
    "1.5",
    "x",
    "",
    [],
    [0],
    [1, 2],
    [-1],
    ["a"],
    {},
    {"a": 1},
    "A",
    "E",
    "alliance",
    "fellowship",
    "search_phase",
    "alliance_move",
    4129,
]
FIELDS = {
    "battle": [
        "attacker_units",
        "defender_units",
        "terrain_multiplier",
        "sortie",
        "attacker_morale",
        "attacker_morale_bracketed",
        "attacker_spell_bonus",
        "defender_morale",
        "defender_spells",
        "attacker_spells",
    ],
    "capture": ["niewola", "attempts", "found", "own_army_area"],
    "escape": ["ucieczka", "attempts"],
    "ring-removal": ["pierscien", "attempts"],
    "duel": [
        "attacker_morale",
        "attacker_odwaga",
        "attacker_wounds",
        "attacker_odpornosc",
        "defender_morale",
        "defender_odwaga",
        "defender_wounds",
        "defender_odpornosc",
        "attacker_spells",
        "defender_spells",
    ],
    "search": ["phase", "nazgul", "orc_units", "other_units", "other_characters", "niewola"],
    "wounds": [
        "character",
        "odpornosc",
        "crosses",
        "circles",
        "strokes",
        "nazgul",
        "new_wounds",
        "magic_sword",
        "spells",
    ],
    "ringwraith": ["character", "odpornosc", "circles", "pierscien"],
    "gollum": ["previous"],
    "ring-inheritance": ["candidates"],
    "ring-destruction": ["hex", "ring_worn"],
}


def test_odd_bodies_get_a_200_or_a_400_naming_fields():
    """1,500 bodies mixing right and wrong types, ranges and keys (a fixed seed: reproducible)."""
    rnd = random.Random(7)
    api = APIClient()
    bad = []
    for _ in range(1500):
        ep = rnd.choice(list(FIELDS))
        chosen = rnd.sample(FIELDS[ep], rnd.randint(0, len(FIELDS[ep])))
        body = {field: rnd.choice(VALUES) for field in chosen}
        if ep == "ring-inheritance" and rnd.random() < 0.5:
            body["candidates"] = [
                {
                    "name": rnd.choice(["Sam", "", 3]),
                    "group": rnd.choice(VALUES),
                    "has_ring_attribute": rnd.choice(VALUES),
                }
            ]
        r = api.post(f"/api/wojna/{ep}/", json.dumps(body), content_type="application/json")
        if r.status_code not in (200, 400):
            bad.append((ep, body, r.status_code))
        elif r.status_code == 400 and not all(e["field"] for e in r.json()["errors"]):
            bad.append((ep, body, "nofield"))
    assert not bad, bad[:5]
