"""War of the Ring: legal moves: pages and API over adjudicator.games.wotr."""
