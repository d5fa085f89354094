"""Validated request data (from the API or a form, same shape) → the engine's answers."""

from fractions import Fraction
from typing import Any

from adjudicator.games.common import N_, InvalidInput, Message, bounded_fraction
from adjudicator.games.mordor.advice import RollAdvice, advise_roll
from adjudicator.games.mordor.journey import JourneyOdds
from adjudicator.games.mordor.journey_readings import journey_with_readings
from adjudicator.games.mordor.keep import KeepCheck, check_keep, parse_dice
from adjudicator.games.mordor.model import GameSetup, PlaceReadings, validate_setup
from adjudicator.games.mordor.odds import TurnOdds, TurnQuestion, turn_odds
from adjudicator.games.mordor.resolve import PlayerState, TurnResult, resolve_turn
from adjudicator.games.mordor.track import NazgulTrack, Square
from adjudicator.games.mordor.whole_journey import journey_keeps

from .serializers import MordorSetupSerializer


def game_setup(data: dict[str, Any]) -> GameSetup:
    """The stated setup, or the defaults (docs/mordor.md)."""
    raw = data.get("setup")
    if not raw:
        return GameSetup()
    setup = MordorSetupSerializer().to_setup(raw)
    validate_setup(setup)
    return setup


def track(values: list[str] | None, setup: GameSetup, field_name: str) -> NazgulTrack:
    if values is None:
        return NazgulTrack.fresh(setup.nazgul_squares)
    return NazgulTrack.parse(values, setup.nazgul_squares, field_name)


def _caught(setup: GameSetup) -> NazgulTrack:
    """An eliminated player's track when none is given: every division marked."""
    return NazgulTrack((Square.MARKED,) * setup.nazgul_squares)


def run_keep_check(data: dict[str, Any]) -> KeepCheck:
    setup = game_setup(data)
    rolled = parse_dice(data["rolled"], "rolled", setup)
    return check_keep(
        rolled,
        data["keep"],
        player_color=data["player_color"],
        location=data.get("location"),
        advanced=data.get("advanced", False),
        rerolled=data.get("rerolled", False),
        setup=setup,
        readings=data.get("readings") or {},
    )


def run_resolve(data: dict[str, Any]) -> tuple[TurnResult, GameSetup]:
    setup = game_setup(data)
    players = [
        PlayerState(
            color=p["color"],
            position=p.get("position", 0),
            track=track(p.get("nazgul_track"), setup, f"players[{i}].nazgul_track")
            if "nazgul_track" in p or not p.get("eliminated")
            else _caught(setup),
            eliminated=p.get("eliminated", False),
        )
        for i, p in enumerate(data["players"])
    ]
    kept = parse_dice(data["kept"], "kept", setup)
    result = resolve_turn(
        players,
        data["active"],
        kept,
        advanced=data.get("advanced", False),
        setup=setup,
        gandalf_squares=data.get("gandalf_squares"),
        readings=data.get("readings") or {},
    )
    return result, setup


#: The whole journey's chance, and the roll in hand's keeps ranked by it (when one is given).
Journey = tuple[JourneyOdds, RollAdvice | None]


def run_odds(data: dict[str, Any]) -> tuple[TurnOdds, RollAdvice | None, Journey | None]:
    """This turn's odds; when a roll is given, its legal keeps ranked; with ``horizon``
    ``game``, the chance to reach Mordor over the whole journey (and the keeps ranked by it)."""
    setup = game_setup(data)
    question = _turn_question(data, setup)
    chance = _chance(data.get("other_mark_chance", "0"))
    odds = turn_odds(question, data.get("policy", "optimal"))
    whole = data.get("horizon") == "game"
    journey = journey_with_readings(question, chance) if whole else None
    if not data.get("rolled"):
        return odds, None, None if journey is None else (journey, None)
    rolled = parse_dice(data["rolled"], "rolled", setup)
    kept_before = data.get("kept_before")
    kept = parse_dice(kept_before, "kept_before", setup) if kept_before else ()
    rerolled = data.get("rerolled", False)
    advice = advise_roll(question, rolled, kept, rerolled=rerolled)
    if journey is None:
        return odds, advice, None
    return odds, advice, (journey, journey_keeps(question, chance, rolled, kept, rerolled=rerolled))


def run_advice(data: dict[str, Any]) -> RollAdvice:
    """The legal keeps of the roll in hand (``rolled``, the turn's dice none kept before)
    ranked as ``run_odds`` ranks them, without the turn's odds: the keep page's best keep
    never read them, and their distribution cost 3-4 ms of CPU a question, the ranking 0.3 ms
    (issue 29)."""
    setup = game_setup(data)
    question = _turn_question(data, setup)
    rolled = parse_dice(data["rolled"], "rolled", setup)
    return advise_roll(question, rolled, rerolled=data.get("rerolled", False))


def _turn_question(data: dict[str, Any], setup: GameSetup) -> TurnQuestion:
    return TurnQuestion(
        position=data["position"],
        track=track(data.get("nazgul_track"), setup, "nazgul_track"),
        player_color=data["player_color"],
        other_colors=tuple(data.get("other_colors", ())),
        advanced=data.get("advanced", False),
        goal=data.get("goal", "progress"),
        setup=setup,
        readings=PlaceReadings.picked(data.get("readings") or {}),
    )


def _chance(text: str) -> Fraction:
    chance = bounded_fraction(str(text))
    if chance is None or not 0 <= chance <= 1:
        raise InvalidInput(
            [("other_mark_chance", Message(N_("a chance from 0 to 1, e.g. 1/6 or 0.25")))]
        )
    return chance
