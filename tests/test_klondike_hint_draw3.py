"""The later parts of the hint's potential (klondike_core.rise, both draws; klondike_core.endgame, draw
three): a move that only prepares a rise of the standing is advised, an open ending that needs a card down
from a foundation is advised along the solver's lines, and along a whole game every hinted move raises the
whole potential, so no view comes back."""

from __future__ import annotations

from klondike_core import rules
from klondike_core.autoplay import start_known
from klondike_core.deal import DealId
from klondike_core.endgame import is_open
from klondike_core.finish import finishing_move
from klondike_core.headway import FAR, headway_steps, standing, uncovered
from klondike_core.hint import hint
from klondike_core.position import Position
from klondike_core.rise import Potential, rise_steps
from solitaire_core.cards import FULL_DECK, Card
from solitaire_core.steps import finish

C = Card.parse


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(C(code) for code in codes.split())


# Deal ET-608970555 as the draw-three hint left it before the endgame distance: every card known, none face
# down, auto-finish not offered (2D sits where no draw brings it to the top), and the win needs 5C down from
# its foundation onto 6D first (then 4C onto 5D, 3D onto 4C, ...).
OPEN = Position(
    tableau=(cards("KS QH JS TD 9S 8H"), cards("8D 7C 6D"), cards("KH QS JD TS 9D"), cards("KC QD JC TH"),
             cards("TC 9H 8C 7D 6C 5D"), cards("KD QC"), ()),
    face_down=(0,) * 7, stock=cards("7H 2D 3D 9C JH 4D 6H"), waste=(), foundations=(5, 1, 5, 8), draw=3)


def test_the_open_ending_is_a_position_the_old_hint_gave_up():
    assert OPEN.all_known and is_open(OPEN)
    placed = [card for column in OPEN.tableau for card in column] + list(OPEN.stock)
    assert len(set(placed)) == len(placed)
    assert sum(OPEN.foundations) + sum(map(len, OPEN.tableau)) + len(OPEN.stock) == 52
    assert finishing_move(OPEN) is None
    here = finish(headway_steps(OPEN))
    assert here.settled and here.distance != FAR  # the solver's line, not FAR


def test_in_an_open_ending_each_hinted_move_shortens_the_solver_line():
    view, lengths = OPEN, []
    for _ in range(100):
        here = finish(headway_steps(view))
        advice = hint(view)
        if advice.move is None:
            break
        assert advice.proven  # a step of a winning line the solver found and replayed
        lengths.append(here.distance)
        view = rules.play(view, advice.move)
    assert len(lengths) >= 5  # before the endgame distance the hint gave this position up at once
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)


def test_the_rise_counts_the_draws_before_a_talon_card_plays():
    # red tops on unseen face-down cards, a known stock: 9C fits on TH after one draw of three
    tableau = tuple((None, card) for card in cards("KH KD QH QD JH JD TH"))
    view = Position(tableau, (1,) * 7, cards("5H 4D 9C"), (), (0, 0, 0, 0),
                    frozenset(FULL_DECK) - set(cards("KH KD QH QD JH JD TH 5H 4D 9C")), draw=3)
    rise = finish(rise_steps(view))
    assert rise.distance == (1, 1) and rise.onward == {"draw"}
    after = rules.play(view, "draw")
    assert finish(rise_steps(after)).distance == (1, 0)
    assert finish(rise_steps(rules.play(after, "9C>T6"))).distance == FAR  # nothing more within reach


# Deal 24 as the draw-one hint gave it up before the rise was part of draw one's potential too: one card
# unseen (8C, under 7H), the rest a plain run to the foundations, but the distance to that card is far beyond
# the headway search's bounds and no single move raises the standing (2C, the next card up, is in the stock).
ONE_UNSEEN = Position(
    tableau=(cards("KS QD JS"), cards("JD"), (), cards("KC QH JC TH 9C 8H 7C 6H 5S 4D 3C"), (),
             (None, C("7H"), C("6C"), C("5H")), cards("KD QC JH TC 9D 8S 7D 6S 5D 4C")),
    face_down=(0, 0, 0, 0, 0, 1, 0), stock=cards("2C 8D 4H 6D 9H 3H"),
    waste=cards("TS TD QS 7S KH 3D 5C 9S"), foundations=(1, 2, 2, 4), unseen=frozenset({C("8C")}), draw=1)


def test_draw_one_has_the_rise_too():
    here = finish(headway_steps(ONE_UNSEEN))
    assert here.distance == FAR and not here.settled  # the distance cannot tell the moves apart
    potential = Potential(ONE_UNSEEN, here)
    rise = finish(potential.rise())
    assert rise.distance == (1, 1) and rise.onward == {"draw"}  # one draw, then 2C up
    assert hint(ONE_UNSEEN).move == "draw"


def test_the_draw_one_hint_plays_the_one_unseen_ending_to_a_win():
    # the real card under 7H is 8C; the hint never sees it until 7H moves
    position = ONE_UNSEEN.fill((C("8C"),))
    known = frozenset(FULL_DECK) - {C("8C")}
    for _ in range(300):
        if rules.is_won(position):
            break
        advice = hint(position.view(known))
        assert advice.move is not None, advice
        position = rules.play(position, advice.move)
        known = rules.known_after(position, known)
    assert rules.is_won(position)


def _potential(view: Position) -> tuple[object, ...]:
    here = finish(headway_steps(view))
    rise = finish(rise_steps(view))
    return (uncovered(view), tuple(-d for d in here.distance), standing(view),
            tuple(-d for d in rise.distance))


def test_every_hinted_move_raises_the_whole_draw_three_potential():
    # ET-608970555: won by the hint since the rise and the endgame distance (through an open ending)
    position = DealId(608970555, 3).deal().start(3)
    known = start_known(position)
    before = None
    for _ in range(300):
        if rules.is_won(position):
            break
        view = position.view(known)
        potential = _potential(view)
        assert before is None or potential > before
        before = potential
        advice = hint(view)
        assert advice.move is not None, advice
        position = rules.play(position, advice.move)
        known = rules.known_after(position, known)
    assert rules.is_won(position)
