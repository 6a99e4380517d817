"""The dead-end proof (`klondike_core.deadlock`): a face-down card that can never be turned makes a position
lost. It must never call a winnable position dead: checked on every position of winning lines, on random
late and mid-game positions against the complete search without it, and on deals where it decides at once."""

from __future__ import annotations

import random

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_klondike_solver import endgame, replays_to_win, same_verdicts_on_endgames, start

from klondike_core import rules
from klondike_core.deadlock import never_turned
from klondike_core.fast import Board
from klondike_core.position import Position
from klondike_core.solver import Solver, Verdict, solve_board
from solitaire_core.cards import Card


def dead(position: Position) -> bool:
    board = Board.of(position)
    return never_turned(board.cols, board.found, list(board.seq))


def card(code: str) -> int:
    return Card.parse(code).index


def test_deal_38_is_dead_from_the_start_and_why():
    """Its 5 of diamonds lies on 6C 4H 4D 6S: both black sixes and the 4 of diamonds are under it, so it can
    never leave, and the four cards under it never turn."""
    position = start(38)
    column = [c.code if c else "" for c in position.tableau[5]]
    assert column == ["6S", "JS", "6C", "4H", "4D", "5D"]
    assert dead(position)
    result = solve_board(Board.of(position), budget_ms=10_000)
    assert result.verdict is Verdict.LOST and result.nodes <= 1


def test_a_card_whose_parent_can_only_be_put_on_buried_cards_is_stuck():
    """The 5D lies on the face-down 4D and 6S; its other parent, the 6C, is in the talon but goes only on a
    red seven, and both lie under the QC, which can never leave (no red king, no club up): dead. With the 7H
    on top of its column instead, the 6C goes on it and takes the 5D, and every card can turn."""
    rest = (b"\x00",) * 5
    found = (0, 3, 6, 0)  # diamonds up to the 3, hearts up to the 6
    talon = [card("6C")]
    five = bytes((2, card("6S"), card("4D"), card("5D")))
    assert never_turned((five, bytes((2, card("7D"), card("7H"), card("QC"))), *rest), found, talon)
    assert not never_turned((five, bytes((1, card("QC"), card("7H"))), *rest), found, talon)


@pytest.mark.parametrize("number", [99, 360])
def test_deals_the_search_proves_lost_are_dead_at_once(number):
    """Deals the complete search (without this proof) shows lost in a few hundred states."""
    board = Board.of(start(number))
    assert Solver(board, dead_ends=False).run().verdict is Verdict.LOST
    assert dead(start(number))


@pytest.mark.parametrize("number", range(12))
def test_no_position_of_a_winning_line_is_dead(number):
    result = solve_board(Board.of(start(number)), node_budget=30_000)
    if result.verdict is not Verdict.WIN:
        return
    position = start(number)
    for move in result.line:
        assert not dead(position), move
        position = rules.play(position, move)


def reference(position: Position, nodes: int) -> Verdict:
    """The complete search with every legal move and no dead-end proof."""
    return Solver(Board.of(position), max_nodes=nodes, delays=False, dead_ends=False).run().verdict


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.integers(0, 10**9), st.integers(10, 22))
def test_a_dead_endgame_is_never_won(seed, left):
    position = endgame(random.Random(seed), left)
    if dead(position):
        assert reference(position, 20_000) is not Verdict.WIN


@settings(ENGINE_SETTINGS, max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(0, 10**9))
def test_a_dead_position_in_mid_game_is_never_won(number, steps, seed):
    """Random play from a deal's start (every card known), then: dead means the search finds no win, and
    the search with the proof gives the verdict of the search without it whenever both decide."""
    rng = random.Random(seed)
    position = start(number)
    for _ in range(steps):
        moves = rules.legal_notation(position)
        if not moves:
            break
        position = rules.play(position, rng.choice(moves))
    with_proof = Solver(Board.of(position), max_nodes=20_000).run()
    without = reference(position, 20_000)
    if dead(position):
        assert without is not Verdict.WIN
    if Verdict.UNKNOWN not in (with_proof.verdict, without):
        assert with_proof.verdict is without
    if with_proof.verdict is Verdict.WIN:
        assert replays_to_win(position, with_proof.line)


def test_the_proof_never_changes_a_verdict_on_late_positions():
    """Random late positions, searched with and without the proof (both complete searches): the same
    verdict whenever both decide, lost ones among them."""
    verdicts = same_verdicts_on_endgames(10, 100, (18, 30), dead_ends=False)
    assert verdicts.get(Verdict.WIN, 0) >= 20 and verdicts.get(Verdict.LOST, 0) >= 3
