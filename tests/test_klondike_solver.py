"""The Klondike solver: `win` only with a line that replays to a win (through the rules engine's Game too),
`lost` on a deal that is lost and never changed by the automatic foundation moves, `unknown` when the
budget runs out, and the
pieces it relies on (the safe foundation rule, the talon's draws, the finish once every card is turned)."""

from __future__ import annotations

import random

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st

from klondike_core import rules
from klondike_core.fast import Board, finish_line, talon_steps
from klondike_core.game import Game
from klondike_core.position import Position
from klondike_core.solver import Solver, Verdict, safe_up, solve, solve_board
from solitaire_core.cards import FULL_DECK, Card
from solitaire_core.shuffle import shuffled_indexes


def start(number: int) -> Position:
    return Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))


def replays_to_win(position: Position, line: tuple[str, ...]) -> bool:
    for move in line:
        assert move in rules.legal_notation(position), move
        position = rules.play(position, move)
    return rules.is_won(position)


@pytest.mark.parametrize("number", [0, 2, 4, 5, 9])
def test_a_won_deal_gives_a_line_that_wins_through_the_game(number):
    result = solve(start(number))
    assert result.verdict is Verdict.WIN
    assert replays_to_win(start(number), result.line)
    game = Game.from_id(number)
    for move in result.line:
        game.play(move)
    assert game.won


def test_a_position_in_mid_game_is_solved_from_where_it_stands():
    game = Game.from_id(14)
    rng = random.Random(3)
    for _ in range(25):
        moves = [m for m in rules.legal_notation(game.position()) if m != "recycle"]
        game.play(rng.choice(moves))
    position = game.position()
    result = solve(position, node_budget=200_000)
    if result.verdict is Verdict.WIN:
        for move in result.line:
            game.play(move)
        assert game.won
    else:
        assert result.line == ()


def test_deal_20_is_proven_lost():
    result = solve(start(20))
    assert result.verdict is Verdict.LOST
    assert result.line == ()


def test_a_budget_that_runs_out_gives_unknown_never_a_guess():
    result = solve(start(1), node_budget=600)
    assert result.verdict is Verdict.UNKNOWN
    assert result.line == ()


def test_a_view_with_unseen_cards_is_refused():
    position = start(0)
    view = position.view(frozenset(column[-1] for column in position.tableau if column[-1]))
    with pytest.raises(ValueError):
        solve(view)


def test_a_won_position_needs_no_move():
    won = Position(tuple(() for _ in range(7)), (0,) * 7, (), (), (13, 13, 13, 13))
    result = solve(won)
    assert result.verdict is Verdict.WIN and result.line == ()


def test_the_safe_foundation_rule():
    assert safe_up((0, 0, 0, 0), 0)  # an ace
    assert safe_up((1, 0, 0, 0), 0)  # a two
    assert not safe_up((2, 0, 0, 0), 0)  # 3C: the red twos are not up
    assert not safe_up((2, 2, 2, 0), 0)  # 3C: the other black foundation must reach 1
    assert safe_up((2, 2, 2, 1), 0)
    assert not safe_up((5, 4, 3, 5), 0)  # 6C: the 5H could still need it
    assert safe_up((5, 5, 5, 4), 0)


def test_talon_steps_draw_forward_or_recycle_round():
    seq = (10, 11, 12, 13, 14)
    full = 0b11111
    # pointer 2: the waste is 10, 11 (11 on top), the stock 12, 13, 14
    assert talon_steps(seq, full, 2, 1) == ([], 2)
    assert talon_steps(seq, full, 2, 3) == (["draw", "draw"], 4)
    assert talon_steps(seq, full, 2, 0) == (["draw"] * 3 + ["recycle", "draw"], 1)
    # card 1 already played: the waste top is card 0
    assert talon_steps(seq, full & ~0b10, 2, 0) == ([], 2)


def test_finish_line_once_every_card_is_face_up():
    # hearts and spades on the foundations; clubs and diamonds in two alternating runs and the talon
    cols = [bytes((0, 12, 24, 10, 22)), bytes((0, 25, 11, 23)), *[bytes((0,))] * 5]  # KC QD JC TD / KD QC JD
    rest = [i for i in range(26) if i not in (12, 24, 10, 22, 25, 11, 23)]
    line = finish_line(cols, [0, 0, 13, 13], tuple(rest), (1 << len(rest)) - 1, 0)
    assert sum(move.endswith(">F") for move in line) == 26


# --- endgames, and the automatic moves against none ------------------------------------------------


def endgame(rng: random.Random, left: int) -> Position:
    """A random late position: the `left` highest cards not yet on the foundations, spread over the columns
    (every column holds one at least, face down but for its top card) and the talon: tight enough that
    some cannot be won."""
    heights = [13] * 4
    for _ in range(left):
        suit = rng.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    cards = [Card(rank, suit) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
    rng.shuffle(cards)
    columns: list[list[Card]] = [[] for _ in range(7)]
    talon: list[Card] = []
    for i, card in enumerate(cards):
        if i < 7:
            columns[i].append(card)
        elif rng.random() < 0.25:
            talon.append(card)
        else:
            columns[rng.randrange(7)].append(card)
    cut = rng.randrange(len(talon) + 1)
    return Position(
        tuple(tuple(column) for column in columns),
        tuple(max(0, len(column) - 1) for column in columns),
        tuple(talon[cut:]),
        tuple(talon[:cut]),
        (heights[0], heights[1], heights[2], heights[3]),
    )


def same_verdicts_on_endgames(
    seed: int, count: int, lefts: tuple[int, int], **reference: bool
) -> dict[Verdict, int]:
    """`count` random late positions (`endgame`, `lefts` the range of cards left), each searched by the
    solver as it is and by `Solver(**reference)`, 20,000 states each: the verdicts agree whenever both
    decide, and every win replays. Returns how many of each verdict both decided."""
    rng = random.Random(seed)
    verdicts: dict[Verdict, int] = {}
    for _ in range(count):
        position = endgame(rng, rng.randint(*lefts))
        board = Board.of(position)
        result = Solver(board, max_nodes=20_000).run()
        other = Solver(board, max_nodes=20_000, **reference).run()
        if Verdict.UNKNOWN in (result.verdict, other.verdict):
            continue
        assert result.verdict is other.verdict
        verdicts[result.verdict] = verdicts.get(result.verdict, 0) + 1
        if result.verdict is Verdict.WIN:
            assert replays_to_win(position, result.line)
    return verdicts


@settings(ENGINE_SETTINGS, max_examples=25)
@given(st.integers(0, 10**9), st.integers(8, 16))
def test_endgames_are_decided_and_their_lines_win(seed, left):
    position = endgame(random.Random(seed), left)
    result = solve(position, node_budget=50_000)
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.WIN:
        assert replays_to_win(position, result.line)
    else:
        assert result.line == ()


def test_safe_foundation_moves_never_change_a_verdict():
    """The same deals with and without the automatic foundation moves (both searches complete)."""
    rng = random.Random(11)
    compared = 0
    for _ in range(25):
        position = endgame(rng, 16)
        with_auto = solve_board(Board.of(position), node_budget=20_000)
        without = solve_board(Board.of(position), node_budget=20_000, auto=False)
        if Verdict.UNKNOWN not in (with_auto.verdict, without.verdict):
            assert with_auto.verdict is without.verdict
            compared += 1
    assert compared >= 10


def test_the_deck_is_whole_in_a_dealt_start():
    position = start(7)
    cards = [c for column in position.tableau for c in column] + list(position.stock)
    assert sorted(c for c in cards if c is not None) == sorted(FULL_DECK)
