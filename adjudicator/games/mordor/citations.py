"""The sections of «Бросок в Мордор» (rulebook ``journey-to-mordor``) the engine rests on.

Anchors are ``slugify(heading)`` of the rulebook's headings (docs/conventions.md); the test
``tests/games/test_citations_resolve.py`` checks that each one exists in the parsed rulebook.
"""

from adjudicator.games.common import Citation

RULEBOOK = "journey-to-mordor"


_cite = Citation.of(RULEBOOK)


TURN = _cite("khod-igry", "Ход игры")
ROLLING = _cite("broski-kubikov", "Броски кубиков")
APPLYING = _cite("primenenie-rezultatov-otlozhennykh-kubikov", "Применение результатов")
SYMBOLS = _cite("simvoly-na-grianiakh-kubikov", "Символы на гранях кубиков")
RING = _cite("koltso", "Кольцо")
ORC = _cite("ork", "Орк")
WARRIOR = _cite("voin", "Воин")
NAZGUL = _cite("nazgul", "Назгул")
GANDALF = _cite("gendalf", "Гэндальф")
WHITE_TREE = _cite("beloe-drevo", "Белое древо")
ELIMINATION = _cite("vybyvanie-iz-igry", "Выбывание из игры")
GAME_END = _cite("konets-igry", "Конец игры")
EXAMPLES = _cite("primery-vypolneniia-deistvii", "Примеры выполнения действий")
ADVANCED = _cite("uslozhnennaia-igra-so-svoistvami-mest", "Усложнённая игра со свойствами мест")
RIVENDELL = _cite("1-rivendell-mozhno-otkladyvat-odinakovye-grani", "Ривенделл")
MORIA = _cite("2-moriia-gendalf-ne-deistvuet", "Мория")
LOTHLORIEN = _cite("3-lotlorien-voiny-x-2", "Лотлориэн")
ROHAN = _cite("4-rokhan-1-raz-mozhete-perebrasyvat-broski", "Рохан")
HELMS_DEEP = _cite("5-khelmova-pad-orki-x-2", "Хельмова Падь")
GONDOR = _cite("6-gondor-nazguly-na-vas-ne-deistvuiut", "Гондор")
MINAS_TIRITH = _cite("7-minas-tirit-vse-nazguly-deistvuiut-na-vas", "Минас-Тирит")
SHELOBS_LAIR = _cite("8-logovo-shelob-1-koltso", "Логово Шелоб")
