"""Pyramid rules engine: layout, deal notation and IDs, move notation, pairs, kings, draw, recycle, undo,
refusals, knowledge and the snapshot."""

from __future__ import annotations

import json

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pyramid_support import COVER, build_deal

from pyramid_core import (
    Deal,
    DealError,
    DealId,
    DealIdError,
    Game,
    IllegalMove,
    Move,
    MoveError,
    Outcome,
    PositionError,
    Reason,
    Rejection,
)
from pyramid_core.deal import STOCK_START
from pyramid_core.layout import COVERED_BY, PLACE_OF, PYRAMID_SIZE, ROW_OF, reachable_masks
from pyramid_core.messages import REJECTION_TEXTS
from pyramid_core.moves import parse_actions
from pyramid_core.snapshot import snapshot
from pyramid_core.solver import solve_game
from solitaire_core.cards import DECK_SIZE, Card
from solitaire_core.levels import Level
from solitaire_core.shuffle import shuffled_indexes

# --- layout --------------------------------------------------------------------------------------------


def test_cover_relation_follows_the_formula():
    for i in range(28):
        assert COVERED_BY[i] == COVER[i]
    assert COVERED_BY[0] == (1, 2)
    assert COVERED_BY[20] == (26, 27)
    assert all(COVERED_BY[i] == () for i in range(21, 28))
    assert (ROW_OF[12], PLACE_OF[12]) == (4, 2)


def test_only_1430_pyramid_shapes_are_reachable():
    assert len(reachable_masks()) == 1430


# --- deal notation and IDs -------------------------------------------------------------------------------


def test_deal_number_is_the_shared_shuffle_in_notation_order():
    deal = DealId(1234).deal()
    assert [c.index for c in deal.cards] == shuffled_indexes(1234)
    assert Deal.parse(deal.notation()) == deal
    assert deal.cards[28] == deal.stock[0]


@pytest.mark.parametrize("text", ["7", "0", " 42 ", "999999999999"])
def test_deal_id_is_a_bare_number(text):
    assert str(DealId.parse(text)) == text.strip()


@pytest.mark.parametrize("text", ["", "-1", "+4", "X-1", "N-1", "1_0", "1a", "１２", "1000000000000", "1 2"])
def test_bad_deal_ids_are_refused(text):
    with pytest.raises(DealIdError):
        DealId.parse(text)


def test_notation_is_strict():
    good = DealId(5).deal().notation()
    with pytest.raises(DealError, match="unknown card"):
        Deal.parse(good.replace(good[:2], good[:2].lower(), 1))
    with pytest.raises(DealError, match="single spaces"):
        Deal.parse(good.replace(" ", "  ", 1))
    with pytest.raises(DealError, match="duplicate"):
        Deal.parse(good[3:5] + " " + good[3:])
    with pytest.raises(DealError, match="52 card codes"):
        Deal.parse(good[3:])
    with pytest.raises(DealError) as huge:
        Deal.parse("1" * 5000)
    assert len(str(huge.value)) < 200  # a huge input is quoted by a short prefix


# --- move notation --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "printed"), [
    ("12+W", "12+W"), ("W+12", "12+W"), ("S+W", "S+W"), ("W+S", "S+W"), ("27+3", "3+27"), ("5", "5"),
    ("S", "S"), ("draw", "draw"), ("recycle", "recycle"), ("0+1", "0+1"),
])
def test_move_notation_round_trips(text, printed):
    move = Move.parse(text)
    assert str(move) == printed
    assert Move.parse(printed) == move


@pytest.mark.parametrize("text", [
    "s", "w", "Draw", "d", "r", "DRAW", "28", "-1", "01", "1+1", "S+S", "1+2+3", "", "+", "1+", " 1", "undo",
    "12 + W", "１",
])
def test_bad_moves_are_refused(text):
    with pytest.raises(MoveError):
        Move.parse(text)


def test_action_lists():
    assert [str(a) for a in parse_actions("21+27,draw,undo")] == ["21+27", "draw", "undo"]
    assert parse_actions("") == []
    with pytest.raises(MoveError):
        parse_actions("draw,,draw")


# --- rules -----------------------------------------------------------------------------------------------

# base row 21..27; the stock top is index 28.
SMALL = build_deal({21: "6C", 22: "7C", 23: "KD", 24: "QH", 25: "5S", 26: "9D", 27: "AH", 15: "2S"},
                   stock=["8H", "4C", "JD"])


def state(game: Game) -> str:
    return json.dumps(snapshot(game), sort_keys=True) + repr(game.known) + repr(game.history)


def test_pairs_of_thirteen_leave_together():
    game = Game(SMALL)
    assert game.try_play("21+22") is None  # 6 + 7
    assert not game.is_present(21) and not game.is_present(22)
    assert game.removed == 2
    game.play("24+27")  # Q + A
    game.play("23")  # a king alone
    game.play("25+S")  # 5 + 8 (stock top)
    assert game.stock_top == Card.parse("4C")
    game.play("draw")
    assert game.waste_top == Card.parse("4C")
    game.play("26+W")  # 9 + 4
    assert game.removed == 7 and game.is_playable(15)


def test_refusals_change_nothing():
    game = Game(SMALL)
    before = state(game)
    assert game.try_play("21+25") == Rejection(Reason.NOT_THIRTEEN)
    assert game.try_play("15+21") == Rejection(Reason.COVERED, 15)
    assert game.try_play("21") == Rejection(Reason.NOT_KING, 21)
    assert game.try_play("recycle") == Rejection(Reason.STOCK_NOT_EMPTY)
    with pytest.raises(IllegalMove, match="do not make 13"):
        game.play("21+25")
    with pytest.raises(PositionError):
        game.try_play("W+24")  # no waste yet
    assert state(game) == before
    assert Rejection(Reason.NOT_THIRTEEN).message() == "ces deux cartes ne font pas 13"
    assert Rejection(Reason.COVERED).message("en") == "this card is still covered"


def test_recycle_three_passes_and_undo_moves_the_pass_back():
    game = Game(DealId(11).deal())
    order = game.stock_indexes
    for _ in range(24):
        game.play("draw")
    assert game.try_play("draw") == Rejection(Reason.STOCK_EMPTY)
    assert REJECTION_TEXTS["fr"]["stock_empty"] == "plus aucune carte à retourner"
    game.play("recycle")
    assert game.pass_number == 2
    assert game.stock_indexes == order  # the original order, the first card drawn on top
    for _ in range(24):
        game.play("draw")
    game.play("recycle")
    assert game.pass_number == 3
    for _ in range(24):
        game.play("draw")
    assert game.try_play("recycle") == Rejection(Reason.NO_RECYCLE_LEFT)
    assert REJECTION_TEXTS["fr"]["no_recycle_left"] == "plus de recyclage disponible"
    for _ in range(25):
        game.undo()
    assert game.pass_number == 2 and game.stock_count == 0 and game.waste_count == 24
    for _ in range(25):
        game.undo()
    assert game.pass_number == 1 and game.stock_count == 0


def test_nothing_to_recycle():
    # every stock card paired away with another: stock and waste both empty
    stock = ["AC", "QC", "2C", "JC", "3C", "TC", "4C", "9C", "5C", "8C", "6C", "7C",
             "AD", "QD", "2D", "JD", "3D", "TD", "4D", "9D", "5D", "8D", "6D", "7D"]
    game = Game(build_deal(stock=stock))
    for _ in range(12):
        game.play("draw")
        game.play("S+W")
    assert game.stock_count == game.waste_count == 0
    assert game.try_play("recycle") == Rejection(Reason.WASTE_EMPTY)
    assert REJECTION_TEXTS["fr"]["waste_empty"] == "rien à recycler dans la défausse"


def test_won_when_the_pyramid_is_gone_and_stuck_when_nothing_moves():
    pairs = [("AC", "QC"), ("2C", "JC"), ("3C", "TC"), ("4C", "9C"), ("5C", "8C"), ("6C", "7C"),
             ("AD", "QD"), ("2D", "JD"), ("3D", "TD"), ("4D", "9D"), ("5D", "8D"), ("6D", "7D"),
             ("AH", "QH"), ("KD", "KC")]
    # fill the pyramid from the bottom row up, left to right: consecutive cards pair up (the last two: kings)
    order = [row * (row + 1) // 2 + j for row in range(6, -1, -1) for j in range(row + 1)]
    codes = [c for pair in pairs for c in pair]
    deal = build_deal(dict(zip(order, codes, strict=True)))
    game = Game(deal)
    moves = 0
    while game.removed < 26:
        move = next(m for m in game.legal_moves() if m.kind == "pair" and "S" not in m.places)
        game.play(move)
        moves += 1
    while game.removed < 28:
        game.play(next(m for m in game.legal_moves() if m.kind == "king"))
        moves += 1
    assert game.outcome() is Outcome.WON and moves == 15
    assert game.legal_moves() == []
    assert game.try_play("draw") == Rejection(Reason.GAME_OVER)  # a won deal is over...
    assert game.undo() and game.outcome() is Outcome.PLAYING  # ...until an undo reopens it

    outcomes = set()
    for number in range(1, 8):
        game = Game(DealId(number).deal())
        while game.removed < 28 and game.legal_moves():  # the first legal move until none is left
            assert game.outcome() is Outcome.PLAYING
            game.play(game.legal_moves()[0])
        outcomes.add(game.outcome())
        if game.outcome() is Outcome.STUCK:
            assert game.stock_count == 0 and not game.can_recycle and game.legal_moves() == []
    assert outcomes == {Outcome.WON, Outcome.STUCK}


def test_knowledge_grows_with_the_stock_top_and_undo_never_forgets():
    game = Game(DealId(3).deal())
    assert game.known == frozenset(range(29))
    game.play("draw")
    game.play("draw")
    assert game.known == frozenset(range(31))
    game.undo()
    game.undo()
    assert game.known == frozenset(range(31))
    view = game.player_view()
    assert view.stock[0] == game.deal.cards[28] and view.stock[2] == game.deal.cards[30]
    assert view.stock[3] is None and len(view.unseen) == 21
    assert game.restarted().known == game.known


def test_snapshot_shows_no_unseen_card_and_lists_partners():
    game = Game(SMALL)
    snap = snapshot(game)
    text = json.dumps(snap)
    for i in range(29, 52):
        assert f'"{game.deal.cards[i].code}"' not in text
    base = snap["pyramid"][21]
    assert base["state"] == "playable" and base["partners"] == [22]
    assert snap["pyramid"][25]["partners"] == ["S"]
    assert snap["pyramid"][23]["king"] and snap["pyramid"][23]["partners"] == []
    assert snap["pyramid"][15]["state"] == "covered" and not snap["pyramid"][15]["playable"]
    assert snap["stock"] == {"count": 24, "top": {"card": "8H", "playable": True, "king": False,
                                                   "partners": [25]}}
    assert snap["waste"] == {"count": 0, "top": None}
    assert snap["removed"] == 0 and snap["pass"] == 1 and snap["passes"] == 3
    assert not {"removed_text", "pass_text"} & set(snap), "no display text in a reply: the page words it"
    assert not snap["can_recycle"]
    assert snap["recycle_refusal"]["reason"] == "stock_not_empty"
    assert snap["recycle_refusal"] == {"reason": "stock_not_empty", "at": None}  # no text: the page's
    assert REJECTION_TEXTS["fr"]["stock_not_empty"] == "le recyclage arrive quand la pioche est vide"
    flags = (snap["can_draw"], snap["can_undo"], snap["outcome"], snap["all_known"])
    assert flags == (True, False, "playing", False)


def test_golden_deal_numbers():
    # deal numbers are shared with players: these must never change
    assert DealId(1).deal().notation() == (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S "
        "QC 4S 6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S"
    )
    assert DealId(0).deal().cards[0] == Card.from_index(shuffled_indexes(0)[0])


def test_snapshot_of_a_won_game_offers_nothing():
    game = Game.from_id(1)
    for move in solve_game(game).line:
        game.play(move)
    snap = snapshot(game)
    assert snap["outcome"] == "won" and snap["removed"] == 28
    assert not snap["can_draw"] and not snap["can_recycle"]
    assert snap["recycle_refusal"]["reason"] == "game_over"
    assert all(not e["playable"] and e["state"] == "gone" for e in snap["pyramid"])
    for top in (snap["stock"]["top"], snap["waste"]["top"]):
        assert top is None or (not top["playable"] and top["partners"] == [])


# --- guards at the game's own door (reached without the notation's parser) ------------------------------

OUTSIDE_THE_PYRAMID = st.one_of(st.integers(max_value=-1), st.integers(min_value=PYRAMID_SIZE))


@settings(ENGINE_SETTINGS, max_examples=60)
@given(OUTSIDE_THE_PYRAMID)
@example(-1)
@example(PYRAMID_SIZE)
def test_a_place_outside_0_to_27_is_refused_by_the_game_itself(place: int) -> None:
    """`Move.parse` never yields a place outside 0-27, but `Move.king`, `Move.pair` and `Game.card_at` take
    any int, so the game checks the place itself: `PositionError` "a place is 0-27", nothing changes. Catches
    the bound moved by one (`<=` 28, or from -1): 28 was read as a gone card (no error, or "already gone") and
    -1 as a negative shift (a `ValueError`, not the game's error)."""
    game = Game.from_id(7)
    game.play("draw")
    before = (snapshot(game), game.actions, game.version)
    with pytest.raises(PositionError, match=r"^a place is 0-27, 'S' or 'W', not "):
        game.card_at(place)
    for move in (Move.king(place), Move.pair(place, "W"), Move.pair(21, place)):
        with pytest.raises(PositionError, match=r"^a place is 0-27, 'S' or 'W', not "):
            game.try_play(move)
    for bad in (True, False, "5", None):
        with pytest.raises(PositionError, match=r"^a place is 0-27"):
            game.card_at(bad)  # type: ignore[arg-type]
    assert (snapshot(game), game.actions, game.version) == before


def test_every_place_from_0_to_27_is_a_place() -> None:
    """The other side of the bound: each of 0-27 (and S, W) is read as a place, so the guard does not
    refuse too much (the apex 0 and the base row's last card 27 included)."""
    game = Game.from_id(7)
    game.play("draw")
    cards = [game.card_at(place) for place in range(PYRAMID_SIZE)]
    assert cards == list(game.deal.cards[:PYRAMID_SIZE])
    assert game.card_at("S") == game.deal.cards[STOCK_START + 1]
    assert game.card_at("W") == game.deal.cards[STOCK_START]


@pytest.mark.parametrize(("text", "number", "level"), [
    ("7", 7, None), (" 1234\n", 1234, None), ("E-12", 12, Level.EASY), ("h99", 99, Level.HARD),
    ("999999999999", 999_999_999_999, None),
])
def test_from_id_reads_a_deal_id_text(text: str, number: int, level: Level | None) -> None:
    """`Game.from_id` takes a deal ID as text too (the command line and the sessions hand it text): it is read
    by `DealId.parse`, so the game has the deal of that number and the ID keeps its level letter. Catches the
    parse deleted (the text then reached `DealId(number)` or nothing at all)."""
    game = Game.from_id(text)
    assert game.deal_id == DealId(number, level)
    assert game.deal == Deal.from_number(number) == Game.from_id(number).deal
    assert game.deal_id is not None and str(game.deal_id) == str(DealId.parse(text))


@pytest.mark.parametrize("text", ["", "x", "-1", "E-", "Q-7", "EM-7", "1000000000000", "7.0", "٧"])
def test_from_id_refuses_a_malformed_text(text: str) -> None:
    """A text that is not a deal ID is a `DealIdError` naming it, never a game of some other deal."""
    with pytest.raises(DealIdError, match="deal"):
        Game.from_id(text)


def test_from_id_keeps_a_deal_id_as_given() -> None:
    """A `DealId` is used as it is (its level too), and a number is that deal with no level."""
    deal_id = DealId(42, Level.MEDIUM)
    assert Game.from_id(deal_id).deal_id is deal_id
    assert Game.from_id(42).deal_id == DealId(42)


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.one_of(st.integers(max_value=-1), st.integers(min_value=DECK_SIZE)))
@example(-1)
@example(DECK_SIZE)
def test_a_known_card_index_outside_0_to_51_is_refused(index: int) -> None:
    """`Game(deal, known=...)` takes what the player has seen as deal indexes 0-51; any other index is a
    `PositionError`, never a 53rd known card (which would make `all_known` count wrong). Catches the bound
    moved by one (52 accepted)."""
    deal = Deal.from_number(7)
    with pytest.raises(PositionError, match=r"is not in 0-51$"):
        Game(deal, DealId(7), known=[index])
    assert Game(deal, DealId(7), known=[0, DECK_SIZE - 1]).known >= {0, DECK_SIZE - 1}


def test_a_restarted_game_has_a_new_version() -> None:
    """A restart counts as a change of position: its version follows the old game's, so a hint or a reply
    computed before the replay (same deal, same start) is stale for the page. Catches the version copied
    instead of moved on."""
    game = Game.from_id(7)
    game.play("draw")
    restarted = game.restarted()
    assert restarted.version > game.version
    assert restarted.restarted().version > restarted.version
    fresh = Game.from_id(7)
    assert fresh.restarted().version > fresh.version


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=40), st.booleans())
def test_can_draw_says_whether_a_draw_would_be_accepted(choices: list[int], give_up: bool) -> None:
    """`can_draw` is exactly "a draw would be accepted": the stock has a card and the game is not over (a
    won or given-up game draws no more). Checked along random games, given up or not. Catches the game-over
    part dropped (the snapshot masks it with `playing`, but the game's own property must not lie)."""
    game = Game.from_id(11)
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    if give_up and not game.over:
        game.give_up()
    draw = Move.parse("draw")
    assert game.can_draw == (game.check(draw) is None) == (draw in game.legal_moves())
    if game.over:
        assert not game.can_draw
