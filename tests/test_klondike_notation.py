"""Klondike's notations (design.md): the deal (52 codes, single spaces), deal IDs (bare decimal numbers, the
letter slot reserved), and moves (`XY>T3`, `XY>F`, `draw`, `recycle`, `undo`), parsed and printed both ways,
strict ASCII, junk refused with a short message."""

from __future__ import annotations

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given
from hypothesis import strategies as st
from klondike_support import ALL_CODES

from klondike_core.deal import Deal, DealId
from klondike_core.errors import DealError, DealIdError, MoveError
from klondike_core.moves import DRAW_MOVE, RECYCLE_MOVE, UNDO, Move, parse_action, parse_actions
from klondike_core.position import column_indexes
from solitaire_core.cards import Card

MOVES = st.one_of(
    st.just(DRAW_MOVE), st.just(RECYCLE_MOVE),
    st.builds(Move.to, st.sampled_from(ALL_CODES),
              st.one_of(st.integers(0, 6), st.just("F"))),
)


@ENGINE_SETTINGS
@given(MOVES)
def test_moves_print_and_parse_both_ways(move):
    text = str(move)
    assert Move.parse(text) == move and str(Move.parse(text)) == text
    assert eval(repr(move), {"Move": Move}) == move


def test_move_notation_examples():
    assert Move.parse("QH>T3") == Move("move", Card.parse("QH"), 3)
    assert Move.parse("AS>F") == Move("move", Card.parse("AS"), "F")
    assert parse_action("undo") == UNDO
    assert parse_actions("draw,7D>T6,undo,recycle") == [DRAW_MOVE, Move.to("7D", 6), UNDO, RECYCLE_MOVE]
    assert parse_actions("") == []


@pytest.mark.parametrize("text", [
    "", " draw", "draw ", "Draw", "DRAW", "qh>T3", "QH>t3", "QH>T7", "QH>T", "QH>T03", "QH>f", "QH > T3",
    "QH-T3", "QH>T3 ", "1H>F", "QX>F", "Q>F", "QHH>F", "QH>FF", "QH>T٣", "ＱH>F", "QH>T3\n", "undo",
    "QH>W", "QH>S", "10H>F", "x" * 5000,
])
def test_junk_moves_are_refused_with_one_short_line(text):
    with pytest.raises(MoveError) as error:
        Move.parse(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 200


def test_moves_built_by_hand_are_checked():
    with pytest.raises(MoveError):
        Move("move", Card.parse("QH"), 7)
    with pytest.raises(MoveError):
        Move("move", None, 3)
    with pytest.raises(MoveError):
        Move("draw", Card.parse("QH"), None)
    with pytest.raises(MoveError):
        Move("move", Card.parse("QH"), True)


def test_columns_follow_the_notation():
    assert [list(column_indexes(c)) for c in (0, 1, 6)] == [[0], [1, 2], [21, 22, 23, 24, 25, 26, 27]]


def test_deal_notation_round_trip_and_strictness():
    deal = DealId(99).deal()
    assert Deal.parse(deal.notation()) == deal
    assert Deal.parse(f"  {deal.notation()}\n") == deal
    codes = deal.notation().split(" ")
    for bad in (
        " ".join(codes[:51]),  # 51 cards
        " ".join([*codes[:51], codes[0]]),  # a duplicate
        "  ".join(codes),  # double spaces
        "\t".join(codes),
        " ".join([*codes[:51], codes[51].lower()]),
        " ".join([*codes[:51], "1S"]),
    ):
        with pytest.raises(DealError):
            Deal.parse(bad)


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("1234", 1234), (" 7 ", 7), ("0012", 12),
                                               ("999999999999", 999_999_999_999)])
def test_deal_ids(text, number):
    assert DealId.parse(text) == DealId(number)
    assert str(DealId.parse(text)) == str(number)


@pytest.mark.parametrize("text", ["", "-1", "1e3", "X-5", "TT-5", "EM-5", "1 2", "١٢", "１２", "12a",
                                  "1000000000000", "9" * 5000])
def test_bad_deal_ids(text):
    with pytest.raises(DealIdError) as error:
        DealId.parse(text)
    assert len(str(error.value)) < 200


def test_deal_numbers_out_of_range():
    with pytest.raises(DealIdError):
        DealId(-1)
    with pytest.raises(DealIdError):
        DealId(True)
    with pytest.raises(DealIdError):
        Deal.from_number(10**12)
