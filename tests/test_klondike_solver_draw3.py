"""The solver under draw three (issue 20, design.md: a draw turns the next three stock cards, fewer when fewer
are left, the third on top; only the waste top plays; recycle in the same order, unlimited passes).

Every `win` line is replayed with the solver side's own replay (`klondike_core.lines`, which turns three
cards a draw); every `lost` on small endgames is checked against a plain exhaustive search over whole
positions with every legal move (one draw at a time, recycles, no reduction at all)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_klondike_solver import start

from klondike_core import difficulty, rules, solver
from klondike_core.difficulty import VERIFY_NODES
from klondike_core.fast import Board, talon_reach, talon_steps
from klondike_core.lines import draw_cards, replay_line, wins
from klondike_core.position import Position
from klondike_core.solver import Solver, Verdict, solve, solve_board
from solitaire_core.cards import Card
from solitaire_core.levels import Level


def _waste_top_after(seq: list[int], mask: int, ptr: int, steps: list[str], draw: int) -> int | None:
    """Play `steps` (draws and recycles) on the talon `seq`/`mask`/`ptr` with plain lists."""
    present = [k for k in range(len(seq)) if mask >> k & 1]
    waste = [k for k in present if k < ptr]
    stock = [k for k in present if k >= ptr]
    for step in steps:
        if step == "draw":
            assert stock, "a draw from an empty stock"
            waste.extend(stock[:draw])
            stock = stock[draw:]
        else:
            assert step == "recycle" and not stock and waste
            stock, waste = waste, []
    return waste[-1] if waste else None


def test_talon_reach_draw_three_by_hand():
    # 7 cards, all in the stock: draws show cards 2, 5, 6; then after the recycle the same again
    assert talon_reach(0b1111111, 0, 3) == [(2, 1), (5, 2), (6, 3)]
    # waste 0, 1 (pointer 2): the top 1 now, then 4, 6 from the stock (2,3,4 / 5,6); after the recycle 2, 5
    assert talon_reach(0b1111111, 2, 3) == [(1, 0), (4, 1), (6, 2), (2, 4), (5, 5)]
    # card 2 gone, all in the stock: 0 1 3 / 4 5 6 show 3 and 6, and a recycle shows nothing new
    assert talon_reach(0b1111011, 0, 3) == [(3, 1), (6, 2)]
    assert talon_reach(0, 0, 3) == []


@pytest.mark.parametrize("seed", range(6))
def test_talon_steps_bring_each_reachable_card_to_the_top(seed):
    rng = random.Random(seed)
    for _ in range(200):
        n = rng.randint(1, 24)
        seq = list(range(n))
        mask = rng.getrandbits(n) or 1
        ptr = rng.randint(0, n)
        for draw in (1, 3):
            reach = talon_reach(mask, ptr, draw)
            assert len({k for k, _ in reach}) == len(reach)
            for k, _ in reach:
                steps, after = talon_steps(tuple(seq), mask, ptr, k, draw)
                assert _waste_top_after(seq, mask, ptr, steps, draw) == k
                # the pointer after: the waste is the talon cards up to k (its value may skip gone cards)
                assert mask & ((1 << after) - 1) == mask & ((1 << (k + 1)) - 1)


def test_draw_three_turns_three_cards_and_fewer_at_the_end():
    position = start(0)
    once = draw_cards(position, 3)
    assert once.waste == position.stock[:3] and once.stock == position.stock[3:]
    for _ in range(7):
        once = draw_cards(once, 3)
    assert len(once.waste) == 24 and not once.stock  # 8 draws: the last one turns 3 of 24


@pytest.mark.parametrize("number", [0, 2, 3, 5, 6])
def test_draw_three_wins_replay(number):
    result = solve(start(number), node_budget=200_000, draw=3)
    assert result.verdict is Verdict.WIN
    assert wins(start(number), result.line, draw=3)
    assert "draw" in result.line


def test_draw_must_be_one_or_three():
    with pytest.raises(ValueError):
        solve(start(0), draw=2)


def _exhaustive(position: Position, draw: int, limit: int = 20_000) -> Verdict:
    """Every legal move of whole positions, one at a time, depth first with a visited set."""
    seen = {position}
    todo = [position]
    while todo:
        if len(seen) > limit:
            return Verdict.UNKNOWN
        here = todo.pop()
        if rules.is_won(here):
            return Verdict.WIN
        # foundation moves last on the stack, so first out: wins are found without wandering
        for move in sorted(rules.legal_moves(here), key=lambda m: m.target == "F"):
            after = draw_cards(here, draw) if move.kind == "draw" else rules.apply(here, move)
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return Verdict.LOST


def talon_endgame(rng: random.Random, left: int) -> Position:
    """A random late position with many of the `left` cards in the talon (so that which of them draws of
    three can reach matters) and the others in one or two columns, each face down but for its top card:
    tight enough that a fair share is lost."""
    heights = [13] * 4
    for _ in range(left):
        suit = rng.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    cards = [Card(rank, suit) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
    rng.shuffle(cards)
    columns: list[list[Card]] = [[] for _ in range(7)]
    talon: list[Card] = []
    used = rng.choice((1, 2))
    for i, card in enumerate(cards):
        if i < used:
            columns[i].append(card)
        elif rng.random() < 0.5:
            talon.append(card)
        else:
            columns[rng.randrange(used)].append(card)
    cut = rng.randrange(len(talon) + 1)
    return Position(
        tuple(tuple(column) for column in columns),
        tuple(max(0, len(column) - 1) for column in columns),
        tuple(talon[cut:]),
        tuple(talon[:cut]),
        (heights[0], heights[1], heights[2], heights[3]),
    )


@pytest.mark.parametrize("seed", range(4))
def test_draw_three_verdicts_match_an_exhaustive_search_on_endgames(seed: int) -> None:
    rng = random.Random(100 + seed)
    verdicts: dict[Verdict, int] = {}
    for _ in range(12):
        position = talon_endgame(rng, rng.randint(10, 18))
        ours = solve_board(Board.of(position), node_budget=50_000, draw=3)
        reference = _exhaustive(position, 3)
        if Verdict.UNKNOWN in (ours.verdict, reference):
            continue
        assert ours.verdict is reference, position
        verdicts[ours.verdict] = verdicts.get(ours.verdict, 0) + 1
        if ours.verdict is Verdict.WIN:
            replay_line(position, ours.line, 3)
            assert wins(position, ours.line, draw=3)
    assert verdicts.get(Verdict.WIN, 0) >= 2 and verdicts.get(Verdict.LOST, 0) >= 1


def test_the_complete_search_alone_agrees_under_draw_three():
    """The complete search with its sound reductions against the same search with none (every legal
    move, no automatic foundation move): the same verdicts whenever both decide."""
    rng = random.Random(7)
    compared = 0
    for _ in range(20):
        position = talon_endgame(rng, 16)
        board = Board.of(position)
        reduced = Solver(board, max_nodes=20_000, draw=3).run()
        plain = Solver(board, max_nodes=20_000, draw=3, delays=False, auto=False, dead_ends=False).run()
        if Verdict.UNKNOWN not in (reduced.verdict, plain.verdict):
            assert reduced.verdict is plain.verdict
            compared += 1
    assert compared >= 8


def test_a_deal_lost_under_draw_one_is_proven_lost_under_draw_three(monkeypatch):
    """Deal 447: draw one's complete search proves it lost within 7,000 states; draw three's own needs far
    more. The late phase's relaxed search makes that proof count for draw three (any draw-three
    line is a draw-one line: draw the same cards one at a time), and without it (nor the canonical search and
    its precise form, which prove 447 lost too) the same budget decides nothing."""
    board = Board.of(start(447))
    assert Solver(board, max_nodes=10_000, draw=1).run().verdict is Verdict.LOST
    budget = solver.LATE_AFTER + 60_000
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.LOST
    without = {draw: replace(phase, relaxed=0, canonical=0, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.UNKNOWN


@pytest.mark.parametrize(("number", "draw"), [(1, 3), (7, 3), (59, 1), (18, 3)])
def test_with_late_off_the_searches_run_as_before_the_late_phase(monkeypatch, number, draw):
    """`late=False` is how the levels ask (`difficulty`): a hard deal dealt yesterday must verify today, so
    within `VERIFY_NODES` its searches must run exactly as they did before the late phase existed: the same
    verdict, line and states as with the late phase moved out of reach, though it would have begun."""
    assert solver.LATE_AFTER < VERIFY_NODES
    board = Board.of(start(number))
    late_off = solve_board(board, node_budget=VERIFY_NODES, draw=draw, late=False)
    monkeypatch.setattr(solver, "LATE_AFTER", 10**12)
    before = solve_board(board, node_budget=VERIFY_NODES, draw=draw)
    assert (late_off.verdict, late_off.line, late_off.nodes) == (before.verdict, before.line, before.nodes)


def test_the_levels_ask_the_solver_with_late_off(monkeypatch):
    """Both of `difficulty`'s questions to the solver (dealing a hard deal, checking a hard claim) turn the
    late phase off; deal 1 is never won by the plain player, so both reach the solver."""
    seen: list[bool] = []
    real = difficulty.solve_position

    def spy(position, budget_ms=None, node_budget=None, *, late=True):
        seen.append(late)
        return real(position, budget_ms, node_budget, late=late)

    monkeypatch.setattr(difficulty, "solve_position", spy)
    difficulty.assess(1, 3)
    difficulty.matches(1, 3, Level.HARD, difficulty.GENERATION_NODES)
    assert seen and not any(seen)


def test_the_dead_end_memory_forgets_only_the_talon_pointer():
    """`Solver.is_dead` remembers draw three's answers under the state's key less its last byte, the waste's
    count (`talon_key`): what remains must be the columns and the talon's cards, the key draw one uses, so
    states that differ only by the pointer share an answer and no two others do. Checked on the states of
    random walks, with each answer against `never_turned` itself."""
    rng = random.Random(3)
    shared: dict[bytes, bool] = {}
    for number in range(6):
        board = Board.of(start(number))
        three = Solver(board, draw=3, dead_cache=shared)
        one = Solver(board, draw=1)
        state = (board.cols, board.found, board.mask, board.ptr)
        for _ in range(40):
            key = three._key(state)
            assert key[:-1] == one._key(state)
            assert three.is_dead(key, state) == three.never_turned(state)
            moves = three.moves(state)
            if not moves:
                break
            state, _ = three.autos(three.apply(state, rng.choice(moves)))
    assert shared
