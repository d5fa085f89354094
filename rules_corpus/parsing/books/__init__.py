"""One strategy per rulebook: how its source marks headings, and the depth the text omits."""
