"""Journey to Mordor: pages and API over adjudicator.games.mordor."""
