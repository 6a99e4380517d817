"""Klondike's rules, one by one, on hand-built deals (seed 003, design.md "Klondike"): every legal kind of
move, every refusal (which changes nothing: snapshot, save and history compared), auto-flip and undo,
knowledge, draw/recycle order and count, the end of a game."""

from __future__ import annotations

import copy
import json

import pytest
from klondike_support import Model, build_deal, easy_deal, foundation_first

from klondike_core import rules
from klondike_core.deal import Deal, DealId
from klondike_core.errors import GameInProgressError, GameOverError, PositionError
from klondike_core.game import Game, Outcome
from klondike_core.messages import REJECTION_TEXTS
from klondike_core.moves import IllegalMove, Move, Reason
from klondike_core.position import Position
from klondike_core.save import Played, save
from klondike_core.snapshot import snapshot
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes

C = Card.parse


def picture(game: Game) -> str:
    """Everything observable about a game."""
    return json.dumps([snapshot(game), save(Played(game, [str(a) for a in game.actions])),
                       sorted(c.code for c in game.known), [str(m) for m in game.history], game.recycles,
                       repr(game.position())], sort_keys=True)


def refused(game: Game, move: str, reason: Reason, place: str | None = None) -> None:
    before = picture(game)
    rejection = game.try_play(move)
    assert rejection is not None, move
    assert rejection.reason is reason, (move, rejection)
    assert rejection.place == place
    assert picture(game) == before
    with pytest.raises(IllegalMove):
        game.play(move)
    assert picture(game) == before


# column 0: 7D; column 1: x, 4D; column 2: x, x, 5S; column 3: ..., 8H; column 4: ..., KS; column 5: ..., QC;
# column 6: ..., 8S (7D fits on 8S, not on 8H)
DEAL = build_deal({0: ["7D"], 1: ["3C", "4D"], 2: ["5S"], 3: ["8H"], 4: ["AH", "KS"], 5: ["QC"], 6: ["8S"]},
                  stock=["AC", "2C", "9S", "JD"])


def test_start_position_follows_the_notation():
    game = Game(DEAL)
    position = game.position()
    assert position.face_down == (0, 1, 2, 3, 4, 5, 6)
    assert [len(col) for col in position.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert position.tableau[1] == (C("3C"), C("4D"))
    assert position.stock[:2] == (C("AC"), C("2C")) and len(position.stock) == 24 and position.waste == ()
    assert game.known == {C(code) for code in ("7D", "4D", "5S", "8H", "KS", "QC", "8S")}
    assert game.outcome() is Outcome.PLAYING and game.moves == 0 and game.recycles == 0


def test_a_card_goes_on_one_rank_higher_of_the_other_colour_and_the_column_may_empty():
    game = Game(DEAL)
    refused(game, "7D>T3", Reason.SAME_COLOUR, "T3")
    refused(game, "7D>T2", Reason.NOT_ONE_LOWER, "T2")
    refused(game, "7D>T0", Reason.SAME_COLUMN, "T0")
    assert game.try_play("7D>T6") is None
    assert game.position().tableau[0] == () and game.position().tableau[6][-2:] == (C("8S"), C("7D"))


def test_only_a_king_goes_into_an_empty_column_with_the_cards_under_it_turning():
    game = Game(DEAL)
    game.play("7D>T6")
    refused(game, "QC>T0", Reason.ONLY_KING, "T0")
    known = game.known
    game.play("KS>T0")
    assert game.position().tableau[0] == (C("KS"),)
    assert game.position().face_down[4] == 3 and game.position().tableau[4][-1] == C("AH")  # turned
    assert C("AH") in game.known and known < game.known
    refused(game, "QC>T0", Reason.SAME_COLOUR, "T0")  # a queen on the king, but both black


RUN_DEAL = build_deal({0: ["7D"], 1: ["3C", "4D"], 2: ["5S"], 3: ["9H"], 4: ["KS"], 5: ["QC"],
                       6: ["2H", "8S"]})


def test_runs_move_together_and_turn_the_card_they_uncover():
    game = Game(RUN_DEAL)
    game.play("7D>T6")  # 8S 7D on column 6
    game.play("8S>T3")  # the run 8S 7D onto 9H; 2H under it turns
    assert game.position().tableau[3][-3:] == (C("9H"), C("8S"), C("7D"))
    assert game.position().tableau[6][-1] == C("2H") and game.position().face_down[6] == 5
    refused(game, "8S>F", Reason.NOT_TOP, "F")
    game.undo()
    assert game.position().face_down[6] == 6 and C("2H") in game.known
    snap = snapshot(game)
    assert snap["columns"][6]["cards"][5] == {"state": "down"}  # known again, but face down: no card shown
    assert "2H" not in json.dumps(snap)


def test_a_known_face_down_card_is_face_down_an_unseen_one_is_not_free():
    game = Game(RUN_DEAL)
    game.play("7D>T6")
    game.play("8S>T3")
    game.undo()  # 2H is face down again, and known
    refused(game, "2H>T0", Reason.FACE_DOWN)
    unseen = game.position().tableau[6][0]
    assert unseen is not None and unseen not in game.known
    refused(game, f"{unseen.code}>T0", Reason.NOT_FREE)  # the same answer as a stock card's
    in_stock = game.position().stock[3]
    assert in_stock is not None
    refused(game, f"{in_stock.code}>F", Reason.NOT_FREE)


def test_foundations_build_up_by_suit_from_the_ace_and_give_back():
    game = Game(DEAL)
    refused(game, "2C>F", Reason.NOT_FREE)  # in the stock
    game.play("draw")
    refused(game, "2C>F", Reason.NOT_FREE)
    game.play("AC>F")
    refused(game, "AC>F", Reason.ON_FOUNDATION, "F")
    game.play("draw")
    assert game.position().waste == (C("2C"),)
    game.play("2C>F")
    assert game.position().foundations == (2, 0, 0, 0)
    game.play("draw")  # 9S
    refused(game, "9S>F", Reason.FOUNDATION_ORDER, "F")
    game.play("draw")  # JD
    refused(game, "JD>T2", Reason.NOT_ONE_LOWER, "T2")
    # a foundation's top card comes back onto a column (2C, black, on the red 3D)
    deal = build_deal({0: ["3D"], 1: ["4D"]}, stock=["AC", "2C"])
    game = Game(deal)
    for move in ("draw", "AC>F", "draw", "2C>F"):
        game.play(move)
    assert game.try_play("2C>T0") is None
    assert game.position().foundations[0] == 1 and game.position().tableau[0] == (C("3D"), C("2C"))
    refused(game, "AC>T0", Reason.SAME_COLOUR, "T0")  # the ace on the 2C just laid: both black


def test_only_the_waste_top_plays():
    game = Game(DEAL)
    game.play("draw")
    game.play("draw")  # waste AC 2C
    refused(game, "AC>F", Reason.NOT_FREE)
    assert game.movable()[0][0] == C("2C")


def test_draw_recycle_order_count_and_refusals():
    game = Game(DEAL)
    stock = game.position().stock
    refused(game, "recycle", Reason.STOCK_NOT_EMPTY)
    for _ in range(24):
        game.play("draw")
    assert game.position().waste == stock and game.position().stock == ()
    assert game.known >= set(stock)
    refused(game, "draw", Reason.STOCK_EMPTY)
    game.play("recycle")
    assert game.position().stock == stock and game.recycles == 1
    assert snapshot(game)["recycles"] == 1
    game.play("draw")
    assert game.position().waste == (stock[0],)
    game.undo()
    game.undo()
    assert game.recycles == 0 and game.position().waste == stock


def test_stock_and_waste_refusals_on_positions():
    empty = Position(((),) * 7, (0,) * 7, (), (), (0, 0, 0, 0))
    assert rules.check(empty, Move.parse("draw")).reason is Reason.NOTHING_TO_DRAW  # type: ignore[union-attr]
    assert rules.check(empty, Move.parse("recycle")).reason is Reason.NOTHING_TO_RECYCLE  # type: ignore[union-attr]
    stuck = Position(((C("QH"),), (C("QD"),), (), (), (), (), ()), (0,) * 7, (), (), (0, 0, 0, 0))
    assert rules.legal_moves(stuck) == []


def test_a_won_game_is_over_until_undo_and_give_up_and_reveal():
    game = Game(easy_deal())
    model = Model(easy_deal())
    while not model.won():
        move = foundation_first(model)
        model.play(move)
        game.play(move)
    assert game.outcome() is Outcome.WON and game.over and game.won
    refused(game, "draw", Reason.GAME_OVER)
    refused(game, "KS>T0", Reason.GAME_OVER)
    with pytest.raises(GameOverError):
        game.give_up()
    assert snapshot(game)["over"] and not snapshot(game)["autofinish"]
    assert game.undo() and game.outcome() is Outcome.PLAYING
    game.give_up()
    assert game.outcome() is Outcome.GIVEN_UP and game.check_undo() is not None
    refused(game, "draw", Reason.GAME_OVER)
    with pytest.raises(IllegalMove):
        game.play("undo")
    with pytest.raises(GameOverError):
        game.give_up()
    assert game.solution_available
    assert game.reveal() is False  # every card was known already (the whole deal was played)


def test_reveal_closes_a_game_that_hid_cards_and_restart_keeps_knowledge():
    game = Game(DEAL)
    with pytest.raises(GameInProgressError):
        game.reveal()
    game.play("draw")
    game.give_up()
    assert game.reveal() is True and game.closed and game.all_known
    fresh = game.restarted()
    assert fresh.all_known and fresh.moves == 0 and fresh.version > game.version
    assert fresh.outcome() is Outcome.PLAYING


def test_undo_with_nothing_to_take_back():
    game = Game(DEAL)
    assert game.undo() is False
    with pytest.raises(PositionError):
        game.play("undo")


def test_every_reason_has_both_texts():
    for language in ("fr", "en"):
        assert set(REJECTION_TEXTS[language]) == {reason.value for reason in Reason}


def test_deal_numbers_read_the_shared_shuffle_into_notation_order():
    deal = DealId(1234).deal()
    assert [c.index for c in deal.cards] == shuffled_indexes(1234)
    assert Deal.parse(deal.notation()) == deal
    assert Game.from_id("1234").deal == deal == Game.from_id(1234).deal


def test_a_deep_copy_is_independent_and_shares_the_immutable_positions():
    game = Game(DEAL)
    for move in ("7D>T6", "draw", "draw"):
        game.play(move)
    before = picture(game)
    twin = copy.deepcopy(game)
    assert picture(twin) == before
    assert twin.position() is game.position()  # shared, not copied: the session copies before every move
    twin.play("undo")
    twin.play("undo")
    twin.play("draw")
    twin.give_up()
    assert picture(game) == before and not game.given_up
    assert game.moves == 3 and twin.moves == 2 and twin.given_up
    assert game.undo() and game.undo() and game.undo() and not game.undo()
