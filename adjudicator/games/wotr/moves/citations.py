"""The rulebook sections the move checker cites (anchors as ``rules_corpus.parsing`` makes them)."""

from adjudicator.games.common import Citation

RULES = "wotr-rules"
WARRIORS = "wotr-warriors"


_rules = Citation.of(RULES)
_warriors = Citation.of(WARRIORS)


REGIONS = _rules("regiony", "Регионы")
LEADERS = _rules("lidery", "Лидеры")
ARMY_COMPOSITION = _rules("sostavlenie-armii", "Составление армий")
MUSTER = _rules("naem-novykh-iunitov", "Наем новых юнитов")
MUSTER_LIMITS = _rules("zaprety-na-naem", "Запреты на наем")
PLAYING_CARDS = _rules("igra-kartami", "Игра картами")
ARMY_MOVEMENT = _rules("peremeshchenie-armii", "Перемещение армий")
SPLITTING = _rules("razdel-armii", "Раздел армии")
MOVEMENT_LIMITS = _rules("zaprety-na-peremeshchenie", "Запреты на перемещение")
CHARACTER_DIE = _rules("peremeshchenie-geroev", "Перемещение героев")
COMPANION_MOVEMENT = _rules("peremeshchenie-geroev-2", "Перемещение героев")
MINION_MOVEMENT = _rules("peremeshchenie-minonov", "Перемещение миньонов")
ATTACK = _rules("ataka", "Атака")
DESTROYED_LEADERS = _rules("unichtozhenie-liderov", "Уничтожение лидеров")
STRONGHOLD_ATTACK = _rules("ataka-tsitadeli", "Атака цитадели")
SIEGE = _rules("vedenie-osady", "Ведение осады")
SORTIE = _rules("vylazka", "Вылазка")
RELIEVING_SIEGE = _rules("sniatie-osady", "Снятие осады")
REINFORCING_SIEGE = _rules("podkreplenie", "Подкрепление")
CAPTURE = _rules("zakhvat-poselenii", "Захват поселений")
POLITICAL_TRACK = _rules("politicheskii-trek", "Политический трек")
ACTIVATION = _rules("aktivatsiia-natsii", "Активация наций")
POLITICAL_ADVANCE = _rules("izmenenie-politicheskoi-pozitsii", "Изменение политической позиции")
AT_WAR = _rules("obiavlenie-voiny", "Объявление войны")
GUIDE = _rules("gid-sodruzhestva", "Гид Содружества")
FELLOWSHIP_MOVEMENT = _rules("peremeshchenie-sodruzhestva", "Перемещение Содружества")
FELLOWSHIP_LOCATION = _rules("mestopolozhenie-sodruzhestva", "Местоположение Содружества")
DECLARING = _rules("obiavlenie-mestopolozheniia-sodruzhestva", "Объявление местоположения")
REVEALED = _rules(
    "sodruzhestvo-obnaruzheno-v-rezultate-okhoty", "Содружество обнаружено в результате охоты"
)
HIDING = _rules("skrytie-sodruzhestva", "Скрытие Содружества")
ENTERING_MORDOR = _rules("vkhod-v-mordor", "Вход в Мордор")
SEPARATING = _rules("otdelenie-geroev-ot-sodruzhestva", "Отделение героев от Содружества")
FELLOWSHIP_IN_MORDOR = _rules("sodruzhestvo-v-mordore", "Содружество в Мордоре")
MORDOR_RULES = _rules("spetsialnye-pravila", "Специальные правила")

FACTION_CARDS = _warriors("karty-sobytii-fraktsii", "Карты событий фракций")
FACTION_DICE = _warriors("kubiki-fraktsii-2", "Кубики фракций")
FACTION_ENTRY = _warriors("vvedenie-fraktsii-v-igru", "Введение фракций в игру")
FACTION_FIGURES = _warriors("miniatiury-fraktsii", "Миниатюры фракций")
FACTION_TEAM_GAME = _warriors("igra-vtroem-i-vchetverom", "Игра втроем и вчетвером")
DEAD_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru", "Мертвецы: условия вступления")
DEAD_SETUP = _warriors("nachalnaia-rasstanovka-i-naim", "Мертвецы: расстановка и найм")
DEAD_LIMITS = _warriors("ogranicheniia", "Мертвецы: ограничения")
DEAD_MOVEMENT = _warriors("peredvizhenie", "Мертвецы: передвижение")
DEAD_DESTRUCTION = _warriors("unichtozhenie", "Мертвецы: уничтожение")
EAGLES_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru-2", "Орлы: условия вступления")
EAGLES_SETUP = _warriors("nachalnaia-rasstanovka-i-naim-2", "Орлы: расстановка и найм")
EAGLES_MOVEMENT = _warriors("peredvizhenie-2", "Орлы: передвижение")
ENTS_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru-3", "Энты: условия вступления")
ENTS_SETUP = _warriors("nachalnaia-rasstanovka-i-naim-3", "Энты: расстановка и найм")
ENTS_LIMITS = _warriors("ogranicheniia-2", "Энты: ограничения")
ENTS_MOVEMENT = _warriors("peredvizhenie-3", "Энты: передвижение")
ORTHANC_DESTROYED = _warriors(
    "razrushenie-ortkhanka-i-unichtozhenie-sarumana", "Разрушение Ортханка и уничтожение Сарумана"
)
PIRATES_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru-4", "Пираты: условия вступления")
PIRATES_SETUP = _warriors("nachalnaia-rasstanovka-i-naim-4", "Пираты: расстановка и найм")
PIRATES_STACKING = _warriors("predel-gruppirovaniia-4", "Пираты: предел группирования")
PIRATES_LIMITS = _warriors("ogranicheniia-3", "Пираты: ограничения")
PIRATES_MOVEMENT = _warriors("peredvizhenie-piratov", "Передвижение пиратов")
DUNLENDINGS_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru-5", "Дунландцы: условия вступления")
DUNLENDINGS_SETUP = _warriors("nachalnaia-rasstanovka-i-naim-5", "Дунландцы: расстановка и найм")
DUNLENDINGS_STACKING = _warriors("predel-gruppirovaniia-5", "Дунландцы: предел группирования")
DUNLENDINGS_LIMITS = _warriors("ogranicheniia-4", "Дунландцы: ограничения")
DUNLENDINGS_ALONE = _warriors("dunlandtsy-bez-voiska", "Дунландцы без войска")
SPIDERS_ENTRY = _warriors("usloviia-dlia-vstupleniia-v-igru-6", "Пауки: условия вступления")
SPIDERS_SETUP = _warriors("nachalnaia-rasstanovka-i-naim-6", "Пауки: расстановка и найм")
SPIDERS_LIMITS = _warriors("ogranicheniia-5", "Пауки: ограничения")
SPIDERS_ALONE = _warriors("pauki-bez-voiska", "Пауки без войска")


def all_citations() -> tuple[Citation, ...]:
    """Every citation this package may answer with (the anchor test walks them)."""
    return tuple(value for value in globals().values() if isinstance(value, Citation))
