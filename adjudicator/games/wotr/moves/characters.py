"""Characters: companions, the Mouth of Sauron, Saruman, and the Nazgûl with the Witch-king
(rules: Перемещение героев, Перемещение миньонов, Лидеры)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from adjudicator.games.common import N_, InvalidInput
from adjudicator.games.wotr.board import BOARD, FREE_PEOPLES, SHADOW
from adjudicator.games.wotr.messages import Message
from adjudicator.games.wotr.moves import citations as rules
from adjudicator.games.wotr.moves import graph
from adjudicator.games.wotr.moves.army import ASSUME_EVENT
from adjudicator.games.wotr.moves.context import Situation, enemy_of
from adjudicator.games.wotr.moves.findings import Findings
from adjudicator.games.wotr.moves.model import CHARACTER, EVENT, Move
from adjudicator.games.wotr.moves.politics import CITY_OR_STRONGHOLD, activate

WITCH_KING, MOUTH, SARUMAN = "witch-king", "mouth-of-sauron", "saruman"
MOUTH_RANGE = 3
"""The Mouth of Sauron moves at most three regions (rules: Перемещение миньонов)."""
ASSUME_NAZGUL_PATH = N_(
    "Nazgûl fly to any region: the path length shown is the shortest route over passable "
    "borders, for information only."
)
ASSUME_ACTIVATION_END = N_(
    "A character activates a nation when its move ends in that nation's city or stronghold."
)


def check_die(findings: Findings, move: Move, citation: rules.Citation) -> None:
    """Characters, Nazgûl and the Fellowship move with a character die or a card."""
    if move.die == EVENT:
        findings.cite(rules.PLAYING_CARDS)
        findings.assume(ASSUME_EVENT)
    elif move.die != CHARACTER:
        findings.fail(
            "wrong_die",
            N_("this needs a character die or an event card, not %(die)s"),
            citation,
            die=move.die,
        )


class Walker:
    """Where a character group may step: ``can_enter``/``can_continue`` for graph searches."""

    def __init__(self, situation: Situation, side: str):
        self.situation = situation
        self.side = side
        self._found: dict[tuple[str, int, bool], Mapping[str, int]] = {}

    @classmethod
    def of(cls, situation: Situation, side: str) -> Walker:
        """The side's walker in ``situation``, its searches kept with the situation."""
        walker = situation.kept.get((cls, side))
        if walker is None:
            walker = situation.kept[(cls, side)] = cls(situation, side)
        return walker

    def distances(self, origin: str, reach: int, *, stops: bool = True) -> Mapping[str, int]:
        """:func:`graph.distances` within ``reach`` past no besieged stronghold a character
        may not enter, and (``stops``) on from no enemy stronghold; each search once."""
        key = (origin, reach, stops)
        found = self._found.get(key)
        if found is None:
            can_continue = self.can_continue if stops else graph.always
            found = self._found[key] = graph.distances(origin, reach, self.can_enter, can_continue)
        return found

    def can_enter(self, region: str) -> bool:
        return not self.siege_blocks(region)

    def can_continue(self, region: str) -> bool:
        return not self.situation.is_stronghold_of(region, enemy_of(self.side))

    def siege_blocks(self, region: str) -> bool:
        inside = self.situation.besieged_side(region)
        if inside is None:
            return False
        # Companions: a stronghold besieged by the Shadow; the Mouth: a Shadow stronghold
        # besieged by the Free Peoples (rules: Перемещение героев, Перемещение миньонов).
        return inside == self.side


def group_from(situation: Situation, move: Move) -> str:
    """The region the named characters stand in (all together), else malformed input."""
    where = {slug: situation.character_region(slug) for slug in move.characters}
    problems = []
    for i, (slug, region) in enumerate(where.items()):
        if region is None and slug not in situation.position.fellowship.companions:
            problems.append(
                (f"move.characters[{i}]", Message(N_("%(name)s is not on the board"), name=slug))
            )
        elif move.origin and region not in (None, move.origin):
            problems.append(
                (
                    f"move.characters[{i}]",
                    Message(
                        N_("%(name)s is in %(region)s, not %(origin)s"),
                        name=slug,
                        region=region,
                        origin=move.origin,
                    ),
                )
            )
    sides = {BOARD.characters[s].side for s in move.characters}
    if len(sides) > 1:
        problems.append(
            ("move.characters", Message(N_("companions and minions never move together")))
        )
    if problems:
        raise InvalidInput(problems)
    regions = {r for r in where.values() if r}
    return move.origin or (regions.pop() if len(regions) == 1 else "")


def check_character_move(situation: Situation, move: Move, findings: Findings) -> None:
    """Move a companion, a group of companions, or a minion."""
    if WITCH_KING in move.characters and len(move.characters) == 1:
        return check_nazgul_move(situation, move, findings)
    origin = group_from(situation, move)
    side = BOARD.characters[move.characters[0]].side
    citation = rules.COMPANION_MOVEMENT if side == FREE_PEOPLES else rules.MINION_MOVEMENT
    findings.cite(rules.CHARACTER_DIE, citation)
    check_die(findings, move, citation)
    fellowship = [s for s in move.characters if s in situation.position.fellowship.companions]
    for slug in fellowship:
        findings.fail(
            "in_fellowship",
            N_("%(character)s is in the Fellowship: separate it first"),
            rules.SEPARATING,
            character=slug,
        )
    if len({situation.character_region(s) for s in move.characters} - {None}) > 1:
        findings.fail(
            "group_apart",
            N_("characters move together only from the same region"),
            rules.COMPANION_MOVEMENT,
        )
    if fellowship or not origin:
        return None
    if SARUMAN in move.characters:
        findings.fail(
            "saruman_stays",
            N_("Saruman never leaves Orthanc"),
            rules.MINION_MOVEMENT,
        )
        return None
    if side == SHADOW and set(move.characters) - {MOUTH}:
        findings.fail(
            "minion_group",
            N_("only the Mouth of Sauron moves this way; the Witch-king moves as a Nazgûl"),
            rules.MINION_MOVEMENT,
        )
        return None
    reach = (
        MOUTH_RANGE
        if side == SHADOW
        else max(BOARD.characters[s].level or 0 for s in move.characters)
    )
    walk_to(findings, situation, side, origin, move.to, reach, citation)
    if findings.ok and side == FREE_PEOPLES:
        activation_on_arrival(findings, situation, move.characters, move.to)
    return None


def walk_to(
    findings: Findings,
    situation: Situation,
    side: str,
    origin: str,
    to: str,
    reach: int,
    citation: rules.Citation,
) -> None:
    """A character walk of at most ``reach`` regions with the limits of the rules."""
    walker = Walker.of(situation, side)
    if walker.siege_blocks(origin):
        findings.fail(
            "leave_besieged",
            N_("no character may leave %(origin)s while its stronghold is besieged"),
            citation,
            origin=origin,
        )
        return
    if walker.siege_blocks(to):
        findings.fail(
            "enter_besieged",
            N_("no character may enter %(to)s while its stronghold is besieged"),
            citation,
            to=to,
        )
        return
    if to == origin:
        findings.fail("same_region", N_("the move must end in another region"), citation)
        return
    found = walker.distances(origin, reach)
    if to in found:
        findings.path_length = found[to]
        return
    if to in walker.distances(origin, reach, stops=False):
        findings.fail(
            "must_stop",
            N_(
                "every route of at most %(reach)s regions to %(to)s passes an enemy stronghold, "
                "where a character must stop"
            ),
            citation,
            reach=reach,
            to=to,
        )
    elif to in graph.distances(origin, reach):
        findings.fail(
            "besieged_on_route",
            N_(
                "every route of at most %(reach)s regions to %(to)s crosses a besieged stronghold "
                "that no character may enter"
            ),
            citation,
            reach=reach,
            to=to,
        )
    else:
        findings.fail(
            "too_far",
            N_("%(to)s is more than %(reach)s regions away"),
            citation,
            reach=reach,
            to=to,
        )


def activation_on_arrival(
    findings: Findings, situation: Situation, characters: tuple[str, ...], to: str
) -> None:
    """A character able to activate a nation enters its city or stronghold."""
    data = BOARD.regions[to]
    if data.nation is None or data.settlement not in CITY_OR_STRONGHOLD:
        return
    if BOARD.side_of(data.nation) != FREE_PEOPLES:
        return
    able = [s for s in characters if BOARD.characters[s].nation in ("any", data.nation)]
    if able:
        findings.assume(ASSUME_ACTIVATION_END)
        activate(
            findings,
            situation,
            data.nation,
            N_(
                "%(nation)s becomes active: a character who can activate it entered its city or "
                "stronghold"
            ),
        )


def nazgul_forbidden(situation: Situation) -> Callable[[str], bool]:
    """Regions no Nazgûl may end in: a Free Peoples stronghold the Shadow does not besiege."""

    def forbidden(region: str) -> bool:
        return situation.is_stronghold_of(region, FREE_PEOPLES) and not situation.besieged_by(
            region, SHADOW
        )

    return forbidden


def check_nazgul_move(situation: Situation, move: Move, findings: Findings) -> None:
    """Nazgûl (the Witch-king included) fly to any region but an unbesieged Free Peoples
    stronghold (rules: Перемещение миньонов, Лидеры)."""
    findings.cite(rules.CHARACTER_DIE, rules.MINION_MOVEMENT)
    check_die(findings, move, rules.MINION_MOVEMENT)
    origin = move.origin
    witch_king = WITCH_KING in move.characters
    if witch_king:
        wk_region = situation.character_region(WITCH_KING)
        if wk_region is None:
            raise InvalidInput(
                [("move.characters", Message(N_("the Witch-king is not on the board")))]
            )
        origin = origin or wk_region
        if wk_region != origin:
            raise InvalidInput(
                [
                    (
                        "move.characters",
                        Message(N_("the Witch-king is in %(region)s"), region=wk_region),
                    )
                ]
            )
    others = set(move.characters) - {WITCH_KING}
    if others:
        raise InvalidInput(
            [("move.characters", Message(N_("only the Witch-king moves as a Nazgûl")))]
        )
    have = situation.position.side_units(origin, SHADOW).nazgul
    count = move.count if move.kind == "nazgul" else 0
    if count > have:
        raise InvalidInput(
            [
                (
                    "move.count",
                    Message(
                        N_("only %(have)s Nazgûl in %(region)s, not %(count)s"),
                        have=have,
                        region=origin,
                        count=count,
                    ),
                )
            ]
        )
    if count == 0 and not witch_king:
        raise InvalidInput([("move.count", Message(N_("move at least one Nazgûl")))])
    if origin == move.to:
        findings.fail(
            "same_region", N_("the move must end in another region"), rules.MINION_MOVEMENT
        )
    if nazgul_forbidden(situation)(move.to):
        findings.fail(
            "nazgul_fp_stronghold",
            N_(
                "Nazgûl cannot enter %(to)s, a Free Peoples stronghold, until the Shadow "
                "besieges it"
            ),
            rules.MINION_MOVEMENT,
            to=move.to,
        )
    findings.assume(ASSUME_NAZGUL_PATH)
    findings.path_length = graph.distances(origin, len(BOARD.regions)).get(move.to)
