"""The worker runs Klondike's hint in short slices: its searches yield every few dozen states, and the answer
does not depend on how often they yield."""

from __future__ import annotations

from klondike_core.fast import Board
from klondike_core.game import Game
from klondike_core.hint import WORLDS, YIELD_EVERY, HintJob, hint
from klondike_core.position import Position
from klondike_core.solver import solve_board, solve_board_steps
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes

DEALS = (1, 37, 440)  # deals whose solving takes thousands of states


def test_solve_board_steps_yields_often_and_answers_as_solve_board() -> None:
    for deal in DEALS:
        board = Board.of(Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(deal))))
        whole = solve_board(board, node_budget=20_000)
        steps = solve_board_steps(board, node_budget=20_000, yield_every=YIELD_EVERY)
        yields = 0
        while True:
            try:
                next(steps)
            except StopIteration as end:
                sliced = end.value
                break
            yields += 1
        assert (sliced.verdict, sliced.line, sliced.nodes) == (whole.verdict, whole.line, whole.nodes)
        assert whole.nodes > 10 * YIELD_EVERY
        assert yields >= whole.nodes // YIELD_EVERY - 8


def test_a_hint_sliced_finely_is_the_hint_computed_at_once() -> None:
    game = Game.from_id(5)
    most = 0
    for _ in range(12):
        view = game.player_view()
        whole = hint(view)
        job = HintJob(view)
        slices = 0
        while (result := job.step(0.0)) is None:
            slices += 1
        assert result == whole
        most = max(most, slices)
        if whole.move is None:
            break
        game.play(whole.move)
    assert most > 2 * WORLDS  # a search that yields once per world gives at most WORLDS slices
