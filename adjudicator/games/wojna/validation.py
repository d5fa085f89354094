"""Input checks shared by the Wojna engine: collect every problem, then raise once."""

from collections.abc import Iterable

from adjudicator.games.common import InvalidInput

MAX_ATTRIBUTE = 20
MAX_ATTEMPTS = 100  # stages: one escape or Ring attempt per stage


class Problems:
    """Problems found in one input, raised together as :class:`InvalidInput`."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def add(self, field: str, message: str) -> None:
        self.found.append((field, message))

    def integer(self, field: str, value: object, low: int, high: int | None = None) -> None:
        """``value`` must be an integer (not a bool) in ``[low, high]``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, "Must be a whole number.")
        elif value < low:
            self.add(field, f"Must be at least {low}.")
        elif high is not None and value > high:
            self.add(field, f"Must be at most {high}.")

    def integers(self, field: str, values: Iterable[object], low: int) -> None:
        for index, value in enumerate(values):
            self.integer(f"{field}.{index}", value, low)

    def raise_if_any(self) -> None:
        if self.found:
            raise InvalidInput(self.found)
