"""The hint's strategy: what it prefers in constructed positions, that its sampling is deterministic and
independent of how the work is sliced, and that it plays better than the greedy player."""

from __future__ import annotations

import random

import pytest
from engine_support import TAKE_ORDER, build_deal, chain_deal, play_random

from tripeaks_core import DealId, Game, Outcome, PlayerView, Rules, rollout
from tripeaks_core.autoplay import play_out
from tripeaks_core.cli import sample_deal_numbers
from tripeaks_core.hint import (
    MAX_WORLDS,
    MIN_WORLDS,
    WIN_VALUE,
    Hint,
    HintJob,
    compute,
    hint,
    outcome_value,
    playable_in_view,
)
from tripeaks_core.layout import TABLE_SIZE
from tripeaks_core.rollout import WIN_BASE, Worlds, playout


def _contested_game() -> Game:
    """Deal 7 after a few moves, at a position where several cards fit (so the hint must sample)."""
    rng = random.Random(5)
    for number in range(50):
        game = Game.from_id(str(number))
        for _ in range(20):
            view = game.player_view()
            if len(playable_in_view(view)) >= 2 and view.stock:
                return game
            play_random(game, rng, 1)
    raise AssertionError("no contested position found")


def test_prefers_the_take_that_turns_a_card() -> None:
    # Waste 5; take the 6 at 18 first. Then the 7 at 19 turns the card at 9 (both its coverers gone),
    # while the 5 at 27 turns nothing; nothing else on the table fits a 6.
    table = {18: "6C", 19: "7D", 20: "KC", 21: "KD", 22: "JC", 23: "JD", 24: "KH", 25: "KS", 26: "JH",
             27: "5D"}
    game = Game(build_deal(table, waste="5C"), Rules())
    game.take(18)
    assert sorted(playable_in_view(game.player_view())) == [19, 27]
    advice = hint(game.player_view())
    assert advice == Hint("take", 19, why="reveals")


def test_takes_the_last_card_rather_than_drawing() -> None:
    game = Game(chain_deal(), Rules())
    for position in TAKE_ORDER[:-1]:
        game.take(position)
    assert not game.all_known and game.can_draw
    advice = hint(game.player_view())
    assert advice.kind == "take" and advice.position == TAKE_ORDER[-1]


def test_nothing_fits_means_draw_without_sampling() -> None:
    codes = ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "6D"]
    table = {18 + i: code for i, code in enumerate(codes)}
    game = Game(build_deal(table, waste="KD"), Rules())
    steps = compute(game.player_view())
    try:
        next(steps)
    except StopIteration as done:
        assert done.value == Hint("draw", why="nothing_fits")
    else:
        raise AssertionError("a forced draw should not need any work")


def test_same_hint_however_the_work_is_sliced() -> None:
    game = _contested_game()
    view = game.player_view()
    at_once = hint(view)
    for slice_ms in (0.0, 0.5, 5.0, 1000.0):
        job = HintJob(view)
        result = None
        while result is None:
            result = job.step(slice_ms)
        assert result == at_once


def test_a_contested_hint_yields_after_every_sampled_world() -> None:
    view = _contested_game().player_view()
    steps = compute(view)
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        yields += 1
    # at least the 64 worlds every candidate is played in before any is dropped, at most one per world
    assert MIN_WORLDS <= yields <= MAX_WORLDS


def test_worlds_depend_only_on_the_view() -> None:
    game = _contested_game()
    first = Worlds(game.player_view())
    second = Worlds(game.player_view())
    for _ in range(5):
        assert first.draw() == second.draw()
    # every world keeps the known cards where they are and uses exactly the unseen ranks
    view = game.player_view()
    ranks, stock, _ = Worlds(view).draw()
    for position, card in enumerate(view.table):
        if card is not None:
            assert ranks[position] == card.rank
    filled = sorted([ranks[p] for p in range(28) if view.remaining >> p & 1 and view.table[p] is None]
                    + [stock[i] for i, card in enumerate(view.stock) if card is None])
    assert filled == sorted(card.rank for card in view.unseen)


def test_playout_reports_wins_with_stock_left() -> None:
    game = Game(chain_deal(), Rules())
    view = game.player_view()
    # in every world of this deal the base row chains on; the simulated player either wins or reports the
    # cards it left
    for _ in range(20):
        world = Worlds(view).draw()
        outcome = playout(world, view.remaining, view.waste.rank, 0)
        assert outcome >= WIN_BASE or -28 <= outcome < 0
        if outcome >= WIN_BASE:
            assert outcome - WIN_BASE <= len(view.stock)


def test_never_lost_while_cards_are_unseen() -> None:
    rng = random.Random(2)
    for number in range(6):
        game = Game.from_id(DealId(number, Rules(wrap=number % 2 == 0)))
        while game.outcome() is Outcome.PLAYING:
            view = game.player_view()
            advice = hint(view)
            if not view.all_known:
                assert advice.kind in ("take", "draw") and not advice.proven
            play_random(game, rng, 1)


def _first_fitting(view: PlayerView) -> Hint:
    playable = playable_in_view(view)
    return Hint("take", playable[0]) if playable else Hint("draw")


def _play(number: int, use_hint: bool) -> bool:
    return play_out(Game.from_id(str(number)), hint if use_hint else _first_fitting)


def test_beats_the_greedy_player() -> None:
    numbers = list(sample_deal_numbers(30, 11))
    hint_wins = sum(_play(n, True) for n in numbers)
    greedy_wins = sum(_play(n, False) for n in numbers)
    assert hint_wins >= greedy_wins + 3


def test_outcome_values_put_wins_first() -> None:
    # any win beats any loss; among wins more stock left is better; among losses fewer cards left
    assert outcome_value(WIN_BASE) > outcome_value(-1)
    assert outcome_value(WIN_BASE + 5) > outcome_value(WIN_BASE + 2)
    assert outcome_value(-1) > outcome_value(-9)
    # the tie-breaks of a whole search never add up to one win
    assert MAX_WORLDS * 28 < WIN_VALUE


def test_the_first_hint_of_a_process_fills_its_caches_a_little_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Right after a start nothing is cached yet: the first hint's steps each add a bounded number of table
    orders to the simulated player's cache (at most every table one world's play-outs pass through), and the
    hint is the one computed with full caches."""
    view = _contested_game().player_view()
    warm = hint(view)
    monkeypatch.setattr(rollout, "_PRIORITY", {})
    candidates = len(playable_in_view(view)) + 1
    steps = compute(view)
    grown = []
    while True:
        before = len(rollout._PRIORITY)
        try:
            next(steps)
        except StopIteration as done:
            assert done.value == warm
            break
        grown.append(len(rollout._PRIORITY) - before)
    assert grown[0] > 0 and sum(grown) == len(rollout._PRIORITY)
    assert max(grown) <= candidates * TABLE_SIZE  # one world: each candidate's play-out, at most 28 tables
