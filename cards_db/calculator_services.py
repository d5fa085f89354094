"""The TCG calculators' engine calls: a validated request → the engine's value types → its
answer (``calculator_presenters`` says it; ``checkers`` declares each calculator)."""

from typing import Any

from adjudicator.games.tcg import calculators as calc


def _fighters(rows: list[dict]) -> list[calc.Fighter]:
    return [calc.Fighter(**row) for row in rows]


def _shooters(rows: list[dict]) -> tuple[list[calc.Shooter], dict[str, int] | None]:
    shooters = [
        calc.Shooter(**{k: v for k, v in row.items() if k != "assigned_wounds"}) for row in rows
    ]
    given = {r["name"]: r["assigned_wounds"] for r in rows if r.get("assigned_wounds") is not None}
    return shooters, given or None


def run_skirmish(data: dict) -> Any:
    return calc.resolve_skirmish(
        _fighters(data["free_peoples"]),
        _fighters(data["shadow"]),
        data["burdens_per_wound"],
        data.get("readings") or {},
    )


def run_archery(data: dict) -> Any:
    fellowship, fellowship_assignment = _shooters(data["fellowship"])
    minions, minion_assignment = _shooters(data["minions"])
    return calc.resolve_archery(
        fellowship, minions, data["site_number"], data["fellowship_modifier"],
        data["minion_modifier"], fellowship_assignment, minion_assignment,
    )  # fmt: skip


def run_companions(data: dict) -> Any:
    return calc.can_play_companion(
        [calc.CompanionRef(**c) for c in data["in_play"]],
        [calc.CompanionRef(**c) for c in data["dead_pile"]],
        calc.CompanionRef(**data["candidate"]),
    )
