"""How a game's engine words its refusals: one mechanism for every game, each game giving its own texts
(`<game>_core.messages`).

A game's texts are a catalogue per language, French first (the site's first language), each mapping a
rejection's reason code to its short text. The page has catalogues of its own; the engine's are for the API
and the command line (and tests keep the two equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

FALLBACK: Final = "en"
"""The language of a text asked in a language the game has no catalogue of."""


class Catalogue:
    """A game's rejection texts by language: `texts[language][reason]`."""

    def __init__(self, texts: Mapping[str, Mapping[str, str]]) -> None:
        self.texts = texts

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages of the catalogue, the first the site's own."""
        return tuple(self.texts)

    def rejection_text(self, reason: str, language: str = "fr") -> str:
        """The text for a rejection reason code; English when the language is unknown."""
        return self.texts.get(language, self.texts[FALLBACK])[reason]
