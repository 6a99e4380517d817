"""The Klondike page's catalogues (web/i18n/klondike.fr.json, klondike.en.json): the refusal texts are exactly
`klondike_core.messages`' for every reason the engine gives, every `why` code the hint gives has its text,
both languages have the same keys and the same placeholders, the rules section is complete, and every text
key the Klondike page's modules name exists in the Klondike catalogue or in the shared one (the page looks a
key up in the game's catalogue first, then in the shared one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from catalogue_support import (
    KEY_LITERAL,
    assert_keys_exist,
    assert_same_keys_and_placeholders,
    catalogue,
    module_scripts,
)

from klondike_core import hint
from klondike_core.messages import LANGUAGES, REJECTION_TEXTS
from klondike_core.moves import Reason

# The `why` codes hint.py gives (Hint(..., why="...") and of_move(..., "...")).
WHY = re.compile(r'why="(\w+)"|of_move\([^()]+, [^()]+, "(\w+)"\)')


@pytest.mark.parametrize("language", LANGUAGES)
def test_klondike_catalogue_has_the_engine_refusal_texts(language: str) -> None:
    texts = catalogue(f"klondike.{language}")
    for reason in Reason:
        assert texts[f"reject.{reason.value}"] == REJECTION_TEXTS[language][reason.value], reason
    assert sorted(k for k in texts if k.startswith("reject.")) == sorted(f"reject.{r.value}" for r in Reason)


def test_every_why_code_of_the_hint_has_a_text() -> None:
    source = Path(hint.__file__).read_text(encoding="utf-8")
    codes = {a or b for a, b in WHY.findall(source)}
    assert {"winning_line", "only_move", "best_odds", "stuck", "lost"} <= codes  # the scan sees them
    for language in LANGUAGES:
        texts = catalogue(f"klondike.{language}")
        assert sorted(c for c in codes if f"why.{c}" not in texts) == [], language


def test_the_seed_words_in_french() -> None:
    texts = catalogue("klondike.fr")
    assert texts["title"] == "Solitaire Klondike"
    assert texts["autofinish.start"] == "Finir auto"
    assert "aucun ne fait vraiment avancer" in texts["note.no_progress"]


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert_same_keys_and_placeholders("klondike")


def test_every_key_the_klondike_modules_name_exists() -> None:
    own_fr = catalogue("klondike.fr")
    scripts = module_scripts("klondike")
    used = set(KEY_LITERAL.findall(scripts))
    assert "card.target" in used and "note.no_progress" in used  # the scan sees the table and the game
    used |= set(re.findall(r'"klondike:([a-z_.]+)"', scripts))
    assert_keys_exist("klondike", used)
    # keys built at run time: hint and solution words for every kind of move
    for kind in ("onto", "empty", "foundation", "down", "down_empty", "draw", "recycle"):
        assert f"hint.{kind}" in own_fr and f"solution.move_{kind}" in own_fr, kind


def test_the_rules_section_is_complete() -> None:
    texts = catalogue("klondike.fr")
    parts = ("goal", "deal", "moves", "runs", "empty", "foundations", "stock", "flip", "autofinish", "end",
             "hint", "keys", "deals")
    for part in parts:
        assert texts[f"rules.{part}.h"] and texts[f"rules.{part}.p"], part
    assert all(texts[f"rules.tips.{i}"] for i in range(1, 6))
    for key in "UHNDRF":
        assert f"{key} " in texts["rules.keys.p"], key
