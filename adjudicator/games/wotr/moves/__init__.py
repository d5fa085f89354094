"""War of the Ring legal-move checker: ``check_move`` and ``legal_destinations``.

from adjudicator.games.wotr.position import standard_setup
from adjudicator.games.wotr.moves import check_move
check_move(standard_setup(), {"kind": "army", "from": "edoras", "to": "folde",
                              "units": {"regular": 1}, "die": "army"}).legal   # True
"""

from adjudicator.games.wotr.moves.check import Destination, check_move, legal_destinations
from adjudicator.games.wotr.moves.context import Situation, read_factions
from adjudicator.games.wotr.moves.findings import MoveVerdict
from adjudicator.games.wotr.moves.model import Move, parse_move

__all__ = [
    "Destination",
    "Move",
    "MoveVerdict",
    "Situation",
    "check_move",
    "legal_destinations",
    "parse_move",
    "read_factions",
]
