"""The move-case table: concrete moves written from the rulebook text, legal and illegal.

Each case names the section it tests (a ``citations`` constant), the position (the standard
setup with edits), the move, the expected verdict and the codes of the reasons expected.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from adjudicator.games.common import Citation
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.position import standard_setup

AT_WAR = {"steps_from_war": 0, "active": True}
PASSIVE_ONE_STEP = {"steps_from_war": 1, "active": False}


@cache
def _setup_dict() -> dict[str, Any]:
    return standard_setup().to_dict()


def position(**edits: Any) -> dict[str, Any]:
    """The standard setup as a dict with ``edits`` merged in.

    ``armies`` replaces whole regions (``{"osgiliath": {}}`` empties one); ``political``,
    ``characters``, ``control`` and ``fellowship`` are merged key by key; ``sieges`` replaces.
    """
    data = copy.deepcopy(_setup_dict())
    for region, by_nation in edits.pop("armies", {}).items():
        if by_nation:
            data["armies"][region] = by_nation
        else:
            data["armies"].pop(region, None)
    for key in ("political", "characters", "control", "fellowship"):
        data[key].update(edits.pop(key, {}))
    data.update(edits)
    return data


@dataclass(frozen=True)
class Case:
    """One row of the table."""

    name: str
    section: Citation
    move: dict[str, Any]
    legal: bool
    codes: tuple[str, ...] = ()
    position: dict[str, Any] = field(default_factory=position)
    factions: dict[str, Any] = field(default_factory=dict)
    effects: tuple[str, ...] = ()
    assumes: tuple[str, ...] = ()
    """Words each of which must occur in one of the answer's stated assumptions."""


def army(origin: str, to: str, die: str = "army", **units: Any) -> dict[str, Any]:
    return {"kind": "army", "from": origin, "to": to, "units": units, "die": die}


def attack(origin: str, to: str, die: str = "army", **extra: Any) -> dict[str, Any]:
    return {"kind": "attack", "from": origin, "to": to, "die": die, **extra}


def muster(*placements: dict[str, Any], die: str = "muster") -> dict[str, Any]:
    return {"kind": "muster", "die": die, "placements": list(placements)}


SAURON_AT_WAR = {"sauron": AT_WAR}
GONDOR_AT_WAR = {"gondor": AT_WAR}
BOTH_AT_WAR = {"sauron": AT_WAR, "gondor": AT_WAR}
MT_BESIEGED = position(
    armies={
        "minas-tirith": {
            "gondor": {"regular": 3, "elite": 1, "leaders": 1},
            "sauron": {"regular": 5},
        },
        "osgiliath": {"sauron": {"regular": 3, "nazgul": 1}},
    },
    sieges=["minas-tirith"],
    political=BOTH_AT_WAR,
    fellowship={
        "companions": ["gandalf-grey", "strider", "legolas", "gimli", "meriadoc", "peregrin"]
    },
)
SAURON_IN_N_ITHILIEN = position(
    armies={"north-ithilien": {"sauron": {"regular": 3, "elite": 1, "nazgul": 1}}},
    political=SAURON_AT_WAR,
)

ARMY_CASES = [
    Case("rohan moves within rohan", rules.ARMY_MOVEMENT, army("edoras", "folde", regular=1), True),
    Case(
        "fords of isen to helm's deep stays in rohan, war or not",
        rules.AT_WAR,
        army("fords-of-isen", "helms-deep", regular=2, leaders=1),
        True,
    ),
    Case(
        "rohan not at war cannot cross into isengard",
        rules.AT_WAR,
        army("fords-of-isen", "gap-of-rohan", regular=2, leaders=1),
        False,
        ("not_at_war_border",),
    ),
    Case(
        "rohan at war crosses into isengard",
        rules.AT_WAR,
        army("fords-of-isen", "gap-of-rohan", regular=2, leaders=1),
        True,
        position=position(political={"rohan": AT_WAR}),
    ),
    Case(
        "dwarves not at war cannot enter the north, though friendly",
        rules.AT_WAR,
        army("erebor", "dale", regular=1),
        False,
        ("not_at_war_border",),
    ),
    Case(
        "a nation not at war may leave its land for a neutral region",
        rules.AT_WAR,
        army("erebor", "withered-heath", regular=1, elite=2, leaders=1),
        True,
    ),
    Case(
        "gondor not at war may enter osgiliath (no nation)",
        rules.AT_WAR,
        army("minas-tirith", "osgiliath", regular=1),
        True,
    ),
    Case(
        "without units the whole army moves, leader included",
        rules.ARMY_MOVEMENT,
        {"kind": "army", "from": "fords-of-isen", "to": "westemnet"},
        True,
    ),
    Case(
        "not adjacent",
        rules.ARMY_MOVEMENT,
        army("minas-tirith", "pelargir", regular=1),
        False,
        ("not_adjacent",),
    ),
    Case(
        "black line between edoras and erech",
        rules.REGIONS,
        army("edoras", "erech", regular=1),
        False,
        ("impassable",),
    ),
    Case(
        "black line between rivendell and eagles' eyrie",
        rules.REGIONS,
        army("rivendell", "eagles-eyrie", elite=2, leaders=1),
        False,
        ("impassable",),
    ),
    Case(
        "no move into a region holding enemy units",
        rules.MOVEMENT_LIMITS,
        army("north-ithilien", "osgiliath", regular=3),
        False,
        ("enemy_in_destination",),
        position=SAURON_IN_N_ITHILIEN,
    ),
    Case(
        "nazgul alone are no units: an army may move in",
        rules.MOVEMENT_LIMITS,
        army("minas-tirith", "osgiliath", regular=1),
        True,
        position=position(armies={"osgiliath": {"sauron": {"nazgul": 1}}}),
    ),
    Case(
        "stacking: 11 units after the move",
        rules.MOVEMENT_LIMITS,
        army("minas-tirith", "osgiliath", regular=3),
        False,
        ("stacking",),
        position=position(armies={"osgiliath": {"gondor": {"regular": 8}}}),
    ),
    Case(
        "stacking: exactly 10 units is fine",
        rules.MOVEMENT_LIMITS,
        army("minas-tirith", "osgiliath", regular=2),
        True,
        position=position(armies={"osgiliath": {"gondor": {"regular": 8}}}),
    ),
    Case(
        "free peoples leaders cannot be left without an army",
        rules.SPLITTING,
        army("minas-tirith", "osgiliath", regular=3, elite=1),
        False,
        ("leaders_left_alone",),
    ),
    Case(
        "splitting: the leader may stay with the part that stays",
        rules.SPLITTING,
        army("minas-tirith", "osgiliath", regular=2),
        True,
    ),
    Case(
        "leaders never move alone",
        rules.LEADERS,
        army("fords-of-isen", "westemnet", leaders=1),
        False,
        ("no_units",),
    ),
    Case(
        "character die needs a leader or character with the army",
        rules.SPLITTING,
        army("edoras", "folde", die="character", regular=1),
        False,
        ("character_die_needs_leader",),
    ),
    Case(
        "character die with a leader",
        rules.SPLITTING,
        army("fords-of-isen", "westemnet", die="character", regular=2, leaders=1),
        True,
    ),
    Case(
        "character die with a companion",
        rules.SPLITTING,
        {
            **army("minas-tirith", "lossarnach", die="character", regular=1),
            "characters": ["boromir"],
        },
        True,
        position=position(
            characters={"boromir": "minas-tirith"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "strider",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
    ),
    Case(
        "muster die does not move armies",
        rules.ARMY_MOVEMENT,
        army("edoras", "folde", die="muster", regular=1),
        False,
        ("wrong_die",),
    ),
    Case(
        "army die moves two different armies",
        rules.ARMY_MOVEMENT,
        {
            **army("edoras", "folde", regular=1),
            "then": {"from": "helms-deep", "to": "westemnet", "units": {"regular": 1}},
        },
        True,
    ),
    Case(
        "no move-merge-move in one action",
        rules.MOVEMENT_LIMITS,
        {
            **army("edoras", "westemnet", regular=1, elite=1),
            "then": {
                "from": "westemnet",
                "to": "fords-of-isen",
                "units": {"regular": 1, "elite": 1},
            },
        },
        False,
        ("moved_twice",),
    ),
    Case(
        "the two armies of an army die must differ",
        rules.ARMY_MOVEMENT,
        {
            **army("edoras", "folde", regular=1),
            "then": {"from": "edoras", "to": "westemnet", "units": {"elite": 1}},
        },
        False,
        ("same_army_twice",),
    ),
    Case(
        "a besieged army cannot leave",
        rules.SIEGE,
        army("minas-tirith", "lossarnach", regular=3, elite=1, leaders=1, nation="gondor"),
        False,
        ("besieged_cannot_leave",),
        position=MT_BESIEGED,
    ),
    Case(
        "reinforcing the besiegers is a plain move",
        rules.REINFORCING_SIEGE,
        army("osgiliath", "minas-tirith", regular=3, nazgul=1),
        True,
        position=MT_BESIEGED,
    ),
    Case(
        "no entering your own besieged stronghold",
        rules.RELIEVING_SIEGE,
        army("lossarnach", "minas-tirith", regular=2),
        False,
        ("friendly_stronghold_besieged",),
        position=position(
            **{k: v for k, v in MT_BESIEGED.items() if k != "armies"},
            armies={**MT_BESIEGED["armies"], "lossarnach": {"gondor": {"regular": 2}}},
        ),
    ),
    Case(
        "a merged army obeys the restrictions of a nation not at war",
        rules.AT_WAR,
        army("minas-tirith", "lossarnach", nation="rohan", regular=1),
        False,
        ("not_at_war_border",),
        position=position(
            armies={
                "minas-tirith": {
                    "gondor": {"regular": 3, "elite": 1, "leaders": 1},
                    "rohan": {"regular": 1},
                }
            },
            political=GONDOR_AT_WAR,
        ),
    ),
    Case(
        "a leader of a nation not at war may go with an army at war",
        rules.AT_WAR,
        {
            "kind": "army",
            "from": "fords-of-isen",
            "to": "gap-of-rohan",
            "units": [
                {"nation": "rohan", "regular": 2, "leaders": 1},
                {"nation": "gondor", "leaders": 1},
            ],
        },
        True,
        position=position(
            armies={
                "fords-of-isen": {"rohan": {"regular": 2, "leaders": 1}, "gondor": {"leaders": 1}}
            },
            political={"rohan": AT_WAR},
        ),
    ),
    Case(
        "an event card move is checked against the basic rules",
        rules.PLAYING_CARDS,
        army("edoras", "folde", die="event", regular=1),
        True,
    ),
    Case(
        "shadow army entering rohan activates it",
        rules.ACTIVATION,
        army("fangorn", "westemnet", regular=2),
        True,
        position=position(
            armies={"fangorn": {"isengard": {"regular": 2}}}, political={"isengard": AT_WAR}
        ),
        effects=("activates",),
    ),
]

ATTACK_CASES = [
    Case(
        "attack an adjacent enemy army",
        rules.ATTACK,
        attack("north-ithilien", "osgiliath"),
        True,
        position=SAURON_IN_N_ITHILIEN,
        effects=("activates", "advances"),
    ),
    Case(
        "only nations at war attack",
        rules.AT_WAR,
        attack("north-ithilien", "osgiliath"),
        False,
        ("not_at_war_attack",),
        position=position(armies={"north-ithilien": {"sauron": {"regular": 3}}}),
    ),
    Case(
        "nothing to attack",
        rules.ATTACK,
        attack("north-ithilien", "south-ithilien"),
        False,
        ("no_enemy_army",),
        position=SAURON_IN_N_ITHILIEN,
    ),
    Case(
        "attack across no border",
        rules.ATTACK,
        attack("north-ithilien", "minas-tirith"),
        False,
        ("not_adjacent",),
        position=SAURON_IN_N_ITHILIEN,
    ),
    Case(
        "nazgul alone cannot attack",
        rules.DESTROYED_LEADERS,
        attack("north-ithilien", "osgiliath"),
        False,
        ("no_attacking_units",),
        position=position(
            armies={"north-ithilien": {"sauron": {"nazgul": 1}}}, political=SAURON_AT_WAR
        ),
    ),
    Case(
        "character die attack needs a leader",
        rules.ATTACK,
        attack("north-ithilien", "osgiliath", die="character"),
        False,
        ("character_die_needs_leader",),
        position=position(
            armies={"north-ithilien": {"sauron": {"regular": 3}}}, political=SAURON_AT_WAR
        ),
    ),
    Case(
        "rearguard: the Nazgûl stays out of the battle",
        rules.ATTACK,
        attack("north-ithilien", "osgiliath", units={"regular": 3, "elite": 1}),
        True,
        position=SAURON_IN_N_ITHILIEN,
    ),
    Case(
        "a besieged army is attacked only from its own region",
        rules.SIEGE,
        attack("osgiliath", "minas-tirith"),
        False,
        ("besieged_only_from_inside",),
        position=MT_BESIEGED,
    ),
    Case(
        "siege attack by the besiegers",
        rules.SIEGE,
        attack("minas-tirith", "minas-tirith", units={"nation": "sauron", "regular": 5}),
        True,
        position=MT_BESIEGED,
    ),
    Case(
        "sortie by the besieged",
        rules.SORTIE,
        attack(
            "minas-tirith", "minas-tirith", units={"nation": "gondor", "regular": 3, "leaders": 1}
        ),
        True,
        position=MT_BESIEGED,
    ),
    Case(
        "a besieged army cannot attack another region",
        rules.SORTIE,
        attack("minas-tirith", "osgiliath", units={"nation": "gondor", "regular": 3}),
        False,
        ("besieged_attacks_out",),
        position=MT_BESIEGED,
    ),
    Case(
        "relieving a siege: attack the besiegers from outside",
        rules.RELIEVING_SIEGE,
        attack("lossarnach", "minas-tirith"),
        True,
        position=position(
            **{k: v for k, v in MT_BESIEGED.items() if k != "armies"},
            armies={**MT_BESIEGED["armies"], "lossarnach": {"gondor": {"regular": 2}}},
        ),
    ),
    Case(
        "an attack in its own region needs a siege",
        rules.SIEGE,
        attack("osgiliath", "osgiliath"),
        False,
        ("nothing_to_besiege",),
        position=position(political=GONDOR_AT_WAR),
    ),
]

MUSTER_CASES = [
    Case(
        "two regulars in two settlements",
        rules.MUSTER,
        muster({"region": "minas-tirith", "regular": 1}, {"region": "pelargir", "regular": 1}),
        True,
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "two regulars in one settlement",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "regular": 2}),
        False,
        ("same_settlement",),
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "one regular and one leader in one settlement",
        rules.MUSTER,
        muster({"region": "dol-amroth", "regular": 1, "leaders": 1}),
        True,
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "one elite",
        rules.MUSTER,
        muster({"region": "dol-amroth", "elite": 1}),
        True,
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "two elites exceed one die",
        rules.MUSTER,
        muster({"region": "dol-amroth", "elite": 1}, {"region": "pelargir", "elite": 1}),
        False,
        ("allowance",),
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "a nation not at war is not recruited with a die",
        rules.AT_WAR,
        muster({"region": "edoras", "elite": 1}),
        False,
        ("not_at_war",),
    ),
    Case(
        "an event card recruits a nation not at war",
        rules.PLAYING_CARDS,
        muster({"region": "edoras", "elite": 1}, die="event"),
        True,
    ),
    Case(
        "no recruiting in a captured settlement",
        rules.MUSTER_LIMITS,
        muster({"region": "pelargir", "regular": 1}),
        False,
        ("captured",),
        position=position(
            armies={"pelargir": {}}, control={"pelargir": "shadow"}, political=GONDOR_AT_WAR
        ),
    ),
    Case(
        "no recruiting into a besieged stronghold with a die",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "nation": "gondor", "regular": 1}),
        False,
        ("besieged",),
        position=MT_BESIEGED,
    ),
    Case(
        "a card may reinforce a besieged stronghold",
        rules.PLAYING_CARDS,
        muster({"region": "minas-tirith", "nation": "gondor", "regular": 1}, die="event"),
        True,
        position=MT_BESIEGED,
    ),
    Case(
        "a card still respects the besieged limit of 5",
        rules.STRONGHOLD_ATTACK,
        muster({"region": "minas-tirith", "nation": "gondor", "regular": 2}, die="event"),
        False,
        ("stacking",),
        position=MT_BESIEGED,
    ),
    Case(
        "osgiliath is a fortification, not a settlement",
        rules.MUSTER,
        muster({"region": "osgiliath", "nation": "gondor", "regular": 1}),
        False,
        ("not_own_settlement",),
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "units go only to their own nation's settlements",
        rules.MUSTER,
        muster({"region": "edoras", "nation": "gondor", "regular": 1}),
        False,
        ("not_own_settlement",),
        position=position(political={"gondor": AT_WAR, "rohan": AT_WAR}),
    ),
    Case(
        "nazgul in a sauron stronghold",
        rules.MUSTER,
        muster({"region": "dol-guldur", "nazgul": 1}, {"region": "barad-dur", "nazgul": 1}),
        True,
        position=position(political=SAURON_AT_WAR),
    ),
    Case(
        "nazgul never in a sauron city",
        rules.MUSTER,
        muster({"region": "angmar", "nazgul": 1}),
        False,
        ("nazgul_stronghold",),
        position=position(political=SAURON_AT_WAR),
    ),
    Case(
        "reinforcements exhausted",
        rules.MUSTER_LIMITS,
        muster({"region": "rivendell", "regular": 1}),
        False,
        ("pool_exhausted",),
        position=position(
            armies={"rivendell": {"elves": {"regular": 2, "elite": 2, "leaders": 1}}},
            political={"elves": AT_WAR},
        ),
    ),
    Case(
        "elves have no leaders in reinforcements",
        rules.MUSTER_LIMITS,
        muster({"region": "rivendell", "leaders": 1}),
        False,
        ("pool_exhausted",),
        position=position(political={"elves": AT_WAR}),
    ),
    Case(
        "stacking after recruiting",
        rules.ARMY_COMPOSITION,
        muster({"region": "pelargir", "elite": 1}),
        False,
        ("stacking",),
        position=position(
            armies={"pelargir": {"gondor": {"regular": 6, "elite": 4}}}, political=GONDOR_AT_WAR
        ),
    ),
    Case(
        "a character comes into play with a muster die",
        rules.MUSTER,
        muster({"region": "orthanc", "character": "saruman"}),
        True,
    ),
    Case(
        "a character already in play",
        rules.MUSTER,
        muster({"region": "orthanc", "character": "saruman"}),
        False,
        ("character_in_play",),
        position=position(characters={"saruman": "orthanc"}),
    ),
]

POLITICS_CASES = [
    Case(
        "advance a passive nation",
        rules.POLITICAL_ADVANCE,
        {"kind": "politics", "nation": "rohan"},
        True,
        effects=("advances",),
    ),
    Case(
        "a passive marker never enters the war box",
        rules.POLITICAL_TRACK,
        {"kind": "politics", "nation": "rohan"},
        False,
        ("passive_to_war",),
        position=position(political={"rohan": PASSIVE_ONE_STEP}),
    ),
    Case(
        "an active marker enters the war box",
        rules.POLITICAL_TRACK,
        {"kind": "politics", "nation": "elves"},
        True,
        position=position(political={"elves": {"steps_from_war": 1, "active": True}}),
    ),
    Case(
        "already at war",
        rules.POLITICAL_TRACK,
        {"kind": "politics", "nation": "gondor"},
        False,
        ("already_at_war",),
        position=position(political=GONDOR_AT_WAR),
    ),
    Case(
        "politics need a muster die",
        rules.POLITICAL_ADVANCE,
        {"kind": "politics", "nation": "rohan", "die": "army"},
        False,
        ("wrong_die",),
    ),
]


def character(names: list[str], to: str, die: str = "character") -> dict[str, Any]:
    return {"kind": "character", "characters": names, "to": to, "die": die}


OUT = {"companions": ["gandalf-grey", "strider", "boromir", "legolas", "meriadoc", "peregrin"]}

CHARACTER_CASES = [
    Case(
        "strider moves up to his level",
        rules.COMPANION_MOVEMENT,
        character(["strider"], "weather-hills"),
        True,
        position=position(
            characters={"strider": "rivendell"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "boromir",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
    ),
    Case(
        "gimli does not reach erebor",
        rules.COMPANION_MOVEMENT,
        character(["gimli"], "erebor"),
        False,
        ("too_far",),
        position=position(characters={"gimli": "rivendell"}, fellowship=OUT),
    ),
    Case(
        "a group moves as far as its highest level",
        rules.COMPANION_MOVEMENT,
        character(["gimli", "legolas"], "hollin"),
        True,
        position=position(
            characters={"gimli": "rivendell", "legolas": "rivendell"},
            fellowship={
                "companions": ["gandalf-grey", "strider", "boromir", "meriadoc", "peregrin"]
            },
        ),
    ),
    Case(
        "a character must stop in a shadow stronghold",
        rules.COMPANION_MOVEMENT,
        character(["gimli"], "dimrill-dale"),
        False,
        ("must_stop",),
        position=position(characters={"gimli": "hollin"}, fellowship=OUT),
    ),
    Case(
        "a character may end in a shadow stronghold",
        rules.COMPANION_MOVEMENT,
        character(["gimli"], "moria"),
        True,
        position=position(characters={"gimli": "hollin"}, fellowship=OUT),
    ),
    Case(
        "characters pass enemy armies",
        rules.COMPANION_MOVEMENT,
        character(["gimli"], "osgiliath"),
        True,
        position=position(
            characters={"gimli": "north-ithilien"},
            fellowship=OUT,
            armies={"osgiliath": {"sauron": {"regular": 2}}},
        ),
    ),
    Case(
        "no character enters a stronghold besieged by the shadow",
        rules.COMPANION_MOVEMENT,
        character(["boromir"], "minas-tirith"),
        False,
        ("enter_besieged",),
        position=position(
            **{k: v for k, v in MT_BESIEGED.items() if k != "characters"},
            characters={"boromir": "lossarnach"},
        ),
    ),
    Case(
        "no character leaves a stronghold besieged by the shadow",
        rules.COMPANION_MOVEMENT,
        character(["boromir"], "lossarnach"),
        False,
        ("leave_besieged",),
        position=position(
            **{k: v for k, v in MT_BESIEGED.items() if k != "characters"},
            characters={"boromir": "minas-tirith"},
        ),
    ),
    Case(
        "a companion in the fellowship must separate first",
        rules.SEPARATING,
        character(["gimli"], "hollin"),
        False,
        ("in_fellowship",),
    ),
    Case(
        "saruman never leaves orthanc",
        rules.MINION_MOVEMENT,
        character(["saruman"], "fords-of-isen"),
        False,
        ("saruman_stays",),
        position=position(characters={"saruman": "orthanc"}),
    ),
    Case(
        "the mouth of sauron moves 3 regions",
        rules.MINION_MOVEMENT,
        character(["mouth-of-sauron"], "osgiliath"),
        True,
        position=position(characters={"mouth-of-sauron": "minas-morgul"}),
    ),
    Case(
        "the mouth of sauron moves no more than 3 regions",
        rules.MINION_MOVEMENT,
        character(["mouth-of-sauron"], "edoras"),
        False,
        ("too_far",),
        position=position(characters={"mouth-of-sauron": "minas-morgul"}),
    ),
    Case(
        "the mouth must stop at a free peoples stronghold",
        rules.MINION_MOVEMENT,
        character(["mouth-of-sauron"], "forlindon"),
        False,
        ("must_stop",),
        position=position(characters={"mouth-of-sauron": "tower-hills"}),
    ),
    Case(
        "a companion able to activate enters the city",
        rules.ACTIVATION,
        character(["gandalf-grey"], "edoras"),
        True,
        position=position(
            characters={"gandalf-grey": "folde"},
            fellowship={
                "companions": ["strider", "boromir", "legolas", "gimli", "meriadoc", "peregrin"],
                "guide": "strider",
            },
        ),
        effects=("activates",),
    ),
    Case(
        "nazgul fly to bree",
        rules.MINION_MOVEMENT,
        {"kind": "nazgul", "from": "dol-guldur", "to": "bree", "count": 1, "die": "character"},
        True,
    ),
    Case(
        "nazgul never into an unbesieged free peoples stronghold",
        rules.MINION_MOVEMENT,
        {"kind": "nazgul", "from": "dol-guldur", "to": "rivendell", "count": 1},
        False,
        ("nazgul_fp_stronghold",),
    ),
    Case(
        "nazgul into a stronghold the shadow besieges",
        rules.MINION_MOVEMENT,
        {"kind": "nazgul", "from": "barad-dur", "to": "minas-tirith", "count": 1},
        True,
        position=MT_BESIEGED,
    ),
    Case(
        "nazgul into a captured free peoples stronghold",
        rules.MINION_MOVEMENT,
        {"kind": "nazgul", "from": "barad-dur", "to": "helms-deep", "count": 1},
        True,
        position=position(
            armies={"helms-deep": {"isengard": {"regular": 2}}}, control={"helms-deep": "shadow"}
        ),
    ),
    Case(
        "the witch-king moves as a nazgul",
        rules.MINION_MOVEMENT,
        character(["witch-king"], "ettenmoors"),
        True,
        position=position(characters={"witch-king": "minas-morgul"}),
    ),
    Case(
        "the witch-king obeys the nazgul's limit",
        rules.MINION_MOVEMENT,
        character(["witch-king"], "lorien"),
        False,
        ("nazgul_fp_stronghold",),
        position=position(characters={"witch-king": "minas-morgul"}),
    ),
    Case(
        "nazgul move with a character die",
        rules.CHARACTER_DIE,
        {"kind": "nazgul", "from": "dol-guldur", "to": "bree", "count": 1, "die": "army"},
        False,
        ("wrong_die",),
    ),
]


def fellowship(kind: str, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, **extra}


FELLOWSHIP_CASES = [
    Case(
        "the hidden fellowship moves",
        rules.FELLOWSHIP_MOVEMENT,
        fellowship("fellowship"),
        True,
        effects=("hunt",),
    ),
    Case(
        "in mordor a move draws a tile instead of a hunt roll",
        rules.MORDOR_RULES,
        fellowship("fellowship"),
        True,
        position=position(fellowship={"region": "minas-morgul", "mordor_step": 2}),
        effects=("mordor_tile",),
    ),
    Case(
        "a revealed fellowship does not move",
        rules.REVEALED,
        fellowship("fellowship"),
        False,
        ("revealed_cannot_move",),
        position=position(fellowship={"revealed": True}),
    ),
    Case(
        "hide a revealed fellowship",
        rules.HIDING,
        fellowship("hide"),
        True,
        position=position(fellowship={"revealed": True}),
    ),
    Case(
        "hiding a hidden fellowship", rules.HIDING, fellowship("hide"), False, ("already_hidden",)
    ),
    Case(
        "declare in place heals in rivendell",
        rules.DECLARING,
        fellowship("declare", to="rivendell"),
        True,
        effects=("heal",),
    ),
    Case(
        "declare exactly progress regions away",
        rules.DECLARING,
        fellowship("declare", to="hollin"),
        True,
        position=position(fellowship={"progress": 2}),
    ),
    Case(
        "declare too far",
        rules.DECLARING,
        fellowship("declare", to="bree"),
        False,
        ("wrong_distance",),
        position=position(fellowship={"progress": 2}),
    ),
    Case(
        "declare with a path that skips a border",
        rules.DECLARING,
        fellowship("declare", to="hollin", path=["rivendell", "hollin"]),
        False,
        ("path_length", "not_adjacent"),
        position=position(fellowship={"progress": 2}),
    ),
    Case(
        "revealed by the hunt: not into a free peoples stronghold",
        rules.REVEALED,
        fellowship("reveal", to="rivendell"),
        False,
        ("revealed_in_fp_city",),
        position=position(fellowship={"region": "trollshaws", "progress": 1, "revealed": True}),
    ),
    Case(
        "revealed by the hunt next to moria draws a tile",
        rules.REVEALED,
        fellowship("reveal", to="dimrill-dale", path=["hollin", "moria", "dimrill-dale"]),
        True,
        position=position(fellowship={"region": "hollin", "progress": 2, "revealed": True}),
        effects=("hunt_tile",),
    ),
    Case(
        "enter mordor by declaring in minas morgul",
        rules.ENTERING_MORDOR,
        fellowship("declare", to="minas-morgul", enter_mordor=True),
        True,
        position=position(fellowship={"region": "south-ithilien", "progress": 1}),
        effects=("enters_mordor",),
    ),
    Case(
        "mordor is entered only from morannon or minas morgul",
        rules.ENTERING_MORDOR,
        fellowship("declare", to="north-ithilien", enter_mordor=True),
        False,
        ("mordor_entrance",),
        position=position(fellowship={"region": "south-ithilien", "progress": 1}),
    ),
    Case(
        "no walking into gorgoroth",
        rules.ENTERING_MORDOR,
        fellowship("declare", to="gorgoroth"),
        False,
        ("wrong_distance",),
        position=position(fellowship={"region": "minas-morgul", "progress": 1}),
    ),
    Case(
        "separate gimli two regions",
        rules.SEPARATING,
        fellowship("separate", companions=["gimli"], to="hollin"),
        True,
    ),
    Case(
        "separation reaches progress plus level",
        rules.SEPARATING,
        fellowship("separate", companions=["gimli"], to="bree"),
        True,
        position=position(fellowship={"progress": 2}),
    ),
    Case(
        "separation beyond progress plus level",
        rules.SEPARATING,
        fellowship("separate", companions=["gimli"], to="bree"),
        False,
        ("too_far",),
    ),
    Case(
        "no separating in mordor",
        rules.MORDOR_RULES,
        fellowship("separate", companions=["gimli"], to="morannon"),
        False,
        ("in_mordor",),
        position=position(fellowship={"region": "morannon", "mordor_step": 1}),
    ),
    Case(
        "the guide leaves: the new guide has the highest level",
        rules.GUIDE,
        fellowship("separate", companions=["gandalf-grey"], to="trollshaws", guide="strider"),
        True,
    ),
    Case(
        "a lower-level guide is not allowed",
        rules.GUIDE,
        fellowship("separate", companions=["gandalf-grey"], to="trollshaws", guide="meriadoc"),
        False,
        ("guide_level",),
    ),
    Case(
        "a companion never rejoins",
        rules.SEPARATING,
        fellowship("rejoin", companions=["boromir"]),
        False,
        ("never_rejoin",),
    ),
    Case(
        "strider may guide (tie of level 3)",
        rules.GUIDE,
        fellowship("guide", guide="strider"),
        True,
    ),
    Case(
        "legolas may not guide over level 3",
        rules.GUIDE,
        fellowship("guide", guide="legolas"),
        False,
        ("guide_level",),
    ),
]


def faction(name: str, action: str, **extra: Any) -> dict[str, Any]:
    return {"kind": "faction", "faction": name, "action": action, **extra}


FACTION_CASES = [
    Case(
        "pirates sail along with an army to pelargir",
        rules.PIRATES_LIMITS,
        army("west-harondor", "pelargir", regular=2),
        True,
        position=position(
            armies={"west-harondor": {"southrons": {"regular": 2}}, "pelargir": {}},
            political={"southrons": AT_WAR},
        ),
        factions={"pirates": {"west-harondor": 2}},
        effects=("pirates_follow", "captures"),
    ),
    Case(
        "pirates stay behind when the army marches inland",
        rules.PIRATES_LIMITS,
        army("west-harondor", "east-harondor", regular=2),
        True,
        position=position(
            armies={"west-harondor": {"southrons": {"regular": 2}}}, political={"southrons": AT_WAR}
        ),
        factions={"pirates": {"west-harondor": 2}},
        effects=("pirates_stay",),
    ),
    Case(
        "the pirates need the southrons at war",
        rules.PIRATES_ENTRY,
        faction("pirates", "enter", die="muster"),
        False,
        ("entry_condition",),
    ),
    Case(
        "the pirates enter with the southrons at war",
        rules.PIRATES_ENTRY,
        faction("pirates", "enter", die="muster"),
        True,
        position=position(political={"southrons": AT_WAR}),
        effects=("faction_placed",),
    ),
    Case(
        "the dead: strider at helm's deep, beyond the mountains",
        rules.DEAD_ENTRY,
        faction("dead", "enter", die="muster"),
        True,
        position=position(
            characters={"strider": "helms-deep"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "boromir",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
        effects=("strider_to_erech",),
    ),
    Case(
        "the dead: strider far from erech",
        rules.DEAD_ENTRY,
        faction("dead", "enter", die="muster"),
        False,
        ("entry_condition",),
        position=position(
            characters={"strider": "folde"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "boromir",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
    ),
    Case(
        "the eagles wait while the fellowship is in rivendell",
        rules.EAGLES_ENTRY,
        faction("eagles", "enter", die="muster"),
        False,
        ("entry_condition",),
    ),
    Case(
        "the ents: saruman in play and a companion in fangorn",
        rules.ENTS_ENTRY,
        faction("ents", "enter", die="faction"),
        True,
        position=position(characters={"saruman": "orthanc", "gimli": "fangorn"}, fellowship=OUT),
    ),
    Case(
        "the dunlendings need saruman",
        rules.DUNLENDINGS_ENTRY,
        faction("dunlendings", "enter", die="muster"),
        False,
        ("entry_condition",),
    ),
    Case(
        "the spiders once the fellowship has left rivendell",
        rules.SPIDERS_ENTRY,
        faction("spiders", "enter", die="muster"),
        True,
        position=position(fellowship={"region": "hollin"}),
    ),
    Case(
        "a faction enters with a muster or faction die, not an army die",
        rules.FACTION_ENTRY,
        faction("spiders", "enter", die="army"),
        False,
        ("wrong_die",),
        position=position(fellowship={"region": "hollin"}),
    ),
    Case(
        "pirates sail to pelargir",
        rules.PIRATES_MOVEMENT,
        faction(
            "pirates", "move", **{"from": "umbar", "to": "pelargir", "count": 2, "die": "event"}
        ),
        True,
        factions={"pirates": {"umbar": 3}},
    ),
    Case(
        "pirates never inland",
        rules.PIRATES_LIMITS,
        faction("pirates", "move", **{"from": "umbar", "to": "near-harad", "die": "event"}),
        False,
        ("pirates_region",),
        factions={"pirates": {"umbar": 3}},
    ),
    Case(
        "pirates never to erech",
        rules.PIRATES_LIMITS,
        faction("pirates", "move", **{"from": "dol-amroth", "to": "erech", "die": "event"}),
        False,
        ("pirates_region",),
        factions={"pirates": {"dol-amroth": 3}},
    ),
    Case(
        "at most five pirates in a region",
        rules.PIRATES_STACKING,
        faction(
            "pirates", "move", **{"from": "umbar", "to": "pelargir", "count": 1, "die": "event"}
        ),
        False,
        ("faction_stacking",),
        factions={"pirates": {"umbar": 3, "pelargir": 5}},
    ),
    Case(
        "dunlendings alone may enter an unconquered town",
        rules.DUNLENDINGS_LIMITS,
        faction("dunlendings", "move", **{"from": "north-dunland", "to": "bree", "die": "event"}),
        True,
        position=position(armies={"bree": {}}),
        factions={"dunlendings": {"north-dunland": 2}},
    ),
    Case(
        "spiders alone never enter an unconquered settlement",
        rules.SPIDERS_LIMITS,
        faction("spiders", "move", **{"from": "north-dunland", "to": "bree", "die": "event"}),
        False,
        ("faction_blocked",),
        position=position(armies={"bree": {}}),
        factions={"spiders": {"north-dunland": 1}},
    ),
    Case(
        "dunlendings alone never into a free peoples army",
        rules.DUNLENDINGS_LIMITS,
        faction(
            "dunlendings",
            "move",
            **{"from": "south-dunland", "to": "fords-of-isen", "die": "event"},
        ),
        False,
        ("faction_blocked",),
        factions={"dunlendings": {"south-dunland": 2}},
    ),
    Case(
        "at most three dunlendings in a region",
        rules.DUNLENDINGS_STACKING,
        faction("dunlendings", "recruit", to="north-dunland"),
        False,
        ("faction_stacking",),
        factions={"dunlendings": {"north-dunland": 3, "south-dunland": 1}},
    ),
    Case(
        "an ordinary die never recruits a faction",
        rules.FACTION_DICE,
        faction("pirates", "recruit", die="muster", to="umbar"),
        False,
        ("wrong_die",),
        factions={"pirates": {"umbar": 3}},
    ),
    Case(
        "four faction cards in hand",
        rules.FACTION_CARDS,
        {"kind": "faction_hand", "cards": 4},
        True,
    ),
    Case(
        "five faction cards in hand",
        rules.FACTION_CARDS,
        {"kind": "faction_hand", "cards": 5},
        False,
        ("faction_hand",),
    ),
    Case(
        "team game: three faction cards per player",
        rules.FACTION_TEAM_GAME,
        {"kind": "faction_hand", "cards": 4, "team_game": True},
        False,
        ("faction_hand",),
    ),
]

ENTWOOD = position(
    characters={"gimli": "fangorn", "saruman": "orthanc"},
    fellowship={
        "companions": ["gandalf-grey", "strider", "boromir", "legolas", "meriadoc", "peregrin"]
    },
)

TWO_ROHAN_ARMIES = position(
    armies={
        "edoras": {"rohan": {"regular": 3}, "gondor": {"regular": 3}},
        "helms-deep": {"rohan": {"regular": 5}},
        "fords-of-isen": {},
        "westemnet": {},
    },
    political={"rohan": AT_WAR, "gondor": AT_WAR},
)

REVIEW_CASES = [
    # Written in review, each from the sentence quoted in its name.
    Case(
        "the only route crosses a stronghold besieged by the shadow: no character passes it",
        rules.COMPANION_MOVEMENT,
        {"kind": "character", "characters": ["gimli"], "to": "forlindon", "die": "character"},
        False,
        ("besieged_on_route",),
        position=position(
            armies={
                "grey-havens": {
                    "elves": {"regular": 1, "elite": 1, "leaders": 1},
                    "sauron": {"regular": 3},
                }
            },
            sieges=["grey-havens"],
            characters={"gimli": "tower-hills"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "strider",
                    "boromir",
                    "legolas",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
    ),
    Case(
        "a leader recruited without an army is removed at once (Лидеры: ... убирается с карты)",
        rules.LEADERS,
        muster({"region": "pelargir", "leaders": 1}),
        True,
        position=position(armies={"pelargir": {}}, political=GONDOR_AT_WAR),
        effects=("leader_removed",),
    ),
    Case(
        "ents walk into an empty orthanc: saruman is destroyed (Разрушение Ортханка)",
        rules.ORTHANC_DESTROYED,
        faction("ents", "move", **{"from": "fangorn", "to": "orthanc", "die": "event"}),
        True,
        position=position(
            armies={"orthanc": {}},
            characters={"gimli": "fangorn", "saruman": "orthanc"},
            fellowship={
                "companions": [
                    "gandalf-grey",
                    "strider",
                    "boromir",
                    "legolas",
                    "meriadoc",
                    "peregrin",
                ]
            },
        ),
        factions={"ents": {"fangorn": 2, "fords-of-isen": 1}},
        effects=("saruman_destroyed",),
    ),
    Case(
        "two armies of one die meeting: at most 10 (После перемещения ... не может превысить)",
        rules.MOVEMENT_LIMITS,
        {
            **army("edoras", "westemnet"),
            "units": None,
            "then": {"from": "helms-deep", "to": "westemnet", "units": {"regular": 5}},
        },
        False,
        ("stacking",),
        position=TWO_ROHAN_ARMIES,
    ),
    Case(
        "two armies of one die meeting: exactly 10",
        rules.MOVEMENT_LIMITS,
        {
            **army("edoras", "westemnet", regular=3, nation="gondor"),
            "then": {"from": "helms-deep", "to": "westemnet", "units": {"regular": 5}},
        },
        True,
        position=TWO_ROHAN_ARMIES,
    ),
    Case(
        "ents: one ent must always stay in fangorn (Хотя бы один энт ... всегда в Фангорне)",
        rules.ENTS_LIMITS,
        faction("ents", "move", **{"from": "fangorn", "to": "westemnet", "die": "event"}),
        False,
        ("ents_last_in_fangorn",),
        position=ENTWOOD,
        factions={"ents": {"fangorn": 1}},
    ),
    Case(
        "ents: one of two ents leaves fangorn",
        rules.ENTS_MOVEMENT,
        faction("ents", "move", **{"from": "fangorn", "to": "westemnet", "die": "event"}),
        True,
        position=ENTWOOD,
        factions={"ents": {"fangorn": 2}},
    ),
    Case(
        "the dead never split (Мертвецы Дунхарга не могут разделяться)",
        rules.DEAD_LIMITS,
        faction("dead", "move", **{"from": "erech", "to": "lamedon", "count": 1, "die": "event"}),
        False,
        ("dead_split",),
        factions={"dead": {"erech": 3}},
    ),
    Case(
        "the army of the dead moves whole, one figure destroyed per region",
        rules.DEAD_MOVEMENT,
        faction("dead", "move", **{"from": "erech", "to": "pelargir", "count": 3, "die": "event"}),
        True,
        factions={"dead": {"erech": 3}},
        effects=("dead_destroyed",),
    ),
    Case(
        "the army of the dead without a count moves whole",
        rules.DEAD_MOVEMENT,
        faction("dead", "move", **{"from": "erech", "to": "lamedon", "die": "event"}),
        True,
        factions={"dead": {"erech": 2}},
        effects=("dead_destroyed",),
    ),
    Case(
        "the last dead destroyed on the way: the faction leaves play",
        rules.DEAD_DESTRUCTION,
        faction("dead", "move", **{"from": "erech", "to": "lamedon", "die": "event"}),
        True,
        factions={"dead": {"erech": 1}},
        effects=("faction_removed",),
    ),
    Case(
        "a passive nation one step from war is attacked: activated, then advanced to war",
        rules.POLITICAL_ADVANCE,
        attack("gap-of-rohan", "fords-of-isen"),
        True,
        position=position(
            armies={"gap-of-rohan": {"isengard": {"regular": 3}}},
            political={"isengard": AT_WAR, "rohan": PASSIVE_ONE_STEP},
        ),
        effects=("activates", "advances"),
        assumes=("activat",),
    ),
    Case(
        "a passive nation one step from war loses a city: activated, then advanced to war",
        rules.POLITICAL_ADVANCE,
        army("westemnet", "edoras", regular=3),
        True,
        position=position(
            armies={"westemnet": {"isengard": {"regular": 3}}, "edoras": {}},
            political={"isengard": AT_WAR, "rohan": PASSIVE_ONE_STEP},
        ),
        effects=("activates", "captures", "advances"),
        assumes=("activat",),
    ),
    Case(
        "revealed with progress 0 the figure does not move, even in rivendell",
        rules.FELLOWSHIP_LOCATION,
        {"kind": "reveal", "to": "rivendell"},
        True,
        assumes=("0",),
    ),
    Case(
        "a nation not at war leaves its land for a region of no nation: the two texts stated",
        rules.MOVEMENT_LIMITS,
        army("minas-tirith", "osgiliath", regular=1),
        True,
        assumes=("Запреты на перемещение",),
    ),
    Case(
        "a besieged army cannot leave: the reading is stated",
        rules.SORTIE,
        army("minas-tirith", "lossarnach", regular=3, elite=1, leaders=1, nation="gondor"),
        False,
        ("besieged_cannot_leave",),
        position=MT_BESIEGED,
        assumes=("Вылазка",),
    ),
    Case(
        "gollum guides when every companion has left",
        rules.GUIDE,
        {"kind": "guide", "guide": "gollum"},
        True,
        position=position(
            characters={
                slug: "rivendell"
                for slug in (
                    "gandalf-grey",
                    "strider",
                    "boromir",
                    "legolas",
                    "gimli",
                    "meriadoc",
                    "peregrin",
                )
            },
            fellowship={"companions": [], "guide": "gollum"},
        ),
    ),
    Case(
        "the guide changes in the fellowship phase: the reading is stated",
        rules.GUIDE,
        {"kind": "guide", "guide": "strider"},
        True,
        assumes=("Fellowship phase",),
    ),
    Case(
        "gollum does not guide while a companion is in the fellowship",
        rules.GUIDE,
        {"kind": "guide", "guide": "gollum"},
        False,
        ("guide_level",),
    ),
]

NAZGUL_OVER_EDORAS = {
    "edoras": {"rohan": {"regular": 1, "elite": 1}, "sauron": {"nazgul": 1}},
    "morannon": {"sauron": {"regular": 5}},
}
NAZGUL_OVER_ROHAN = position(armies=NAZGUL_OVER_EDORAS)
GIMLI_AT_MORIA = {
    "characters": {"gimli": "moria"},
    "fellowship": {
        "companions": ["gandalf-grey", "strider", "boromir", "legolas", "meriadoc", "peregrin"]
    },
}
LONE_NAZGUL_IN_NORTH_ITHILIEN = position(
    armies={"north-ithilien": {"sauron": {"nazgul": 1}}, "morannon": {"sauron": {"regular": 5}}},
    political=GONDOR_AT_WAR,
)
NAZGUL_OVER_OSGILIATH = {
    "osgiliath": {"gondor": {"regular": 2}, "sauron": {"nazgul": 1}},
    "morannon": {"sauron": {"regular": 5}},
}

SHARED_REGION_CASES = [
    # Nazgûl and characters may stand with an enemy army (Лидеры: "даже если регион содержит
    # вражескую армию"; Перемещение героев); only armies of both sides need a siege.
    Case(
        "a nazgul flies over a free peoples army: the whole army moves out",
        rules.ARMY_MOVEMENT,
        {"kind": "army", "from": "edoras", "to": "westemnet", "die": "army"},
        True,
        position=NAZGUL_OVER_ROHAN,
    ),
    Case(
        "a companion stands with a shadow army: the whole army moves out",
        rules.ARMY_MOVEMENT,
        {"kind": "army", "from": "moria", "to": "dimrill-dale", "die": "army"},
        True,
        position=position(political=SAURON_AT_WAR, **GIMLI_AT_MORIA),
    ),
    Case(
        "a nazgul alone is no army: an army move from its region has no units to move",
        rules.LEADERS,
        {"kind": "army", "from": "north-ithilien", "to": "osgiliath", "die": "army"},
        False,
        ("no_units",),
        position=position(
            armies={
                "north-ithilien": {"sauron": {"nazgul": 1}},
                "morannon": {"sauron": {"regular": 5}},
            }
        ),
    ),
    Case(
        "a free peoples army under a nazgul attacks a neighbouring shadow army",
        rules.ATTACK,
        attack("osgiliath", "north-ithilien"),
        True,
        position=position(
            armies={**NAZGUL_OVER_OSGILIATH, "north-ithilien": {"sauron": {"regular": 2}}},
            political=BOTH_AT_WAR,
        ),
    ),
    Case(
        "a nazgul alone is no army to attack",
        rules.ATTACK,
        attack("osgiliath", "north-ithilien"),
        False,
        ("no_enemy_army",),
        position=LONE_NAZGUL_IN_NORTH_ITHILIEN,
    ),
    Case(
        "a nazgul cannot attack the free peoples army it flies over",
        rules.ATTACK,
        attack("osgiliath", "osgiliath", units={"nazgul": 1}),
        False,
        ("no_attacking_units",),
        position=position(armies=NAZGUL_OVER_OSGILIATH, political=BOTH_AT_WAR),
    ),
    Case(
        "an army may move into a region where only an enemy nazgul stands",
        rules.MOVEMENT_LIMITS,
        army("osgiliath", "north-ithilien", regular=2),
        True,
        position=LONE_NAZGUL_IN_NORTH_ITHILIEN,
    ),
    Case(
        "a nation musters in its city where an enemy nazgul stands",
        rules.MUSTER,
        muster({"region": "edoras", "regular": 1}),
        True,
        position=position(armies=NAZGUL_OVER_EDORAS, political={"rohan": AT_WAR}),
    ),
    Case(
        "no recruiting where an enemy army stands (a settlement an enemy army entered is captured)",
        rules.MUSTER_LIMITS,
        muster({"region": "edoras", "regular": 1}),
        False,
        ("enemy_army_there",),
        position=position(
            armies={"edoras": {"sauron": {"regular": 2}}}, political={"rohan": AT_WAR}
        ),
    ),
    Case(
        "the witch-king stands with a free peoples army: the whole army moves out",
        rules.ARMY_MOVEMENT,
        {"kind": "army", "from": "osgiliath", "to": "pelargir", "die": "army"},
        True,
        position=position(characters={"witch-king": "osgiliath"}),
    ),
]

GONDOR_POOL = {"regular": 1, "elite": 4, "leaders": 3}
"""Gondor's reinforcements after losing 5 regulars: 9 on the board + 1 left of 15."""

POOL_CASES = [
    # Запреты на наем: "Подкрепление ограничено наличием фигурок в резерве ... Юниты ...
    # Свободных народов, уничтоженные в сражении, выходят из игры навсегда".
    Case(
        "the reinforcements given are the pool: casualties of gondor never return",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "regular": 1}, {"region": "pelargir", "regular": 1}),
        False,
        ("pool_exhausted",),
        position=position(political=GONDOR_AT_WAR, reinforcements={"gondor": GONDOR_POOL}),
    ),
    Case(
        "the reinforcements given hold the figure recruited",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "regular": 1}),
        True,
        position=position(political=GONDOR_AT_WAR, reinforcements={"gondor": GONDOR_POOL}),
    ),
    Case(
        "without reinforcements the pool is the figures off the board, said as an assumption",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "regular": 1}, {"region": "pelargir", "regular": 1}),
        True,
        position=position(political=GONDOR_AT_WAR),
        assumes=("gives no reinforcements for this nation",),
    ),
    Case(
        "a nation left out of the reinforcements given is read as figures off the board",
        rules.MUSTER_LIMITS,
        muster({"region": "minas-tirith", "regular": 1}, {"region": "pelargir", "regular": 1}),
        True,
        position=position(political=GONDOR_AT_WAR, reinforcements={"rohan": {"regular": 0}}),
        assumes=("gives no reinforcements for this nation",),
    ),
    Case(
        "the shadow's reinforcements given: no nazgul left to recruit",
        rules.MUSTER_LIMITS,
        muster({"region": "barad-dur", "nazgul": 1}),
        False,
        ("pool_exhausted",),
        position=position(
            armies={"barad-dur": {"sauron": {"regular": 4, "elite": 1, "nazgul": 5}}},
            political=SAURON_AT_WAR,
            reinforcements={"sauron": {"regular": 8, "elite": 4, "nazgul": 0}},
        ),
    ),
]

MT_BESIEGED_WITH_NAZGUL = position(
    armies={
        "minas-tirith": {"gondor": {"regular": 2}, "sauron": {"regular": 3, "nazgul": 1}},
        "morannon": {"sauron": {"regular": 5}},
        "osgiliath": {},
    },
    sieges=["minas-tirith"],
    political=BOTH_AT_WAR,
)

SIEGE_END_CASES = [
    # Атака цитадели: "Осада заканчивается, если вражеская армия покинула данный регион";
    # Лидеры: "назгул без армии не может быть помещен во вражескую цитадель".
    Case(
        "the besiegers leave with their nazgul: the siege ends",
        rules.STRONGHOLD_ATTACK,
        army("minas-tirith", "osgiliath", nation="sauron", regular=3, nazgul=1),
        True,
        position=MT_BESIEGED_WITH_NAZGUL,
        effects=("siege_ends",),
    ),
    Case(
        "the besiegers leave without their nazgul: it cannot stay in the free stronghold",
        rules.LEADERS,
        army("minas-tirith", "osgiliath", nation="sauron", regular=3),
        False,
        ("nazgul_left_in_stronghold",),
        position=MT_BESIEGED_WITH_NAZGUL,
        assumes=("cannot stay",),
    ),
    Case(
        "free peoples besiegers leave a shadow stronghold: the nazgul inside stay",
        rules.STRONGHOLD_ATTACK,
        army("minas-morgul", "north-ithilien", nation="gondor", regular=3),
        True,
        position=position(
            armies={
                "minas-morgul": {"gondor": {"regular": 3}, "sauron": {"regular": 2, "nazgul": 1}}
            },
            sieges=["minas-morgul"],
            characters={"witch-king": "minas-morgul"},
            political=BOTH_AT_WAR,
        ),
        effects=("siege_ends",),
    ),
]

CASES = (
    ARMY_CASES
    + ATTACK_CASES
    + MUSTER_CASES
    + POLITICS_CASES
    + CHARACTER_CASES
    + FELLOWSHIP_CASES
    + FACTION_CASES
    + REVIEW_CASES
    + SHARED_REGION_CASES
    + POOL_CASES
    + SIEGE_END_CASES
)
