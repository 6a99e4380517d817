"""The Klondike hint: it never peeks (positions that differ only in cards the player has not seen get the same
hint), it is deterministic and the same however it is sliced, it never says `lost` while a card is unseen,
its advice is a legal move of the real game, and once every card is known it follows the solver."""

from __future__ import annotations

import random

from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st

from klondike_core import rules
from klondike_core.autoplay import greedy, play_out, start_known
from klondike_core.game import Game
from klondike_core.hint import Hint, HintJob, hint, hint_json
from klondike_core.position import Position
from solitaire_core.cards import Card
from solitaire_core.shuffle import shuffled_indexes


def start(number: int) -> Position:
    return Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))


def played(number: int, steps: int, seed: int) -> tuple[Position, frozenset[Card]]:
    """Deal `number` after `steps` random legal moves (no recycle), and what the player knows then."""
    rng = random.Random(seed)
    position = start(number)
    known = start_known(position)
    for _ in range(steps):
        moves = [m for m in rules.legal_notation(position) if m != "recycle"]
        if not moves:
            break
        position = rules.play(position, rng.choice(moves))
        known = rules.known_after(position, known)
    return position, known


def check_advice(position: Position, known: frozenset[Card], advice: Hint) -> None:
    view = position.view(known)
    assert advice.kind in ("move", "draw", "recycle", "lost", "stuck")
    if advice.kind in ("lost", "stuck"):
        assert advice.move is None and not advice.proven
    else:
        assert advice.move in rules.legal_notation(position)
        assert advice.kind == ("draw" if advice.move == "draw" else "recycle" if advice.move == "recycle"
                               else "move")
    if advice.kind == "stuck":  # no legal move, or none that gets anywhere (klondike_core.headway)
        assert rules.legal_notation(position) == [] or advice.why == "no_headway"
    if not view.all_known:
        assert advice.kind != "lost"
        assert not advice.proven


@settings(ENGINE_SETTINGS, max_examples=12)
@given(st.integers(0, 10**6), st.integers(0, 40), st.integers(0, 10**6))
def test_the_hint_never_peeks_and_is_deterministic(number, steps, seed):
    position, known = played(number, steps, seed)
    view = position.view(known)
    hidden = sorted(view.unseen)
    random.Random(seed + 1).shuffle(hidden)
    other = view.fill(tuple(hidden))  # the same view, the unseen cards elsewhere
    assert other.view(known) == view
    advice = hint(view)
    assert hint(other.view(known)) == advice
    assert hint(view) == advice
    check_advice(position, known, advice)
    check_advice(other, known, advice)


def test_a_sliced_hint_is_the_hint():
    position, known = played(3, 12, 5)
    view = position.view(known)
    job = HintJob(view)
    result = None
    while result is None:
        result = job.step(0.01)
    assert result == hint(view)


def test_no_legal_move_is_stuck():
    # two columns whose tops fit nowhere, nothing in the stock or the waste, a face-down card unseen
    cards = (Card.parse("5H"), Card.parse("9C"), Card.parse("2D"))
    position = Position(
        ((cards[0], cards[1]), (cards[2],), (), (), (), (), ()),
        (1, 0, 0, 0, 0, 0, 0),
        (),
        (),
        (0, 0, 0, 0),
    )
    # (every other card is nowhere: the hint only reads the table)
    view = position.view(frozenset({cards[1], cards[2]}))
    advice = hint(view)
    assert advice == Hint("stuck", None, False, "stuck")


def test_lost_only_when_every_card_is_known_and_the_solver_proves_it():
    position = start(20)  # proven lost by the solver
    assert hint(position).kind == "lost"
    view = position.view(start_known(position))
    assert hint(view).kind != "lost"


def test_every_card_known_gives_a_step_of_a_winning_line():
    position = start(0)
    advice = hint(position)  # every card known (as after an undo that covered seen cards)
    assert advice.proven and advice.why == "winning_line"
    assert advice.move in rules.legal_notation(position)


def test_the_hint_plays_through_the_game_and_its_json():
    game = Game.from_id(2)
    for _ in range(30):
        advice = hint(game.player_view())
        if advice.move is None:
            break
        game.play(advice.move)
    data = hint_json(hint(game.player_view()), 7)
    assert set(data) == {"kind", "move", "proven", "why", "version"} and data["version"] == 7


def test_the_players_stop_on_no_advice_and_on_a_repeated_view():
    position = start(2)
    assert play_out(position, lambda view: Hint("stuck", why="stuck")) is False
    views: list[Position] = []

    def turner(view: Position) -> Hint:
        views.append(view)
        return Hint("draw", "draw") if view.stock else Hint("recycle", "recycle")

    assert play_out(position, turner) is False
    # Round the stock once (24 draws, a recycle): the same position, but now its stock is known, so the
    # player goes round again; once the stock is all drawn again the view itself comes back (the waste was
    # known the first time too), and the game stops there, before a second recycle.
    assert len(views) == 49 and len(set(views)) == 49
    assert views[25] != views[0] and views[25].all_known is False and views[25].stock == position.stock
    assert play_out(position, greedy) in (True, False)
