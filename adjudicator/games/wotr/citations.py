"""Every rulebook section the War of the Ring odds, hunt and victory answers rest on.

One place to fix an anchor: ``tests/games/test_citations_resolve.py`` checks each one against
``rules_corpus.parsing.parse_rulebook``. ``wotr-rules`` is the 1st edition rulebook
(``wotr-1e-rules.ru.txt``), ``wotr-warriors`` the Warriors of Middle-earth expansion.
"""

from adjudicator.games.common import Citation

RULES = "wotr-rules"
WARRIORS = "wotr-warriors"

# ---- armies and battle ----------------------------------------------------------------------
ARMY_LIMITS = Citation(RULES, "armii", "Армии")
STRENGTH_AND_LEADERSHIP = Citation(RULES, "sila-armii-i-liderstvo", "Сила армии и лидерство")
COMBAT_ROLL = Citation(RULES, "brosok-na-ataku", "Бросок на атаку")
LEADER_REROLL = Citation(
    RULES, "perekidyvanie-rezultatov-iz-za-liderstva", "Перекидывание результатов из-за лидерства"
)
ROLL_MODIFIERS = Citation(RULES, "modifitsirovanie-broska", "Модифицирование броска")
CASUALTIES = Citation(RULES, "opredelenie-poter", "Определение потерь")
LEADERS_DESTROYED = Citation(RULES, "unichtozhenie-liderov", "Уничтожение лидеров")
CEASE_OR_RETREAT = Citation(
    RULES, "prekrashchenie-srazheniia-ili-otstuplenie", "Прекращение сражения или отступление"
)
ATTACK = Citation(RULES, "ataka", "Атака")
RELIEF = Citation(RULES, "sniatie-osady", "Снятие осады")
CITY_OR_FORTIFICATION = Citation(
    RULES, "ataka-goroda-ili-ukrepleniia", "Атака города или укрепления"
)
STRONGHOLD_ATTACK = Citation(RULES, "ataka-tsitadeli", "Атака цитадели")
SIEGE = Citation(RULES, "vedenie-osady", "Ведение осады")
SORTIE = Citation(RULES, "vylazka", "Вылазка")
SETTLEMENTS = Citation(RULES, "poseleniia-i-ukrepleniia", "Поселения и укрепления")

# ---- the hunt and the Ring-bearer -----------------------------------------------------------
TRACKS_AND_BOXES = Citation(RULES, "treki-i-boksy", "Треки и боксы")
HUNT_BOX = Citation(
    RULES,
    "raspredelenie-kubikov-okhoty-i-broski-kubikov",
    "Распределение кубиков охоты и броски кубиков",
)
FELLOWSHIP_MOVE = Citation(RULES, "peremeshchenie-sodruzhestva", "Перемещение Содружества")
HUNT_POOL = Citation(RULES, "okhotnichii-rezerv", "Охотничий резерв")
STANDARD_TILES = Citation(RULES, "standartnye-kartochki", "Стандартные карточки")
SPECIAL_TILES = Citation(RULES, "spetsialnye-kartochki", "Специальные карточки")
HUNT_ROLL = Citation(RULES, "okhota-za-sodruzhestvom", "Охота за Содружеством")
HUNT_DAMAGE = Citation(RULES, "opredelenie-ushcherba-ot-okhoty", "Определение ущерба от охоты")
HUNT_EFFECTS = Citation(RULES, "effekty-ot-okhoty", "Эффекты от охоты")
REVEALED = Citation(
    RULES,
    "sodruzhestvo-obnaruzheno-v-rezultate-okhoty",
    "Содружество обнаружено в результате охоты",
)
RING_BEARER = Citation(RULES, "nositel-koltsa", "Носитель кольца")
MORDOR = Citation(RULES, "sodruzhestvo-v-mordore", "Содружество в Мордоре")
MORDOR_RULES = Citation(RULES, "spetsialnye-pravila", "Специальные правила")
ENTER_MORDOR = Citation(RULES, "vkhod-v-mordor", "Вход в Мордор")
SEPARATION = Citation(RULES, "otdelenie-geroev-ot-sodruzhestva", "Отделение героев от Содружества")
GUIDE = Citation(RULES, "gid-sodruzhestva", "Гид Содружества")

# ---- end of the game ------------------------------------------------------------------------
END_OF_GAME = Citation(RULES, "okonchanie-igry", "Окончание игры")
CAPTURE = Citation(RULES, "zakhvat-poselenii", "Захват поселений")

# ---- Warriors of Middle-earth: faction attacks ----------------------------------------------
DEAD_ATTACK = Citation(WARRIORS, "ataka", "Атака (Мертвецы Дунхарга)")
DEAD_DESTROYED = Citation(WARRIORS, "unichtozhenie", "Уничтожение (Мертвецы Дунхарга)")
ENTS_ATTACK = Citation(WARRIORS, "ataka-2", "Атака (Энты Фангорна)")
ENTS_DESTROYED = Citation(WARRIORS, "unichtozhenie-3", "Уничтожение (Энты Фангорна)")
ORTHANC_DESTROYED = Citation(
    WARRIORS,
    "razrushenie-ortkhanka-i-unichtozhenie-sarumana",
    "Разрушение Ортханка и уничтожение Сарумана",
)
