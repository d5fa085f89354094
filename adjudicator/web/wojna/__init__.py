"""Wojna o Pierścień: pages and API over adjudicator.games.wojna."""
