"""Input checks shared by the Wojna engine: collect every problem, then raise once."""

from collections.abc import Iterable

from adjudicator.games.common import N_, InvalidInput, Message

MAX_ATTRIBUTE = 20
MAX_ATTEMPTS = 100  # stages: one escape or Ring attempt per stage
#: A character's name as a question may give it.
MAX_NAME = 60
#: Hex numbers of the map (four digits: column and row).
MAX_HEX = 9999
#: Bounds that keep one battle question's work small (a side is a few dozen units at most).
MAX_UNITS = 200
MAX_STRENGTH = 10_000


def one_of(choices: Iterable[str]) -> Message:
    """``Must be one of a, b, c.`` (translated at the edge)."""
    return Message(N_("Must be one of %(choices)s."), choices=", ".join(choices))


class Problems:
    """Problems found in one input, raised together as :class:`InvalidInput`."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def add(self, field: str, message: Message) -> None:
        self.found.append((field, message))

    def integer(self, field: str, value: object, low: int, high: int | None = None) -> None:
        """``value`` must be an integer (not a bool) in ``[low, high]``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, Message(N_("Must be a whole number.")))
        elif value < low:
            self.add(field, Message(N_("Must be at least %(low)s."), low=low))
        elif high is not None and value > high:
            self.add(field, Message(N_("Must be at most %(high)s."), high=high))

    def integers(
        self, field: str, values: Iterable[object], low: int, high: int | None = None
    ) -> None:
        for index, value in enumerate(values):
            self.integer(f"{field}.{index}", value, low, high)

    def units(self, field: str, values: Iterable[object]) -> None:
        """A side's unit strengths: at most MAX_UNITS, each from 1 to MAX_STRENGTH."""
        values = list(values)
        if len(values) > MAX_UNITS:
            self.add(field, Message(N_("At most %(count)s units a side."), count=MAX_UNITS))
        self.integers(field, values, 1, MAX_STRENGTH)

    def raise_if_any(self) -> None:
        if self.found:
            raise InvalidInput(self.found)
