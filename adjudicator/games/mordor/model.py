"""Dice, colours, tracks and places of «Бросок в Мордор», with the assumptions the text forces.

The rulebook prints the dice faces and both tracks only as pictures, so they are parameters
(:class:`DiceSpec`, :class:`GameSetup`) whose defaults are stated in every answer
(:meth:`GameSetup.assumptions`) and explained in docs/mordor.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from adjudicator.games.common import (
    N_,
    Citation,
    InvalidInput,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
)
from adjudicator.games.mordor import citations as rules


class Face(StrEnum):
    """The six symbols on the dice (rules: Символы на гранях кубиков)."""

    RING = "ring"
    ORC = "orc"
    WARRIOR = "warrior"
    NAZGUL = "nazgul"
    GANDALF = "gandalf"
    WHITE_TREE = "white_tree"


#: English names; the web layer translates them in a "die face" context (a face, not a host).
FACE_LABELS = {
    Face.RING: "Ring",
    Face.ORC: "Orc",
    Face.WARRIOR: "Warrior",
    Face.NAZGUL: "Nazgûl",
    Face.GANDALF: "Gandalf",
    Face.WHITE_TREE: "White Tree",
}

BLACK = "black"
#: Frodo yellow, Sam red, Merry blue, Pippin green (Sam red and Merry blue are in the text).
HOBBIT_COLORS = ("yellow", "red", "blue", "green")
DIE_COLORS = (BLACK, *HOBBIT_COLORS)
COLOR_LABELS = {
    BLACK: N_("black"),
    "yellow": N_("yellow (Frodo)"),
    "red": N_("red (Sam)"),
    "blue": N_("blue (Merry)"),
    "green": N_("green (Pippin)"),
}

#: Places on the hobbit track (rules: Усложнённая игра: Bag End, then places 1–8, then Mordor).
LOCATIONS = (
    "bag_end",
    "rivendell",
    "moria",
    "lothlorien",
    "rohan",
    "helms_deep",
    "gondor",
    "minas_tirith",
    "shelobs_lair",
    "mordor",
)
LOCATION_LABELS = {
    "bag_end": N_("Bag End"),
    "rivendell": N_("Rivendell"),
    "moria": N_("Moria"),
    "lothlorien": N_("Lothlórien"),
    "rohan": N_("Rohan"),
    "helms_deep": N_("Helm's Deep"),
    "gondor": N_("Gondor"),
    "minas_tirith": N_("Minas Tirith"),
    "shelobs_lair": N_("Shelob's Lair"),
    "mordor": N_("Mordor"),
}
ADVANCED_HOBBIT_STEPS = len(LOCATIONS) - 1

DEFAULT_COLORED_DIE = (Face.RING, Face.RING, Face.ORC, Face.WARRIOR, Face.NAZGUL, Face.GANDALF)
DEFAULT_BLACK_DIE = (
    Face.RING,
    Face.ORC,
    Face.WARRIOR,
    Face.NAZGUL,
    Face.GANDALF,
    Face.WHITE_TREE,
)
MAX_FACES = 12
#: The most steps a hobbit's track may have (a custom setup), and so the furthest position.
BETWEEN = N_("must be between %(low)s and %(high)s")
"""A number out of its bounds (the bounds are the constants', given as parameters)."""
MAX_STEPS = 30
#: The longest Nazgûl track a setup may give (``nazgul_squares``), and so the most squares a
#: track or Gandalf's splits may name.
MAX_SQUARES = 30


@dataclass(frozen=True)
class DiceSpec:
    """The faces of the four hobbit-coloured dice (all alike) and of the black die."""

    colored: tuple[Face, ...] = DEFAULT_COLORED_DIE
    black: tuple[Face, ...] = DEFAULT_BLACK_DIE

    def faces(self, color: str) -> tuple[Face, ...]:
        return self.black if color == BLACK else self.colored

    def distribution(self, color: str) -> dict[Face, Fraction]:
        """Each face's chance on a die of ``color`` (a fair die, faces equally likely)."""
        faces = self.faces(color)
        return {face: Fraction(n, len(faces)) for face, n in Counter(faces).items()}


@dataclass(frozen=True)
class GameSetup:
    """What the rulebook shows only in pictures: the dice faces and the lengths of both tracks.

    ``hobbit_steps``: steps from Bag End to Mordor; ``nazgul_squares``: squares of the Nazgûl
    track, the last of them Mordor.
    """

    dice: DiceSpec = field(default_factory=DiceSpec)
    hobbit_steps: int = ADVANCED_HOBBIT_STEPS
    nazgul_squares: int = 7

    def assumptions(self) -> tuple[Reason, ...]:
        """The parameters this answer used, stated so the user can check them against the box."""
        return (
            Reason(
                N_("Coloured dice faces (assumed): %(faces)s."),
                params={"faces": ", ".join(FACE_LABELS[f] for f in self.dice.colored)},
                code="colored_die",
            ),
            Reason(
                N_("Black die faces (assumed): %(faces)s."),
                params={"faces": ", ".join(FACE_LABELS[f] for f in self.dice.black)},
                code="black_die",
            ),
            Reason(
                N_(
                    "Hobbit track: %(steps)d steps from Bag End to Mordor; Nazgûl track: "
                    "%(squares)d squares, the last one Mordor (assumed)."
                ),
                params={"steps": self.hobbit_steps, "squares": self.nazgul_squares},
                code="tracks",
            ),
        )


ADVANCED_STEPS_ONLY = Message(N_("the advanced side has 9 steps"))


def one_of(choices: Iterable[str]) -> Message:
    """``one of a, b, c`` (an engine problem, translated at the edge)."""
    return Message(N_("one of %(choices)s"), choices=", ".join(choices))


def track_length(squares: int) -> Message:
    """``N squares``: what a Nazgûl track given with the wrong length should have."""
    return Message(N_("%(squares)s squares"), squares=squares)


def validate_setup(setup: GameSetup, field_name: str = "setup") -> None:
    """Reject a setup no box could have: empty dice, a White Tree on a coloured die."""
    problems = []
    for name, faces in (("colored_die", setup.dice.colored), ("black_die", setup.dice.black)):
        if not 1 <= len(faces) <= MAX_FACES:
            problems.append(
                (
                    f"{field_name}.{name}",
                    Message(N_("a die has 1 to %(faces)s faces"), faces=MAX_FACES),
                )
            )
    if Face.WHITE_TREE in setup.dice.colored:
        problems.append(
            (f"{field_name}.colored_die", Message(N_("the White Tree is only on the black die")))
        )
    if not 1 <= setup.hobbit_steps <= MAX_STEPS:
        problems.append((f"{field_name}.hobbit_steps", Message(BETWEEN, low=1, high=MAX_STEPS)))
    if not 1 <= setup.nazgul_squares <= MAX_SQUARES:
        problems.append((f"{field_name}.nazgul_squares", Message(BETWEEN, low=1, high=MAX_SQUARES)))
    if problems:
        raise InvalidInput(problems)


@dataclass(frozen=True)
class TurnRules:
    """How the place where the active player starts the turn changes it (advanced game)."""

    location: str | None = None
    duplicates_allowed: bool = False
    gandalf_works: bool = True
    warrior_strength: int = 1
    may_reroll: bool = False
    orc_strength: int = 1
    nazgul_spare_you: bool = False
    all_nazgul_on_you: bool = False
    rings_lost: int = 0
    citation: Citation | None = None
    one_nazgul: bool = False
    """Rivendell under the reading ``rivendell_nazgul: one``: equal faces, but one Nazgûl."""
    reroll_once_a_turn: bool = False
    """Rohan under the reading ``rohan_reroll: once_a_turn``: one whole re-roll a turn."""
    tree_one_each: bool = False
    """Rivendell under the reading ``rivendell_white_tree: one_each``: with the White Tree,
    one die of each face."""


RIVENDELL_NAZGUL = "rivendell_nazgul"
SEVERAL_NAZGUL, ONE_NAZGUL = "several", "one"
RIVENDELL_READINGS = {
    SEVERAL_NAZGUL: N_("in Rivendell at least one Nazgûl must be kept, and more may be"),
    ONE_NAZGUL: N_("exactly one Nazgûl is kept, in Rivendell too"),
}
RIVENDELL_QUOTE = (
    "«Если выпадает несколько назгулов, игрок откладывает только одного (откладывать кубики с "
    "одинаковыми результатами нельзя).» … Ривенделл: «Вы можете откладывать кубики с одними и "
    "теми же результатами.»"
)
RIVENDELL_WHITE_TREE = "rivendell_white_tree"
TREE_LIFTED, TREE_ONE_EACH = "lifted", "one_each"
WHITE_TREE_READINGS = {
    TREE_LIFTED: N_("in Rivendell equal faces may be kept with the White Tree too"),
    TREE_ONE_EACH: N_("with the White Tree one die of each face, in Rivendell too"),
}
WHITE_TREE_QUOTE = (
    "Белое древо: «при желании может отложить с Белым деревом и их тоже, соблюдая правило «не "
    "более 1 кубика с одинаковыми результатами».» … Ривенделл: «Вы можете откладывать кубики с "
    "одними и теми же результатами.»"
)
ROHAN_REROLL = "rohan_reroll"
EACH_ROLL, ONCE_A_TURN = "each_roll", "once_a_turn"
ROHAN_READINGS = {
    EACH_ROLL: N_("in Rohan each roll of the turn may be re-rolled whole, once"),
    ONCE_A_TURN: N_("in Rohan one roll a turn may be re-rolled whole"),
}
ROHAN_QUOTE = (
    "«4. Рохан ➔ 1 раз можете перебрасывать броски … Можете 1 раз перебросить все кубики только "
    "что сделанного броска. … Затем вы, как обычно, перебрасываете неотложенные кубики и, если "
    "вам снова не нравится результат …, можете 1 раз его перебросить и т. д.»"
)


#: Each reading of a place's text: its readings (the default first), the flag of
#: :class:`PlaceReadings` (and :class:`TurnRules`) the other one sets, and that reading;
#: ``_TEXTS``: the place's rule, the text it rests on, the :class:`TurnRules` flag of the place.
PLACE_READINGS = {
    RIVENDELL_NAZGUL: (RIVENDELL_READINGS, "one_nazgul", ONE_NAZGUL),
    RIVENDELL_WHITE_TREE: (WHITE_TREE_READINGS, "tree_one_each", TREE_ONE_EACH),
    ROHAN_REROLL: (ROHAN_READINGS, "reroll_once_a_turn", ONCE_A_TURN),
}
_TEXTS = {
    RIVENDELL_NAZGUL: (rules.RIVENDELL, RIVENDELL_QUOTE, "duplicates_allowed"),
    RIVENDELL_WHITE_TREE: (rules.RIVENDELL, WHITE_TREE_QUOTE, "duplicates_allowed"),
    ROHAN_REROLL: (rules.ROHAN, ROHAN_QUOTE, "may_reroll"),
}


@dataclass(frozen=True)
class PlaceReadings:
    """The readings of the places' unclear text a turn is played under (docs/mordor.md):
    ``rivendell_nazgul`` (``several``, the default, or ``one``), ``rivendell_white_tree``
    (``lifted``, the default, or ``one_each``) and ``rohan_reroll`` (``each_roll``, the
    default, or ``once_a_turn``)."""

    one_nazgul: bool = False
    reroll_once_a_turn: bool = False
    tree_one_each: bool = False

    @classmethod
    def picked(cls, readings: Mapping[str, str]) -> PlaceReadings:
        """The readings a request's ``readings`` pick; ``InvalidInput`` naming
        ``readings.<id>`` for an unknown id or reading."""
        check_reading_ids(readings, PLACE_READINGS)
        return cls(
            **{
                flag: pick_reading(readings, reading_id, choices) == other
                for reading_id, (choices, flag, other) in PLACE_READINGS.items()
            }
        )

    def chosen(self, reading_id: str) -> str:
        choices, flag, other = PLACE_READINGS[reading_id]
        return other if getattr(self, flag) else next(iter(choices))

    def under(self, reading_id: str, reading: str) -> PlaceReadings:
        """These readings with ``reading_id`` read as ``reading``."""
        _, flag, other = PLACE_READINGS[reading_id]
        return replace(self, **{flag: reading == other})


def place_readings_of(
    turns: Iterable[TurnRules],
    chosen: PlaceReadings,
    answer_under: Callable[[str, PlaceReadings], str | Reason],
) -> tuple[Reading, ...]:
    """The readings an answer about these turns rests on (Rivendell's where a turn starts in
    Rivendell, Rohan's where one starts in Rohan), each reading of each with
    ``answer_under(id, readings)``, the answer under ``chosen`` with ``id`` read so."""
    turns = tuple(turns)
    return tuple(
        reading_of(
            reading_id,
            citation,
            quote,
            chosen.chosen(reading_id),
            PLACE_READINGS[reading_id][0],
            lambda reading, reading_id=reading_id: answer_under(
                reading_id, chosen.under(reading_id, reading)
            ),
        )
        for reading_id, (citation, quote, place) in _TEXTS.items()
        if any(getattr(turn, place) for turn in turns)
    )


LOCATION_RULES = {
    "rivendell": TurnRules(duplicates_allowed=True, citation=rules.RIVENDELL),
    "moria": TurnRules(gandalf_works=False, citation=rules.MORIA),
    "lothlorien": TurnRules(warrior_strength=2, citation=rules.LOTHLORIEN),
    "rohan": TurnRules(may_reroll=True, citation=rules.ROHAN),
    "helms_deep": TurnRules(orc_strength=2, citation=rules.HELMS_DEEP),
    "gondor": TurnRules(nazgul_spare_you=True, citation=rules.GONDOR),
    "minas_tirith": TurnRules(all_nazgul_on_you=True, citation=rules.MINAS_TIRITH),
    "shelobs_lair": TurnRules(rings_lost=1, citation=rules.SHELOBS_LAIR),
}


def turn_rules(
    location: str | None, advanced: bool, readings: PlaceReadings | None = None
) -> TurnRules:
    """The rules of a turn started at ``location``; places matter only in the advanced game.
    ``readings`` change Rivendell's and Rohan's turns only."""
    if not advanced or location is None:
        return TurnRules(location=location)
    base = LOCATION_RULES.get(location, TurnRules())
    readings = readings or PlaceReadings()
    return TurnRules(
        **{
            **base.__dict__,
            "location": location,
            "one_nazgul": base.duplicates_allowed and readings.one_nazgul,
            "tree_one_each": base.duplicates_allowed and readings.tree_one_each,
            "reroll_once_a_turn": base.may_reroll and readings.reroll_once_a_turn,
        }
    )


def location_at(position: int, setup: GameSetup) -> str | None:
    """The place at a hobbit-track position, when the track has the advanced side's places."""
    if setup.hobbit_steps != ADVANCED_HOBBIT_STEPS:
        return "mordor" if position == setup.hobbit_steps else None
    return LOCATIONS[position]
