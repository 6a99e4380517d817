"""Helpers of the catalogue tests of the game pages (`test_pyramid_messages.py`, `test_klondike_messages.py`):
reading a catalogue of web/i18n, the text keys a game's modules name, and the checks both games' catalogues
pass alike (the same keys and placeholders in both languages, every key used defined)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "web" / "i18n"

# A string literal that is a whole text key ("card.target", "rules.tips.5").
KEY_LITERAL = re.compile(r'"([a-z_]+(?:\.[a-z_0-9]+)+)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalogue(name: str) -> dict[str, str]:
    """The catalogue `web/i18n/<name>.json`; the test is skipped when the page is not in this checkout."""
    path = CATALOGUES / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} is not there (the page is not in this checkout)")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def module_scripts(game: str) -> str:
    """The text of every module of `web/games/<game>/` but its manifest (addresses such as "pyramid.html",
    which the scan would take for text keys, and no text)."""
    modules = sorted(p for p in (ROOT / "web" / "games" / game).glob("*.js") if p.name != "manifest.js")
    return "\n".join(p.read_text(encoding="utf-8") for p in modules)


def assert_same_keys_and_placeholders(game: str) -> None:
    """Both languages of `game`'s catalogue have the same keys in the same order, each text the same
    placeholders, and no text starts or ends with white space."""
    fr, en = catalogue(f"{game}.fr"), catalogue(f"{game}.en")
    assert list(fr) == list(en)
    for key, text in fr.items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), key
    assert all(text == "" or text.strip() == text for text in [*fr.values(), *en.values()])


def assert_keys_exist(game: str, used: set[str]) -> None:
    """Every key of `used` is in `game`'s catalogue or in the shared one, in both languages (the page looks a
    key up in the game's catalogue first, then in the shared one)."""
    for language in ("fr", "en"):
        own, shared = catalogue(f"{game}.{language}"), catalogue(language)
        assert sorted(k for k in used if k not in own and k not in shared) == [], language
