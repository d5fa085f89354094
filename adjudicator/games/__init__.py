"""Rule checkers, one package per game. Plain Python: no Django imports anywhere below here."""
