"""docs/API.md: the page's catalogues and `tripeaks_core.messages` hold the same rejection texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tripeaks_core import Reason
from tripeaks_core.messages import LANGUAGES, REJECTION_TEXTS

CATALOGUES = Path(__file__).resolve().parents[1] / "web" / "i18n"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_page_catalogue_has_the_engine_texts(language: str) -> None:
    path = CATALOGUES / f"{language}.json"
    if not path.exists():
        pytest.skip(f"{path} is not there (the page is not in this checkout)")
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    for reason in Reason:
        assert catalogue[f"reject.{reason.value}"] == REJECTION_TEXTS[language][reason.value]


def test_languages() -> None:
    assert LANGUAGES == ("fr", "en")  # French first, the site's first language
    for language in LANGUAGES:
        assert set(REJECTION_TEXTS[language]) == {r.value for r in Reason}
