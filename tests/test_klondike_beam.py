"""The beams (`Solver(width=...)`, `solver.Beam`): each state keeps only its best children, so a beam
reaches deep wins a full best-first search reaches too late; its wins replay, and running out of states
proves nothing."""

from __future__ import annotations

import random
from dataclasses import replace

from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_klondike_solver import endgame, replays_to_win, start

from klondike_core import solver
from klondike_core.fast import Board
from klondike_core.lines import wins
from klondike_core.solver import Order, Solver, Verdict, solve_board

WEIGHTED = Order(hidden=2, blocks=1, depth=1)
"""The weighted A-star order of `solver.PASSES`, which the shipped strict beam uses too."""


def test_a_beam_reaches_a_deep_win_the_full_search_misses():
    """Deal 471: a strict beam of three in the weighted order wins in a few hundred states; the same search
    keeping every child has not won after 20,000."""
    board = Board.of(start(471))
    beam = Solver(board, order=WEIGHTED, strict=True, width=3, max_nodes=2_000).run()
    assert beam.verdict is Verdict.WIN
    assert replays_to_win(start(471), beam.line)
    full = Solver(board, order=WEIGHTED, strict=True, max_nodes=20_000).run()
    assert full.verdict is Verdict.UNKNOWN


def test_a_beam_that_runs_out_of_states_proves_nothing():
    """Deal 733 is won (pyksolve wins it), but a beam of one sees its few states in a dozen steps: the answer
    is `unknown`, never `lost`; a full win-only search that sees its whole space says `unknown` too."""
    board = Board.of(start(733))
    narrow = Solver(board, order=WEIGHTED, width=1, max_nodes=2_000)
    result = narrow.run()
    assert result.verdict is Verdict.UNKNOWN and narrow.nodes < 100
    lost = Board.of(start(20))  # proven lost by the complete search (test_klondike_solver)
    assert Solver(lost, strict=True, dead_ends=False).run().verdict is Verdict.UNKNOWN
    assert Solver(lost, dead_ends=False).run().verdict is Verdict.LOST


@settings(ENGINE_SETTINGS, max_examples=30)
@given(st.integers(0, 10**9), st.integers(10, 24), st.integers(1, 3), st.booleans())
def test_a_beam_wins_only_what_is_won_and_its_lines_replay(seed, left, width, strict):
    position = endgame(random.Random(seed), left)
    board = Board.of(position)
    beam = Solver(board, order=WEIGHTED, width=width, strict=strict, max_nodes=5_000).run()
    assert beam.verdict is not Verdict.LOST
    if beam.verdict is Verdict.WIN:
        assert replays_to_win(position, beam.line)
        assert Solver(board, max_nodes=50_000).run().verdict is not Verdict.LOST


def test_solve_board_wins_a_deal_with_its_beams_and_not_without(monkeypatch):
    """Deal 471 late in a solve: the beams of the late phase win it within the budget where the other
    searches do not."""
    board = Board.of(start(471))
    budget = solver.LATE_AFTER + 30_000
    result = solve_board(board, node_budget=budget)
    assert result.verdict is Verdict.WIN
    assert replays_to_win(start(471), result.line)
    without = {draw: replace(phase, beams=()) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget).verdict is Verdict.UNKNOWN


def test_under_draw_three_the_beams_win_a_deal_the_full_searches_do_not(monkeypatch):
    """Deal 592 under draw three: a beam of two in the weighted A-star order wins it at once late in the
    solve; without the beams the same budget ends undecided."""
    board = Board.of(start(592))
    budget = solver.LATE_AFTER + 20_000
    result = solve_board(board, node_budget=budget, draw=3)
    assert result.verdict is Verdict.WIN
    assert wins(start(592), result.line, 3)
    without = {draw: replace(phase, beams=()) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.UNKNOWN
