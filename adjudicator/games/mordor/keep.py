"""Which dice may be kept after a roll (rules: Броски кубиков, Белое древо, Ривенделл, Рохан)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from adjudicator.games.common import (
    N_,
    Citation,
    InvalidInput,
    Message,
    Reading,
    Reason,
    Verdict,
    unique_citations,
)
from adjudicator.games.mordor import citations as rules
from adjudicator.games.mordor.model import (
    DIE_COLORS,
    EACH_ROLL,
    FACE_LABELS,
    HOBBIT_COLORS,
    LOCATION_LABELS,
    LOCATIONS,
    ONCE_A_TURN,
    RIVENDELL_NAZGUL,
    RIVENDELL_READINGS,
    RIVENDELL_WHITE_TREE,
    ROHAN_REROLL,
    SEVERAL_NAZGUL,
    Face,
    GameSetup,
    PlaceReadings,
    TurnRules,
    one_of,
    place_readings_of,
    turn_rules,
)

__all__ = ["RIVENDELL_NAZGUL", "RIVENDELL_READINGS", "SEVERAL_NAZGUL"]  # the forms' imports


@dataclass(frozen=True)
class Die:
    """A rolled or kept die: the face it shows and its colour (black or a hobbit's)."""

    face: Face
    color: str


@dataclass(frozen=True, kw_only=True)
class KeepCheck(Verdict):
    """The verdict on a proposed keep, every legal keep of the roll, and what happens next."""

    notes: tuple[Reason, ...]
    legal_keeps: tuple[tuple[int, ...], ...]
    may_reroll: bool
    ends_rolling: bool


def parse_dice(raw: Sequence[dict], field_name: str, setup: GameSetup) -> tuple[Die, ...]:
    """Dice from ``{"face", "color"}`` items: 1 to 5 dice, one per colour, faces their die has."""
    problems: list[tuple[str, str]] = []
    if not 1 <= len(raw) <= len(DIE_COLORS):
        problems.append(
            (
                field_name,
                Message(
                    N_("between %(fewest)s and %(dice)s dice (the game has %(dice)s)"),
                    fewest=1,
                    dice=len(DIE_COLORS),
                ),
            )
        )
    dice = []
    for index, item in enumerate(raw):
        where = f"{field_name}[{index}]"
        face, color = (str(item.get(key)) for key in ("face", "color"))
        if color not in DIE_COLORS:
            problems.append(
                (
                    f"{where}.color",
                    Message(
                        N_("unknown colour %(value)s (%(known)s)"),
                        value=repr(color),
                        known=", ".join(DIE_COLORS),
                    ),
                )
            )
            continue
        if face not in set(Face):
            known = ", ".join(f.value for f in Face)
            problems.append(
                (
                    f"{where}.face",
                    Message(
                        N_("unknown face %(value)s (%(known)s)"), value=repr(face), known=known
                    ),
                )
            )
            continue
        if Face(face) not in setup.dice.faces(color):
            problems.append(
                (
                    f"{where}.face",
                    Message(N_("the %(color)s die has no %(face)s face"), color=color, face=face),
                )
            )
            continue
        dice.append(Die(Face(face), color))
    repeated = [c for c, n in Counter(d.color for d in dice).items() if n > 1]
    if repeated:
        problems.append(
            (
                field_name,
                Message(
                    N_("one die per colour; repeated: %(colors)s"),
                    colors=", ".join(map(str, repeated)),
                ),
            )
        )
    if problems:
        raise InvalidInput(problems)
    return tuple(dice)


def validate_context(player_color: str, location: str | None) -> None:
    problems = []
    if player_color not in HOBBIT_COLORS:
        problems.append(("player_color", one_of(HOBBIT_COLORS)))
    if location is not None and location not in LOCATIONS[:-1]:
        problems.append(
            (
                "location",
                Message(N_("one of %(choices)s, or null"), choices=", ".join(LOCATIONS[:-1])),
            )
        )
    if problems:
        raise InvalidInput(problems)


LEGAL_KEEP = N_("This keep is legal.")


def keep_problems(rolled: Sequence[Die], keep: Sequence[int], turn: TurnRules) -> list[Reason]:
    """Why keeping the dice at ``keep`` (indexes into ``rolled``) breaks the rules, if it does
    (``turn.one_nazgul``: the reading where Rivendell still allows one Nazgûl only)."""
    kept = [rolled[i] for i in keep]
    problems = []
    if not kept:
        problems.append(
            Reason(N_("Keep at least one die after each roll."), rules.ROLLING, code="keep_none")
        )
    rolled_nazgul = sum(d.face is Face.NAZGUL for d in rolled)
    kept_faces = Counter(d.face for d in kept)
    if rolled_nazgul and not kept_faces[Face.NAZGUL]:
        problems.append(
            Reason(
                N_("A rolled Nazgûl must be kept: %(count)d rolled, none kept."),
                rules.ROLLING,
                {"count": rolled_nazgul},
                "nazgul_not_kept",
            )
        )
    lifted = turn.duplicates_allowed and not (turn.tree_one_each and kept_faces[Face.WHITE_TREE])
    for face, count in kept_faces.items():
        if count < 2 or (lifted and not (turn.one_nazgul and face is Face.NAZGUL)):
            continue
        if face is Face.NAZGUL:
            problems.append(
                Reason(
                    N_("Several Nazgûl rolled: keep exactly one of them (%(count)d kept)."),
                    rules.ROLLING,
                    {"count": count},
                    "nazgul_several",
                )
            )
        else:
            problems.append(
                Reason(
                    N_("Only one die of each face per roll: %(count)d × %(face)s kept."),
                    rules.ROLLING,
                    {"count": count, "face": FACE_LABELS[face]},
                    "duplicate_face",
                )
            )
    return problems


def legal_keeps(rolled: Sequence[Die], turn: TurnRules) -> tuple[tuple[int, ...], ...]:
    """Every keep the rules allow for this roll, smallest first."""
    indexes = range(len(rolled))
    return tuple(
        keep
        for size in range(1, len(rolled) + 1)
        for keep in combinations(indexes, size)
        if not keep_problems(rolled, keep, turn)
    )


REROLL_ANSWERS = {
    (EACH_ROLL, False): N_("This roll may be re-rolled whole, once, before anything is kept."),
    (EACH_ROLL, True): N_("This roll is Rohan's re-roll: it may not be re-rolled again."),
    (ONCE_A_TURN, False): N_(
        "This roll may be re-rolled whole only if no roll of this turn has been re-rolled yet."
    ),
    (ONCE_A_TURN, True): N_("This turn's re-roll is used: this roll may not be re-rolled."),
}


def _keep_readings(
    rolled: Sequence[Die],
    keep: Sequence[int],
    location: str | None,
    advanced: bool,
    rerolled: bool,
    chosen: PlaceReadings,
) -> tuple[Reading, ...]:
    """Several Nazgûl in Rivendell, equal faces there with the White Tree: the keep's verdict
    under each reading; Rohan's re-roll: whether this roll may be re-rolled under each
    (docs/mordor.md)."""

    def answer(reading_id: str, readings: PlaceReadings) -> Reason | str:
        if reading_id == ROHAN_REROLL:
            return REROLL_ANSWERS[(readings.chosen(ROHAN_REROLL), rerolled)]
        problems = keep_problems(rolled, keep, turn_rules(location, advanced, readings))
        return problems[0] if problems else LEGAL_KEEP

    tree = any(d.face is Face.WHITE_TREE for d in rolled)  # else it changes nothing here
    readings = place_readings_of([turn_rules(location, advanced)], chosen, answer)
    return tuple(r for r in readings if tree or r.id != RIVENDELL_WHITE_TREE)


def _notes(rolled: Sequence[Die], keep: Sequence[int], turn: TurnRules) -> list[Reason]:
    left = len(rolled) - len(keep)
    if any(rolled[i].face is Face.WHITE_TREE for i in keep):
        return [
            Reason(
                N_(
                    "The White Tree ends rolling: the kept dice are applied now; the %(count)d "
                    "dice not kept are not applied."
                ),
                rules.WHITE_TREE,
                {"count": left},
                "white_tree",
            )
        ]
    if left:
        return [
            Reason(
                N_("Re-roll the %(count)d dice not kept: re-rolling them is compulsory."),
                rules.ROLLING,
                {"count": left},
                "reroll_rest",
            )
        ]
    return [
        Reason(N_("All dice are kept: apply the results now."), rules.APPLYING, code="all_kept")
    ]


def check_keep(
    rolled: Sequence[Die],
    keep: Sequence[int],
    *,
    player_color: str,
    location: str | None = None,
    advanced: bool = False,
    rerolled: bool = False,
    setup: GameSetup | None = None,
    readings: Mapping[str, str] | None = None,
) -> KeepCheck:
    """Is keeping ``keep`` of ``rolled`` legal? Also lists every legal keep.

    In Rohan (advanced game) a roll not yet re-rolled may be re-rolled whole once: then an
    empty keep is legal (rules: Рохан); ``rerolled``: this roll may not be re-rolled any more
    (it is the re-roll; under ``rohan_reroll: once_a_turn``, the turn's re-roll is used).
    ``readings`` may pick ``rivendell_nazgul`` (``several``, the default, or ``one``) and
    ``rohan_reroll`` (``each_roll``, the default, or ``once_a_turn``); a keep in Rivendell
    carries both readings' verdicts, a roll in Rohan whether it may be re-rolled under each.
    """
    setup = setup or GameSetup()
    readings = readings or {}
    validate_context(player_color, location)
    _validate_keep(rolled, keep)
    chosen = PlaceReadings.picked(readings)
    turn = turn_rules(location, advanced, chosen)
    may_reroll = turn.may_reroll and not rerolled
    if may_reroll and not keep:
        reasons: list[Reason] = []
        notes = [
            Reason(
                N_("Rohan: you re-roll all %(count)d dice of this roll, then you must keep."),
                rules.ROHAN,
                {"count": len(rolled)},
                "rohan_reroll",
            )
        ]
    else:
        reasons = keep_problems(rolled, keep, turn)
        notes = [] if reasons else _notes(rolled, keep, turn)
    if location is not None and not advanced:
        notes.append(
            Reason(
                N_("Places change the turn only in the advanced game: %(place)s is ignored."),
                rules.ADVANCED,
                {"place": LOCATION_LABELS[location]},
                "basic_game_place",
            )
        )
    return KeepCheck(
        legal=not reasons,
        reasons=tuple(reasons),
        notes=tuple(notes),
        legal_keeps=legal_keeps(rolled, turn),
        may_reroll=may_reroll,
        ends_rolling=any(rolled[i].face is Face.WHITE_TREE for i in keep)
        or len(keep) == len(rolled),
        citations=unique_citations(
            [*_applied(rolled, turn), *(r.citation for r in [*reasons, *notes] if r.citation)]
        ),
        assumptions=(*setup.assumptions(), *place_readings(turn)),
        readings=_keep_readings(rolled, keep, location, advanced, rerolled, chosen),
    )


def _validate_keep(rolled: Sequence[Die], keep: Sequence[int]) -> None:
    """The keep names dice of the roll, each once."""
    problems = [
        (
            f"keep[{n}]",
            Message(N_("no die %(die)s: the roll has %(dice)s dice"), die=i, dice=len(rolled)),
        )
        for n, i in enumerate(keep)
        if not 0 <= i < len(rolled)
    ]
    if len(set(keep)) != len(keep):
        problems.append(("keep", Message(N_("a die is listed twice"))))
    if problems:
        raise InvalidInput(problems)


def _applied(rolled: Sequence[Die], turn: TurnRules) -> list[Citation]:
    """The rules every keep of this roll applies: rolling, the place's, Nazgûl, White Tree."""
    faces = {d.face for d in rolled}
    return [
        rules.ROLLING,
        *([turn.citation] if turn.citation is not None else []),
        *([rules.NAZGUL] if Face.NAZGUL in faces else []),
        *([rules.WHITE_TREE] if Face.WHITE_TREE in faces else []),
    ]


def place_readings(turn: TurnRules) -> tuple[Reason, ...]:
    """Where an answer at this place rests on a reading of the text rather than on its
    letter (Rivendell's Nazgûl and White Tree, Rohan's re-roll): the reading used, stated."""
    rivendell, rohan = turn.duplicates_allowed, turn.may_reroll
    stated = (
        (
            rivendell and turn.one_nazgul,
            N_(
                "Rivendell: read as allowing exactly one Nazgûl a roll, as elsewhere (the "
                "reading picked); other equal faces may be kept together."
            ),
            rules.RIVENDELL,
            "rivendell_nazgul",
        ),
        (
            rivendell and not turn.one_nazgul,
            N_(
                "Rivendell: the text limits a roll to one Nazgûl because equal faces may not "
                "be kept together; Rivendell lifts that rule, so we read it as: at least one "
                "Nazgûl must be kept, more may be (also with the White Tree)."
            ),
            rules.RIVENDELL,
            "rivendell_nazgul",
        ),
        (
            rivendell and turn.tree_one_each,
            N_(
                "Rivendell: with the White Tree, one die of each face, as the White Tree's "
                "rule says (the reading picked)."
            ),
            rules.WHITE_TREE,
            "rivendell_white_tree",
        ),
        (
            rohan and turn.reroll_once_a_turn,
            N_(
                "Rohan: «1 раз можете перебрасывать броски» is read as once a turn (the "
                "reading picked): one roll of the turn may be rolled again whole, before "
                "anything is kept."
            ),
            rules.ROHAN,
            "rohan_reroll",
        ),
        (
            rohan and not turn.reroll_once_a_turn,
            N_(
                "Rohan: «1 раз можете перебрасывать броски» is read as once per roll: each "
                "roll of the turn may be rolled again whole, once, before anything is kept."
            ),
            rules.ROHAN,
            "rohan_reroll",
        ),
    )
    return tuple(Reason(message, rule, code=code) for met, message, rule, code in stated if met)
