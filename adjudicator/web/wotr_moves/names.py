"""Display names of the expansion's factions (translatable)."""

from adjudicator.games.common import N_

FACTION_NAMES = {
    "dead": N_("the Dead Men of Dunharrow"),
    "eagles": N_("the Eagles of the Misty Mountains"),
    "ents": N_("the Ents of Fangorn"),
    "pirates": N_("the Corsairs of Umbar"),
    "dunlendings": N_("the Hillmen of Dunland"),
    "spiders": N_("Shelob's Brood"),
}
