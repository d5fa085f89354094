"""The bounds of the TCG calculators' inputs, stated once: the API's request serializers
(cards_db/calculator_serializers.py) take them, and the pages take them from the serializers."""

#: A character's strength, vitality, wounds, burdens and resistance, a twilight pool, a bid:
#: two digits, far above any card's.
MAX_STAT = 99
#: The keyword damage +N.
MAX_DAMAGE_BONUS = 9
#: Burdens per wound while the Ring is worn.
MAX_BURDENS_PER_WOUND = 9
#: Characters on one side of a skirmish.
MAX_SKIRMISHERS = 20
#: Characters on one side of the archery fire.
MAX_ARCHERS = 30
#: A character's name, a companion's title.
MAX_NAME = 80
MAX_TITLE = 100
#: Sites are numbered 1 to 9; the site path names the Shadow numbers of sites 2 to 9.
FIRST_SITE, LAST_SITE = 1, 9
#: A site's Shadow number, a minion's twilight cost.
MAX_SHADOW_NUMBER = 20
MAX_TWILIGHT_COST = 20
#: An archery total's modifier, either way.
MAX_ARCHERY_MODIFIER = 20
#: Companions moving (the companion rule allows 9).
MAX_COMPANIONS = 9
#: A roaming penalty's reduction.
MAX_PENALTY_REDUCTION = 2
#: Players at the start of a game, and the moves one fellowship makes in a turn.
MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_MOVES = 9
#: Companions listed in play and in the dead pile.
MAX_IN_PLAY = 20
MAX_DEAD_PILE = 40
#: A saved deck's name, a draw-odds target (a card or a group of cards).
MAX_DECK_NAME = 120
MAX_TARGET = 120
#: The most copies a draw-odds question may ask for in hand.
MAX_AT_LEAST = 40
#: The most players an opening bid may name (the tie order can name no more).
MAX_BIDDERS = 20
