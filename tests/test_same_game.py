"""`check_deal`'s `same_game`: a link names the game on the table when only a level claim differs (Pyramid's
`E-12` is deal 12), never when the cards or the rules differ (TriPeaks' `V-12` is another game)."""

from __future__ import annotations

import pytest
from engine_support import ask

from klondike_core.api import Session as KlondikeSession
from pyramid_core.api import Session as PyramidSession
from tripeaks_core.api import Session as TriPeaksSession

CASES = [
    (PyramidSession, "e12", "12", True),
    (PyramidSession, "13", "12", False),
    (TriPeaksSession, "12", "12", True),
    (TriPeaksSession, "V-12", "12", False),
    (TriPeaksSession, "N-12", "V-12", False),
    (KlondikeSession, "12", "12", True),
    (KlondikeSession, "12", "13", False),
    (PyramidSession, "12", "not an id", False),
]


@pytest.mark.parametrize(("session", "wanted", "current", "same"), CASES)
def test_check_deal_says_whether_a_link_names_the_game_on_the_table(
    session: type[PyramidSession] | type[TriPeaksSession] | type[KlondikeSession],
    wanted: str,
    current: str,
    same: bool,
) -> None:
    reply = ask(session(), "check_deal", deal_id=wanted, current=current)
    assert reply["ok"] is True
    assert reply["same_game"] is same


def test_check_deal_without_current_has_no_same_game() -> None:
    reply = ask(PyramidSession(), "check_deal", deal_id="7")
    assert reply == {"ok": True, "deal_id": "7"}
