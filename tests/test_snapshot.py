"""The snapshot of docs/API.md: its exact shape, and no card the player has not seen, anywhere in it."""

from __future__ import annotations

import json
import random

from engine_support import ENGINE_SETTINGS, build_deal, play_random, snapshot_cards
from hypothesis import given
from hypothesis import strategies as st

from tripeaks_core import DealId, Game, Rules
from tripeaks_core.snapshot import snapshot

# docs/API.md lists these fields and no other. A new field must be added to API.md and here, after checking
# that it cannot carry a hidden card.
SNAPSHOT_KEYS = {
    "deal_id", "rules", "version", "table", "waste", "waste_size", "stock", "can_draw", "can_undo", "cleared",
    "moves", "draws", "streak", "longest_streak", "score", "outcome", "peaks_left", "all_known",
    "over", "solution_available",
}
UP_KEYS = {"position", "row", "x", "state", "card", "free", "playable"}
DOWN_KEYS = UP_KEYS - {"card"}


def test_shape_at_the_start() -> None:
    game = Game.from_id("1234")
    snap = snapshot(game)
    assert set(snap) == SNAPSHOT_KEYS
    assert snap["deal_id"] == "1234"
    assert snap["rules"] == {"wrap": True, "all_visible": False}
    assert snap["version"] == 0
    assert snap["waste"] == game.deal.cards[28].code
    assert (snap["waste_size"], snap["stock"], snap["can_draw"], snap["can_undo"]) == (1, 23, True, False)
    assert (snap["cleared"], snap["moves"], snap["draws"], snap["streak"], snap["longest_streak"]) == (
        0, 0, 0, 0, 0)
    assert snap["score"] == 0
    assert (snap["outcome"], snap["peaks_left"], snap["all_known"]) == ("playing", 28, False)
    assert (snap["over"], snap["solution_available"]) == (False, False)
    table = snap["table"]
    assert [e["position"] for e in table] == list(range(28))
    # The examples of API.md.
    assert table[0] == {"position": 0, "row": 1, "x": 3, "state": "down", "free": False, "playable": False}
    assert {k: table[18][k] for k in ("position", "row", "x", "state", "free")} == {
        "position": 18, "row": 4, "x": 0, "state": "up", "free": True}
    for e in table:
        if e["position"] < 18:
            assert set(e) == DOWN_KEYS and e["state"] == "down"
        else:
            assert set(e) == UP_KEYS and e["state"] == "up"
            assert e["card"] == game.deal.cards[e["position"]].code
            assert e["playable"] == (e["position"] in game.playable_positions())
    assert json.loads(json.dumps(snap)) == snap


def test_gone_entries_and_ids() -> None:
    game = Game(build_deal({18: "6D"}, waste="5C"), Rules(wrap=False, all_visible=True), DealId(3))
    game.take(18)
    snap = snapshot(game)
    assert snap["table"][18] == {"position": 18, "row": 4, "x": 0, "state": "gone", "free": False,
                                 "playable": False}
    assert snap["deal_id"] == "3"  # as given; the rules field says what is played
    assert snap["rules"] == {"wrap": False, "all_visible": True}
    custom = Game(build_deal(), Rules())
    assert snapshot(custom)["deal_id"] is None
    assert snapshot(Game.from_id("nv-77"))["deal_id"] == "NV-77"


def _hidden_codes(game: Game) -> set[str]:
    return {game.deal.cards[i].code for i in range(52) if i not in game.known}


@ENGINE_SETTINGS
@given(st.integers(0, 10**9), st.booleans(), st.booleans(), st.integers(0, 80), st.integers(0, 2**32))
def test_no_hidden_card_anywhere(number: int, wrap: bool, visible: bool, steps: int, seed: int) -> None:
    game = Game.from_id(DealId(number, Rules(wrap=wrap, all_visible=visible)))
    play_random(game, random.Random(seed), steps, undo_rate=0.3)
    snap = snapshot(game)
    text = json.dumps(snap)
    hidden = _hidden_codes(game)
    for code in hidden:
        assert code not in text  # not even as a substring of some other field
    known_codes = {game.deal.cards[i].code for i in game.known}
    assert set(snapshot_cards(snap)) <= known_codes
    for e in snap["table"]:
        assert ("card" in e) == (e["state"] == "up")
    assert snap["all_known"] == (not hidden)


def _playable(snap: dict[str, object]) -> list[int]:
    return [e["position"] for e in snap["table"] if e["playable"]]  # type: ignore[attr-defined]


def test_the_end_of_a_game_in_the_snapshot() -> None:
    """Issue 9: `over`, `solution_available`, and nothing to do once over."""
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), Rules())
    game.take(18)
    snap = snapshot(game)
    assert snap["can_undo"] and snap["can_draw"] and _playable(snap) == [19]
    assert not snap["over"] and not snap["solution_available"]
    game.give_up()
    snap = snapshot(game)
    assert snap["outcome"] == "given_up" and snap["over"] is True and snap["solution_available"] is True
    assert (snap["can_draw"], snap["can_undo"], _playable(snap)) == (False, False, [])
    assert snap["table"][19]["state"] == "up"  # the table is still drawn as it was
    hidden = {game.deal.cards[i].code for i in range(52) if i not in game.known}
    assert not [code for code in hidden if code in json.dumps(snap)]
    game.reveal()
    snap = snapshot(game)
    assert snap["all_known"] and snap["outcome"] == "given_up" and not snap["can_undo"]
    assert snap["table"][0]["state"] == "down" and "card" not in snap["table"][0]  # known, still face down
    again = snapshot(game.restarted())
    assert (again["over"], again["outcome"], again["all_known"], again["solution_available"]) == (
        False, "playing", True, True)
