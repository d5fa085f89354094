"""The LOTR TCG card database, decks, importers, deck validation pages and API."""
