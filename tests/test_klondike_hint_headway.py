"""A player who follows the Klondike hint never meets a view again (seed 003, "Indice vous montre un coup
utile"): on deals where the hint used to go round in circles (deal 20 moved 6♥ between 7♣ and 7♠ for ever),
followed to the end; every hinted move raises the headway potential (klondike_core.headway); and when no move
can turn a card or show one any more, the hint says `stuck` (no move gets anywhere), as the page's note
does."""

from __future__ import annotations

import pytest

from klondike_core import rules
from klondike_core.autoplay import play_out, start_known
from klondike_core.headway import headway_steps, standing, uncovered
from klondike_core.hint import Hint, hint
from klondike_core.position import Position
from klondike_core.progress import Progress, gets_anywhere
from solitaire_core.cards import FULL_DECK, Card
from solitaire_core.shuffle import shuffled_indexes
from solitaire_core.steps import finish

C = Card.parse


def start(number: int) -> Position:
    return Position.dealt(tuple(Card.from_index(i) for i in shuffled_indexes(number)))


def followed(number: int, limit: int = 400) -> tuple[list[Position], Hint | None]:
    """The views a player who takes every hint on deal `number` meets, in order (it stops at the first view
    met again, at a win, or when the hint gives no move), and the last hint."""
    position = start(number)
    known = start_known(position)
    views: list[Position] = []
    advice = None
    for _ in range(limit):
        view = position.view(known)
        views.append(view)
        if rules.is_won(position) or views.count(view) > 1:
            break
        advice = hint(view)
        if advice.move is None:
            break
        position = rules.play(position, advice.move)
        known = rules.known_after(position, known)
    return views, advice


@pytest.mark.parametrize("number", [20, 1])
def test_following_the_hint_never_meets_a_view_again(number):
    # Before the fix, deal 20 met its first view again after 77 hints, deal 1 after 105.
    views, advice = followed(number)
    assert len(set(views)) == len(views)
    assert rules.is_won(views[-1]) or (advice is not None and advice.move is None)


def test_the_autoplay_player_reports_a_repeated_view():
    met: list[int] = []

    def turner(view: Position) -> Hint:
        return Hint("draw", "draw") if view.stock else Hint("recycle", "recycle")

    assert play_out(start(2), turner, on_repeat=lambda _view, taken: met.append(taken)) is False
    assert met == [49]
    assert play_out(start(20), on_repeat=lambda _view, taken: met.append(taken)) is False
    assert met == [49]  # the hint player reaches its end without meeting a view again


def test_every_hinted_move_raises_the_potential():
    position = start(3)
    known = start_known(position)
    before = None
    for _ in range(60):
        view = position.view(known)
        here = finish(headway_steps(view))
        potential = (uncovered(view), tuple(-d for d in here.distance), standing(view))
        assert before is None or potential > before
        before = potential
        advice = hint(view)
        if advice.move is None:
            break
        position = rules.play(position, advice.move)
        known = rules.known_after(position, known)


def view_of(columns: list[tuple[int, list[str]]], stock: list[str]) -> Position:
    """A view: each column as (face-down count, face-up codes), face-down cards unseen, a known stock."""
    tableau = tuple((None,) * down + tuple(C(code) for code in up) for down, up in columns)
    shown = {C(code) for _down, up in columns for code in up} | {C(code) for code in stock}
    return Position(tableau, tuple(down for down, _ in columns), tuple(C(code) for code in stock), (),
                    (0, 0, 0, 0), frozenset(FULL_DECK) - shown)


# seven red tops on one unseen face-down card each, and a known stock whose cards fit nowhere
DEAD = [(1, ["KH"]), (1, ["KD"]), (1, ["QH"]), (1, ["QD"]), (1, ["JH"]), (1, ["JD"]), (1, ["TH"])]


def test_when_no_move_gets_anywhere_the_hint_says_stuck():
    view = view_of(DEAD, ["5H", "4D", "9H"])
    assert rules.legal_notation(view) == ["draw"]  # a move, but drawing and recycling only go round
    assert gets_anywhere(view) is Progress.NONE  # the page shows its no-progress note
    assert hint(view) == Hint("stuck", None, False, "no_headway")
    after = rules.play(rules.play(rules.play(view, "draw"), "draw"), "draw")
    assert hint(after) == Hint("stuck", None, False, "no_headway")  # and the same once the stock is drawn


def test_a_move_that_turns_a_card_is_not_stuck():
    view = view_of([(1, ["KH"]), (0, []), *DEAD[2:]], ["5H"])
    advice = hint(view)  # the king goes to the empty column and turns the card under it
    assert advice.kind == "move" and advice.move == "KH>T1"
    assert hint(view_of(DEAD, [])) == Hint("stuck", None, False, "stuck")  # no legal move at all
