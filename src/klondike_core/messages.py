"""The player-facing texts of the Klondike engine's refusals, French first and English.

The page has its own catalogues (a test keeps them holding these reason codes); these are the engine's, used
by the API's `rejection.message` and the command line.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.messages import Catalogue

REJECTION_TEXTS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "not_one_lower": "il faut une carte d’un rang de moins",
        "same_colour": "il faut alterner les couleurs",
        "only_king": "seul un roi va sur une colonne vide",
        "same_column": "la carte est déjà sur cette colonne",
        "face_down": "cette carte est face cachée",
        "not_free": "cette carte n’est pas jouable",
        "not_top": "seule la carte du bas d’une colonne monte",
        "foundation_order": "la fondation attend la carte suivante de son enseigne",
        "on_foundation": "cette carte est déjà sur sa fondation",
        "stock_empty": "la pioche est vide : retournez la défausse",
        "nothing_to_draw": "plus aucune carte à piocher",
        "stock_not_empty": "on recycle seulement quand la pioche est vide",
        "nothing_to_recycle": "rien à recycler dans la défausse",
        "game_over": "la partie est terminée",
    },
    "en": {
        "not_one_lower": "it needs a card one rank lower",
        "same_colour": "colours must alternate",
        "only_king": "only a king goes on an empty column",
        "same_column": "the card is already on this column",
        "face_down": "this card is face down",
        "not_free": "this card cannot be played",
        "not_top": "only a column's top card goes up",
        "foundation_order": "the foundation needs the next card of its suit",
        "on_foundation": "this card is already on its foundation",
        "stock_empty": "the stock is empty: turn the waste over",
        "nothing_to_draw": "no card left to draw",
        "stock_not_empty": "recycling comes once the stock is empty",
        "nothing_to_recycle": "nothing to recycle on the waste",
        "game_over": "the game is over",
    },
}

CATALOGUE: Final = Catalogue(REJECTION_TEXTS)
"""The texts in the shared mechanism (`solitaire_core.messages`), which `moves.Rejection` words."""
LANGUAGES: Final = CATALOGUE.languages
