"""The engine's "gets anywhere" (the no-progress note) and auto-finish (klondike_core.progress), on hand-built
positions both ways, on hand-built deals through the game and its snapshot, and auto-finish proven to win
from every all-face-up position Hypothesis builds."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine_support import ENGINE_SETTINGS
from hypothesis import example, given
from hypothesis import strategies as st
from klondike_support import ALL_CODES, Model, build_deal, easy_deal, foundation_first

from klondike_core import rules
from klondike_core.deal import Deal
from klondike_core.game import Game, Outcome
from klondike_core.position import Position
from klondike_core.progress import Progress, autofinish_available, autofinish_move, gets_anywhere
from klondike_core.snapshot import snapshot
from solitaire_core.cards import FULL_DECK, Card

C = Card.parse


def position(columns: list[tuple[int, list[str]]], stock: Sequence[str | None] = (),
             waste: Sequence[str] = (), foundations: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Position:
    """A view: each column as (face-down count, its face-up codes), the face-down cards unseen (None)."""
    tableau = tuple((None,) * down + tuple(C(code) for code in up) for down, up in columns)
    shown = {C(code) for _down, up in columns for code in up} | {C(c) for c in stock if c} | {
        C(c) for c in waste}
    on_foundations = {card for card in FULL_DECK if card.rank <= foundations[card.suit]}
    unseen = frozenset(FULL_DECK) - shown - on_foundations
    return Position(tableau, tuple(down for down, _ in columns),
                    tuple(None if c is None else C(c) for c in stock), tuple(C(c) for c in waste),
                    foundations, unseen)


# seven red tops on one face-down card each: nothing fits on another, and the talon's cards fit nowhere
DEAD = [(1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["JH"]), (1, ["JD"]), (1, ["TH"])]


def test_a_dead_end_is_proven():
    view = position(DEAD, stock=["5C", "2S"], waste=["8D", "4C"])
    assert rules.legal_moves(view)  # moves are left (recycling, drawing) ...
    assert gets_anywhere(view) is Progress.NONE  # ... but none gets anywhere


def test_an_unseen_stock_card_is_progress():
    view = position(DEAD, stock=["5C", None], waste=["8D"])
    assert gets_anywhere(view) is Progress.FOUND


def test_a_card_for_the_foundations_anywhere_in_the_talon_is_progress():
    assert gets_anywhere(position(DEAD, stock=["5C"], waste=["AS", "8D"])) is Progress.FOUND


def test_a_black_card_that_opens_a_column_is_progress_through_a_chain():
    # QS from the talon onto KH (not progress), then JD onto QS turns the card under JD
    assert gets_anywhere(position(DEAD, stock=["QS"])) is Progress.FOUND
    # QS alone: it fits on KH, but nothing then leaves a column
    lone = [(1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["9H"]), (1, ["9D"]), (1, ["7H"])]
    assert gets_anywhere(position(lone, stock=["QS"])) is Progress.NONE


def test_a_foundation_card_that_comes_down_can_be_the_way_out():
    # 2S (on a face-down card) needs a red 3: 3H is on its foundation and may come down onto 4C
    columns = [(1, ["2S"]), (1, ["4C"]), (1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["JH"])]
    view = position(columns, foundations=(0, 0, 3, 0))
    assert not any(sum(rules.apply(view, m).face_down) < 7 for m in rules.legal_moves(view))  # no direct way
    assert gets_anywhere(view) is Progress.FOUND
    columns[1] = (1, ["4D"])  # now 3H has nowhere to go down to (red on red)
    assert gets_anywhere(position(columns, foundations=(0, 0, 3, 0))) is Progress.NONE


def test_emptying_a_column_is_progress():
    columns = [(0, ["JS"]), *DEAD[1:]]  # JS, alone in its column, goes on QH or QD
    assert gets_anywhere(position(columns)) is Progress.FOUND


def test_the_search_is_bounded_and_says_so():
    columns = [(1, ["2S"]), (1, ["4C"]), (1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["JH"])]
    assert gets_anywhere(position(columns, foundations=(0, 0, 3, 0)), max_states=1) is Progress.UNDECIDED



# --- what the search counts: each position once, whatever the order of the columns ------------------------

# a lone king beside an empty column, 2C on top of a face-down card (index 1 of the deck: the empty column's
# sort key must not tie with it), red queens and jacks with no black card to go on
KING_AND_EMPTY = [(0, []), (1, ["2C"]), (0, ["KH"]), (1, ["QH"]), (1, ["QD"]), (1, ["JH"]), (1, ["JD"])]


@ENGINE_SETTINGS
@given(st.permutations(KING_AND_EMPTY))
@example(KING_AND_EMPTY)
def test_a_king_moved_to_an_empty_column_is_the_same_position(columns: list[tuple[int, list[str]]]) -> None:
    """The only move, the lone king into the empty column, gives the same position with two columns swapped,
    and "positions that differ only in the order of the columns are one": the dead end is proven after
    expanding the start alone (`max_states=1`), in every order of the columns. Guards the duplicate
    detection of `_key`: with the columns not sorted, or an empty column sorted as if it held 2C (`-1`
    negated to `1`, or the top index negated), the swapped position counts as new and the proof is
    `UNDECIDED` (in a real game, dead ends with empty columns then go undecided at `MAX_STATES`)."""
    view = position(columns)
    assert [str(move) for move in rules.legal_moves(view)] == [f"KH>T{columns.index((0, []))}"]
    assert gets_anywhere(view, max_states=1) is Progress.NONE


def test_a_proof_expands_each_position_once() -> None:
    """QS from the talon fits on KH or on KD and nothing then leaves a column: the search meets exactly three
    positions (the start, QS on KH, QS on KD; QS moved from one king to the other is one of them again), so
    the proof needs three expansions and two are not enough. Catches a talon card that stays in the talon
    once played (a second QS, so more positions) and a weakened duplicate check."""
    lone = [(1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["9H"]), (1, ["9D"]), (1, ["7H"])]
    view = position(lone, stock=["QS"])
    assert gets_anywhere(view, max_states=3) is Progress.NONE
    assert gets_anywhere(view, max_states=2) is Progress.UNDECIDED


def test_the_search_counts_the_positions_it_generates() -> None:
    """`max_work` bounds the positions generated: here the start has one successor (QS onto KH, the only
    king) and the progress (JH onto QS turns a card) is one expansion further, so with `max_work=1` the
    search stops there, `UNDECIDED`, and with 2 it finds the progress. Catches the count not kept (`work`
    never grows: the bound never stops a search with few states and many successors) and the bound moved
    by one (`>` for `>=`)."""
    chain = [(1, ["KH"]), (1, ["JH"]), (1, ["9H"]), (1, ["9D"]), (1, ["7H"]), (1, ["7D"]), (1, ["5H"])]
    view = position(chain, stock=["QS"])
    assert gets_anywhere(view, max_work=1) is Progress.UNDECIDED
    assert gets_anywhere(view, max_work=2) is Progress.FOUND
    assert gets_anywhere(view, max_states=1) is Progress.UNDECIDED


def test_emptying_a_column_is_progress_on_its_own() -> None:
    """JS leaves its column for QH and no king can then take the empty column (there is none): the only
    progress is the empty column itself, so it must count (`test_emptying_a_column_is_progress` reaches a
    face-down card through KD as well). Catches the empty columns counted wrongly (non-empty ones counted)."""
    columns = [(0, ["JS"]), (1, ["QH"]), (1, ["9H"]), (1, ["9D"]), (1, ["7H"]), (1, ["7D"]), (1, ["5H"])]
    assert gets_anywhere(position(columns)) is Progress.FOUND
    columns[0] = (0, ["JS", "TH"])  # with TH on JS the run moves as one and empties the column
    assert gets_anywhere(position(columns)) is Progress.FOUND

# --- through the game: a deal that ends in a dead end, and one that ends stuck --------------------------

DEAD_TOPS = ["KH", "KD", "QH", "QD", "JH", "JD", "TH"]
DEAD_STOCK = [r + s for s in "CS" for r in "2345678"] + [r + s for s in "DH" for r in "23456"]


def dead_deal() -> Deal:
    """Red high tops, and a stock of black 2-8 and red 2-6: after one pass nothing gets anywhere."""
    return build_deal({c: [code] for c, code in enumerate(DEAD_TOPS)}, stock=DEAD_STOCK)


def test_the_note_appears_once_the_stock_is_known_and_nothing_gets_anywhere():
    game = Game(dead_deal())
    for _ in range(23):
        game.play("draw")
        assert not snapshot(game)["no_progress"]  # an unseen card is still to come
    game.play("draw")
    snap = snapshot(game)
    assert snap["no_progress"] and snap["outcome"] == "playing" and snap["can_recycle"]
    game.play("recycle")
    assert snapshot(game)["no_progress"]
    game.undo()
    game.undo()  # the last card is back in the stock, but the player has seen it: still a dead end
    assert game.position().stock and snapshot(game)["no_progress"]
    fresh = Game(dead_deal())
    for _ in range(23):
        fresh.play("draw")
    assert not snapshot(fresh)["no_progress"]  # the same position, with that card never seen
    assert fresh.position() == game.position()


def test_a_stuck_game_has_no_legal_move_and_no_note():
    stock = [r + "C" for r in "A23456789TJQK"] + [r + "D" for r in "A23456789"] + ["AH", "2H"]
    tops = ["KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    game = Game(build_deal({c: [code] for c, code in enumerate(tops)}, stock=stock))
    for code in stock:
        game.play("draw")
        game.play(f"{code}>F")
    assert game.legal_moves() == [] and game.outcome() is Outcome.STUCK
    snap = snapshot(game)
    assert snap["outcome"] == "stuck" and not snap["no_progress"] and not snap["can_draw"]
    assert snap["stock_refusal"]["reason"] == "nothing_to_draw"
    game.undo()
    assert game.outcome() is Outcome.PLAYING


# --- auto-finish --------------------------------------------------------------------------------------


def test_autofinish_needs_every_card_face_up_and_the_stock_known():
    assert not autofinish_available(position(DEAD, stock=["5C"]))
    up = [(0, ["KH", "QS"]), (0, ["KD"]), (0, []), (0, []), (0, []), (0, []), (0, [])]
    assert autofinish_available(position(up, stock=["5C"], waste=["4C"]))
    assert not autofinish_available(position(up, stock=["5C", None]))



def test_autofinish_plays_the_lowest_card_first() -> None:
    """Of the cards that can go up now, auto-finish plays the lowest (the waste top first on a tie, then the
    leftmost column), as its docstring and the page's one-move-at-a-time replay promise: 2C before 3D here,
    wherever they lie. Catches `min` turned into `max` (any order still wins: only the order shows it)."""
    columns = [(0, ["KH", "3D"]), (0, ["2C"]), (0, []), (0, []), (0, []), (0, []), (0, [])]
    assert str(autofinish_move(position(columns, stock=["5C"], foundations=(1, 2, 0, 0)))) == "2C>F"
    columns = [(0, ["KH", "2C"]), (0, ["3D"]), (0, []), (0, []), (0, []), (0, []), (0, [])]
    assert str(autofinish_move(position(columns, stock=["5C"], foundations=(1, 2, 0, 0)))) == "2C>F"
    view = position(columns, stock=["5C"], waste=["2H"], foundations=(1, 2, 1, 0))
    assert str(autofinish_move(view)) == "2H>F"  # the waste top first on a tie with 2C

@st.composite
def face_up_positions(draw: st.DrawFn) -> Position:
    """Every card face up: foundations at random heights, the rest dealt into up to seven ordered runs (the
    first card of each wherever it falls) and the talon, split at random into waste and stock."""
    foundations = tuple(draw(st.integers(0, 13)) for _ in range(4))
    rest = [card for card in FULL_DECK if card.rank > foundations[card.suit]]
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(rest)
    columns: list[list[Card]] = [[] for _ in range(7)]
    talon: list[Card] = []
    for card in rest:
        fits = [col for col in columns if col and col[-1].rank == card.rank + 1
                and col[-1].is_red != card.is_red]
        empty = [col for col in columns if not col]
        choice = rng.random()
        if fits and choice < 0.7:
            rng.choice(fits).append(card)
        elif empty and choice < 0.8:
            empty[0].append(card)
        else:
            talon.append(card)
    cut = rng.randint(0, len(talon))
    return Position(tuple(tuple(col) for col in columns), (0,) * 7, tuple(talon[cut:]), tuple(talon[:cut]),
                    (foundations[0], foundations[1], foundations[2], foundations[3]))


@ENGINE_SETTINGS
@given(face_up_positions())
def test_following_autofinish_always_wins(start):
    current = start
    for _ in range(52 * 60):
        if rules.is_won(current):
            break
        move = autofinish_move(current)
        assert move is not None and rules.check(current, move) is None
        assert move.kind != "move" or move.target == "F"
        current = rules.apply(current, move)
    assert rules.is_won(current)
    assert autofinish_move(current) is None


def test_autofinish_through_the_game_each_step_undoable():
    deal = easy_deal()
    game, model = Game(deal), Model(deal)
    while not snapshot(game)["autofinish"]:
        move = foundation_first(model)
        model.play(move)
        game.play(move)
        assert not game.won
    start = game.position()
    steps = 0
    while snapshot(game)["autofinish"]:
        move = snapshot(game)["autofinish_move"]
        assert game.try_play(move) is None
        steps += 1
    assert game.outcome() is Outcome.WON
    for _ in range(steps):
        game.undo()
    assert game.position() == start


def test_autofinish_is_not_offered_over_or_with_a_card_face_down():
    game = Game(easy_deal())
    assert not snapshot(game)["autofinish"] and snapshot(game)["autofinish_move"] is None
    assert {c.code for c in FULL_DECK} == set(ALL_CODES)
