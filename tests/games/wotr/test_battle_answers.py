"""The exact battle engine against a stored table of its answers (issue 29).

``battle_answers.json`` holds, for a few hundred random battles (the load benchmark's kind:
1-10 units, 0-3 elite, 0-3 leadership, any settlement; and fixed rounds, sieges, modifiers,
both casualty policies, a threshold to cease), a digest of every exact end-state chance in
the answer's order and every round's exact hit chances, as computed by the engine before it
was made faster. Any change to any fraction changes the digest. Regenerate only on purpose:
``.venv/bin/python -m tests.games.wotr.test_battle_answers``.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import astuple
from pathlib import Path

from adjudicator.games.common import InvalidInput
from adjudicator.games.wotr.battle import (
    CASUALTY_POLICIES,
    SETTLEMENT_TYPES,
    Army,
    Battle,
    battle_odds,
)

TABLE = Path(__file__).with_name("battle_answers.json")
COUNT = 400


def _army(rng: random.Random, most: int = 10) -> Army:
    elite = rng.randint(0, 3)
    return Army(regular=rng.randint(1, most - elite), elite=elite, leadership=rng.randint(0, 3))


def _varied(rng: random.Random) -> Battle:
    """A battle off the usual path: fixed rounds, a siege, modifiers, policies, a threshold."""

    def army(most: int) -> Army:
        return Army(
            regular=rng.randint(0, 4), elite=rng.randint(0, most), leadership=rng.randint(0, 6),
            strength_bonus=rng.choice((0, 0, 1, -1)), roll_modifier=rng.choice((0, 0, 1, -1)),
            reroll_modifier=rng.choice((0, 0, 1, -2)),
            casualty_policy=rng.choice(CASUALTY_POLICIES),
        )  # fmt: skip

    siege = rng.random() < 0.25
    return Battle(
        attacker=army(3),
        defender=army(1 if siege else 3),
        settlement="stronghold" if siege else rng.choice(SETTLEMENT_TYPES),
        siege=siege,
        rounds=rng.choice((None, 1, 2, 3, 5)),
        attacker_stops_below=rng.choice((0, 0, 0, 2, 3)),
    )


def battles() -> list[Battle]:
    """The table's battles, the same on every run."""
    rng = random.Random(29)
    found: list[Battle] = []
    while len(found) < COUNT:
        if len(found) % 2:
            battle = _varied(rng)
        else:
            battle = Battle(attacker=_army(rng), defender=_army(rng), rounds=None,
                            settlement=rng.choice(("none", "town", "city")))  # fmt: skip
        try:
            battle_odds(battle)
        except InvalidInput:
            continue
        found.append(battle)
    return found


def digest(battle: Battle) -> str:
    """Every exact fraction of the answer, in its order, hashed."""
    odds = battle_odds(battle)
    said = [repr(list(odds.outcomes.items()))]
    said += [repr((r.number, r.reached, r.attacker_hits, r.defender_hits)) for r in odds.rounds]
    return hashlib.sha256("\n".join(said).encode()).hexdigest()


def test_every_stored_answer_is_computed_again_exactly():
    stored = json.loads(TABLE.read_text(encoding="utf-8"))  # [fields of the battle, digest]
    found = battles()
    assert len(stored) == len(found) == COUNT
    for (described, expected), battle in zip(stored, found, strict=True):
        assert described == json.loads(json.dumps(astuple(battle)))
        assert digest(battle) == expected, battle


if __name__ == "__main__":
    TABLE.write_text(
        json.dumps([(astuple(b), digest(b)) for b in battles()], separators=(",", ":")).replace(
            '"],', '"],\n'
        )
        + "\n",
        encoding="utf-8",
    )
