"""A save names its deal by exactly one of `deal_id` and `deal`, in every game: one that holds both is a
`SaveError` (`solitaire_core.envelope.deal_field`), and a session's `restore` of it changes nothing.

The three games once differed: Pyramid restored such a save and ignored `deal`, Klondike and TriPeaks refused
it. Refusing is the one rule: no save the page writes holds both, so a save that does was made by hand or
damaged, and which of the two names it meant cannot be known.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

import pytest

from klondike_core.api import Session as KlondikeSession
from klondike_core.deal import DealId as KlondikeDealId
from pyramid_core.api import Session as PyramidSession
from pyramid_core.deal import DealId as PyramidDealId
from solitaire_core import envelope
from solitaire_core.errors import SaveError
from solitaire_core.playsession import PlayedSession
from tripeaks_core.api import Session as TriPeaksSession
from tripeaks_core.save import load_game

SESSIONS: Final[dict[str, Callable[[], PlayedSession[Any, Any, Any]]]] = {
    "tripeaks": TriPeaksSession,
    "pyramid": lambda: PyramidSession(PyramidDealId(7)),
    "klondike": lambda: KlondikeSession(KlondikeDealId(7)),
}


def reply_to(session: PlayedSession[Any, Any, Any], op: str, **args: object) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    return reply


def with_both_names(save: dict[str, Any], notation: str) -> dict[str, Any]:
    """`save` with a `deal` besides its `deal_id`, sealed again (so only the rule can refuse it)."""
    body = {key: value for key, value in save.items() if key != envelope.CHECK}
    return envelope.seal({**body, "deal": notation})


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_a_save_naming_its_deal_twice_is_refused(game: str) -> None:
    session = SESSIONS[game]()
    before = reply_to(session, "move", move="draw")
    both = with_both_names(before["save"], session.game.deal.notation())
    reply = reply_to(session, "restore", save=both)
    message = "saved game: both a deal ID and a deal (a save names its deal by one of them)"
    assert reply["ok"] is False and reply["error"] == {"type": "SaveError", "message": message}
    assert reply_to(session, "state") == {**before, "rejection": None}
    assert session.parts.load(before["save"]).game.deal == session.game.deal  # the save itself loads


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_a_save_naming_no_deal_is_refused(game: str) -> None:
    session = SESSIONS[game]()
    save = reply_to(session, "state")["save"]
    body = {key: value for key, value in save.items() if key not in (envelope.CHECK, "deal_id")}
    with pytest.raises(SaveError, match=r"^saved game: neither a deal ID nor a deal$"):
        session.parts.load(envelope.seal(body))


def test_the_rule_is_checked_before_the_checksum_in_tripeaks() -> None:
    """TriPeaks checks the deal's name with every other field, flat, before the checksum."""
    save = reply_to(TriPeaksSession(), "state")["save"]
    with pytest.raises(SaveError, match="both a deal ID and a deal"):
        load_game({**save, "deal": "x"})
