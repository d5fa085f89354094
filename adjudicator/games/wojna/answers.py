"""What every Wojna answer shares besides the envelope (``common.Answer``): the die it reads."""

from adjudicator.games.common import N_

D6_ASSUMPTION = N_(
    "The die is a six-sided die (1–6): the only die the text describes reads 1 to 6 "
    "(Faza Pierścienia: 1 or 2 … 5 or 6)."
)
