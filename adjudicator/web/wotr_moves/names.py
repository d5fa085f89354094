"""Display names of factions, dice and figure kinds (translatable)."""

from adjudicator.games.common import N_

FACTION_NAMES = {
    "dead": N_("the Dead Men of Dunharrow"),
    "eagles": N_("the Eagles of the Misty Mountains"),
    "ents": N_("the Ents of Fangorn"),
    "pirates": N_("the Corsairs of Umbar"),
    "dunlendings": N_("the Hillmen of Dunland"),
    "spiders": N_("Shelob's Brood"),
}

DIE_NAMES = {
    "army": N_("Army die"),
    "character": N_("Character die"),
    "muster": N_("Muster die"),
    "event": N_("Event card"),
    "faction": N_("Faction die"),
    "": N_("no die"),
}
FACTION_ACTION_NAMES = {
    "enter": N_("bring the faction into play"),
    "recruit": N_("recruit faction figures"),
    "move": N_("move faction figures"),
}
FIGURE_NAMES = {
    "regular": N_("regular units"),
    "elite": N_("elite units"),
    "leaders": N_("leaders"),
    "nazgul": N_("Nazgûl"),
}

NATION_MSGIDS = (
    N_("Dwarves"),
    N_("Elves"),
    N_("Gondor"),
    N_("The North"),
    N_("Rohan"),
    N_("Isengard"),
    N_("Sauron"),
    N_("Southrons & Easterlings"),
)
"""The board's nation names (``board.NATION_NAMES``), listed here so that this app's catalogue
translates them even before the engine's own catalogue does."""

SETTLEMENT_NAMES = {
    "town": N_("town"),
    "city": N_("city"),
    "stronghold": N_("stronghold"),
    "fortification": N_("fortification"),
}
SIDE_NAMES = {"free_peoples": N_("Free Peoples"), "shadow": N_("Shadow")}
