"""Pages: the home page, a rulebook's table of contents, a section's permalink page."""

from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from adjudicator.games.tcg.decklist import MAX_CHARS
from adjudicator.games.tcg.formats import DEFAULT_FORMAT
from adjudicator.web.wotr.forms import BattleForm

from . import selectors
from .models import Game

# The checkers of each game, as (URL name, link text) pairs, shown on the home page.
CHECKERS = {
    Game.WAR_OF_THE_RING: [
        ("wotr:index", _("Battles and odds")),
        ("wotr_moves:index", _("Legal moves")),
    ],
    Game.LOTR_TCG: [("cards_db:index", _("Cards and deck check"))],
    Game.JOURNEY_TO_MORDOR: [("mordor:index", _("Turn and odds"))],
    Game.WOJNA_O_PIERSCIEN: [("wojna:index", _("Rule checker"))],
}


# The battle question asked from the home page: the fields players change at the table.
HOME_BATTLE_FIELDS = (
    "attacker_regular",
    "defender_regular",
    "attacker_elite",
    "defender_elite",
    "settlement",
    "siege",
)


def home(request):
    """The usual questions one tap away (search, battle odds, a deck, the board map), then the
    games with their rulebooks and checkers."""
    rulebooks = list(selectors.rulebook_list())
    games = [
        {
            "game": game,
            "rulebooks": [r for r in rulebooks if r.game == game.value],
            "checkers": CHECKERS[game],
        }
        for game in Game
    ]
    battle = BattleForm(auto_id="home-%s")
    context = {
        "games": games,
        "game_choices": Game.choices,
        "battle_fields": [battle[name] for name in HOME_BATTLE_FIELDS],
        "deck_format": DEFAULT_FORMAT,
        "deck_max_chars": MAX_CHARS,
    }
    return render(request, "rules_corpus/home.html", context)


def rulebook(request, rulebook: str):
    """A rulebook's table of contents (404 for an unknown rulebook)."""
    book = selectors.get_rulebook(rulebook)
    return render(
        request,
        "rules_corpus/rulebook.html",
        {"rulebook": book, "tree": selectors.section_tree(book)},
    )


def section(request, rulebook: str, anchor: str):
    """A section's own page: breadcrumbs, text, subsections, previous/next, permalink."""
    current = selectors.get_section(rulebook, anchor)
    previous, following = selectors.neighbours(current)
    return render(
        request,
        "rules_corpus/section.html",
        {
            "rulebook": current.rulebook,
            "section": current,
            "ancestors": selectors.ancestors(current),
            "subsections": selectors.subsections(current),
            "previous": previous,
            "next": following,
            "permalink": request.build_absolute_uri(current.get_absolute_url()),
        },
    )
