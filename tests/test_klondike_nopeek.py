"""Nothing the engine tells the page depends on a card the player has not seen: two deals that differ only in
unseen cards, played the same way, give the same snapshot (destinations, one-tap moves, the no-progress note,
auto-finish included) and the same answer to every card move, legal or refused."""

from __future__ import annotations

import random

from engine_support import ENGINE_SETTINGS
from hypothesis import given
from hypothesis import strategies as st
from klondike_support import ALL_CODES, unseen_shuffled

from klondike_core.deal import DealId
from klondike_core.game import Game
from klondike_core.moves import Move
from klondike_core.snapshot import snapshot

TARGETS = [*(f"T{i}" for i in range(7)), "F"]


def play_randomly(game: Game, rng: random.Random, steps: int) -> list[str]:
    played = []
    for _ in range(steps):
        moves = [str(m) for m in game.legal_moves()]
        if not moves:
            break
        cards = [m for m in moves if ">" in m]
        move = rng.choice(cards) if cards and rng.random() < 0.6 else moves[-1]
        game.play(move)
        played.append(move)
        if rng.random() < 0.1 and game.can_undo:
            game.play("undo")
            played.append("undo")
    return played


@ENGINE_SETTINGS
@given(number=st.integers(0, 10**9), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_unseen_cards_change_nothing_the_player_is_told(number, seed, steps):
    rng = random.Random(seed)
    first = Game(DealId(number).deal())
    moves = play_randomly(first, rng, steps)
    second = Game(unseen_shuffled(first.deal, first.known, rng))
    for move in moves:
        second.play(move)
    assert snapshot(second) == snapshot(first)
    assert second.player_view() == first.player_view()
    for code in ALL_CODES:
        for target in TARGETS:
            move = f"{code}>{target}"
            parsed = Move.parse(move)
            assert first.check(parsed) == second.check(parsed), move

