"""The Pyramid page's catalogues (web/i18n/pyramid.fr.json, pyramid.en.json): the refusal texts are
exactly `pyramid_core.messages`' (the seed's words in French), both languages have the same keys and the same
placeholders, and every text key the Pyramid page's modules name exists in the Pyramid catalogue or in the
shared one (the page looks a key up in the game's catalogue first, then in the shared one)."""

from __future__ import annotations

import pytest
from catalogue_support import (
    KEY_LITERAL,
    assert_keys_exist,
    assert_same_keys_and_placeholders,
    catalogue,
    module_scripts,
)

from pyramid_core.messages import LANGUAGES, REJECTION_TEXTS
from pyramid_core.moves import Reason


@pytest.mark.parametrize("language", LANGUAGES)
def test_pyramid_catalogue_has_the_engine_refusal_texts(language: str) -> None:
    texts = catalogue(f"pyramid.{language}")
    for reason in Reason:
        assert texts[f"reject.{reason.value}"] == REJECTION_TEXTS[language][reason.value]
    assert texts["reject.not_thirteen"] == REJECTION_TEXTS[language]["not_thirteen"]


def test_french_refusals_are_the_seed_words() -> None:
    texts = catalogue("pyramid.fr")
    assert texts["reject.not_thirteen"] == "ces deux cartes ne font pas 13"
    assert texts["reject.covered"] == "cette carte est encore couverte"
    assert texts["reject.stock_empty"] == "plus aucune carte à retourner"
    assert texts["recycle"] == "Recycler"
    assert texts["pass"].format(n=2, of=3) == "tour 2 sur 3"
    assert texts["status.removed"].format(n=5) == "5 sur 28"


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert_same_keys_and_placeholders("pyramid")


def test_every_key_the_pyramid_modules_name_exists() -> None:
    used = set(KEY_LITERAL.findall(module_scripts("pyramid")))
    assert "card.partner" in used  # the scan sees the table's keys
    assert_keys_exist("pyramid", used)


def test_the_rules_section_is_complete() -> None:
    texts = catalogue("pyramid.fr")
    parts = ("goal", "deal", "pairs", "stock", "recycle", "end", "example", "hint", "keys", "deals", "levels")
    for part in parts:
        assert texts[f"rules.{part}.h"] and texts[f"rules.{part}.p"], part
    assert [texts[f"rules.tips.{i}"] != "" for i in range(1, 8)] == [True] * 7
