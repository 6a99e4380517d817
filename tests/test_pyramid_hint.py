"""The Pyramid hint: it never peeks (deals that differ only in unseen stock cards get the same hint), it is
deterministic, it never says `lost` while a stock card is unseen, its advice is a legal move, and once
every card is known it follows the solver."""

from __future__ import annotations

import random

from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramid_support import shuffle_unseen

from pyramid_core import DealId, Game, Move, Outcome
from pyramid_core.autoplay import greedy, play_out
from pyramid_core.hint import Hint, HintJob, hint
from pyramid_core.rollout import apply
from pyramid_core.solver import Position, Verdict, solve_game


def check_advice(game: Game, advice: Hint) -> None:
    """Whatever the hint says must make sense on the real table."""
    assert advice.kind in ("pair", "king", "draw", "recycle", "lost", "stuck")
    if advice.kind in ("lost", "stuck"):
        assert advice.move is None and not advice.proven
    else:
        assert advice.move is not None
        assert Move.parse(advice.move) in game.legal_moves()
        assert Move.parse(advice.move).kind == advice.kind
    if advice.kind == "stuck":
        assert game.legal_moves() == []
    if not game.all_known:
        assert advice.kind != "lost"
        assert not advice.proven


def random_moves(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves or game.outcome() is not Outcome.PLAYING:
            return
        if game.can_undo and rng.random() < 0.1:
            game.undo()
            continue
        draw = [m for m in moves if m.kind == "draw"]
        game.play(draw[0] if draw and rng.random() < 0.6 else rng.choice(moves))


@settings(ENGINE_SETTINGS, max_examples=25)
@given(number=st.integers(0, 10**9), steps=st.integers(0, 30), seed=st.integers(0, 2**32))
def test_unseen_stock_cards_do_not_change_the_hint(number, steps, seed):
    rng = random.Random(seed)
    first = Game(DealId(number).deal())
    random_moves(first, rng, steps)
    second = Game(shuffle_unseen(first.deal, first.known, rng), None, first.known)
    for action in first.actions:
        second.play(action)
    assert first.player_view() == second.player_view()
    advice = hint(first.player_view())
    assert hint(second.player_view()) == advice
    assert hint(first.player_view()) == advice  # deterministic
    check_advice(first, advice)
    check_advice(second, advice)
    if not first.all_known:
        assert advice.kind != "lost"


def test_lost_only_once_everything_is_known_and_proven_when_won():
    lost_seen = proven_seen = False
    # deals whose position after the first pass is quick to decide (others may exceed the hint's budget,
    # and then the hint gives ordinary advice, which is allowed)
    for number in (3, 4, 8, 9, 11, 13, 15, 16, 17, 18, 20, 24):
        game = Game.from_id(number)
        verdict = solve_game(game).verdict
        before = hint(game.player_view())
        assert before.kind != "lost"
        while game.can_draw:  # the first pass: every stock card turns face up once
            game.play("draw")
        assert game.all_known
        advice = hint(game.player_view())
        check_advice(game, advice)
        after = solve_game(game).verdict
        if after is Verdict.LOST:
            assert advice.kind == "lost"
            lost_seen = True
        elif after is Verdict.WIN:
            assert advice.proven
            proven_seen = True
        assert verdict is not Verdict.LOST or after is Verdict.LOST
    assert lost_seen and proven_seen


def test_sliced_hint_is_the_same_hint():
    game = Game.from_id(7)
    game.play("draw")
    view = game.player_view()
    job = HintJob(view)
    result = None
    slices = 0
    while result is None:
        result = job.step(0.01)
        slices += 1
    assert result == hint(view)
    assert slices > 1


def test_stuck_when_nothing_moves():
    game = Game.from_id(3)
    while game.legal_moves():
        game.play(game.legal_moves()[-1])  # draw and recycle until the end
        if game.outcome() is Outcome.WON:
            return
    assert hint(game.player_view()) == Hint("stuck", why="stuck")


def test_following_the_hint_beats_the_greedy_player():
    hinted = sum(play_out(Game.from_id(n)) for n in range(1, 13))
    simple = sum(play_out(Game.from_id(n), greedy) for n in range(1, 13))
    assert hinted > simple


@settings(ENGINE_SETTINGS, max_examples=30)
@given(number=st.integers(0, 10**9), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_the_worlds_follow_the_rules_of_the_game(number, seed, steps):
    """`rollout.apply` (how the hint plays a candidate in a sampled world) agrees with `Game` on each move."""
    rng = random.Random(seed)
    game = Game(DealId(number).deal())
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        expected_before = Position.of_game(game)
        game.play(move)
        got, want = apply(expected_before, move), Position.of_game(game)
        assert (got.remaining, got.sequence, got.waste_count, got.pass_number) == (
            want.remaining, want.sequence, want.waste_count, want.pass_number)
