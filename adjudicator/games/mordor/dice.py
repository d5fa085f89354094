"""The dice of one turn of «Бросок в Мордор», as the odds count them: the dice left per class,
every roll of them with its weight, every legal keep of a roll and what a keep does (rules:
Броски кубиков, Кольцо, Орк, Воин, Гэндальф, Назгул, Белое древо; the places' exceptions).

Plain integers and tuples, cached: the turn solvers (:mod:`odds`, :mod:`journey`,
:mod:`whole_journey`) are built on them.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial, lcm, prod

from adjudicator.games.mordor.model import BLACK, HOBBIT_COLORS, DiceSpec, Face, TurnRules

OWN, OTHER = "own", "other"
#: Die classes: the black die, dice whose Nazgûl mark you (yours, neutral), others' dice.
CLASSES = (BLACK, OWN, OTHER)

Dice = tuple[int, int, int]  # dice left to roll per class, in CLASSES order
Roll = tuple[tuple[str, Face, int], ...]  # (class, face, how many) shown
Keep = tuple[tuple[str, Face, int], ...]  # (class, face, how many) kept
Acc = tuple[int, int, int, int]  # rings, orc strength minus warrior strength, Gandalfs, marks
Delta = tuple[int, int, int, int, int, int, int, bool]

SPEC_KEPT = 256
"""Tables kept per worker of the ones keyed by the dice's faces (a setup may give any faces,
so their number has no other bound): the default dice fill a few dozen of each (the Journey's
warmed tables: 28 roll distributions, 280 groups of moves), the rest are the least recently
used of other faces."""


def face_weights(spec: DiceSpec) -> tuple[int, dict[str, dict[Face, int]]]:
    """A common denominator for one die and each class's face weights over it."""
    base = lcm(len(spec.colored), len(spec.black))
    weights = {}
    for cls in CLASSES:
        faces = spec.faces(BLACK if cls == BLACK else HOBBIT_COLORS[0])
        weights[cls] = {f: n * (base // len(faces)) for f, n in Counter(faces).items()}
    return base, weights


@lru_cache(maxsize=SPEC_KEPT)
def _multisets(weights: tuple[tuple[Face, int], ...], n: int) -> tuple[tuple[tuple, int], ...]:
    """Each multiset of faces shown by ``n`` identical dice, with its weight (out of base**n)."""
    weight = dict(weights)
    result = []
    for combo in combinations_with_replacement(weight, n):
        counts = Counter(combo)
        ways = factorial(n) // prod(factorial(k) for k in counts.values())
        result.append(
            (tuple(counts.items()), ways * prod(weight[f] ** k for f, k in counts.items()))
        )
    return tuple(result)


@lru_cache(maxsize=SPEC_KEPT)
def roll_distribution(spec: DiceSpec, dice: Dice) -> tuple[tuple[Roll, int], ...]:
    """Every roll of the dice left, with its weight out of ``base ** sum(dice)``."""
    _, weights = face_weights(spec)
    parts = []
    for cls, n in zip(CLASSES, dice, strict=True):
        shown = tuple(sorted(weights[cls].items()))
        parts.append(
            [(tuple((cls, f, k) for f, k in faces), w) for faces, w in _multisets(shown, n)]
        )
    return tuple(
        (tuple(x for roll, _ in combo for x in roll), prod(w for _, w in combo))
        for combo in product(*parts)
    )


def roll_chances(spec: DiceSpec, dice: Dice) -> dict[Roll, Fraction]:
    """Every roll of the dice left, with its exact chance."""
    base, _ = face_weights(spec)
    return {roll: Fraction(w, base ** sum(dice)) for roll, w in roll_distribution(spec, dice)}


@cache
def keep_options(
    roll: Roll, duplicates_allowed: bool, one_nazgul: bool = False, tree_one_each: bool = False
) -> tuple[Keep, ...]:
    """Every legal keep of a roll (rules: Броски кубиков; Ривенделл when duplicates are allowed,
    with ``one_nazgul`` under the reading that still allows one Nazgûl only, ``tree_one_each``
    under the one that allows one die of each face with the White Tree)."""
    if one_nazgul or tree_one_each:  # the same keeps, in the same order, fewer of them
        return tuple(
            keep
            for keep in keep_options(roll, duplicates_allowed, False, False)
            if not (one_nazgul and _nazgul_kept(keep) > 1)
            and not (tree_one_each and _tree_with_equal_faces(keep))
        )
    if not duplicates_allowed and any(n > 1 for *_, n in roll):
        # one die of each face is kept: how many dice show a face does not count
        return keep_options(tuple((cls, face, 1) for cls, face, _ in roll), False, False, False)
    return _keeps(roll, duplicates_allowed)


def _keeps(roll: Roll, duplicates_allowed: bool) -> tuple[Keep, ...]:
    nazgul_shown = any(face is Face.NAZGUL for _, face, _ in roll)
    if duplicates_allowed:
        choices = [[(cls, face, k) for k in range(n + 1)] for cls, face, n in roll]
    else:
        by_face: dict[Face, list] = {}
        for cls, face, _ in roll:
            by_face.setdefault(face, [(None, face, 0)]).append((cls, face, 1))
        choices = list(by_face.values())
    options = []
    for combo in product(*choices):
        keep = tuple(item for item in combo if item[2])
        if keep and (not nazgul_shown or _nazgul_kept(keep)):
            options.append(keep)
    return tuple(options)


def _nazgul_kept(keep: Keep) -> int:
    return sum(k for _, face, k in keep if face is Face.NAZGUL)


def _tree_with_equal_faces(keep: Keep) -> bool:
    """The White Tree kept with two dice of one face (rules: Белое древо)."""
    if all(face is not Face.WHITE_TREE for _, face, _ in keep):
        return False
    faces = set()
    for _, face, k in keep:
        if k > 1 or face in faces:
            return True
        faces.add(face)
    return False


def dice_effects(turn: TurnRules) -> TurnRules:
    """The part of a turn's rules that decides what kept dice do (so caches can be shared)."""
    return TurnRules(
        duplicates_allowed=turn.duplicates_allowed,
        one_nazgul=turn.one_nazgul,
        tree_one_each=turn.tree_one_each,
        gandalf_works=turn.gandalf_works,
        warrior_strength=turn.warrior_strength,
        orc_strength=turn.orc_strength,
        nazgul_spare_you=turn.nazgul_spare_you,
        all_nazgul_on_you=turn.all_nazgul_on_you,
    )


def marks_you(cls: str, turn: TurnRules) -> bool:
    """Rules: Назгул (black, yours, neutral), Гондор, Минас-Тирит."""
    if turn.nazgul_spare_you:
        return False
    return cls != OTHER or turn.all_nazgul_on_you


@cache
def keep_effect(keep: Keep, turn: TurnRules) -> Delta:
    """What a keep changes: dice per class, rings, orc balance, Gandalfs, marks, White Tree."""
    left = [0, 0, 0]
    rings = balance = gandalfs = marks = 0
    tree = False
    for cls, face, k in keep:
        left[CLASSES.index(cls)] += k
        if face is Face.RING:
            rings += k
        elif face is Face.ORC:
            balance += k * turn.orc_strength
        elif face is Face.WARRIOR:
            balance -= k * turn.warrior_strength
        elif face is Face.GANDALF and turn.gandalf_works:
            gandalfs += k
        elif face is Face.NAZGUL and marks_you(cls, turn):
            marks += k
        elif face is Face.WHITE_TREE:
            tree = True
    return (*left, rings, balance, gandalfs, marks, tree)
