"""The player-facing texts of the Pyramid engine, French first (the seed's words) and English.

The page will have its own catalogues; these are the engine's, used by the API and the command line.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.messages import Catalogue

REJECTION_TEXTS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "not_thirteen": "ces deux cartes ne font pas 13",
        "covered": "cette carte est encore couverte",
        "not_king": "seul un roi part sans partenaire",
        "stock_empty": "plus aucune carte à retourner",
        "stock_not_empty": "le recyclage arrive quand la pioche est vide",
        "no_recycle_left": "plus de recyclage disponible",
        "waste_empty": "rien à recycler dans la défausse",
        "game_over": "la partie est terminée",
    },
    "en": {
        "not_thirteen": "these two cards do not make 13",
        "covered": "this card is still covered",
        "not_king": "only a king leaves on its own",
        "stock_empty": "no card left to turn",
        "stock_not_empty": "recycling comes once the stock is empty",
        "no_recycle_left": "no recycling left",
        "waste_empty": "nothing to recycle on the waste",
        "game_over": "the game is over",
    },
}

CATALOGUE: Final = Catalogue(REJECTION_TEXTS)
"""The texts in the shared mechanism (`solitaire_core.messages`), which `moves.Rejection` words."""
LANGUAGES: Final = CATALOGUE.languages
