"""The hint: it never peeks (deals that differ only in unseen cards get the same hint), it is deterministic,
it never says `lost` while a card is unknown, and once every card is known it follows the solver."""

from __future__ import annotations

import random

import pytest
from engine_support import ENGINE_SETTINGS, brute_force, build_deal, permute_unseen, play_random, replay
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks_core import DRAW, UNDO, DealId, Game, Outcome, Rules
from tripeaks_core import solver as solver_module
from tripeaks_core.cli import main
from tripeaks_core.hint import Hint, HintJob, compute, hint
from tripeaks_core.layout import positions_of
from tripeaks_core.snapshot import snapshot
from tripeaks_core.solver import Verdict, solve_game


def check_advice_is_legal(game: Game, advice: Hint) -> None:
    """Whatever the hint says must make sense on the real table."""
    assert advice.kind in ("take", "draw", "lost", "stuck")
    if advice.kind == "take":
        assert advice.position in game.playable_positions()
    elif advice.kind == "draw":
        assert game.can_draw and advice.position is None
    elif advice.kind == "stuck":
        assert game.legal_moves() == [] and not advice.proven
    else:
        assert game.all_known and not advice.proven and advice.position is None
    if not game.all_known:
        assert advice.kind != "lost"
        assert not advice.proven


def twin(game: Game, rng: random.Random) -> Game:
    """The same game (same moves, same knowledge) on a deal whose unseen cards were shuffled among
    themselves."""
    other = replay(permute_unseen(game, rng), game.rules, game.actions, game.known)
    assert other.known == game.known
    return other


def _public(game: Game) -> dict[str, object]:
    snap = snapshot(game)
    del snap["deal_id"], snap["version"]  # the twin is rebuilt by replaying the moves, without a restart
    return snap


# The hint may spend tens of milliseconds per call (sampled futures): the sizes below keep the number of hint
# calls of this file to a few hundred.


@settings(ENGINE_SETTINGS, max_examples=30)
@given(
    number=st.integers(0, 10**9),
    wrap=st.booleans(),
    visible=st.booleans(),
    steps=st.integers(0, 60),
    seed=st.integers(0, 2**32),
    restart=st.booleans(),
)
def test_unseen_cards_do_not_change_the_hint(number: int, wrap: bool, visible: bool, steps: int, seed: int,
                                             restart: bool) -> None:
    rng = random.Random(seed)
    first = Game(DealId(number).deal(), Rules(wrap=wrap, all_visible=visible))
    play_random(first, rng, steps, undo_rate=0.15)
    if restart:
        first = first.restarted()
        play_random(first, rng, steps // 3, undo_rate=0.15)
    second = twin(first, rng)
    assert first.player_view() == second.player_view()
    assert _public(first) == _public(second)  # the page sees the same table too
    advice = hint(first.player_view())
    assert hint(second.player_view()) == advice
    check_advice_is_legal(first, advice)
    check_advice_is_legal(second, advice)


def test_twins_really_differ() -> None:
    """The twin construction does move hidden cards (so the property above is not vacuous)."""
    rng = random.Random(3)
    differing = 0
    for number in range(40):
        game = Game.from_id(str(number))
        play_random(game, rng, 10)
        other = twin(game, rng)
        differing += other.deal != game.deal
        # the hidden cards sit at other slots, the seen ones did not move
        for i in game.known:
            assert other.deal.cards[i] == game.deal.cards[i]
    assert differing >= 38


def test_hidden_cards_can_change_the_truth_but_not_the_hint() -> None:
    """Find two twins the solver judges differently (one winnable, one lost): the hint is still the same."""
    rng = random.Random(8)
    found = 0
    for number in range(60):
        game = Game.from_id(DealId(number, Rules(wrap=False)))
        play_random(game, rng, 6, draw_rate=0.2)
        if game.outcome() is not Outcome.PLAYING:
            continue
        other = twin(game, rng)
        if solve_game(game, max_nodes=200_000).verdict != solve_game(other, max_nodes=200_000).verdict:
            found += 1
            assert hint(game.player_view()) == hint(other.player_view())
            assert hint(game.player_view()).kind != "lost"
        if found >= 3:
            break
    assert found >= 1


def test_cli_gives_the_same_hint_for_twin_deals(capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(21)
    game = Game.from_id("4321")
    play_random(game, rng, 12)
    moves = ",".join(str(a) for a in game.actions)
    other = twin(game, rng)
    assert other.deal != game.deal
    outputs = []
    for deal in (game.deal, other.deal):
        assert main(["hint", deal.notation(), "--moves", moves, "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


@settings(ENGINE_SETTINGS, max_examples=10)
@given(st.integers(0, 10**9), st.booleans(), st.integers(0, 50), st.integers(0, 2**32))
def test_deterministic(number: int, wrap: bool, steps: int, seed: int) -> None:
    game = Game.from_id(DealId(number, Rules(wrap=wrap)))
    play_random(game, random.Random(seed), steps, undo_rate=0.1)
    first = hint(game.player_view())
    again = replay(game.deal, game.rules, game.actions)
    assert hint(again.player_view()) == first
    job = HintJob(game.player_view())
    result = None
    while result is None:
        result = job.step(0.01)
    assert result == first


@settings(ENGINE_SETTINGS, max_examples=30)
@given(st.integers(0, 10**9), st.booleans(), st.booleans(), st.integers(0, 70), st.integers(0, 2**32))
def test_never_lost_while_a_card_is_unknown(number: int, wrap: bool, visible: bool, steps: int,
                                            seed: int) -> None:
    game = Game.from_id(DealId(number, Rules(wrap=wrap, all_visible=visible)))
    play_random(game, random.Random(seed), steps, undo_rate=0.1)
    check_advice_is_legal(game, hint(game.player_view()))


def test_a_lost_deal_is_not_called_lost_before_everything_is_seen() -> None:
    game = Game.from_id("28")
    assert solve_game(game).verdict is Verdict.LOST  # lost from the very start
    rng = random.Random(28)
    hints = 0
    while game.outcome() is Outcome.PLAYING:
        if game.moves % 3 == 0:
            advice = hint(game.player_view())
            hints += 1
            assert game.all_known or advice.kind != "lost"
            check_advice_is_legal(game, advice)
        play_random(game, rng, 1)
    assert hints >= 5


# --- every card known: the solver decides ------------------------------------------------------------------


def all_known_start(deal_id: str) -> Game:
    """The start of a deal with all cards already seen: all visible, the stock drawn once, then undone."""
    game = Game.from_id(deal_id)
    assert game.rules.all_visible
    for _ in range(23):
        game.draw()
    for _ in range(23):
        game.undo()
    assert game.all_known and game.stock_left == 23 and game.moves == 0
    return game


def follow_hints(game: Game, limit: int = 60) -> list[Hint]:
    hints = []
    while game.outcome() is Outcome.PLAYING and len(hints) < limit:
        advice = hint(game.player_view())
        hints.append(advice)
        if advice.kind == "take":
            assert advice.position is not None
            game.take(advice.position)
        elif advice.kind == "draw":
            game.draw()
        else:
            break
    return hints


@pytest.mark.parametrize("number", [0, 1, 2, 3, 5])
def test_all_known_winnable_hints_are_a_winning_line(number: int) -> None:
    game = all_known_start(f"V-{number}")
    assert solve_game(game).verdict is Verdict.WIN
    hints = follow_hints(game)
    assert game.outcome() is Outcome.WON
    assert all(h.proven and h.kind in ("take", "draw") and h.why == "winning_line" for h in hints)


def test_all_known_after_a_standard_game_restart() -> None:
    """Without all-visible, knowing everything takes a whole game: win it, draw the rest, replay."""
    game = Game.from_id("0")
    line = solve_game(game).line
    for move in line:
        game.play(move)
    while game.can_draw:
        game.draw()
    again = game.restarted()
    assert again.all_known and snapshot(again)["all_known"]
    hints = follow_hints(again)
    assert again.outcome() is Outcome.WON and all(h.proven for h in hints)


def test_each_proven_step_keeps_the_position_winnable() -> None:
    rng = random.Random(4)
    for number in (6, 7, 8):
        game = all_known_start(f"NV-{number}")
        play_random(game, rng, 5)
        while game.outcome() is Outcome.PLAYING:
            advice = hint(game.player_view())
            verdict = solve_game(game).verdict
            if verdict is Verdict.LOST:
                assert advice.kind == "lost"
                break
            assert verdict is Verdict.WIN and advice.proven
            game.play(advice.position if advice.kind == "take" else DRAW)  # type: ignore[arg-type]
            assert solve_game(game).verdict is Verdict.WIN


@pytest.mark.parametrize("deal_id", ["V-28", "V-36", "NV-8"])
def test_all_known_lost_is_said(deal_id: str) -> None:
    game = all_known_start(deal_id)
    assert solve_game(game).verdict is Verdict.LOST
    advice = hint(game.player_view())
    assert advice == Hint("lost", why="lost")
    # An undone move does not make it forget: still lost after a move and its undo.
    game.play(game.legal_moves()[0])
    game.play(UNDO)
    assert hint(game.player_view()).kind == "lost"


def test_lost_only_when_proven_small_positions() -> None:
    """Late all-known positions: `lost` exactly when an independent brute force finds no way."""
    rng = random.Random(12)
    said_lost = said_other = 0
    for number in range(60):
        game = all_known_start(f"{'N' if number % 2 else ''}V-{number}")
        while game.cleared < 16 and game.outcome() is Outcome.PLAYING:
            play_random(game, rng, 1, draw_rate=0.2)
        if game.outcome() is not Outcome.PLAYING:
            continue
        ranks = [c.rank for c in game.deal.cards]
        truth = brute_force(ranks[:28], positions_of(game.remaining), game.waste_top.rank,
                            ranks[29 + game.drawn:], game.rules.wrap)
        advice = hint(game.player_view())
        if truth is None:
            assert advice.kind == "lost"
            said_lost += 1
        else:
            assert advice.kind in ("take", "draw") and advice.proven
            said_other += 1
    assert said_lost >= 5 and said_other >= 5


@pytest.mark.parametrize("budget", [{"max_nodes": 1}, {"max_nodes": 50}, {"budget_ms": 0.0001}])
def test_a_spent_budget_is_never_lost(budget: dict[str, float]) -> None:
    game = all_known_start("V-28")
    advice = hint(game.player_view(), **budget)  # type: ignore[arg-type]
    assert advice.kind in ("take", "draw")
    assert not advice.proven
    check_advice_is_legal(game, advice)


def test_stuck_hint() -> None:
    base = ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"]
    high = [r + s for r in "89TJQK" for s in "CDHS" if r + s != "KD"]  # none of them fits on 2-6
    game = Game(build_deal({18 + i: c for i, c in enumerate(base)}, waste="KD", stock=high), Rules())
    for _ in range(23):
        assert hint(game.player_view()) == Hint("draw", why="nothing_fits")
        game.draw()
    assert game.outcome() is Outcome.STUCK
    assert hint(game.player_view()) == Hint("stuck", why="stuck")


def test_hint_json() -> None:
    assert Hint("take", 18, True, "winning_line").as_json() == {"kind": "take", "position": 18,
                                                                "proven": True}
    assert Hint("draw", why="nothing_fits").as_json() == {"kind": "draw", "position": None, "proven": False}


def test_hint_on_a_won_game_with_stock_left_and_every_card_known() -> None:
    game = Game.from_id("2")
    line = solve_game(game).line
    assert line.count(DRAW) < 23  # the win leaves cards in the stock
    for move in line:
        game.play(move)
    game.reveal()  # a won game shows its solution: every card is known now (no draw after a win: issue 9)
    again = game.restarted()
    for move in line:
        again.play(move)
    assert again.outcome() is Outcome.WON and again.all_known and again.stock_left > 0
    # (hint.py at 7bbe38f took result.line[0] of the empty winning line here and raised IndexError)
    advice = hint(again.player_view())
    assert advice.kind in ("draw", "stuck")


@pytest.mark.parametrize("deal_id", ["V-28", "V-8"])
def test_an_all_known_hint_is_searched_in_bounded_steps_whatever_the_slicing(
    deal_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exact search behind an all-known hint (here a whole sweep: a loss to prove, a deep win) stops
    every few hundred nodes or tables, so a worker's slice stays short; the hint is the same however the
    work is sliced."""
    game = all_known_start(deal_id)
    view = game.player_view()
    at_once = hint(view)
    if deal_id == "V-28":
        assert at_once == Hint("lost", why="lost")
    else:
        assert at_once.proven
    for slice_ms in (0.0, 1.0):
        job = HintJob(view)
        calls = 1
        while job.step(slice_ms) is None:
            calls += 1
        assert job.result == at_once
        if slice_ms == 0.0:
            assert calls > 100  # one step a call: the search came in many pieces, not one
    nodes = [0]
    real_free_of = solver_module.free_of

    def counted(mask: int) -> int:
        nodes[0] += 1
        return real_free_of(mask)

    monkeypatch.setattr(solver_module, "free_of", counted)
    steps = compute(view)
    while True:
        before = nodes[0]
        try:
            next(steps)
        except StopIteration as done:
            assert done.value == at_once
            break
        # a depth-first node computes its free cards once; rebuilding the line at the end a few more
        assert nodes[0] - before <= solver_module.STEP_NODES + 2 * 28 * 28
