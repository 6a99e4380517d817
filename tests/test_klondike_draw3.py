"""Draw three (design.md, "Draw three"): a draw turns up to three cards one by one, only the top plays,
recycle as in draw one; a card turned onto the waste is known even when covered; the snapshot fans the
waste's top three; auto-finish is offered only when it wins; the levels' proofs replay; the hint never uses
a card the player has not seen."""

from __future__ import annotations

import random
from dataclasses import replace

from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st
from klondike_support import unseen_shuffled

from klondike_core import rules
from klondike_core.autoplay import play_out
from klondike_core.deal import Deal, DealId
from klondike_core.difficulty import WITHIN, first_win
from klondike_core.finish import finishing_move
from klondike_core.game import Game
from klondike_core.headway import draws_to_top
from klondike_core.hint import hint
from klondike_core.moves import Move, Reason
from klondike_core.position import Position
from klondike_core.proof import replays_to_win, solve_position
from klondike_core.snapshot import snapshot
from solitaire_core.cards import Card
from solitaire_core.verdict import Verdict


def codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def test_a_draw_turns_three_cards_one_by_one_and_only_the_top_plays():
    game = Game.from_id("T-5")
    stock = game.deal.cards[28:]
    game.play("draw")
    assert codes(game.position().waste) == codes(stock[:3])  # the third drawn is on top
    assert len(game.position().stock) == 21
    under = stock[1]
    refused = game.try_play(Move("move", under, "F"))
    assert refused is not None and refused.reason is Reason.NOT_FREE
    while game.position().stock:
        game.play("draw")
    assert codes(game.position().waste) == codes(stock)  # 24 = 8 draws of three
    game.play("recycle")
    assert codes(game.position().stock) == codes(stock) and game.recycles == 1


def test_the_last_draw_turns_what_is_left():
    position = _clubs_left(("KC", "QC"))
    after = rules.apply(position, Move.parse("draw"))
    assert codes(after.waste) == ["KC", "QC"] and not after.stock and after.draw == 3
    assert rules.apply(after, Move.parse("recycle")).stock == position.stock


def test_covered_waste_cards_stay_known_and_undo_forgets_nothing():
    game = Game.from_id("T-7")
    game.play("draw")
    drawn = game.position().waste
    assert set(drawn) <= game.known
    assert all(card not in game.player_view().unseen for card in drawn)
    game.play("draw")
    assert set(drawn) <= game.known  # covered by the next three, still known
    game.undo()
    game.undo()
    assert set(drawn) <= game.known and not game.position().waste


def test_draw_one_is_unchanged():
    game = Game.from_id(5)
    game.play("draw")
    assert len(game.position().waste) == 1 and game.draw == 1
    snap = snapshot(game)
    assert snap["draw"] == 1 and snap["waste"]["fan"] == [snap["waste"]["top"]]
    assert snap["level"] == "any"


def test_the_snapshot_fans_the_top_three():
    game = Game.from_id("T-5")
    assert snapshot(game)["waste"] == {"count": 0, "top": None, "fan": []}
    game.play("draw")
    game.play("draw")
    snap = snapshot(game)
    waste = game.position().waste
    assert snap["draw"] == 3 and snap["deal_id"] == "T-5"
    assert [entry["card"] for entry in snap["waste"]["fan"]] == codes(waste[-3:])
    assert snap["waste"]["fan"][:2] == [{"card": waste[-3].code}, {"card": waste[-2].code}]
    assert snap["waste"]["fan"][-1] == snap["waste"]["top"] and "destinations" in snap["waste"]["top"]
    assert snap["waste"]["count"] == 6


def _clubs_left(stock: tuple[str, ...]) -> Position:
    """Every suit but clubs up, 4C-TC alone in the seven columns, the other clubs in the stock."""
    columns = tuple((Card.parse(f"{rank}C"),) for rank in "456789T")
    return Position(columns, (0,) * 7, tuple(Card.parse(code) for code in stock), (), (0, 13, 13, 13), draw=3)


def test_auto_finish_is_offered_with_draw_three_only_when_it_wins():
    winnable = _clubs_left(("3C", "2C", "AC", "KC", "QC", "JC"))
    assert finishing_move(winnable) == Move.parse("draw")
    assert replays_to_win(winnable, ["draw", "AC>F", "2C>F", "3C>F", *(f"{r}C>F" for r in "456789T"),
                                     "draw", "JC>F", "QC>F", "KC>F"])
    buried = _clubs_left(("AC", "2C", "3C", "JC", "QC", "KC"))  # the ace never comes to the top
    assert finishing_move(buried) is None
    assert finishing_move(replace(buried, draw=1)) == Move.parse("draw")  # draw one always finishes


def test_a_solver_line_counts_only_when_it_replays_under_draw_three():
    start = Deal.from_number(1000).start(3)
    result = solve_position(start, node_budget=3000)
    assert result.verdict is not Verdict.WIN or replays_to_win(start, result.line)


def test_the_levels_proofs_replay_through_the_rules():
    for draw in (1, 3):
        found = 0
        for number in range(1, 400):
            line: list[str] = []
            if first_win(number, draw, WITHIN[draw][1], line) is not None:
                assert replays_to_win(Deal.from_number(number).start(draw), line), (number, draw)
                found += 1
                if found == 5:
                    break
        assert found == 5


@settings(ENGINE_SETTINGS, max_examples=8, deadline=None)
@given(number=st.integers(0, 10**9), seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_the_hint_does_not_peek_with_draw_three(number, seed, steps):
    rng = random.Random(seed)
    first = Game(DealId(number).deal(), draw=3)
    moves = []
    for _ in range(steps):
        legal = [str(move) for move in first.legal_moves()]
        if not legal:
            break
        move = rng.choice(legal)
        first.play(move)
        moves.append(move)
    second = Game(unseen_shuffled(first.deal, first.known, rng), draw=3)
    for move in moves:
        second.play(move)
    assert second.player_view() == first.player_view()
    assert snapshot(second) == snapshot(first)
    assert hint(second.player_view(), budget_ms=200) == hint(first.player_view(), budget_ms=200)


def _actions_to_top(position: Position, card: Card) -> int | None:
    """Draws and recycles, by the rules, until `card` is the waste top (`None` when it never is)."""
    if position.waste and position.waste[-1] == card:
        return 0
    talon = len(position.waste) + len(position.stock)
    for actions in range(1, 3 * (talon + 2)):
        move = Move.parse("draw" if position.stock else "recycle")
        position = rules.apply(position, move)
        if position.waste and position.waste[-1] == card:
            return actions
    return None


@settings(ENGINE_SETTINGS, max_examples=60)
@given(number=st.integers(0, 10**9), draws=st.integers(0, 12), draw=st.sampled_from([1, 3]))
def test_draws_to_top_counts_what_the_rules_do(number, draws, draw):
    position = Deal.from_number(number).start(draw)
    for _ in range(draws):
        position = rules.apply(position, Move.parse("draw" if position.stock else "recycle"))
    talon = (*position.waste, *position.stock)
    for index, card in enumerate(talon):
        assert draws_to_top(position, index) == _actions_to_top(position, card), (index, card)


def test_following_the_hint_with_draw_three_never_meets_a_view_again():
    repeats: list[int] = []
    for number in (1, 3, 4):
        play_out(Deal.from_number(number).start(3), on_repeat=lambda _view, taken: repeats.append(taken))
    assert repeats == []
