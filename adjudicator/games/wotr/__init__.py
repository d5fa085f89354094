"""War of the Ring (1st edition rules, Warriors of Middle-earth factions): board, positions,
battle odds, faction attacks, the hunt and victory. Plain Python, exact fractions."""
