"""The time a request gives an op (`budget_ms` of `hint` and Klondike's `solution`, `slice_ms` of `hint_step`
and TriPeaks' `warm`) is read by one guard, `solitaire_core.session.budget_arg`, for every game's session.

What it guards: a budget is a number of milliseconds greater than 0 and at most `MAX_BUDGET_MS`. Anything
else is a `RequestError` and changes nothing: 0 (a slice of no time, which `hint_step` would quietly turn
into its default), negatives, NaN, the infinities (Python's `json` reads `NaN`, `Infinity`, `-Infinity` and
`1e999`), absurdly large values (an hour-long slice would freeze the worker; an integer of 400 digits made
`float()` raise, an `InternalError` instead of a typed one) and `true`. TriPeaks' session once had its own
copy of the check that accepted `1e999` while the shared one refused it; the tests below send the same values
to each session, so a guard that drifts in one of them fails here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, Final, Protocol

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st

from klondike_core.api import Session as KlondikeSession
from klondike_core.deal import DealId as KlondikeDealId
from pyramid_core.api import Session as PyramidSession
from solitaire_core.errors import RequestError
from solitaire_core.session import MAX_BUDGET_MS, budget_arg
from tripeaks_core.api import Session as TriPeaksSession


class Handles(Protocol):
    """A worker session: one request text in, one reply text out."""

    def handle(self, text: str) -> str:
        """Answer one request."""
        ...


BAD_TEXTS: Final = ["0", "0.0", "-0.0", "-1", "-0.001", "-1e999", "NaN", "Infinity", "-Infinity", "1e999",
                    "1e300", str(MAX_BUDGET_MS + 1), "600000.0001", "1" + "0" * 400, "true", "false",
                    '"5"', "[5]", "{}"]
"""Budgets every session refuses, as JSON texts (Python's `json` reads `NaN`, `Infinity` and `1e999` as
floats, and a 401-digit integer as an `int` that `float()` cannot convert)."""
GOOD_TEXTS: Final = ["1e-9", "0.5", "1", "5", str(MAX_BUDGET_MS), "600000.0"]
"""Budgets every session accepts: any positive time up to `MAX_BUDGET_MS` included."""

SESSIONS: Final[dict[str, Callable[[], Handles]]] = {
    "tripeaks": TriPeaksSession,
    "pyramid": PyramidSession,
    "klondike": lambda: KlondikeSession(KlondikeDealId(1)),
}


def reply_to(session: Handles, text: str) -> dict[str, Any]:
    """The reply to a request text, parsed."""
    reply = json.loads(session.handle(text))
    assert isinstance(reply, dict)
    return reply


def request(op: str, name: str, value_text: str) -> str:
    """The request text of `op` with `name` set to the JSON text `value_text` (sent as is, so `NaN` and
    `1e999` reach the session's parser)."""
    return f'{{"op": "{op}", "args": {{"{name}": {value_text}}}}}'


def assert_refused(session: Handles, text: str) -> None:
    """`text` is answered with a `RequestError` about the budget, and the session's state is unchanged."""
    before = reply_to(session, '{"op": "state"}')
    reply = reply_to(session, text)
    assert reply["ok"] is False, (text, reply)
    assert reply["error"]["type"] == "RequestError", (text, reply)
    assert "greater than 0" in reply["error"]["message"]
    assert reply_to(session, '{"op": "state"}') == before


@pytest.mark.parametrize("game", sorted(SESSIONS))
@pytest.mark.parametrize("value", BAD_TEXTS)
def test_every_session_refuses_the_same_bad_slice(game: str, value: str) -> None:
    """`hint_step` with a bad `slice_ms` is refused by each game's session alike, even with no job under way
    (the guard runs before the stale check). Catches `0 <` turned into `0 <=` or `-1 <` (a slice of 0
    accepted) and a bound that lets infinity or a huge number through."""
    assert_refused(SESSIONS[game](), request("hint_step", "slice_ms", value))


@pytest.mark.parametrize("game", sorted(SESSIONS))
@pytest.mark.parametrize("value", GOOD_TEXTS)
def test_every_session_accepts_a_positive_slice_up_to_the_bound(game: str, value: str) -> None:
    """A slice in (0, MAX_BUDGET_MS] is accepted (with no job under way the answer is `stale`): the bound
    is inclusive and the smallest positive times pass, so the guard does not refuse too much either."""
    reply = reply_to(SESSIONS[game](), request("hint_step", "slice_ms", value))
    assert reply == {"ok": True, "done": True, "stale": True}


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_an_absent_or_null_slice_is_the_default(game: str) -> None:
    """No `slice_ms` (or `null`) means the default slice, not an error."""
    session = SESSIONS[game]()
    for text in ('{"op": "hint_step"}', request("hint_step", "slice_ms", "null")):
        assert reply_to(session, text) == {"ok": True, "done": True, "stale": True}


@pytest.mark.parametrize("value", BAD_TEXTS)
def test_tripeaks_hint_and_warm_refuse_a_bad_budget(value: str) -> None:
    """TriPeaks' `hint` (`budget_ms`) and `warm` (`slice_ms`) read the same guard as `hint_step`: a budget of
    `1e999` was accepted there while the shared session refused it."""
    session = TriPeaksSession()
    assert_refused(session, request("hint", "budget_ms", value))
    assert_refused(session, request("warm", "slice_ms", value))


@pytest.mark.parametrize("game", ["pyramid", "klondike"])
@pytest.mark.parametrize("value", ["0", "-1", "NaN", "1e999", "1e300", "true"])
def test_shared_hint_refuses_a_bad_budget(game: str, value: str) -> None:
    """The shared session's `hint` (`budget_ms`) refuses what `hint_step` refuses."""
    assert_refused(SESSIONS[game](), request("hint", "budget_ms", value))


@pytest.mark.parametrize("value", ["0", "-1", "NaN", "Infinity", "1e300"])
def test_klondike_solution_with_a_bad_budget_changes_nothing(value: str) -> None:
    """Klondike's `solution` reads `budget_ms` after the game has revealed its cards (the one guard of the
    solution is the game's `reveal`, which comes first): a bad budget must still leave the game exactly as it
    was, given up but not closed, its log without `reveal`."""
    session = KlondikeSession(KlondikeDealId(1))
    reply_to(session, '{"op": "give_up"}')
    before = reply_to(session, '{"op": "state"}')
    assert_refused(session, request("solution", "budget_ms", value))
    after = reply_to(session, '{"op": "state"}')
    assert after == before and "reveal" not in after["save"]["log"]


budgets = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(min_value=MAX_BUDGET_MS - 2, max_value=MAX_BUDGET_MS + 2),
    st.floats(min_value=-1.0, max_value=1.0),
)


@settings(ENGINE_SETTINGS, max_examples=300)
@given(budgets)
def test_budget_arg_accepts_exactly_the_positive_times_up_to_the_bound(value: float) -> None:
    """The guard itself, as a property: a number is accepted (as that float) exactly when 0 < value <=
    MAX_BUDGET_MS; everything else is a `RequestError`. Written from the rule, not from the code: NaN fails
    every comparison, so it is checked by name."""
    accepted = not math.isnan(value) and 0 < value <= MAX_BUDGET_MS
    if accepted:
        assert budget_arg({"slice_ms": value}, "slice_ms") == float(value)
    else:
        with pytest.raises(RequestError, match="slice_ms"):
            budget_arg({"slice_ms": value}, "slice_ms")


@settings(ENGINE_SETTINGS, max_examples=60)
@given(st.sampled_from(sorted(SESSIONS)), budgets)
def test_every_session_answers_a_budget_as_the_guard_does(game: str, value: float) -> None:
    """Each session's `hint_step` agrees with the guard on any number sent as JSON (NaN and the infinities
    as Python's `json` writes them): accepted means the stale reply, refused a `RequestError`."""
    session = SESSIONS[game]()
    reply = reply_to(session, json.dumps({"op": "hint_step", "args": {"slice_ms": value}}))
    accepted = not math.isnan(value) and 0 < value <= MAX_BUDGET_MS
    assert reply["ok"] is accepted, (value, reply)
    if not accepted:
        assert reply["error"]["type"] == "RequestError"
