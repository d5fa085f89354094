"""Sections of ``wojna-o-pierscien-zasady.pl.txt`` the engine cites (anchors per conventions)."""

from adjudicator.games.common import Citation

RULEBOOK = "wojna-o-pierscien"


_section = Citation.of(RULEBOOK)


GOAL = _section("strony-konfliktu-i-cel-gry", "Strony konfliktu i cel gry")
RING_PHASE = _section("faza-pierscienia", "Przebieg gry › Faza Pierścienia")
SEARCH_PHASE = _section("faza-poszukiwan", "Przebieg gry › Faza poszukiwań")
ALLIANCE_MOVE = _section("faza-ruchu-przymierza", "Przebieg gry › Faza ruchu Przymierza")
COURAGE = _section("odwaga", "Postacie › Odwaga")
MORALE = _section("morale", "Postacie › Morale")
ENDURANCE = _section("odpornosc", "Postacie › Odporność")
RING_ATTRIBUTE = _section("pierscien", "Postacie › Pierścień")
CHARACTER_SPELLS = _section("czary", "Postacie › Czary")
CAPTURE_ESCAPE_ATTRIBUTES = _section("niewola-ucieczka", "Postacie › Niewola/Ucieczka")
DUEL = _section("pojedynek", "Pojedynek")
SEARCH = _section("poszukiwania", "Poszukiwania")
CAPTIVITY = _section("niewola", "Niewola")
BATTLE = _section("bitwa", "Bitwa")
FORTRESSES = _section("twierdze", "Twierdze")
SPELLS = _section("czary-2", "Czary")
THE_RING = _section("pierscien-2", "Pierścień")
TABLES = _section("tabele-i-zestawienia", "Tabele i zestawienia")
