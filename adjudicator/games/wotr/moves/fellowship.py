"""The Fellowship: moving, hiding, declaring, being revealed, separating companions, the guide,
and entering Mordor (rules: Содружество Кольца and its subsections)."""

from __future__ import annotations

from functools import cache

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import BOARD, FREE_PEOPLES, SHADOW
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves import graph
from adjudicator.games.wotr.moves.characters import activation_on_arrival, check_die, walk_to
from adjudicator.games.wotr.moves.context import Situation
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import Move
from adjudicator.games.wotr.moves.politics import CITY_OR_STRONGHOLD, activate
from adjudicator.games.wotr.position import GOLLUM, MORDOR_ENTRANCES

MORDOR_INTERIOR = frozenset({"gorgoroth", "nurn", "barad-dur"})
"""The land behind Morannon and Minas Morgul: the Fellowship goes there only by the Mordor
track (rules: Вход в Мордор — "обычные правила неприменимы здесь")."""

ASSUME_WALK = N_(
    "The figure moves exactly as many regions as the progress counter shows, as the text says "
    '("равное прогрессу"); a region may be passed more than once on the way.'
)
ASSUME_MORDOR_INTERIOR = N_(
    "Gorgoroth, Nurn and Barad-dûr are reached only by the Mordor track: the text says ordinary "
    "movement does not apply in Mordor, so the figure may not walk into them."
)


def _not_in_mordor(findings: Findings, situation: Situation, what: str) -> bool:
    if situation.position.fellowship.in_mordor:
        findings.fail(
            "in_mordor",
            N_("the Fellowship is on the Mordor track: %(what)s is not possible there"),
            rules.MORDOR_RULES,
            what=what,
        )
        return False
    return True


def check_fellowship_move(situation: Situation, move: Move, findings: Findings) -> None:
    """Advance the hidden Fellowship one step (rules: Перемещение Содружества)."""
    findings.cite(rules.FELLOWSHIP_MOVEMENT)
    check_die(findings, move, rules.FELLOWSHIP_MOVEMENT)
    fellowship = situation.position.fellowship
    if fellowship.revealed:
        findings.fail(
            "revealed_cannot_move",
            N_("the Fellowship is revealed: hide it before it can move"),
            rules.REVEALED if not fellowship.in_mordor else rules.MORDOR_RULES,
        )
    if findings.ok and fellowship.in_mordor:
        findings.effect(
            "mordor_tile",
            N_(
                "in Mordor there is no hunt roll: a hunt tile is drawn; a stop tile halts the "
                "Fellowship, otherwise it advances one step towards Mount Doom"
            ),
            rules.MORDOR_RULES,
        )
    elif findings.ok:
        findings.effect(
            "hunt",
            N_("the Shadow hunts: the die goes to the hunt box and the progress counter advances"),
            rules.FELLOWSHIP_MOVEMENT,
        )


def check_hide(situation: Situation, move: Move, findings: Findings) -> None:
    """Turn a revealed Fellowship hidden again (rules: Скрытие Содружества)."""
    findings.cite(rules.HIDING)
    check_die(findings, move, rules.HIDING)
    if not situation.position.fellowship.revealed:
        findings.fail("already_hidden", N_("the Fellowship is already hidden"), rules.HIDING)


def _destination(
    findings: Findings, situation: Situation, move: Move, citation: rules.Citation
) -> None:
    fellowship = situation.position.fellowship
    steps = fellowship.progress
    findings.cite(rules.ENTERING_MORDOR)
    findings.assume(ASSUME_WALK)
    findings.assume(ASSUME_MORDOR_INTERIOR)
    if move.path is not None:
        path = (fellowship.region, *move.path)
        if move.path and move.path[0] == fellowship.region:
            path = tuple(move.path)
        _check_path(findings, path, steps, move.to, citation)
        if any(not _can_enter(r) for r in path[1:]):
            findings.fail(
                "mordor_interior",
                N_("the Fellowship cannot walk into Mordor: it enters by the Mordor track"),
                rules.ENTERING_MORDOR,
            )
    elif move.to not in _walk_ends(fellowship.region, steps):
        findings.fail(
            "wrong_distance",
            N_(
                "%(to)s cannot be reached in exactly %(steps)s regions from the last known "
                "region %(origin)s"
            ),
            citation,
            to=move.to,
            steps=steps,
            origin=fellowship.region,
        )
    findings.path_length = steps


def _can_enter(region: str) -> bool:
    return region not in MORDOR_INTERIOR


@cache
def _walk_ends(start: str, steps: int) -> frozenset[str]:
    """Where a walk of exactly ``steps`` regions outside Mordor's interior ends: the board never
    changes, so each (start, steps) is walked once per process (a destinations question asks it
    for every region)."""
    return graph.walk_ends(start, steps, _can_enter)


def _check_path(
    findings: Findings,
    path: tuple[str, ...],
    steps: int,
    to: str,
    citation: rules.Citation,
) -> None:
    if len(path) - 1 != steps:
        findings.fail(
            "path_length",
            N_("the path has %(length)s steps; the progress counter says %(steps)s"),
            citation,
            length=len(path) - 1,
            steps=steps,
        )
    if path[-1] != to:
        raise InvalidInput(
            [("move.path", Message(N_("the path must end in the region given as 'to'")))]
        )
    broken = graph.broken_step(path)
    if broken:
        findings.fail(
            "not_adjacent",
            N_("%(to)s is not adjacent to %(origin)s"),
            rules.REGIONS,
            origin=broken[0],
            to=broken[1],
        )


def _mordor_entry(findings: Findings, move: Move) -> None:
    if move.enter_mordor and move.to not in MORDOR_ENTRANCES:
        findings.fail(
            "mordor_entrance",
            N_("the Fellowship enters Mordor only by declaring in Morannon or Minas Morgul"),
            rules.ENTERING_MORDOR,
        )
    elif move.enter_mordor:
        findings.cite(rules.FELLOWSHIP_IN_MORDOR)
        findings.effect(
            "enters_mordor",
            N_("the Fellowship steps onto the first step of the Mordor track"),
            rules.FELLOWSHIP_IN_MORDOR,
        )


def check_declare(situation: Situation, move: Move, findings: Findings) -> None:
    """The Free Peoples declare the hidden Fellowship's position in the Fellowship phase
    (rules: Объявление местоположения Содружества)."""
    findings.cite(rules.DECLARING)
    findings.assume(
        N_(
            "Declaring happens in the Fellowship phase (step 2 of the turn); the phase is not "
            "part of the position and is taken to be right."
        )
    )
    fellowship = situation.position.fellowship
    if not _not_in_mordor(findings, situation, N_("declaring")):
        return
    if fellowship.revealed:
        findings.fail(
            "declare_revealed",
            N_("only a hidden Fellowship is declared; a revealed one has been moved already"),
            rules.DECLARING,
        )
    _destination(findings, situation, move, rules.DECLARING)
    _mordor_entry(findings, move)
    if findings.ok:
        _arrival_effects(findings, situation, move.to)
        if not findings.effects:
            findings.assume(
                N_(
                    "The text names the reasons to declare (to heal in a city or stronghold, to "
                    "activate a nation, or for a card); it is not read as forbidding a declaration "
                    "made for none of them, which here heals and activates nothing."
                )
            )


def _arrival_effects(findings: Findings, situation: Situation, to: str) -> None:
    data = BOARD.regions[to]
    if data.settlement in CITY_OR_STRONGHOLD and situation.controller(to) == FREE_PEOPLES:
        findings.effect(
            "heal",
            N_("the Ring-bearer heals 1 corruption in a Free Peoples city or stronghold"),
            rules.FELLOWSHIP_LOCATION,
        )
        activate(
            findings,
            situation,
            data.nation,
            N_("%(nation)s becomes active: the Fellowship entered its city or stronghold"),
        )


def check_reveal(situation: Situation, move: Move, findings: Findings) -> None:
    """The hunt (or a card) reveals the Fellowship: the figure moves its progress, not into a
    Free Peoples city or stronghold (rules: Содружество обнаружено в результате охоты)."""
    findings.cite(rules.REVEALED)
    if not _not_in_mordor(findings, situation, N_("moving the figure")):
        return
    _destination(findings, situation, move, rules.REVEALED)
    data = BOARD.regions[move.to]
    if not situation.position.fellowship.progress:
        findings.cite(rules.FELLOWSHIP_LOCATION)
        findings.assume(
            N_(
                "With the progress counter at 0 the Ring-bearer has not left the region "
                "(rules: Местоположение Содружества): the figure does not move, so the ban on "
                "ending a move in a Free Peoples city or stronghold does not apply."
            )
        )
    elif data.settlement in CITY_OR_STRONGHOLD and situation.controller(move.to) == FREE_PEOPLES:
        findings.fail(
            "revealed_in_fp_city",
            N_(
                "a revealed Fellowship cannot end its move in %(to)s, a city or stronghold the "
                "Free Peoples control"
            ),
            rules.REVEALED,
            to=move.to,
        )
    if not findings.ok:
        return
    origin = situation.position.fellowship.region
    path = move.path or ()
    shadow_strongholds = [
        r for r in {origin, *path, move.to} if situation.is_stronghold_of(r, SHADOW)
    ]
    if shadow_strongholds:
        findings.effect(
            "hunt_tile",
            N_("the path touches a Shadow stronghold (%(regions)s): a hunt tile is drawn at once"),
            rules.REVEALED,
            regions=", ".join(sorted(shadow_strongholds)),
        )
    elif move.path is None and situation.position.fellowship.progress:
        findings.assume(
            N_(
                "No path was given: if the route passes a Shadow stronghold, a hunt tile is "
                "drawn at once (rules: Содружество обнаружено в результате охоты)."
            )
        )


def highest_level(companions: list[str] | tuple[str, ...]) -> int:
    """The highest level among companions (0 for none)."""
    return max((BOARD.characters[c].level or 0 for c in companions), default=0)


def check_separate(situation: Situation, move: Move, findings: Findings) -> None:
    """Companions leave the Fellowship: progress + level regions from the last known region,
    never in Mordor (rules: Отделение героев от Содружества)."""
    findings.cite(rules.SEPARATING)
    check_die(findings, move, rules.SEPARATING)
    fellowship = situation.position.fellowship
    outside = [c for c in move.characters if c not in fellowship.companions]
    problems = [
        (f"move.companions[{i}]", f"{c} is not in the Fellowship")
        for i, c in enumerate(move.characters)
        if c in outside and not BOARD.characters[c].is_companion
    ]
    if problems:
        raise InvalidInput(problems)
    for slug in outside:
        findings.fail(
            "not_in_fellowship",
            N_("%(character)s is not in the Fellowship"),
            rules.SEPARATING,
            character=slug,
        )
    if not _not_in_mordor(findings, situation, N_("separating companions")):
        return
    if outside:
        return
    reach = fellowship.progress + highest_level(move.characters)
    if move.to != fellowship.region:
        walk_to(
            findings,
            situation,
            FREE_PEOPLES,
            fellowship.region,
            move.to,
            reach,
            rules.SEPARATING,
        )
    else:
        findings.path_length = 0
    remaining = [c for c in fellowship.companions if c not in move.characters]
    _check_new_guide(findings, move, fellowship.guide, remaining)
    if findings.ok:
        activation_on_arrival(findings, situation, move.characters, move.to)


def guide_candidates(companions: list[str]) -> list[str]:
    """The companions of the highest level; Gollum when none is left (rules: Гид Содружества)."""
    top = highest_level(companions)
    return [c for c in companions if (BOARD.characters[c].level or 0) == top] or [GOLLUM]


def _check_new_guide(findings: Findings, move: Move, guide: str, remaining: list[str]) -> None:
    candidates = guide_candidates(remaining)
    if move.guide is not None or guide not in remaining:
        findings.cite(rules.GUIDE)
    if move.guide is not None:
        _check_guide_choice(findings, move.guide, remaining, candidates)
    elif guide not in remaining:
        findings.effect(
            "new_guide",
            N_("a new guide is needed: %(candidates)s"),
            rules.GUIDE,
            candidates=", ".join(candidates),
        )


def _check_guide_choice(
    findings: Findings, guide: str, members: list[str], candidates: list[str]
) -> None:
    if guide not in (*members, GOLLUM):
        findings.fail(
            "guide_not_member",
            N_("%(guide)s is not in the Fellowship and cannot guide it"),
            rules.GUIDE,
            guide=guide,
        )
    elif guide not in candidates:
        findings.fail(
            "guide_level",
            N_("the guide must be a companion of the highest level: %(candidates)s"),
            rules.GUIDE,
            candidates=", ".join(candidates),
        )


def check_guide(situation: Situation, move: Move, findings: Findings) -> None:
    """Choose the guide: a companion of the highest level, ties by choice (rules: Гид)."""
    findings.cite(rules.GUIDE)
    findings.assume(
        N_(
            "The guide changes in the Fellowship phase, or when the guide is killed or leaves "
            "(rules: Гид Содружества); the phase is not part of the position and is taken to be "
            "right."
        )
    )
    members = list(situation.position.fellowship.companions)
    _check_guide_choice(findings, move.guide, members, guide_candidates(members))


def check_rejoin(situation: Situation, move: Move, findings: Findings) -> None:
    """A companion who left the Fellowship never rejoins it (rules: Отделение героев)."""
    findings.fail(
        "never_rejoin",
        N_("a companion who has left the Fellowship can never rejoin it"),
        rules.SEPARATING,
    )
