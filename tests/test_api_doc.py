"""docs/API.md's protocol section is what `tools/api_doc.py` writes from `solitaire_core.protocol`: a change
of an op, an arg, a reply or a game's capabilities that is not in the document fails here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import api_doc  # noqa: E402 - tools/ is not a package


def test_api_md_is_what_the_protocol_says() -> None:
    text = api_doc.API_MD.read_text(encoding="utf-8")
    assert api_doc.rewrite(text) == text, "docs/API.md is out of date: run python3 tools/api_doc.py"


def test_the_section_lists_every_op_and_every_game() -> None:
    section = api_doc.section()
    for name in api_doc.protocol.OPS:
        assert f"| `{name}` |" in section
    for entry in api_doc.registry.games():
        assert f"| `{entry.id}` |" in section


def test_a_document_without_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="markers"):
        api_doc.rewrite("# no section here\n")


def test_check_mode_reports_a_stale_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "API.md"
    stale.write_text(f"intro\n{api_doc.BEGIN}\nold\n{api_doc.END}\n", encoding="utf-8")
    monkeypatch.setattr(api_doc, "API_MD", stale)
    assert api_doc.main(["--check"]) == 1
    assert api_doc.main([]) == 0 and api_doc.main(["--check"]) == 0
    assert stale.read_text(encoding="utf-8").startswith("intro\n")
