"""The Pyramid page's catalogues (web/i18n/pyramid.fr.json, pyramid.en.json): the refusal texts are
exactly `pyramid_core.messages`' (the seed's words in French), both languages have the same keys and the same
placeholders, and every text key the Pyramid page's modules name exists in the Pyramid catalogue or in the
shared one (the page looks a key up in the game's catalogue first, then in the shared one)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyramid_core.messages import LANGUAGES, REJECTION_TEXTS
from pyramid_core.moves import Reason

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "web" / "i18n"
MODULES = ROOT / "web" / "games" / "pyramid"

# A string literal that is a whole text key ("card.partner", "rules.tips.7"), or the first argument of t(...).
KEY_LITERAL = re.compile(r'"([a-z_]+(?:\.[a-z_0-9]+)+)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(name: str) -> dict[str, str]:
    path = CATALOGUES / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} is not there (the page is not in this checkout)")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


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
    fr, en = catalogue("pyramid.fr"), catalogue("pyramid.en")
    assert list(fr) == list(en)
    for key, text in fr.items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), key
    assert all(text == "" or text.strip() == text for text in [*fr.values(), *en.values()])


def test_every_key_the_pyramid_modules_name_exists() -> None:
    pyramid_fr, pyramid_en = catalogue("pyramid.fr"), catalogue("pyramid.en")
    shared_fr, shared_en = catalogue("fr"), catalogue("en")
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in sorted(MODULES.glob("*.js")))
    used = set(KEY_LITERAL.findall(scripts))
    assert "card.partner" in used  # the scan sees the table's keys
    missing_fr = sorted(k for k in used if k not in pyramid_fr and k not in shared_fr)
    missing_en = sorted(k for k in used if k not in pyramid_en and k not in shared_en)
    assert missing_fr == []
    assert missing_en == []


def test_the_rules_section_is_complete() -> None:
    texts = catalogue("pyramid.fr")
    parts = ("goal", "deal", "pairs", "stock", "recycle", "end", "example", "hint", "keys", "deals", "levels")
    for part in parts:
        assert texts[f"rules.{part}.h"] and texts[f"rules.{part}.p"], part
    assert [texts[f"rules.tips.{i}"] != "" for i in range(1, 8)] == [True] * 7
