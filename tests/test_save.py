"""Saving and restoring: plain JSON round trips, every kind of damage raising SaveError, and a save edited by
hand (with its checksum recomputed) restoring only what its log shows (issue 9)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from engine_support import ENGINE_SETTINGS, build_deal, play_random, reseal
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core.levels import Level
from tripeaks_core import DRAW, UNDO, DealId, Game, Rules, SaveError
from tripeaks_core.difficulty import deal_at_level
from tripeaks_core.game import GIVE_UP, LOG_BOUND, RESTART, REVEAL
from tripeaks_core.save import MAX_LOG, load_game, save_game
from tripeaks_core.snapshot import snapshot
from tripeaks_core.solver import Verdict, solve_game


def _position(game: Game) -> dict[str, Any]:
    snap = snapshot(game)
    del snap["version"]
    return snap


def assert_same_game(a: Game, b: Game) -> None:
    assert _position(a) == _position(b)
    assert a.known == b.known
    assert a.actions == b.actions and a.history == b.history and a.log == b.log
    assert (a.given_up, a.closed, a.over, a.solution_available) == (
        b.given_up, b.closed, b.over, b.solution_available)
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
    assert set(save) == {"format", "version", "rules", "deal_id", "log", "check"}
    assert (save["format"], save["version"]) == ("tripeaks-save", 2)
    assert save["deal_id"] == "N-1234"
    assert save["rules"] == {"wrap": False, "all_visible": False}
    assert save["log"] == [DRAW]
    assert "deal" not in save  # an ID is enough
    assert isinstance(save["check"], str) and save["check"]
    assert reseal(save) == save  # the tests' tamper tool computes the same checksum


def test_round_trip_with_undos_and_variants() -> None:
    undos = 0
    for text in ("1234", "N-5", "V-6", "NV-7"):
        game = Game.from_id(text)
        play_random(game, random.Random(text), 40, undo_rate=0.25)
        undos += game.log.count(UNDO)
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
    assert save["log"] == [18, 19, DRAW, UNDO, UNDO, UNDO, RESTART]  # the line before the replay is kept
    restored = load_game(through_json(save))
    assert {9, 29} <= restored.known
    assert_same_game(again, restored)
    assert restored.player_view().table[9] is not None  # still remembered after the reload
    # and play can go on from the restored game as from the original
    restored.take(18)
    again.take(18)
    assert_same_game(again, restored)


@ENGINE_SETTINGS
@given(st.integers(0, 10**9), st.booleans(), st.booleans(), st.integers(0, 60), st.integers(0, 2**32),
       st.booleans(), st.sampled_from(["", "give_up", "give_up_reveal"]))
def test_round_trip_property(number: int, wrap: bool, visible: bool, steps: int, seed: int,
                             restart: bool, end: str) -> None:
    game = Game.from_id(DealId(number, Rules(wrap=wrap, all_visible=visible)))
    rng = random.Random(seed)
    play_random(game, rng, steps, undo_rate=0.2)
    if restart:
        game = game.restarted()
        play_random(game, rng, steps // 2, undo_rate=0.2)
    if end and not game.over:
        game.give_up()
        if end == "give_up_reveal":
            game.reveal()
    assert_same_game(game, load_game(through_json(save_game(game))))
    assert len(game.log) <= LOG_BOUND


def test_round_trip_of_a_given_up_and_of_a_closed_game() -> None:
    game = Game.from_id("1234")
    game.draw()
    game.give_up()
    restored = load_game(through_json(save_game(game)))
    assert_same_game(game, restored)
    assert restored.given_up and not restored.closed and restored.try_undo() is not None
    game.reveal()
    restored = load_game(through_json(save_game(game)))
    assert_same_game(game, restored)
    assert restored.closed and restored.all_known and save_game(game)["log"] == [DRAW, GIVE_UP, REVEAL]
    again = load_game(through_json(save_game(game.restarted())))
    assert again.all_known and not again.over and again.log == [DRAW, GIVE_UP, REVEAL, RESTART]


# --- version 1, and saves edited by hand with their checksum recomputed -------------------------------------

# Written by save_game at 0d985de (format version 1, what the page stored before issue 9): deal 1234 after
# draw, draw, undo, 24; then the same game after a replay and one draw, where `known` still lists a card (30)
# seen only before the replay.
V1_SAVE = {"format": "tripeaks-save", "version": 1, "rules": {"wrap": True, "all_visible": False},
           "actions": ["draw", "draw", "undo", 24],
           "known": [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
           "deal_id": "1234", "check": "7677a8ff7c93ac7e"}
V1_AFTER_REPLAY = {"format": "tripeaks-save", "version": 1, "rules": {"wrap": True, "all_visible": False},
                   "actions": ["draw"], "known": [18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
                   "deal_id": "1234", "check": "17b422530be795db"}


def test_a_version_1_save_still_loads() -> None:
    game = load_game(copy.deepcopy(V1_SAVE))
    honest = Game.from_id("1234")
    for action in (DRAW, DRAW, UNDO, 24):
        honest.play(action)
    assert_same_game(game, honest)
    assert game.known == frozenset(range(18, 31))
    assert save_game(game)["version"] == 2 and load_game(save_game(game)).known == game.known
    # Its `known` list is not trusted: what it says was seen before a replay is not derived, so forgotten.
    after = load_game(copy.deepcopy(V1_AFTER_REPLAY))
    assert after.known == frozenset(range(18, 30)) and after.history == [DRAW]


def test_extra_known_cards_in_a_resealed_save_are_not_believed() -> None:
    # Version 1: the `known` list is ignored; the knowledge is what the actions showed.
    claims = reseal({**V1_SAVE, "known": list(range(52))})
    game = load_game(claims)
    honest = load_game(copy.deepcopy(V1_SAVE))
    assert game.known == honest.known and not game.all_known
    assert game.player_view() == honest.player_view()  # the hint sees exactly the honest view
    # Version 2 has no such field, and a `reveal` mid-game cannot be played.
    save = save_game(honest)
    with pytest.raises(SaveError, match="unknown field"):
        load_game(reseal({**save, "known": list(range(52))}))
    with pytest.raises(SaveError, match="cannot be played"):
        load_game(reseal({**save, "log": [*save["log"], REVEAL]}))


def test_a_resealed_save_with_a_wrong_level_letter_is_refused() -> None:
    lost = next(n for n in range(100) if solve_game(Game.from_id(str(n))).verdict is Verdict.LOST)
    save = save_game(Game.from_id(str(lost)))
    for letter in "EMH":
        with pytest.raises(SaveError, match="not a winnable"):
            load_game(reseal({**save, "deal_id": f"{letter}-{lost}"}))
    # Version 1 saves are checked the same way.
    with pytest.raises(SaveError, match="not a winnable"):
        load_game(reseal({**V1_SAVE, "deal_id": f"E-{lost}", "actions": []}))


def test_a_true_level_letter_loads() -> None:
    deal_id = deal_at_level(Level.EASY, Rules(), iter(range(1, 10_000)))
    game = Game.from_id(deal_id)
    game.draw()
    assert load_game(save_game(game)).deal_id == deal_id


def test_a_log_longer_than_max_log_is_refused() -> None:
    save = save_game(Game.from_id("1234"))
    long = [DRAW, UNDO] * (MAX_LOG // 2 + 1)
    assert len(long) > MAX_LOG
    with pytest.raises(SaveError, match="more than a save may hold"):
        load_game(reseal({**save, "log": long}))
    # A long log that compacts (draw, undo, draw, undo, ...) loads up to the limit, and saves back small.
    game = load_game(reseal({**save, "log": long[:MAX_LOG]}))
    assert game.log == [DRAW, UNDO]


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def test_a_deeply_nested_save_is_a_save_error() -> None:
    save = save_game(Game.from_id("1234"))
    deep = _nested(5_000)
    for damaged in (deep, {**save, "log": deep}, {**save, "log": [deep]}, {**save, "extra": deep},
                    {**save, "rules": {"wrap": deep, "all_visible": False}}, {**save, "deal_id": deep},
                    {**save, "check": deep}, {**save, "version": deep}, {**V1_SAVE, "known": deep}):
        with pytest.raises(SaveError):
            load_game(damaged)


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
    while not any(isinstance(entry, int) for entry in game.log):  # a take, for other deals to trip on
        game.play(game.legal_moves()[0])
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
    for field in ("log",):
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
    _raises(json.loads(text[: text.index('"log"')].rstrip(", ") + "}"))


def test_edited_action() -> None:
    save = _sample_save()
    for index in range(len(save["log"])):
        for replacement in (0, 18, 19, 27, DRAW, UNDO, RESTART, GIVE_UP, REVEAL):
            if save["log"][index] == replacement:
                continue
            damaged = copy.deepcopy(save)
            damaged["log"][index] = replacement
            assert "checksum" in _raises(damaged)


def test_illegal_move_list_even_with_a_valid_checksum() -> None:
    save = _sample_save()
    for log in ([0], [18, 18], [UNDO], [DRAW] * 24, [19], [18, 9], [DRAW, UNDO, UNDO], [REVEAL],
                [GIVE_UP, GIVE_UP], [GIVE_UP, UNDO], [GIVE_UP, 18], [GIVE_UP, DRAW], [GIVE_UP, REVEAL, UNDO]):
        message = _raises(reseal({**save, "log": log}))
        assert "cannot be played" in message, log
    for bad in (28, -1, 3.0, True, None, "take", "DRAW", "Restart", [18], {"p": 1}):
        message = _raises(reseal({**save, "log": [bad]}))
        assert "log entry 0" in message
    # a version 1 save knows no restart, give_up or reveal
    for word in (RESTART, GIVE_UP, REVEAL):
        assert "actions entry 0" in _raises(reseal({**V1_SAVE, "actions": [word]}))


def test_version_1_fields() -> None:
    assert "checksum" in _raises({**V1_SAVE, "known": [18]})
    for bad in ([52], [-1], ["9"], [True], [1.5], "all", None, list(range(53))):
        assert "known" in _raises(reseal({**V1_SAVE, "known": bad}))
    assert "unknown field" in _raises(reseal({**V1_SAVE, "log": []}))
    assert "unknown field" in _raises(reseal({**save_game(Game.from_id("3")), "actions": []}))
    assert "one of" in _raises(reseal({**V1_SAVE, "deal": Game.from_id("3").deal.notation()}))


def test_wrong_checksum() -> None:
    save = _sample_save()
    for check in ("", "0" * 16, save["check"].upper(), save["check"][:-1], 12, None):
        if check == save["check"]:
            continue
        assert "checksum" in _raises({**save, "check": check})


def test_wrong_format_or_version() -> None:
    save = _sample_save()
    for version in (0, 3, "1", "2", None, 1.5, 2.0, 1.0, True):
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
FIELDS = ["format", "version", "rules", "log", "actions", "known", "deal_id", "deal", "check"]


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
        if isinstance(damaged.get("log"), list) and data.draw(st.booleans()):
            damaged["log"] = [*damaged["log"], data.draw(JSON | st.sampled_from([RESTART, GIVE_UP, REVEAL]))]
    if data.draw(st.booleans()):
        damaged = reseal(damaged)
    try:
        game = load_game(through_json(damaged))
    except SaveError:
        return
    # Accepted: then it must be a consistent, complete game that saves and loads back to itself.
    assert damaged["check"] == reseal(damaged)["check"]
    assert_same_game(game, load_game(through_json(save_game(game))))


@ENGINE_SETTINGS
@given(JSON)
def test_garbage_is_a_save_error(value: Any) -> None:
    with pytest.raises(SaveError):
        load_game(value)
    if isinstance(value, dict):
        with pytest.raises(SaveError):
            load_game(reseal(value))
