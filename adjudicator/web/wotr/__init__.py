"""War of the Ring: odds, hunt and victory: pages and API over adjudicator.games.wotr."""
