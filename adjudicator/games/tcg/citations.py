"""The rulebook sections (``lotr-tcg-rules``) the TCG engine cites, by their section anchors."""

from adjudicator.games.common import Citation

RULEBOOK = "lotr-tcg-rules"


_rule = Citation.of(RULEBOOK)


DECK_BUILDING = _rule("sozdanie-svoei-kolody", "Создание своей колоды")
DRAW_DECK = _rule("igralnaia-koloda-draw-deck", "Игральная колода (Draw Deck)")
ADVENTURE_DECK = _rule("putevaia-koloda-adventure-deck", "Путевая колода (Adventure Deck)")
OPENING_HAND = _rule("techenie-igry", "Течение игры")
RECONCILE = _rule(
    "popolnenie-ruki-igrokami-tmy-shadow-players-reconcile",
    "Пополнение руки игроками Тьмы (Shadow players reconcile)",
)
STARTING_FELLOWSHIP = _rule("nachalnoe-bratstvo-koltsa", "Начальное Братство Кольца")
BIDDING = _rule("kto-nachinaet-igru", "Кто начинает игру?")
SKIRMISH = _rule(
    "podvedenie-itogov-srazheniia-resolve-that-skirmish",
    "Подведение итогов сражения (Resolve that skirmish)",
)
ARCHERY = _rule("strelba-archery-fire", "Стрельба (Archery fire)")
MOVING = _rule(
    "peremeshchenie-bratstva-moving-your-fellowship",
    "Перемещение Братства (Moving your fellowship)",
)
HOW_TO_MOVE = _rule("kak-osushchestvliaetsia-peremeshchenie", "Как осуществляется перемещение")
PLAYING_SHADOW_CARDS = _rule(
    "vvedenie-kart-tmy-v-igru-playing-shadow-cards",
    "Введение карт Тьмы в игру (Playing Shadow cards)",
)
TWILIGHT_COST = _rule("sumerechnaia-stoimost-twilight-cost", "Сумеречная стоимость (Twilight Cost)")
MOVE_LIMIT = _rule("predel-peremeshcheniia-move-limit", "Предел перемещения (Move limit)")
PLAYING_COMPANIONS = _rule(
    "vvedenie-v-igru-sputnika-playing-companions",
    "Введение в игру спутника (Playing companions)",
)
UNIQUENESS = _rule("unikalnost-uniqueness", "Уникальность (Uniqueness)")
KILLED = _rule("smert-killed", "Смерть (Killed)")
WOUNDS = _rule("raneniia-wounds", "Ранения (Wounds)")
THE_ONE_RING = _rule("koltso-vsevlastia-the-one-ring-2", "Кольцо Всевластья (The One Ring)")
ALLIES = _rule("soiuzniki-allies", "Союзники (Allies)")
LOSING = _rule("porazhenie-losing-the-game", "Поражение (Losing the Game)")
