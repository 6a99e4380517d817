"""The player-facing texts of the engine, in French (the site's first language) and English.

The page has its own catalogues; a test keeps the rejection texts there equal to these.
"""

from __future__ import annotations

from typing import Final

from solitaire_core.messages import Catalogue

REJECTION_TEXTS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "not_adjacent": "cette carte n’est pas à un rang de la défausse",
        "covered": "cette carte est encore couverte",
        "face_down": "cette carte est encore face cachée",
        "stock_empty": "plus de carte à retourner",
        "game_over": "la partie est terminée",
    },
    "en": {
        "not_adjacent": "this card is not one rank from the waste",
        "covered": "this card is still covered",
        "face_down": "this card is still face down",
        "stock_empty": "no card left to turn",
        "game_over": "the game is over",
    },
}

CATALOGUE: Final = Catalogue(REJECTION_TEXTS)
LANGUAGES: Final = CATALOGUE.languages
rejection_text: Final = CATALOGUE.rejection_text
"""The text for a rejection reason code; English when the language is unknown (`solitaire_core.messages`)."""
