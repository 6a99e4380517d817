"""The exact solver: winning lines replay on the engine, `lost` agrees with a plain exhaustive search written
from the seed, and a budget gives `unknown`, never a wrong verdict."""

from __future__ import annotations

import random

from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from pyramid_support import Model, brute_force

from pyramid_core import Deal, DealId, Game, Outcome
from pyramid_core.solver import Position, Verdict, solve, solve_game


def replays_to_a_win(game: Game, line: tuple[str, ...]) -> bool:
    for move in line:
        game.play(move)
    return game.outcome() is Outcome.WON


def test_first_deals_decided_and_lines_replay():
    verdicts = []
    for number in range(1, 31):
        game = Game.from_id(number)
        result = solve_game(game)
        verdicts.append(result.verdict)
        assert result.verdict is not Verdict.UNKNOWN
        if result.verdict is Verdict.WIN:
            assert replays_to_a_win(game, result.line)
        else:
            assert result.line == ()
    assert Verdict.WIN in verdicts and Verdict.LOST in verdicts


def play_randomly(game: Game, model: Model, rng: random.Random, steps: int) -> list[str]:
    """Random legal moves, drawing often so that later passes are reached too."""
    played = []
    for _ in range(steps):
        legal = sorted(model.legal())
        if not legal:
            break
        pairs = [m for m in legal if m not in ("draw", "recycle")]
        move = rng.choice(pairs) if pairs and rng.random() < 0.4 else ("draw" if "draw" in legal else
                                                                     rng.choice(legal))
        game.play(move)
        model.play(move)
        played.append(move)
    return played


@settings(ENGINE_SETTINGS, max_examples=25)
@given(number=st.integers(0, 10**9), seed=st.integers(0, 2**32), steps=st.integers(20, 90))
def test_verdict_agrees_with_an_exhaustive_search(number, seed, steps):
    deal = DealId(number).deal()
    game, model = Game(deal), Model(deal)
    played = play_randomly(game, model, random.Random(seed), steps)
    expected = brute_force(deal, max_states=20_000, moves=played)
    result = solve_game(game)
    if expected is not None:
        assert (result.verdict is Verdict.WIN) == expected
    assert result.verdict is not Verdict.UNKNOWN
    if result.verdict is Verdict.WIN:
        assert replays_to_a_win(game, result.line)


def test_a_lost_deal_by_rank_supply():
    # the apex is an ace and the four queens all lie on it (its cone): it can never find a partner
    codes = DealId(3).deal().notation().split()
    for index, queen in zip((1, 3, 6, 10), ("QC", "QD", "QH", "QS"), strict=True):
        j = codes.index(queen)
        codes[index], codes[j] = codes[j], codes[index]
    j = codes.index("AC")
    codes[0], codes[j] = codes[j], codes[0]
    deal = Deal.parse(" ".join(codes))
    result = solve(Position.start(deal.ranks()))
    assert result.verdict is Verdict.LOST and result.line == ()


def test_a_budget_gives_unknown_never_a_wrong_verdict():
    unknown = 0
    for number in range(1, 60):
        deal = DealId(number).deal()
        full = solve(Position.start(deal.ranks()))
        cut = solve(Position.start(deal.ranks()), max_nodes=1)
        assert cut.verdict in (full.verdict, Verdict.UNKNOWN)
        unknown += cut.verdict is Verdict.UNKNOWN
    assert unknown > 0


def test_position_of_a_game_in_a_later_pass():
    game = Game.from_id(5)
    for _ in range(24):
        game.play("draw")
    game.play("recycle")
    game.play("draw")
    position = Position.of_game(game)
    assert position.pass_number == 2 and position.waste_count == 1 and len(position.sequence) == 24
    result = solve(position)
    if result.verdict is Verdict.WIN:
        assert replays_to_a_win(game, result.line)
