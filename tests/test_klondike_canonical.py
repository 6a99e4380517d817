"""The canonical search (`klondike_core.canonical`): its `lost` is a proof, it never proves a winnable
position lost, and late in a long solve it decides deals the other searches cannot in the same budget."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from dataclasses import replace

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_klondike_deadlock import reference
from test_klondike_hint import played
from test_klondike_solver import endgame, replays_to_win, start

from klondike_core import canonical as canonical_module
from klondike_core import solver
from klondike_core.canonical import CanonicalSearch, _swaps, _touched
from klondike_core.fast import RANK, SAME, SUIT, Board
from klondike_core.position import Position
from klondike_core.search import _S2F, _T2F, _T2T, Move, OutOfBudget, State
from klondike_core.solver import Solver, Verdict, solve_board, solve_board_steps
from solitaire_core.steps import finish


def exact(position: Position, nodes: int) -> Verdict:
    """The exact twin alone: LOST (a proof), WIN (its line checked to replay here), UNKNOWN past `nodes`."""
    try:
        answer = finish(CanonicalSearch(Board.of(position), max_nodes=nodes, exact=True).steps())
    except OutOfBudget:
        return Verdict.UNKNOWN
    if answer is True:
        return Verdict.LOST
    assert isinstance(answer, list) and replays_to_win(position, tuple(answer))
    return Verdict.WIN


def canonical(position: Position, nodes: int, precise: bool = False) -> Verdict:
    """The canonical search (or its precise form) alone: LOST (a proof), WIN standing for "reached every card
    turned" (no proof of anything), or UNKNOWN past `nodes` states."""
    try:
        lost = finish(CanonicalSearch(Board.of(position), max_nodes=nodes, precise=precise).steps())
    except OutOfBudget:
        return Verdict.UNKNOWN
    return Verdict.LOST if lost else Verdict.WIN


@pytest.mark.parametrize("precise", [False, True])
@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.integers(0, 10**9), st.integers(12, 36))
def test_an_endgame_proven_lost_is_never_won(precise, seed, left):
    position = endgame(random.Random(seed), left)
    if canonical(position, 20_000, precise) is Verdict.LOST:
        assert reference(position, 50_000) is not Verdict.WIN


@pytest.mark.parametrize("precise", [False, True])
@settings(ENGINE_SETTINGS, max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(0, 10**9))
def test_a_mid_game_position_proven_lost_is_never_won(precise, number, steps, seed):
    """Random play from a deal's start (every card known): a proof of loss is never contradicted by the
    solver's own win, whose line replays."""
    position, _ = played(number, steps, seed)
    if canonical(position, 20_000, precise) is Verdict.LOST:
        assert solve_board(Board.of(position), node_budget=40_000).verdict is not Verdict.WIN


def test_on_endgames_it_proves_lost_exactly_the_lost_ones_it_finishes():
    """A fixed sample, so that the property above is seen to bite: the canonical search proves some
    endgames lost, each of them lost for the reference too, and none of the reference's wins."""
    rng = random.Random(5)
    proven = agreed_wins = 0
    for _ in range(40):
        position = endgame(rng, rng.randint(26, 36))
        ours, theirs = canonical(position, 20_000), reference(position, 50_000)
        if Verdict.UNKNOWN in (ours, theirs):
            continue
        if ours is Verdict.LOST:
            assert theirs is Verdict.LOST
            proven += 1
        elif theirs is Verdict.WIN:
            agreed_wins += 1
    assert proven >= 3 and agreed_wins >= 10


@pytest.mark.parametrize("precise", [False, True])
@pytest.mark.parametrize("number", [0, 2, 4, 5, 9, 14, 28, 31, 323, 409, 479])
def test_a_winnable_deal_is_never_proven_lost(number, precise):
    """323 among them: a swap that moved a run off a talon card proved it lost (see `swaps_of`); 409 and 479
    are wins that took the solver more than 10 s."""
    assert canonical(start(number), 30_000, precise) is not Verdict.LOST


@pytest.mark.parametrize(("number", "states"), [(332, 3_000), (761, 3_000)])
def test_deals_the_complete_search_needs_minutes_for_are_proven_lost_in_a_few_thousand_states(number, states):
    """Deals 332 and 761 are lost; the complete search alone needs about 94,000 and 106,000 states to
    see it (docs/PERFORMANCE.md), the canonical search fewer than 3,000."""
    assert canonical(start(number), states) is Verdict.LOST
    assert Solver(Board.of(start(number)), max_nodes=20_000).run().verdict is Verdict.UNKNOWN


def test_a_talon_card_up_or_in_the_talon_is_one_state():
    """A talon card that can go up may also go back (the relaxation's extra move), so the search keeps one
    state of the two: the same, whether the card went up or not, and a state it keeps is kept as it is."""
    search = CanonicalSearch(Board.of(start(453)))
    board = search.solver.board
    state = (board.cols, board.found, board.mask, board.ptr)
    aces = [k for k, card in enumerate(search.solver.seq) if RANK[card] == 1]
    assert aces
    up = search.solver.apply(state, (_S2F, aces[0], 0, 0))
    kept = search.canonical(state)
    key = search.solver._key  # the talon's pointer aside, which never matters under draw one
    assert key(search.canonical(up)) == key(kept) and search.canonical(kept) == kept
    assert kept[2] >> aces[0] & 1 and search.raised(kept)[1] != kept[1]


def test_keeping_one_state_a_class_halves_a_late_proof():
    """Deal 379 is lost; the canonical search proved it in 53,784 states when every placing of the talon
    cards on the foundations was a state of its own, and in fewer than 35,000 now."""
    assert canonical(start(379), 35_000) is Verdict.LOST


def test_the_time_budget_stops_a_long_turn(monkeypatch):
    """The budget is looked at between slices, not only between turns: once the time is up while the
    canonical search has a turn of many slices, it stops after the slice it is in."""
    searches: list[CanonicalSearch] = []
    steps = CanonicalSearch.steps

    def watched(self: CanonicalSearch):  # type: ignore[no-untyped-def]
        searches.append(self)
        return (yield from steps(self))

    monkeypatch.setattr(CanonicalSearch, "steps", watched)
    clock = lambda: 1e9 if searches and searches[0].nodes else 0.0  # noqa: E731 - a clock in one line
    result = solve_board(Board.of(start(453)), budget_ms=1_000, clock=clock)
    assert result.verdict is Verdict.UNKNOWN
    assert 0 < searches[0].nodes <= 512 < solver.LATE[1].canonical * 512


def test_a_relaxed_win_is_no_proof(monkeypatch):
    """Deal 112 is lost (the complete search proves it in about 44 s), but the canonical search reaches a
    state with every card turned: it answers no proof, and `solve_board` does not read that as a win. The
    precise form proves it lost (in about 10,000 states)."""
    assert canonical(start(112), 30_000) is Verdict.WIN
    budget = solver.LATE_AFTER + 30_000
    assert solve_board(Board.of(start(112)), node_budget=budget).verdict is Verdict.LOST
    without = {draw: replace(phase, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(Board.of(start(112)), node_budget=budget).verdict is Verdict.UNKNOWN


def test_solve_board_decides_a_lost_deal_with_them_and_not_without(monkeypatch):
    """Deal 332: the canonical search, its exact twin and its precise form each prove it lost in a few
    thousand states."""
    board = Board.of(start(332))
    budget = solver.LATE_AFTER + 60_000
    result = solve_board(board, node_budget=budget)
    assert result.verdict is Verdict.LOST and result.line == ()
    without = {draw: replace(phase, canonical=0, exact=0, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget).verdict is Verdict.UNKNOWN


def test_the_result_does_not_depend_on_the_slices():
    board = Board.of(start(761))
    whole = solve_board(board, node_budget=solver.LATE_AFTER + 60_000)
    sliced = finish(solve_board_steps(board, node_budget=solver.LATE_AFTER + 60_000, yield_every=16))
    assert whole.verdict is Verdict.LOST
    assert (sliced.verdict, sliced.nodes) == (whole.verdict, whole.nodes)


def test_a_budget_that_runs_out_raises_and_counts_its_states():
    search = CanonicalSearch(Board.of(start(453)), max_nodes=2_000)
    with pytest.raises(OutOfBudget):
        finish(search.steps())
    assert 2_000 < search.nodes <= 2_000 + 512


def test_under_draw_three_its_proof_under_draw_one_counts(monkeypatch):
    """Deal 332 is lost under draw one, so under draw three too (draw three's lines are draw one's): the
    canonical search, reading the board as draw one, proves it within the same budget where the other
    searches decide nothing (the precise form, which proves it too, set aside)."""
    board = Board.of(start(332))
    budget = solver.LATE_AFTER + 30_000
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.LOST
    canonical_alone = {draw: replace(phase, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", canonical_alone)
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.LOST
    without = {draw: replace(phase, canonical=0, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget, draw=3).verdict is Verdict.UNKNOWN


def test_its_own_cap_stops_it_alone(monkeypatch):
    """Draw three gives the canonical search a cap of its own (`LatePhase.canonical_nodes`): below the 1,332
    states deal 332's proof needs, the proof does not come, and the solve goes on to its budget (the precise
    form, which proves it too, set aside)."""
    board = Board.of(start(332))
    budget = solver.LATE_AFTER + 30_000
    capped = {draw: replace(phase, canonical_nodes=1_000, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", capped)
    result = solve_board(board, node_budget=budget, draw=3)
    assert result.verdict is Verdict.UNKNOWN and result.nodes > budget


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.integers(0, 10**9), st.integers(12, 36))
def test_the_exact_twin_agrees_with_the_reference_on_endgames(seed, left):
    """Both decide: the same verdict (the exact twin's wins replay, `exact` checks it)."""
    position = endgame(random.Random(seed), left)
    ours, theirs = exact(position, 20_000), reference(position, 50_000)
    if Verdict.UNKNOWN not in (ours, theirs):
        assert ours is theirs


@settings(ENGINE_SETTINGS, max_examples=20)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(0, 10**9))
def test_the_exact_twin_agrees_with_the_solver_in_mid_game(number, steps, seed):
    position, _ = played(number, steps, seed)
    ours = exact(position, 20_000)
    theirs = solve_board(Board.of(position), node_budget=40_000).verdict
    if Verdict.UNKNOWN not in (ours, theirs):
        assert ours is theirs


def test_the_exact_twin_decides_a_deal_the_canonical_search_cannot():
    """Deal 517: the canonical search reaches every card turned (no proof); the exact twin proves it lost
    in about 39,000 states, and wins deal 0 with a line that replays."""
    assert canonical(start(517), 30_000) is Verdict.WIN
    assert exact(start(517), 45_000) is Verdict.LOST
    assert exact(start(0), 5_000) is Verdict.WIN


def test_solve_board_answers_the_exact_twins_proof(monkeypatch):
    board = Board.of(start(517))
    budget = solver.LATE_AFTER + 60_000
    heavy = {draw: replace(phase, exact=200, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", heavy)
    result = solve_board(board, node_budget=budget)
    assert result.verdict is Verdict.LOST and result.line == ()
    without = {draw: replace(phase, exact=0, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget).verdict is Verdict.UNKNOWN


def test_under_draw_three_the_exact_twins_win_is_no_answer(monkeypatch):
    """Deal 103 is won under draw one in a few moves but lost under draw three. The exact twin reads the
    board as draw one, so its win is no draw-three line: `solve_board` goes on and proves the loss."""
    heavy = {draw: replace(phase, exact=200) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", heavy)
    result = solve_board(Board.of(start(103)), node_budget=solver.LATE_AFTER + 200_000, draw=3)
    assert result.verdict is Verdict.LOST


def swaps_of(search: CanonicalSearch, state: State) -> list[State]:
    """The states one swap away from `state` (the module docstring's swaps, as the search finds them)."""
    return [search.solver.apply(state, swap[0]) for swap, _ in search._variants(state)[1:] if len(swap) == 1]


def test_a_run_on_either_parent_is_one_state():
    """Along a won line of deal 0, every state one swap away from a kept state settles back to it (no move
    up in between: the swap moved a run onto a parent that no safe move takes) and each kept state stays as
    it is; the swaps are there to be seen (the line meets some)."""
    search = CanonicalSearch(Board.of(start(0)), exact=True)
    solver_ = search.solver
    state, _ = search.settle((solver_.board.cols, solver_.board.found, solver_.board.mask, solver_.board.ptr))
    met = 0
    for _ in range(60):
        assert search.settle(state)[0] == state
        for swapped in swaps_of(search, state):
            met += 1
            settled = search.settle(swapped)[0]
            assert settled == state or settled[1] != state[1]
        children = search.successors(state)
        if not children:
            break
        state = children[0][1]
    assert met


@pytest.mark.parametrize(("number", "states"), [(829, 20_000), (733, 30_000)])
def test_the_exact_twin_decides_deals_it_needed_over_100_000_states_for(number, states):
    """Deal 829 is lost and 733 won; the exact twin needed 103,711 and 123,780 states before it kept one state
    of each set of runs swapped between twin parents."""
    assert exact(start(number), states) is (Verdict.LOST if number == 829 else Verdict.WIN)


def test_swapping_off_a_talon_card_is_left_out_of_the_canonical_search():
    """In the canonical search no swap moves a run off or onto a talon card (the swap off one would undo the
    chain of talon cards the run lies on, a counted move; deal 323, winnable, was proven lost that way), and
    a kept state keeps such a run where it is; it still swaps the others. Seen over its first states."""
    search = CanonicalSearch(Board.of(start(323)))
    talon = set(search.solver.where)
    board = search.solver.board
    state = search.settle((board.cols, board.found, board.mask, board.ptr))[0]
    stack, seen = [state], {search.solver._key(state)}
    left_out = made = 0
    for _ in range(300):
        state = stack.pop()
        every = _swaps(state[0], lower_only=False)
        kept = _swaps(state[0], lower_only=False, talon=talon)
        for _, column, index, to in every:
            off_or_onto = {state[0][column][index - 1], state[0][to][-1]} & talon
            assert ((_T2T, column, index, to) in kept) is not bool(off_or_onto)
        singles = [swaps for swaps, _ in search._variants(state)[1:] if len(swaps) == 1]
        assert singles == [[swap] for swap in kept]
        assert search.settle(state)[0] == state
        left_out += len(every) - len(kept)
        made += len(kept)
        for _, child in search.successors(state):
            if search.solver._key(child) not in seen:
                seen.add(search.solver._key(child))
                stack.append(child)
    assert left_out and made


@settings(ENGINE_SETTINGS, max_examples=25)
@given(st.integers(0, 10**6), st.integers(0, 60), st.integers(0, 10**9))
def test_the_exact_twin_never_contradicts_the_solver_mid_game(number, steps, seed):
    """Random play from a deal's start: the exact twin's proof of loss is never met by a win of the solver
    (its own wins replay: `exact` checks them)."""
    position, _ = played(number, steps, seed)
    if exact(position, 20_000) is Verdict.LOST:
        assert solve_board(Board.of(position), node_budget=40_000).verdict is not Verdict.WIN


def first_states(search: CanonicalSearch, count: int) -> Iterator[State]:
    """The first `count` states `search` keeps from its start, its successors walked depth first."""
    solver_ = search.solver
    board = solver_.board
    state = search.settle((board.cols, board.found, board.mask, board.ptr))[0]
    stack, seen = [state], {solver_._key(state)}
    for _ in range(count):
        state = stack.pop()
        yield state
        for _, child in search.successors(state):
            if solver_._key(child) not in seen:
                seen.add(solver_._key(child))
                stack.append(child)


def variants(search: CanonicalSearch, state: State) -> Iterator[tuple[State, frozenset[int]]]:
    """`state` and the states one or two swaps away that `successors` makes moves of, each with its freed
    tops."""
    for swaps, freed in search._variants(state):
        base = state
        for swap in swaps:
            base = search.solver.apply(base, swap)
        yield base, freed


@pytest.mark.parametrize(("number", "exact_twin"), [(856, False), (453, False), (829, True), (990, True)])
def test_the_moves_left_out_lead_back_to_the_state(number, exact_twin):
    """`successors` makes no move that `_returns` says would settle back into the kept state (a swap, or a
    foundation card coming down that a safe move puts straight back): over the first states of each search,
    every such move, made and settled, gives the state again, and there are many of them."""
    search = CanonicalSearch(Board.of(start(number)), exact=exact_twin)
    key = search.solver._key
    left_out = 0
    for state in first_states(search, 150):
        for base, _ in variants(search, state):
            for begin, moves in search._moves(base):
                if search._returns(base, moves):
                    child = begin
                    for move in moves:
                        child = search.solver.apply(child, move)
                    assert key(search.settle(child)[0]) == key(state)  # the talon pointer aside
                    left_out += 1
    assert left_out > 100


def touched(state: State, moves: tuple[Move, ...]) -> set[int]:
    """The tops `moves` needs in `state` (`_touched`)."""
    return _touched(state[0], list(moves))


@pytest.mark.parametrize(("number", "exact_twin"), [(856, False), (829, True), (990, True)])
def test_a_swapped_state_makes_the_moves_its_freed_tops_need_and_no_fewer(number, exact_twin):
    """`_touching` makes, of a swapped state's moves, those that touch the tops its swaps freed without making
    every other column's: over the first states of each search, the moves left after the filter are those
    `_moves` would have given."""
    search = CanonicalSearch(Board.of(start(number)), exact=exact_twin)
    compared = 0
    for state in first_states(search, 200):
        for base, freed in list(variants(search, state))[1:]:
            every = {(begin, tuple(moves)) for begin, moves in search._moves(base)}
            some = {(begin, tuple(moves)) for begin, moves in search._touching(base, freed)}
            assert some <= every
            needed = {(begin, moves) for begin, moves in every if freed <= touched(base, moves)}
            assert {(begin, moves) for begin, moves in some if freed <= touched(base, moves)} == needed
            compared += len(needed)
    assert compared > 100


def test_the_exact_twin_sends_a_talon_card_up_only_under_a_column_card():
    """Over the exact twin's first states of deal 908: no move list of `_moves` ends with a talon card going
    up, and a talon card goes up only before more of its suit and the column's top that needs it, which
    could not go up without it."""
    search = CanonicalSearch(Board.of(start(908)), exact=True)
    combined = 0
    for state in first_states(search, 1_500):
        for _, moves in search._moves(state):
            *ups, last = moves
            if not any(move[0] == _S2F for move in moves):
                continue
            assert all(move[0] == _S2F for move in ups) and last[0] == _T2F
            top = state[0][last[1]][-1]
            cards = [search.solver.seq[move[1]] for move in ups]
            base = SUIT[top] * 13 + state[1][SUIT[top]]
            assert cards == list(range(base, top))
            combined += 1
    assert combined


def test_the_exact_twin_proves_deal_990_lost_in_a_third_of_the_states():
    """It needed 66,218 states when a talon card could go up alone, 23,443 now."""
    assert exact(start(990), 30_000) is Verdict.LOST


def test_the_precise_form_proves_a_deal_the_canonical_search_reaches_every_card_turned_on():
    """Deal 908 is lost: the canonical search reaches every card turned (no proof), the exact twin needs
    26,226 states, the precise form 2,787."""
    assert canonical(start(908), 5_000) is Verdict.WIN
    assert exact(start(908), 5_000) is Verdict.UNKNOWN
    assert canonical(start(908), 5_000, precise=True) is Verdict.LOST


def test_the_precise_form_puts_back_only_the_talon_cards_whose_suit_is_ready():
    """Over its first states of deal 908: a talon card on a column's top is never one whose suit is ready
    (`raised`), and many talon cards stay on the tops; a swap never moves a run off or onto a ready one."""
    search = CanonicalSearch(Board.of(start(908)), precise=True)
    where = search.solver.where
    kept = 0
    for state in first_states(search, 600):
        up = search.raised(state)[1]
        tops = [col[-1] for col in state[0] if len(col) > col[0] + 1 and col[-1] in where]
        assert all(up[SUIT[card]] != RANK[card] - 1 for card in tops)
        kept += len(tops)
        ready = {card for card in where if up[SUIT[card]] == RANK[card] - 1}
        for swap in _swaps(state[0], lower_only=False, talon=search._unswapped(state)):
            _, column, index, to = swap
            assert {state[0][column][index - 1], state[0][to][-1]}.isdisjoint(ready)
    assert kept


def test_solve_board_decides_with_the_precise_form_what_it_could_not_without(monkeypatch):
    """Deal 908, lost: with the late phase's precise form, a budget of states proves it; without, not."""
    board = Board.of(start(908))
    budget = solver.LATE_AFTER + 40_000
    assert solve_board(board, node_budget=budget).verdict is Verdict.LOST
    without = {draw: replace(phase, precise=0) for draw, phase in solver.LATE.items()}
    monkeypatch.setattr(solver, "LATE", without)
    assert solve_board(board, node_budget=budget).verdict is Verdict.UNKNOWN


def twin(card: int) -> int:
    """The other card of `card`'s rank and colour."""
    return card + 13 * (SAME[SUIT[card]] - SUIT[card])


def exchanges_of(cols: tuple[bytes, ...], unswapped: Collection[int]) -> list[tuple[bytes, ...]]:
    """The columns one exchange away from `cols` (canonical.py, "Exchanges"), read afresh from the columns:
    the piles on two covered face-up cards of one rank and colour, neither of them `unswapped`, swapped."""
    lying = {col[i]: (c, i) for c, col in enumerate(cols) for i in range(col[0] + 2, len(col))}
    out = []
    for x, (s, i) in lying.items():
        if twin(x) < x or twin(x) not in lying:
            continue
        t, j = lying[twin(x)]
        if {cols[s][i - 1], cols[t][j - 1]} & set(unswapped):
            continue
        new = list(cols)
        new[s], new[t] = cols[s][:i] + cols[t][j:], cols[t][:j] + cols[s][i:]
        out.append(tuple(new))
    return out


@pytest.mark.parametrize("precise", [False, True])
def test_two_piles_on_twin_cards_are_one_state(precise):
    """Over the first states of deal 767 (where piles on twin cards multiply its states): every kept state
    has the lower child on the lower parent, and every state one exchange away settles back to it."""
    search = CanonicalSearch(Board.of(start(767)), precise=precise)
    met = 0
    for state in first_states(search, 400):
        unswapped = search._unswapped(state)
        for cols in exchanges_of(state[0], unswapped):
            met += 1
            assert search.settle((cols, *state[1:]))[0] == state
        lying = {col[i]: col[i - 1] for col in state[0] for i in range(col[0] + 2, len(col))}
        for x, parent in lying.items():
            if twin(x) in lying and {parent, lying[twin(x)]}.isdisjoint(unswapped):
                assert (x < twin(x)) == (parent < lying[twin(x)])
    assert met


def test_exchanges_prove_a_deal_in_a_tenth_of_the_states(monkeypatch):
    """Deal 112, lost: the precise form proves it in 11,286 states with exchanges, 151,755 without."""
    assert canonical(start(112), 15_000, precise=True) is Verdict.LOST
    monkeypatch.setattr(canonical_module, "_exchange_all", lambda cols, unswapped: cols)
    assert canonical(start(112), 15_000, precise=True) is Verdict.UNKNOWN
