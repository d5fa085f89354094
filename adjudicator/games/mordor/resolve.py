"""Applying the kept dice at the end of a turn, elimination and the end of the game.

Rules: Применение результатов, Кольцо, Орк, Воин, Назгул, Гэндальф, Выбывание из игры,
Конец игры, and the places of the advanced game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.games.common import (
    N_,
    Answer,
    Citation,
    InvalidInput,
    Message,
    Reading,
    Reason,
    check_reading_ids,
    pick_reading,
    reading_of,
    unique_citations,
)
from adjudicator.games.mordor import citations as rules
from adjudicator.games.mordor.keep import Die
from adjudicator.games.mordor.model import (
    ADVANCED_HOBBIT_STEPS,
    ADVANCED_STEPS_ONLY,
    BLACK,
    COLOR_LABELS,
    DIE_COLORS,
    HOBBIT_COLORS,
    Face,
    GameSetup,
    TurnRules,
    location_at,
    one_of,
    track_length,
    turn_rules,
)
from adjudicator.games.mordor.track import NazgulTrack


@dataclass(frozen=True)
class PlayerState:
    """One hobbit: its die colour, steps made on the hobbit track, its Nazgûl track."""

    color: str
    position: int
    track: NazgulTrack
    eliminated: bool = False


@dataclass(frozen=True, kw_only=True)
class TurnResult(Answer):
    """The players after the turn, what happened, and whether the game is over."""

    players: tuple[PlayerState, ...]
    ring_steps: int
    rings_blocked: bool
    marks: dict[str, int]
    splits: tuple[int, ...]
    events: tuple[Reason, ...]
    round_complete: bool
    game_over: bool
    winners: tuple[str, ...]


def ring_steps(kept: Sequence[Die], turn: TurnRules, room: int) -> tuple[int, bool]:
    """Steps the kept rings give, and whether orcs blocked them (rules: Кольцо, Орк, Воин).

    Rings act unless the orcs outnumber the warriors (Lothlórien: a warrior counts two;
    Helm's Deep: an orc counts two); in Shelob's Lair one ring is lost. Never past Mordor.
    """
    faces = [d.face for d in kept]
    orcs = faces.count(Face.ORC) * turn.orc_strength
    warriors = faces.count(Face.WARRIOR) * turn.warrior_strength
    blocked = orcs > warriors and Face.RING in faces
    rings = 0 if orcs > warriors else faces.count(Face.RING)
    return min(max(rings - turn.rings_lost, 0), room), blocked


def nazgul_target(die: Die, active: int, players: Sequence[PlayerState], turn: TurnRules) -> int:
    """Whom a kept Nazgûl marks (rules: Назгул, Выбывание из игры, Минас-Тирит).

    Black, the active player's colour and neutral colours (nobody's, or an eliminated
    player's) mark the active player; another player's colour marks that player.
    """
    if turn.all_nazgul_on_you or die.color == BLACK:
        return active
    for index, player in enumerate(players):
        if player.color == die.color and not player.eliminated:
            return index
    return active


def validate_game(
    players: Sequence[PlayerState], active: int, kept: Sequence[Die], setup: GameSetup
) -> None:
    problems = []
    if not 1 <= len(players) <= len(HOBBIT_COLORS):
        problems.append(
            (
                "players",
                Message(N_("%(fewest)s to %(most)s players"), fewest=1, most=len(HOBBIT_COLORS)),
            )
        )
    colors = [p.color for p in players]
    problems += [
        (f"players[{i}].color", one_of(HOBBIT_COLORS))
        for i, color in enumerate(colors)
        if color not in HOBBIT_COLORS
    ]
    if len(set(colors)) != len(colors):
        problems.append(("players", Message(N_("each player has a different hobbit colour"))))
    for index, player in enumerate(players):
        if not 0 <= player.position <= setup.hobbit_steps:
            problems.append(
                (
                    f"players[{index}].position",
                    Message(N_("between 0 and %(last)s (Mordor)"), last=setup.hobbit_steps),
                )
            )
        if len(player.track.squares) != setup.nazgul_squares:
            problems.append((f"players[{index}].nazgul_track", track_length(setup.nazgul_squares)))
        elif player.eliminated != player.track.eliminated:
            problems.append(
                (
                    f"players[{index}].eliminated",
                    Message(
                        N_(
                            "a player is out exactly when every division of his Nazgûl "
                            "track is marked"
                        )
                    ),
                )
            )
    if not 0 <= active < len(players):
        problems.append(("active", Message(N_("the index of a player"))))
    elif players[active].eliminated:
        problems.append(("active", Message(N_("an eliminated player takes no turns"))))
    elif players[active].position >= setup.hobbit_steps:
        problems.append(("active", Message(N_("this player is already in Mordor"))))
    if not kept:
        problems.append(("kept", Message(N_("at least one kept die"))))
    if problems:
        raise InvalidInput(problems)


def _split_squares(
    track: NazgulTrack, gandalfs: int, chosen: Sequence[int] | None
) -> tuple[int, ...]:
    """The empty squares Gandalf splits: the chosen ones, else the leftmost (rules: Гэндальф)."""
    if chosen is None:
        return track.splittable[:gandalfs]
    problems = []
    if len(chosen) > gandalfs:
        problems.append(
            (
                "gandalf_squares",
                Message(N_("only %(dice)s Gandalf die(s) act this turn"), dice=gandalfs),
            )
        )
    if len(set(chosen)) != len(chosen):
        problems.append(("gandalf_squares", Message(N_("a square can be split only once"))))
    problems += [
        (
            f"gandalf_squares[{n}]",
            Message(N_("square %(square)s is not an empty unsplit square"), square=i),
        )
        for n, i in enumerate(chosen)
        if i not in track.splittable
    ]
    if problems:
        raise InvalidInput(problems)
    return tuple(chosen)


@dataclass
class _Log:
    """What a turn did, as it is applied: its events and the rules they applied."""

    events: list[Reason] = field(default_factory=list)
    applied: list[Citation] = field(default_factory=list)

    def add(self, reason: Reason, *rules_applied: Citation) -> None:
        self.events.append(reason)
        self.applied.extend(rules_applied)


def resolve_turn(
    players: Sequence[PlayerState],
    active: int,
    kept: Sequence[Die],
    *,
    advanced: bool = False,
    setup: GameSetup | None = None,
    gandalf_squares: Sequence[int] | None = None,
    readings: Mapping[str, str] | None = None,
) -> TurnResult:
    """Apply the dice the active player kept, in the order that helps him most.

    ``players`` are in seating order from the first player. Gandalf splits before the Nazgûl
    mark (the rulebook's own examples; never worse); the Nazgûl then mark one by one, so a
    player eliminated by one makes the next of his colour neutral. ``readings`` may pick
    ``mordor_tie`` (``shared``, the default, or ``first_arrived``) and ``caught_in_mordor``
    (``game_goes_on``, the default, or ``round_ends_game``): :data:`END_READINGS`.
    """
    setup = setup or GameSetup()
    readings = readings or {}
    check_reading_ids(readings, END_READINGS)
    chosen = {
        reading_id: pick_reading(readings, reading_id, choices)
        for reading_id, (choices, _) in END_READINGS.items()
    }
    validate_game(players, active, kept, setup)
    if advanced and setup.hobbit_steps != ADVANCED_HOBBIT_STEPS:
        raise InvalidInput([("setup.hobbit_steps", ADVANCED_STEPS_ONLY)])
    me = players[active]
    turn = turn_rules(location_at(me.position, setup), advanced)
    log = _Log(applied=[rules.APPLYING, *([turn.citation] if turn.citation else [])])
    if len(kept) < len(DIE_COLORS) and all(d.face is not Face.WHITE_TREE for d in kept):
        log.add(
            Reason(
                N_(
                    "Only %(count)d dice kept and no White Tree: a turn ends when all five are "
                    "kept or the White Tree is; the dice given are applied."
                ),
                rules.ROLLING,
                {"count": len(kept)},
                "incomplete_turn",
            )
        )
    steps, blocked = _apply_rings(kept, turn, setup.hobbit_steps - me.position, log)
    splits = _split_squares(me.track, _gandalfs_acting(kept, turn, log), gandalf_squares)
    state = list(players)
    state[active] = replace(me, position=me.position + steps, track=_apply_splits(me, splits, log))
    marks = _apply_nazgul(kept, active, state, turn, log)
    round_complete = not any(not p.eliminated for p in state[active + 1 :])
    game_over, winners, end_events = _game_end(state, round_complete, setup, chosen)
    if end_events:
        log.applied.append(rules.GAME_END)
    return TurnResult(
        players=tuple(state),
        ring_steps=steps,
        rings_blocked=blocked,
        marks=marks,
        splits=splits,
        events=(*log.events, *end_events),
        round_complete=round_complete,
        game_over=game_over,
        winners=winners,
        citations=unique_citations(log.applied),
        assumptions=(
            *setup.assumptions(),
            Reason(
                N_(
                    "Gandalf is applied before the Nazgûl, splitting the leftmost empty squares "
                    "unless you choose them; the text lets you apply results in any order."
                ),
                code="order",
            ),
            *_tie_break(state, game_over, setup, chosen[MORDOR_TIE]),
        ),
        readings=_end_readings(state, round_complete, setup, chosen),
    )


def _apply_rings(kept: Sequence[Die], turn: TurnRules, room: int, log: _Log) -> tuple[int, bool]:
    """The rings move the hobbit, unless orcs outnumber warriors (rules: Кольцо, Орк, Воин)."""
    steps, blocked = ring_steps(kept, turn, room)
    if any(d.face is Face.RING for d in kept):
        if blocked:
            log.add(
                Reason(
                    N_("Orcs outnumber warriors: the rings do not act."), rules.ORC, code="blocked"
                ),
                rules.RING,
                rules.ORC,
                rules.WARRIOR,
            )
        else:
            log.add(
                Reason(
                    N_("The rings move the hobbit %(steps)d step(s)."),
                    rules.RING,
                    {"steps": steps},
                    "steps",
                ),
                rules.RING,
            )
    return steps, blocked


def _gandalfs_acting(kept: Sequence[Die], turn: TurnRules, log: _Log) -> int:
    """The Gandalfs kept that act (none in Moria: rules Гэндальф, Мория)."""
    shown = sum(d.face is Face.GANDALF for d in kept)
    if shown:
        log.applied.append(rules.GANDALF)
        if not turn.gandalf_works:
            log.add(Reason(N_("Moria: Gandalf does not act."), rules.MORIA, code="moria"))
    return shown if turn.gandalf_works else 0


def _apply_splits(me: PlayerState, splits: Sequence[int], log: _Log) -> NazgulTrack:
    """Gandalf splits the chosen squares of the active player's track (rules: Гэндальф)."""
    track = me.track
    for index in splits:
        track = track.split(index)
        log.add(
            Reason(
                N_("Gandalf splits square %(square)d of the Nazgûl track."),
                rules.GANDALF,
                {"square": index + 1},
                "split",
            )
        )
    return track


def _apply_nazgul(
    kept: Sequence[Die], active: int, state: list[PlayerState], turn: TurnRules, log: _Log
) -> dict[str, int]:
    """Each Nazgûl kept marks the player of its die's colour, one by one (rules: Назгул,
    Выбывание из игры); ``state`` is updated. Returns the marks made on each colour."""
    marks = {p.color: 0 for p in state}
    for die in (d for d in kept if d.face is Face.NAZGUL):
        log.applied.append(rules.NAZGUL)
        target = nazgul_target(die, active, state, turn)
        if target == active and turn.nazgul_spare_you:
            log.add(
                Reason(N_("Gondor: this Nazgûl does not act on you."), rules.GONDOR, code="gondor")
            )
            continue
        victim = state[target]
        if victim.eliminated:
            continue
        track = victim.track.mark()
        marks[victim.color] += 1
        state[target] = replace(victim, track=track, eliminated=track.eliminated)
        log.add(
            Reason(
                N_("The Nazgûl of the %(die)s die marks the %(player)s player."),
                rules.NAZGUL,
                {"die": COLOR_LABELS[die.color], "player": COLOR_LABELS[victim.color]},
                "mark",
            )
        )
        if track.eliminated:
            log.add(
                Reason(
                    N_("The %(player)s player marks the last Nazgûl division and is out."),
                    rules.ELIMINATION,
                    {"player": COLOR_LABELS[victim.color]},
                    "eliminated",
                ),
                rules.ELIMINATION,
            )
    return marks


def _tie_break(state: Sequence[PlayerState], game_over: bool, setup: GameSetup, tie: str) -> tuple:
    """Our reading when several hobbits reach Mordor together (rules: Конец игры)."""
    contenders = [p for p in state if not p.eliminated and p.position == setup.hobbit_steps]
    if not (game_over and len(contenders) > 1):
        return ()
    message = (
        N_(
            "Several hobbits in Mordor: we count the empty divisions as unmarked halves and "
            "squares (a split square with one half marked counts one), and a tie in them goes "
            "to the first to arrive (the reading picked): the text does not say."
        )
        if tie == FIRST_ARRIVED
        else N_(
            "Several hobbits in Mordor: we count the empty divisions as unmarked "
            "halves and squares (a split square with one half marked counts one), and "
            "a tie in them is a shared win: the text does not say."
        )
    )
    return (Reason(message, rules.GAME_END, code="tie_break"),)


MORDOR_TIE, CAUGHT_IN_MORDOR = "mordor_tie", "caught_in_mordor"
SHARED, FIRST_ARRIVED = "shared", "first_arrived"
GAME_GOES_ON, ROUND_ENDS_GAME = "game_goes_on", "round_ends_game"
#: The readings of the end of the game (docs/mordor.md): the readings, the default first, and
#: the text they rest on.
END_READINGS = {
    MORDOR_TIE: (
        {
            SHARED: N_("hobbits in Mordor with as many empty divisions share the win"),
            FIRST_ARRIVED: N_(
                "of hobbits in Mordor with as many empty divisions, the first to arrive (the "
                "first in the round's order) wins"
            ),
        },
        "«Победит игрок, добравшийся до Мордора первым.» … «Если в последнем круге в Мордор "
        "приходят несколько игроков, выигрывает тот, у кого осталось больше пустых делений на "
        "пути назгулов»",
    ),
    CAUGHT_IN_MORDOR: (
        {
            GAME_GOES_ON: N_(
                "a hobbit who reached Mordor but is out does not end the game: it goes on"
            ),
            ROUND_ENDS_GAME: N_(
                "a hobbit reaching Mordor ends the game with the round even if he is out (he "
                "cannot win)"
            ),
        },
        "«Игра заканчивается, когда один из игроков достигает Мордора» … «Если игрок на одном и "
        "том же ходу отмечает последнее деление пути хоббитов и пути назгулов, он всё равно "
        "выбывает из игры.» … «Текущий круг игры доигрывается до конца»",
    ),
}


def _end_readings(
    state: Sequence[PlayerState], round_complete: bool, setup: GameSetup, chosen: dict
) -> tuple[Reading, ...]:
    """The readings of the end of the game this turn's end rests on, with the end under each
    other reading: a tie in Mordor, a hobbit who reached Mordor but is out."""
    in_mordor = [p for p in state if p.position == setup.hobbit_steps]
    alive = [p for p in in_mordor if not p.eliminated]
    best = max((p.track.open_divisions for p in alive), default=0)
    met = {
        MORDOR_TIE: round_complete and sum(p.track.open_divisions == best for p in alive) > 1,
        CAUGHT_IN_MORDOR: not alive and any(p.eliminated for p in in_mordor),
    }

    def end(reading_id: str, reading: str) -> Reason:
        events = _game_end(state, round_complete, setup, {**chosen, reading_id: reading})[2]
        return events[0]

    return tuple(
        reading_of(
            reading_id,
            rules.GAME_END,
            quote,
            chosen[reading_id],
            choices,
            lambda reading, reading_id=reading_id: end(reading_id, reading),
        )
        for reading_id, (choices, quote) in END_READINGS.items()
        if met[reading_id]
    )


def _game_end(
    players: Sequence[PlayerState],
    round_complete: bool,
    setup: GameSetup,
    chosen: Mapping[str, str],
) -> tuple[bool, tuple[str, ...], list[Reason]]:
    """Rules: Конец игры. The round is finished once someone reaches Mordor; ties go to the
    most empty Nazgûl divisions (a split empty square counts two), then (``mordor_tie``) are
    shared or go to the first to arrive; a hobbit in Mordor but out ends the game with the
    round or not (``caught_in_mordor``)."""
    alive = [p for p in players if not p.eliminated]
    if not alive:
        return True, (), [Reason(N_("Every player is out: nobody wins."), rules.GAME_END)]
    in_mordor = [p for p in alive if p.position == setup.hobbit_steps]
    caught = [p for p in players if p.eliminated and p.position == setup.hobbit_steps]
    if not in_mordor and caught:
        return _caught(caught, round_complete, chosen[CAUGHT_IN_MORDOR])
    if not in_mordor:
        return False, (), []
    if not round_complete:
        return (
            False,
            (),
            [
                Reason(
                    N_("A hobbit reached Mordor: the players after you finish the round."),
                    rules.GAME_END,
                    code="finish_round",
                )
            ],
        )
    best = max(p.track.open_divisions for p in in_mordor)
    winners = tuple(p.color for p in in_mordor if p.track.open_divisions == best)
    if chosen[MORDOR_TIE] == FIRST_ARRIVED:  # all arrived in this round, in seating order
        winners = winners[:1]
    message = (
        N_("Game over: %(players)s won.")
        if len(winners) == 1
        else N_("Game over: %(players)s reached Mordor with as many empty divisions: a tie.")
    )
    return (
        True,
        winners,
        [
            Reason(
                message,
                rules.GAME_END,
                {"players": ", ".join(COLOR_LABELS[c] for c in winners)},
                "game_over",
            )
        ],
    )


def _caught(
    caught: Sequence[PlayerState], round_complete: bool, reading: str
) -> tuple[bool, tuple[str, ...], list[Reason]]:
    """Hobbits in Mordor but out, nobody else there: the game goes on (``game_goes_on``), or
    (``round_ends_game``) the round is finished, then nobody wins."""
    names = {"players": ", ".join(COLOR_LABELS[p.color] for p in caught)}
    if reading == GAME_GOES_ON:
        message = N_(
            "%(players)s reached Mordor but is out, and an eliminated hobbit cannot win. The "
            "text does not say whether the game still ends with this round; we assume it goes "
            "on."
        )
        return False, (), [Reason(message, rules.ELIMINATION, names, "mordor_but_out")]
    if not round_complete:
        message = N_(
            "%(players)s reached Mordor but is out: the players after you finish the round, "
            "then the game ends."
        )
        return False, (), [Reason(message, rules.GAME_END, names, "mordor_but_out")]
    message = N_("Game over: %(players)s reached Mordor but is out, and nobody wins.")
    return True, (), [Reason(message, rules.GAME_END, names, "game_over")]
