"""War of the Ring's legal moves, one declaration each (``adjudicator.web.checker.Checker``):
the move check (``POST /api/wotr/moves/check/``) and the legal destinations
(``POST /api/wotr/moves/legal/``), asked both by the board page at ``/wotr/moves/``, a page with
its own editor (the position, then the move). Storing a position for a link
(``/api/wotr/moves/positions/``) is storage, not a checker: it stays in ``api_views.py``."""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample

from adjudicator.web.checker import Checker
from adjudicator.web.wotr_moves import presenters, services, views
from adjudicator.web.wotr_moves import serializers as s
from adjudicator.web.wotr_moves.api_views import BAD_INPUT

CHECKERS = (
    Checker(
        game="wotr",
        name="index",
        app="wotr_moves",
        page="",
        api="moves/check/",
        api_name="wotr-moves-check",
        view_name="CheckMove",
        title=_("Is this move legal?"),
        blurb=_(
            "A move on the board, with every rule it breaks and what it sets off, and every "
            "region a piece may end in."
        ),
        request=s.WotrMoveCheckRequestSerializer,
        response=s.WotrMoveCheckResponseSerializer,
        compute=services.check,
        present=presenters.verdict_payload,
        view=views.index,
        description="Is this move legal? Every reason, with the rulebook section it comes from.",
        api_options={
            "operation_id": "wotr_moves_check",
            "summary": "Check a War of the Ring move",
            "bad_input": BAD_INPUT,
            "examples": [
                OpenApiExample(
                    "Army move",
                    request_only=True,
                    value={
                        "position": "setup",
                        "move": {
                            "kind": "army",
                            "from": "minas-tirith",
                            "to": "osgiliath",
                            "units": {"regular": 1, "elite": 0, "leaders": 0},
                            "die": "army",
                        },
                    },
                ),
                OpenApiExample(
                    "Nazgûl",
                    request_only=True,
                    value={
                        "position": "setup",
                        "move": {
                            "kind": "nazgul",
                            "from": "dol-guldur",
                            "to": "bree",
                            "count": 1,
                            "die": "character",
                        },
                    },
                ),
                OpenApiExample(
                    "Illegal: Rohan is not at war",
                    response_only=True,
                    value={
                        "legal": False,
                        "reasons": [
                            {
                                "code": "not_at_war_border",
                                "message": "Rohan is not at war: its units cannot cross into the "
                                "land of Isengard (only a retreat may)",
                                "citation": {
                                    "rulebook": "wotr-rules",
                                    "section": "obiavlenie-voiny",
                                    "title": "Объявление войны",
                                    "url": "/rules/wotr-rules/obiavlenie-voiny/",
                                },
                            }
                        ],
                        "citations": [],
                        "assumptions": [],
                        "effects": [],
                        "path_length": None,
                    },
                ),
            ],
        },
        questions=("",),
    ),
    Checker(
        game="wotr",
        name="legal",
        api="moves/legal/",
        api_name="wotr-moves-legal",
        view_name="LegalDestinations",
        title=_("Legal destinations of a piece"),
        request=s.WotrMoveLegalRequestSerializer,
        response=s.WotrMoveLegalResponseSerializer,
        compute=services.piece_destinations,
        present=presenters.destinations_presented,
        description="Every region an army, character group, Nazgûl, the Fellowship or a faction "
        "may end in.",
        api_options={
            "operation_id": "wotr_moves_legal",
            "summary": "Legal destinations of a piece",
            "bad_input": BAD_INPUT,
            "examples": [
                OpenApiExample(
                    "Rohan army",
                    request_only=True,
                    value={
                        "position": "setup",
                        "piece": {
                            "kind": "army",
                            "from": "fords-of-isen",
                            "units": {"regular": 2, "leaders": 1},
                            "die": "army",
                        },
                    },
                ),
                OpenApiExample(
                    "Declaring the Fellowship",
                    request_only=True,
                    value={"position": "setup", "piece": {"kind": "declare"}},
                ),
            ],
        },
    ),
)
