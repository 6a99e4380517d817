"""The game: takes, draws, the four rejections, wrap on and off, all-visible, win, stuck, counters, undo."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_support import (
    RANKS,
    SUITS,
    TAKE_ORDER,
    adjacent,
    build_deal,
    card,
    chain_deal,
    full_state,
)

from tripeaks_core import (
    DRAW,
    UNDO,
    DealId,
    Game,
    IllegalMove,
    MoveError,
    Outcome,
    PositionError,
    Reason,
    Rejection,
    Rules,
)
from tripeaks_core.errors import GameInProgressError, GameOverError, TriPeaksError
from tripeaks_core.game import GIVE_UP, LOG_BOUND, RESTART, REVEAL, log_bound
from tripeaks_core.messages import REJECTION_TEXTS, rejection_text
from tripeaks_core.moves import parse_action, parse_actions
from tripeaks_core.save import MAX_LOG, save_game
from tripeaks_core.snapshot import snapshot

WRAP = Rules()
NO_WRAP = Rules(wrap=False)
VISIBLE = Rules(all_visible=True)

# The seed's texts, word for word (with its typographic apostrophe).
SEED_TEXTS = {
    "not_adjacent": "cette carte n’est pas à un rang de la défausse",
    "covered": "cette carte est encore couverte",
    "face_down": "cette carte est encore face cachée",
    "stock_empty": "plus de carte à retourner",
}


def entry(game: Game, position: int) -> dict[str, Any]:
    result: dict[str, Any] = snapshot(game)["table"][position]
    return result


def without_version(game: Game) -> dict[str, Any]:
    snap = snapshot(game)
    del snap["version"]
    return snap


# --- the start of a deal ------------------------------------------------------------------------------------


def test_start_of_a_deal() -> None:
    game = Game.from_id("1234")
    deal = DealId.parse("1234").deal()
    assert game.deal == deal
    assert game.remaining == (1 << 28) - 1
    assert game.waste_top == deal.cards[28]
    assert game.waste_size == 1
    assert game.stock_left == 23 and game.can_draw
    assert (game.cleared, game.moves, game.draws, game.streak, game.longest_streak) == (0, 0, 0, 0, 0)
    assert not game.can_undo and game.history == [] and game.actions == []
    assert game.known == frozenset([*range(18, 28), 28])  # the 11 cards you see at the start
    assert not game.all_known
    for p in range(28):
        assert game.is_present(p)
        assert game.is_face_up(p) == (p >= 18)
        assert game.is_free(p) == (p >= 18)
    assert game.outcome() is Outcome.PLAYING
    assert game.legal_moves() == [*game.playable_positions(), DRAW]
    assert game.playable_positions() == [
        p for p in range(18, 28) if adjacent(deal.cards[p].rank, deal.cards[28].rank, True)
    ]


def test_known_card_index_out_of_range() -> None:
    deal = DealId(5).deal()
    for bad in (-1, 52):
        with pytest.raises(PositionError):
            Game(deal, WRAP, None, [bad])
    assert Game(deal, WRAP, None, [0, 51]).known >= {0, 51}


# --- rejections leave the game exactly unchanged ------------------------------------------------------------


def _check_refused(game: Game, reason: Reason, position: int | None) -> None:
    before = full_state(game)
    if position is None:
        assert game.check_draw() == Rejection(reason, None)
        assert game.try_draw() == Rejection(reason, None)
        assert full_state(game) == before
        with pytest.raises(IllegalMove) as info:
            game.draw()
    else:
        assert game.check_take(position) == Rejection(reason, position)
        assert game.try_take(position) == Rejection(reason, position)
        assert full_state(game) == before
        with pytest.raises(IllegalMove) as info:
            game.take(position)
    assert info.value.rejection == Rejection(reason, position)
    assert REJECTION_TEXTS["en"][reason.value] in str(info.value)
    assert isinstance(info.value, ValueError)
    assert full_state(game) == before


def test_not_adjacent() -> None:
    game = Game(build_deal({18: "9D", 19: "4S"}, waste="5C"), WRAP)
    _check_refused(game, Reason.NOT_ADJACENT, 18)
    game.take(19)  # 4 on 5 is fine; now the waste shows 4 and 9 still does not fit
    _check_refused(game, Reason.NOT_ADJACENT, 18)


@pytest.mark.parametrize("position", range(18))
def test_face_down(position: int) -> None:
    game = Game.from_id("77")
    _check_refused(game, Reason.FACE_DOWN, position)


def test_face_down_after_some_play_and_after_undo() -> None:
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), WRAP)
    game.take(18)
    _check_refused(game, Reason.FACE_DOWN, 9)  # one of its two coverers is still there
    game.take(19)
    assert game.check_take(9) != Rejection(Reason.FACE_DOWN, 9)
    game.undo()
    _check_refused(game, Reason.FACE_DOWN, 9)  # covered again, face down again


def test_covered_only_with_all_visible() -> None:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "8S"}, waste="5C"), VISIBLE)
    for p in range(18):
        _check_refused(game, Reason.COVERED, p)
    game.take(18)
    _check_refused(game, Reason.COVERED, 9)
    game.take(19)
    assert game.check_take(9) is None  # 8 on 7, now free
    # Without all_visible the same position is face down, never "covered".
    standard = Game(build_deal({18: "6D", 19: "7H", 9: "8S"}, waste="5C"), WRAP)
    for p in range(18):
        assert standard.check_take(p) == Rejection(Reason.FACE_DOWN, p)


def test_stock_empty() -> None:
    game = Game.from_id("3")
    for _ in range(23):
        assert game.try_draw() is None
    assert game.stock_left == 0 and not game.can_draw
    _check_refused(game, Reason.STOCK_EMPTY, None)
    # "une fois vide, elle le reste": after takes it is still empty.
    while game.playable_positions():
        game.take(game.playable_positions()[0])
        _check_refused(game, Reason.STOCK_EMPTY, None)


def test_rejection_texts() -> None:
    # The seed's four texts, and the one for a game that is over (issue 9).
    texts = {**SEED_TEXTS, "game_over": "la partie est terminée"}
    assert REJECTION_TEXTS["fr"] == texts
    assert set(REJECTION_TEXTS["en"]) == set(texts)
    assert REJECTION_TEXTS["en"]["game_over"] == "the game is over"
    assert all(REJECTION_TEXTS["en"].values())
    for reason in Reason:
        assert Rejection(reason).message() == texts[reason.value]  # French first
        assert Rejection(reason).message("fr") == texts[reason.value]
        assert Rejection(reason).message("en") == REJECTION_TEXTS["en"][reason.value]
        assert rejection_text(reason.value, "xx") == REJECTION_TEXTS["en"][reason.value]
    assert Rejection(Reason.COVERED, 4).as_json() == {"reason": "covered", "at": "4"}
    assert Rejection(Reason.STOCK_EMPTY).as_json() == {"reason": "stock_empty", "at": None}
    assert Rejection(Reason.GAME_OVER).as_json() == {"reason": "game_over", "at": None}
    assert {r.value for r in Reason} == set(texts)


# --- bad input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 28, 29, 100, -100, True, False, "3", 3.0, None, [3]])
def test_bad_positions_raise_position_error(bad: Any) -> None:
    game = Game.from_id("11")
    before = full_state(game)
    for method in (game.take, game.try_take, game.check_take):
        with pytest.raises(PositionError):
            method(bad)
        assert full_state(game) == before


def test_card_already_gone_is_position_error() -> None:
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), WRAP)
    game.take(18)
    before = full_state(game)
    for method in (game.take, game.try_take, game.check_take):
        with pytest.raises(PositionError, match="already gone"):
            method(18)
    assert full_state(game) == before
    assert not isinstance(PositionError("x"), IllegalMove)


def test_play_in_move_notation() -> None:
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), WRAP)
    game.play(18)
    game.play(DRAW)
    game.play(UNDO)
    assert game.history == [18]
    assert game.actions == [18, DRAW, UNDO]
    game.play(UNDO)
    with pytest.raises(PositionError):
        game.play(UNDO)  # nothing left to undo
    with pytest.raises(IllegalMove):
        game.play(0)


def test_move_notation_parsing() -> None:
    # Exactly the notation: `draw`, `undo` or an ASCII position 0-27, spaces around a token allowed.
    assert parse_actions("18, draw,undo ,0,27\t") == [18, DRAW, UNDO, 0, 27]
    assert parse_actions("") == []
    for empty_item in (" , ", ",18", "18,", "18,,draw", "18, ,draw"):
        with pytest.raises(MoveError, match="is empty"):
            parse_actions(empty_item)
    for bad in ("28", "-1", "1.0", "take", "²", "٣", "１", "18 19", "0x1", "D", "u", "d", "U", "DRAW", "Undo",
                "+5", "05", "1_0", "\u00a05"):
        with pytest.raises(MoveError) as info:
            parse_action(bad)
        assert repr(bad) in str(info.value)


# --- the rank rule, wrap on and off -------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", [True, False])
def test_rank_rule_every_pair(wrap: bool) -> None:
    rules = Rules(wrap=wrap)
    for waste_rank in range(1, 14):
        for rank in range(1, 14):
            expected = adjacent(rank, waste_rank, wrap)
            assert rules.adjacent(rank, waste_rank) == expected
            # and through a real game: suits differ, only the ranks matter
            waste = RANKS[waste_rank - 1] + "C"
            table_card = RANKS[rank - 1] + "S"
            game = Game(build_deal({18: table_card}, waste=waste), rules)
            assert (game.check_take(18) is None) == expected, (waste, table_card)
        assert rules.neighbour_ranks(waste_rank) == tuple(
            r for r in range(1, 14) if adjacent(r, waste_rank, wrap)
        )


def test_wrap_loop() -> None:
    # K on A ... A on K ... 2 on A: K-A-2 forms a loop.
    deal = build_deal({18: "AD", 19: "KH", 20: "AS", 21: "2C"}, waste="KC")
    game = Game(deal, WRAP)
    game.take(18)  # A on K
    game.take(19)  # K on A
    game.take(20)  # A on K
    game.take(21)  # 2 on A
    assert game.cleared == 4 and game.streak == 4
    assert Rules().neighbour_ranks(1) == (2, 13)
    assert Rules().neighbour_ranks(13) == (1, 12)


def test_no_wrap() -> None:
    deal = build_deal({18: "AD", 19: "QH", 20: "2S"}, waste="KC")
    game = Game(deal, NO_WRAP)
    assert game.try_take(18) == Rejection(Reason.NOT_ADJACENT, 18)  # A on K refused
    game.take(19)  # Q on K
    assert game.try_take(18) == Rejection(Reason.NOT_ADJACENT, 18)
    assert Rules(wrap=False).neighbour_ranks(1) == (2,)
    assert Rules(wrap=False).neighbour_ranks(13) == (12,)
    game2 = Game(build_deal({18: "KD", 19: "2S"}, waste="AC"), NO_WRAP)
    assert game2.try_take(18) == Rejection(Reason.NOT_ADJACENT, 18)  # K on A refused
    game2.take(19)  # 2 on A fine


# --- all visible --------------------------------------------------------------------------------------------


def test_all_visible_variant() -> None:
    game = Game.from_id("V-1234")
    assert game.rules == VISIBLE
    assert game.known == frozenset(range(29))
    snap = snapshot(game)
    assert all(e["state"] == "up" and "card" in e for e in snap["table"])
    assert [e["card"] for e in snap["table"]] == [c.code for c in game.deal.table]
    assert [e["free"] for e in snap["table"]] == [p >= 18 for p in range(28)]
    for e in snap["table"]:
        if e["position"] < 18:
            assert not e["playable"]
    assert snap["all_known"] is False  # the stock is still unseen
    for _ in range(23):
        game.draw()
    assert game.all_known and snapshot(game)["all_known"] is True


# --- a take that turns a card, and its undo -----------------------------------------------------------------


def test_take_turns_a_card_and_undo_hides_it_again() -> None:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "QS"}, waste="5C"), WRAP)
    assert entry(game, 9) == {"position": 9, "row": 3, "x": 1, "state": "down", "free": False,
                              "playable": False}
    game.take(18)
    assert entry(game, 9)["state"] == "down" and 9 not in game.known  # one cover is not enough
    before = without_version(game)
    before_view_stock = game.player_view().stock
    game.take(19)
    assert game.is_face_up(9) and game.is_free(9)
    assert 9 in game.known
    assert entry(game, 9) == {"position": 9, "row": 3, "x": 1, "state": "up", "card": "QS", "free": True,
                              "playable": False}
    assert game.player_view().table[9] == card("QS")
    assert game.undo()
    assert without_version(game) == before  # exactly as before the take
    assert "card" not in entry(game, 9) and entry(game, 9)["state"] == "down"
    assert "QS" not in json.dumps(snapshot(game))
    assert 9 in game.known  # but the player remembers it
    assert game.player_view().table[9] == card("QS")
    assert card("QS") not in game.player_view().unseen
    assert game.player_view().stock == before_view_stock


def test_turning_a_tip_needs_both_second_row_cards() -> None:
    # Take everything under tip 0 in an order that fits: a climbing chain.
    codes = {18: "2C", 19: "3C", 20: "4C", 9: "5C", 10: "6C", 21: "7C", 11: "8C", 3: "9C", 4: "TC", 0: "JC"}
    game = Game(build_deal(codes, waste="AC"), WRAP)
    for p in (18, 19, 20, 9, 10, 21, 11, 3):
        game.take(p)
        assert not game.is_face_up(0)
    game.take(4)
    assert game.is_face_up(0) and 0 in game.known
    game.take(0)
    assert game.cleared == 10 and game.streak == 10


# --- winning, being stuck -----------------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", [True, False])
def test_win_with_stock_left(wrap: bool) -> None:
    rules = Rules(wrap=wrap)
    game = Game(chain_deal(wrap), rules)
    for i, p in enumerate(TAKE_ORDER):
        assert game.outcome() is Outcome.PLAYING
        assert p in game.playable_positions()
        game.take(p)
        assert game.cleared == i + 1
    assert game.outcome() is Outcome.WON
    assert game.stock_left == 23  # "quel que soit le nombre de cartes restant dans la pioche"
    snap = snapshot(game)
    assert snap["outcome"] == "won" and snap["peaks_left"] == 0 and snap["cleared"] == 28
    assert all(e["state"] == "gone" for e in snap["table"])
    assert (game.moves, game.draws, game.streak, game.longest_streak) == (28, 0, 28, 28)
    assert game.score == 28 * 29 // 2
    assert game.undo() and game.outcome() is Outcome.PLAYING


def test_the_wrap_chain_needs_the_wrap() -> None:
    game = Game(chain_deal(wrap=True), NO_WRAP)
    refused = None
    for p in TAKE_ORDER:
        refused = game.try_take(p)
        if refused is not None:
            break
    assert refused == Rejection(Reason.NOT_ADJACENT, TAKE_ORDER[12])  # the K -> A step, card 13 of the chain


def test_stuck_when_the_stock_is_empty_and_nothing_fits() -> None:
    # The base row holds only 2-6; nothing from 8 to K ever fits on it, and the waste never shows 7 or A.
    base = ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"]
    high = [r + s for r in "89TJQK" for s in SUITS]  # the only 24 cards that fit on none of 2-6
    stock = [c for c in high if c != "KD"]
    game = Game(build_deal({18 + i: c for i, c in enumerate(base)}, waste="KD", stock=stock), WRAP)
    assert game.playable_positions() == []
    assert game.outcome() is Outcome.PLAYING  # nothing fits, but a card can still be drawn
    for left in range(23, 0, -1):
        assert game.outcome() is Outcome.PLAYING and game.stock_left == left
        game.draw()
    assert game.outcome() is Outcome.STUCK
    assert game.legal_moves() == []
    snap = snapshot(game)
    assert snap["outcome"] == "stuck" and not snap["can_draw"] and snap["stock"] == 0
    assert not any(e["playable"] for e in snap["table"])
    assert snap["peaks_left"] == 28
    assert game.undo()
    assert game.outcome() is Outcome.PLAYING


def test_not_stuck_while_a_card_fits_after_the_stock() -> None:
    # The last card drawn is a 7 and the base row has one 6: the stock is empty but the game goes on.
    base = ["6C", "2C", "3C", "4C", "5C", "2D", "3D", "4D", "5D", "2H"]
    high = [r + s for r in "89TJQK" for s in SUITS if r + s != "8D"]
    deal = build_deal({18 + i: c for i, c in enumerate(base)}, waste="8D", stock=[*high[:22], "7D"])
    game = Game(deal, WRAP)
    for _ in range(23):
        assert game.playable_positions() == []
        game.draw()
    assert not game.can_draw
    assert game.playable_positions() == [18]
    assert game.outcome() is Outcome.PLAYING
    assert snapshot(game)["table"][18]["playable"] is True


# --- counters and undo --------------------------------------------------------------------------------------


def test_counters_streak_and_undo_restores_them() -> None:
    # chain: waste A, 18=2, 19=3, 20=4, 21=5, 22=6 ...; the first stock cards are 4s, so the chain goes on.
    game = Game(chain_deal(True, stock_first=["4H", "4S"]), WRAP)
    seen = [(without_version(game), game.score)]
    expected = [
        # move, cleared, moves, draws, streak, longest, score
        (18, 1, 1, 0, 1, 1, 1),
        (19, 2, 2, 0, 2, 2, 3),
        (20, 3, 3, 0, 3, 3, 6),
        (DRAW, 3, 4, 1, 0, 3, 6),
        (21, 4, 5, 1, 1, 3, 7),
        (22, 5, 6, 1, 2, 3, 9),
        (DRAW, 5, 7, 2, 0, 3, 9),  # a 4 on the waste: the 7 at 23 no longer fits
        (UNDO, 5, 6, 1, 2, 3, 9),
        (23, 6, 7, 1, 3, 3, 12),
        (24, 7, 8, 1, 4, 4, 16),
    ]
    for move, cleared, moves, draws, streak, longest, score in expected:
        version = game.version
        game.play(move)
        assert game.version == version + 1
        assert (game.cleared, game.moves, game.draws, game.streak, game.longest_streak, game.score) == (
            cleared, moves, draws, streak, longest, score), move
        snap = snapshot(game)
        assert (snap["cleared"], snap["moves"], snap["draws"], snap["streak"], snap["longest_streak"],
                snap["score"]) == (cleared, moves, draws, streak, longest, score)
        assert snap["stock"] == 23 - draws and snap["peaks_left"] == 28 - cleared
        if move == UNDO:
            seen.pop()
        else:
            seen.append((without_version(game), game.score))
    assert game.history == [18, 19, 20, DRAW, 21, 22, 23, 24]
    # Undo everything, one step at a time: every earlier state comes back exactly.
    seen.pop()
    while seen:
        assert game.undo()
        assert (without_version(game), game.score) == seen.pop()
    assert not game.undo()
    assert game.known >= {29, 30}  # both drawn 4s stay known


def test_undo_of_a_draw() -> None:
    game = Game(chain_deal(True, stock_first=["4H"]), WRAP)
    game.take(18)
    game.take(19)
    before = without_version(game)
    known_before = game.known
    game.draw()
    assert game.waste_top == card("4H") and game.stock_left == 22 and game.streak == 0
    assert 29 in game.known
    game.undo()
    assert without_version(game) == before
    assert game.streak == 2 and game.waste_top.rank == 3 and game.stock_left == 23
    assert game.known == known_before | {29}
    assert game.player_view().stock[0] == card("4H")  # remembered, though back in the stock
    assert "4H" not in json.dumps(snapshot(game))


def test_undo_with_nothing_to_undo_changes_nothing() -> None:
    game = Game.from_id("9")
    before = full_state(game)
    assert game.undo() is False
    assert full_state(game) == before


def test_version_counts_every_change_and_nothing_else() -> None:
    game = Game(build_deal({18: "6D", 19: "9H"}, waste="5C"), WRAP)
    assert game.version == 0
    game.try_take(19)  # refused
    game.try_take(0)  # refused
    with pytest.raises(PositionError):
        game.take(40)
    assert game.version == 0
    game.take(18)
    game.draw()
    game.undo()
    assert game.version == 3
    game.undo()
    assert game.version == 4
    game.undo()  # nothing to undo
    assert game.version == 4


def test_restarted_keeps_knowledge_only() -> None:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "QS"}, waste="5C"), WRAP, DealId(5))
    game.take(18)
    game.take(19)
    game.draw()
    game.draw()
    known = game.known
    fresh = game.restarted()
    assert fresh.known == known
    assert fresh.deal == game.deal and fresh.rules == game.rules and fresh.deal_id == game.deal_id
    assert fresh.remaining == (1 << 28) - 1 and fresh.stock_left == 23 and fresh.waste_size == 1
    assert fresh.actions == [] and fresh.history == [] and not fresh.can_undo
    assert (fresh.cleared, fresh.moves, fresh.draws, fresh.streak, fresh.longest_streak) == (0, 0, 0, 0, 0)
    # The table is honest again: the QS is face down, but the player's view still knows it.
    assert snapshot(fresh)["table"][9]["state"] == "down"
    assert fresh.player_view().table[9] == card("QS")
    assert fresh.player_view().stock[:2] == (game.deal.cards[29], game.deal.cards[30])
    plain = Game(game.deal, game.rules, game.deal_id)
    assert without_version(fresh) == without_version(plain)


def test_player_view() -> None:
    game = Game.from_id("42")
    view = game.player_view()
    cards = game.deal.cards
    assert view.rules == WRAP
    assert view.remaining == game.remaining
    assert view.table == tuple(cards[p] if p >= 18 else None for p in range(28))
    assert view.waste == cards[28]
    assert view.stock == (None,) * 23
    assert view.unseen == frozenset(cards[i] for i in range(52) if i < 18 or i > 28)
    assert not view.all_known
    assert view.key() == game.player_view().key()
    game.draw()
    view = game.player_view()
    assert view.waste == cards[29] and len(view.stock) == 22
    assert cards[29] not in view.unseen


def test_repr_and_suits_never_matter() -> None:
    game = Game.from_id("N-12")
    assert "N-12" in repr(game)
    assert SUITS == "CDHS"


# --- the end of a game: won, given up, the solution shown (issue 9) ----------------------------------------


def _won_game() -> Game:
    game = Game(chain_deal(True), WRAP)
    for p in TAKE_ORDER:
        game.take(p)
    assert game.outcome() is Outcome.WON and game.stock_left == 23
    return game


def _refused_with_game_over(game: Game) -> None:
    """Takes (of any position in range) and draws are refused with `game_over` and change nothing."""
    before = full_state(game)
    assert game.check_draw() == game.try_draw() == Rejection(Reason.GAME_OVER)
    with pytest.raises(IllegalMove) as info:
        game.draw()
    assert info.value.rejection.reason is Reason.GAME_OVER
    for p in (0, 18, 27):
        assert game.check_take(p) == game.try_take(p) == Rejection(Reason.GAME_OVER, p)
        with pytest.raises(IllegalMove):
            game.take(p)
    with pytest.raises(PositionError):
        game.try_take(28)  # out of range is still bad input
    assert game.legal_moves() == [] and not game.can_draw
    assert full_state(game) == before


def test_a_won_game_refuses_take_and_draw_and_undo_reopens_it() -> None:
    game = _won_game()
    _refused_with_game_over(game)
    snap = snapshot(game)
    assert (snap["over"], snap["can_draw"], snap["solution_available"], snap["can_undo"]) == (
        True, False, True, True)
    assert game.try_undo() is None  # undo still works on a won game and reopens it
    assert game.outcome() is Outcome.PLAYING and not game.over and game.can_draw
    game.draw()
    assert game.stock_left == 22


def test_give_up() -> None:
    game = Game(build_deal({18: "6D", 19: "7H"}, waste="5C"), WRAP, DealId(5))
    game.take(18)
    game.draw()
    known = game.known
    assert not game.given_up and game.solution_available is False
    version = game.version
    game.give_up()
    assert game.given_up and game.over and game.outcome() is Outcome.GIVEN_UP
    assert game.version == version + 1 and game.known == known
    assert game.solution_available
    _refused_with_game_over(game)
    before = full_state(game)
    assert game.check_undo() == game.try_undo() == Rejection(Reason.GAME_OVER)
    assert game.undo() is False and not game.can_undo
    with pytest.raises(IllegalMove):
        game.play(UNDO)
    assert game.playable_positions() == []
    assert full_state(game) == before
    snap = snapshot(game)
    assert snap["outcome"] == "given_up" and snap["over"] and not snap["can_undo"] and not snap["can_draw"]
    assert not any(e["playable"] for e in snap["table"])
    with pytest.raises(GameOverError):
        game.give_up()  # not twice
    assert full_state(game) == before
    again = game.restarted()  # a replay is a normal game again
    assert again.outcome() is Outcome.PLAYING and not again.given_up and again.known == known
    again.take(18)
    assert again.log == [18, DRAW, GIVE_UP, RESTART, 18]


def test_give_up_is_refused_on_a_won_game_and_allowed_when_stuck() -> None:
    game = _won_game()
    before = full_state(game)
    with pytest.raises(GameOverError):
        game.give_up()
    assert full_state(game) == before and isinstance(GameOverError("x"), TriPeaksError)
    base = ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"]
    high = [r + s for r in "89TJQK" for s in SUITS if r + s != "KD"]
    stuck = Game(build_deal({18 + i: c for i, c in enumerate(base)}, waste="KD", stock=high), WRAP)
    for _ in range(23):
        stuck.draw()
    assert stuck.outcome() is Outcome.STUCK
    stuck.give_up()
    assert stuck.outcome() is Outcome.GIVEN_UP


def test_reveal_needs_the_game_to_be_over_or_every_card_known() -> None:
    game = Game.from_id("1234")
    game.draw()
    before = full_state(game)
    assert not game.solution_available
    with pytest.raises(GameInProgressError):
        game.reveal()
    assert full_state(game) == before and isinstance(GameInProgressError("x"), TriPeaksError)


@pytest.mark.parametrize("end", ["won", "given_up"])
def test_reveal_makes_every_card_known_and_closes_the_game(end: str) -> None:
    game = _won_game() if end == "won" else Game.from_id("1234")
    if end == "given_up":
        game.draw()
        game.give_up()
    assert not game.all_known
    game.reveal()
    assert game.all_known and game.closed and game.outcome().value == end
    assert game.log[-1] == REVEAL
    _refused_with_game_over(game)
    before = full_state(game)
    assert game.try_undo() == Rejection(Reason.GAME_OVER) and not game.can_undo
    assert full_state(game) == before
    # A replay of the deal starts with every card known, as a normal game.
    again = game.restarted()
    assert again.all_known and not again.closed and again.outcome() is Outcome.PLAYING
    assert again.player_view().unseen == frozenset()
    assert snapshot(again)["all_known"] is True and snapshot(again)["solution_available"] is True


def test_reveal_when_every_card_is_known_changes_nothing() -> None:
    game = Game.from_id("V-7")
    for _ in range(23):
        game.draw()
    for _ in range(22):
        game.undo()
    assert game.all_known and game.solution_available and not game.over
    before = full_state(game)
    game.reveal()
    assert full_state(game) == before and not game.closed
    assert game.undo() and game.can_draw


# --- the log stays small ------------------------------------------------------------------------------------


def test_a_take_and_its_undo_that_showed_nothing_leave_no_trace() -> None:
    game = Game(build_deal({18: "6D", 19: "7H", 9: "QS"}, waste="5C"), WRAP)
    for _ in range(100_000):
        game.take(18)  # 9 is still covered by 19: nothing new is seen
        game.undo()
    assert game.log == [] and game.actions == []
    game.take(18)
    game.take(19)  # turns the QS at 9
    game.undo()
    game.undo()
    assert game.log == [18, 19, UNDO, UNDO]  # kept: the QS became known while they were on the stack
    for _ in range(100_000):
        game.draw()  # the first draw shows a card, the next ones show it again
        game.undo()
    assert game.log == [18, 19, UNDO, UNDO, DRAW, UNDO]
    assert len(json.dumps(save_game(game))) < 400
    # a restart after a line that showed nothing new leaves no trace either
    again = game.restarted()
    assert again.log == [*game.log, RESTART]
    for _ in range(1_000):
        again = again.restarted()
        again.take(18)
    assert again.log == [*game.log, RESTART, 18]


def test_the_proven_bound() -> None:
    assert LOG_BOUND == log_bound(41) == 6_450
    assert MAX_LOG >= 3 * LOG_BOUND
