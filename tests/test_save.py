"""Saving and restoring: plain JSON round trips, and every kind of damage raising SaveError."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from engine_support import ENGINE_SETTINGS, build_deal, play_random, reseal
from hypothesis import given
from hypothesis import strategies as st

from tripeaks_core import DRAW, UNDO, DealId, Game, Rules, SaveError
from tripeaks_core.save import load_game, save_game
from tripeaks_core.snapshot import snapshot


def _position(game: Game) -> dict[str, Any]:
    snap = snapshot(game)
    del snap["version"]
    return snap


def assert_same_game(a: Game, b: Game) -> None:
    assert _position(a) == _position(b)
    assert a.known == b.known
    assert a.actions == b.actions and a.history == b.history
    assert a.deal == b.deal and a.rules == b.rules and a.deal_id == b.deal_id
    assert a.player_view() == b.player_view()
    assert (a.streak, a.longest_streak, a.score) == (b.streak, b.longest_streak, b.score)
    assert save_game(a) == save_game(b)


def through_json(save: dict[str, Any]) -> Any:
    return json.loads(json.dumps(save))


def test_save_is_plain_json() -> None:
    game = Game.from_id("N-1234")
    game.draw()
    save = save_game(game)
    assert json.loads(json.dumps(save)) == save
    assert save["deal_id"] == "N-1234"
    assert save["rules"] == {"wrap": False, "all_visible": False}
    assert save["actions"] == [DRAW]
    assert save["known"] == sorted(game.known)
    assert "deal" not in save  # an ID is enough
    assert isinstance(save["check"], str) and save["check"]
    assert reseal(save) == save  # the tests' tamper tool computes the same checksum


def test_round_trip_with_undos_and_variants() -> None:
    undos = 0
    for text in ("1234", "N-5", "V-6", "NV-7"):
        game = Game.from_id(text)
        play_random(game, random.Random(text), 40, undo_rate=0.25)
        undos += game.actions.count(UNDO)
        restored = load_game(through_json(save_game(game)))
        assert_same_game(game, restored)
    assert undos > 0


def test_round_trip_of_a_custom_deal() -> None:
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), Rules(wrap=False))
    game.take(18)
    game.take(19)
    game.undo()
    save = save_game(game)
    assert "deal_id" not in save and save["deal"] == game.deal.notation()
    assert_same_game(game, load_game(through_json(save)))


def test_round_trip_after_restart_keeps_knowledge() -> None:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "QS"}, waste="5C"), Rules(), None)
    game.take(18)
    game.take(19)  # turns the QS
    game.draw()
    game.undo()
    game.undo()
    game.undo()
    again = game.restarted()
    save = save_game(again)
    assert save["actions"] == []
    assert {9, 29} <= set(save["known"])
    restored = load_game(through_json(save))
    assert_same_game(again, restored)
    assert restored.player_view().table[9] is not None  # still remembered after the reload
    # and play can go on from the restored game as from the original
    restored.take(18)
    again.take(18)
    assert_same_game(again, restored)


@ENGINE_SETTINGS
@given(st.integers(0, 10**9), st.booleans(), st.booleans(), st.integers(0, 60), st.integers(0, 2**32),
       st.booleans())
def test_round_trip_property(number: int, wrap: bool, visible: bool, steps: int, seed: int,
                             restart: bool) -> None:
    game = Game.from_id(DealId(number, Rules(wrap=wrap, all_visible=visible)))
    rng = random.Random(seed)
    play_random(game, rng, steps, undo_rate=0.2)
    if restart:
        game = game.restarted()
        play_random(game, rng, steps // 2, undo_rate=0.2)
    assert_same_game(game, load_game(through_json(save_game(game))))


# --- damage ------------------------------------------------------------------------------------------------


def _sample_save() -> dict[str, Any]:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "QS"}, waste="5C"), Rules(), None)
    game.take(18)
    game.take(19)
    game.draw()
    game.undo()
    game.draw()
    game.draw()
    return save_game(game)


def _sample_id_save() -> dict[str, Any]:
    game = Game.from_id("77")
    play_random(game, random.Random(77), 12, undo_rate=0.2)
    assert game.actions
    return save_game(game)


def _raises(data: Any) -> str:
    with pytest.raises(SaveError) as info:
        load_game(data)
    return str(info.value)


@pytest.mark.parametrize("data", [None, [], "save", 3, True, [{"format": "tripeaks-save"}], {}])
def test_not_a_save(data: Any) -> None:
    _raises(data)


@pytest.mark.parametrize("make", [_sample_save, _sample_id_save])
def test_missing_fields(make: Any) -> None:
    save = make()
    for field in save:
        damaged = {k: v for k, v in save.items() if k != field}
        _raises(damaged)
        if field != "check":
            _raises(reseal(damaged))  # even with a matching checksum


@pytest.mark.parametrize("make", [_sample_save, _sample_id_save])
def test_truncated_lists(make: Any) -> None:
    save = make()
    for field in ("actions", "known"):
        for cut in range(len(save[field])):
            damaged = {**save, field: save[field][:cut]}
            message = _raises(damaged)
            assert "checksum" in message


def test_truncated_text_is_not_a_save() -> None:
    text = json.dumps(_sample_save())
    for cut in (len(text) // 3, len(text) // 2, len(text) - 1):
        with pytest.raises(json.JSONDecodeError):
            json.loads(text[:cut])
    # What JSON can still be read from a cut text is never restored either.
    _raises(json.loads(text[: text.index('"known"')].rstrip(", ") + "}"))


def test_edited_action() -> None:
    save = _sample_save()
    for index in range(len(save["actions"])):
        for replacement in (0, 18, 19, 27, DRAW, UNDO):
            if save["actions"][index] == replacement:
                continue
            damaged = copy.deepcopy(save)
            damaged["actions"][index] = replacement
            assert "checksum" in _raises(damaged)


def test_illegal_move_list_even_with_a_valid_checksum() -> None:
    save = _sample_save()
    for actions in ([0], [18, 18], [UNDO], [DRAW] * 24, [19], [18, 9], [DRAW, UNDO, UNDO]):
        message = _raises(reseal({**save, "actions": actions}))
        assert "cannot be played" in message
    for bad in (28, -1, 3.0, True, None, "take", "DRAW", [18], {"p": 1}):
        message = _raises(reseal({**save, "actions": [bad]}))
        assert "action 0" in message


def test_edited_known() -> None:
    save = _sample_save()
    more = sorted({*save["known"], 0})
    fewer = [i for i in save["known"] if i != 9]
    assert "checksum" in _raises({**save, "known": more})
    assert "checksum" in _raises({**save, "known": fewer})
    # Resealed: dropping a card the moves revealed is caught by the replay.
    assert "known" in _raises(reseal({**save, "known": fewer}))
    assert "known" in _raises(reseal({**save, "known": [i for i in save["known"] if i != 29]}))
    for bad in ([52], [-1], ["9"], [True], [1.5], "all", None):
        _raises(reseal({**save, "known": bad}))


def test_wrong_checksum() -> None:
    save = _sample_save()
    for check in ("", "0" * 16, save["check"].upper(), save["check"][:-1], 12, None):
        if check == save["check"]:
            continue
        assert "checksum" in _raises({**save, "check": check})


def test_wrong_format_or_version() -> None:
    save = _sample_save()
    for version in (0, 2, "1", None, 1.5):
        assert "version" in _raises({**save, "version": version})
        assert "version" in _raises(reseal({**save, "version": version}))
    assert "format" in _raises(reseal({**save, "format": "klondike-save"}))


def test_bad_rules_and_deal() -> None:
    id_save = _sample_id_save()
    # rules that disagree with the deal ID
    _raises(reseal({**id_save, "rules": {"wrap": False, "all_visible": False}}))
    for rules in (None, [], {"wrap": True}, {"wrap": 1, "all_visible": 0},
                  {"wrap": True, "all_visible": False, "extra": True}):
        _raises(reseal({**id_save, "rules": rules}))
    for deal_id in ("X-1", "", 77, None, "1234567890123"):
        message = _raises(reseal({**id_save, "deal_id": deal_id}))
        assert message.startswith("saved game")
    custom = _sample_save()
    codes = custom["deal"].split()
    for deal in (" ".join(codes[:51]), " ".join([*codes[:51], codes[0]]), " ".join([*codes[:51], "ZZ"]), 5):
        _raises(reseal({**custom, "deal": deal}))


def test_a_different_deal_id_replays_differently() -> None:
    save = _sample_id_save()
    # Another deal under the same moves: usually the moves are illegal there, and that is caught.
    failures = 0
    for other in range(100, 130):
        try:
            load_game(reseal({**save, "deal_id": str(other)}))
        except SaveError:
            failures += 1
    assert failures > 0


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["format", "version", "rules", "actions", "known", "deal_id", "deal", "check"]


@ENGINE_SETTINGS
@given(st.data())
def test_random_damage_is_always_a_save_error(data: st.DataObject) -> None:
    """Any edit of a real save, resealed or not, either fails with SaveError or restores a whole game."""
    save = _sample_id_save() if data.draw(st.booleans()) else _sample_save()
    damaged = copy.deepcopy(save)
    for _ in range(data.draw(st.integers(1, 3))):
        field = data.draw(st.sampled_from(FIELDS))
        value = data.draw(JSON | st.sampled_from([save.get(f) for f in FIELDS]))
        damaged[field] = value
        if isinstance(damaged.get("actions"), list) and data.draw(st.booleans()):
            damaged["actions"] = [*damaged["actions"], data.draw(JSON)]
    if data.draw(st.booleans()):
        damaged = reseal(damaged)
    try:
        game = load_game(through_json(damaged))
    except SaveError:
        return
    # Accepted: then it must be a consistent, complete game that saves back to what was loaded.
    assert damaged["check"] == reseal(damaged)["check"]
    again = save_game(game)
    assert again["actions"] == damaged["actions"]
    assert set(again["known"]) >= set(game.known)


@ENGINE_SETTINGS
@given(JSON)
def test_garbage_is_a_save_error(value: Any) -> None:
    with pytest.raises(SaveError):
        load_game(value)
    if isinstance(value, dict):
        with pytest.raises(SaveError):
            load_game(reseal(value))
