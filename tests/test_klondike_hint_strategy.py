"""How the Klondike hint chooses, beyond what it may see: a world's win that needs a card back from a
foundation counts, and the fallback never advises a move that only shuffles when another move exists."""

from __future__ import annotations

from klondike_core.hint import fallback, hint, move_priority, ordered_moves
from klondike_core.position import Position
from klondike_core.replay import legal_moves
from klondike_core.rollout import Worlds
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes


def c(code: str) -> Card:
    return Card.parse(code)


def column(*codes: str) -> tuple[Card, ...]:
    return tuple(c(code) for code in codes)


def test_a_win_that_needs_a_foundation_card_back_counts():
    # every card but 15 is up; the 9D covers the one unseen card (the 8D) and only a black ten brought back
    # down from its foundation onto the JH can take it: the win-only search runs out of states, the
    # complete search finds the win
    view = Position(
        ((None, c("9D")), column("JH"), column("KC", "QH", "JC"), column("KS", "QD", "JS"),
         column("KD", "QC", "JD"), column("KH", "QS"), ()),
        (1, 0, 0, 0, 0, 0, 0),
        (),
        (c("TD"),),
        (10, 7, 10, 10),
        frozenset({c("8D")}),
    )
    world = Worlds(view).draw()
    assert sum(len(col) for col in world.tableau) + len(world.waste) + sum(world.foundations) == 52
    advice = hint(view)
    assert advice.why == "best_odds" and advice.move in legal_moves(world)


def test_with_no_win_seen_the_fallback_does_not_shuffle():
    # both unseen cards lie under red fours that can never move: every world is lost
    view = Position(
        ((None, c("4H")), (None, c("4D")), (c("9C"), c("8H")), (c("9S"),), (), (), ()),
        (1, 1, 0, 0, 0, 0, 0),
        (),
        (c("QS"),),
        (0, 0, 0, 0),
        frozenset({c("KC"), c("KD")}),
    )
    moves = ordered_moves(view)
    assert moves == ["8H>T3", "recycle"]  # moving the 8H from one black nine to the other comes first
    assert move_priority(view, "8H>T3")[0] == 7
    advice = hint(view)
    assert advice.why == "no_win_seen" and advice.move == "recycle"
    assert fallback(view, ["8H>T3"]) == "8H>T3"  # a shuffle only when nothing else is legal


def test_the_fallback_keeps_a_legal_move():
    position = Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(3)))
    view = position.view(frozenset(card for column in position.tableau for card in column[-1:]))
    moves = ordered_moves(view)
    assert fallback(view, moves) in legal_moves(position)
