"""Wojna o Pierścień (the Polish hex wargame): battle, duels, characters and search.

Plain Python, exact fractions. Every rule comes from ``wojna-o-pierscien-zasady.pl.txt``; its
tables ("Tabele i zestawienia") are missing from the source, so the tables are data a user
enters from their own copy (:mod:`.tables`) and everything the text itself defines is computed.
"""
