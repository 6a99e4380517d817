"""The complete search's moves that can wait (solver.py's docstring): each is cut only when its use would
need a face-down card turned first, and the cut never changes a verdict (compared with every legal move)."""

from __future__ import annotations

from test_klondike_solver import replays_to_win, same_verdicts_on_endgames

from klondike_core.fast import Board
from klondike_core.position import Position
from klondike_core.solver import Solver, Verdict
from solitaire_core.cards import Card

# the move kinds of solver.py: talon card to a column, run to a column, foundation card to a column
T2T, S2T, F2T = 2, 3, 4


def card(code: str) -> int:
    return Card.parse(code).index


def column(down: list[str], up: list[str]) -> bytes:
    return bytes((len(down), *(card(c) for c in down), *(card(c) for c in up)))


def board(
    cols: list[bytes], found: tuple[int, int, int, int] = (0, 0, 0, 0), talon: tuple[str, ...] = ()
) -> Board:
    cols = cols + [b"\x00"] * (7 - len(cols))
    seq = tuple(card(c) for c in talon)
    return Board(tuple(cols), found, seq, (1 << len(seq)) - 1, 0)


def moves(b: Board) -> list[tuple[int, int, int, int]]:
    return Solver(b).moves((b.cols, b.found, b.mask, b.ptr))


def kinds(b: Board) -> set[int]:
    return {kind for kind, *_ in moves(b)}


def test_a_talon_card_goes_to_a_column_only_if_a_card_that_fits_on_it_is_not_face_down():
    # 8H could go on 9S; what fits on 8H (7C, 7S) is face down
    assert S2T not in kinds(board([column(["5H"], ["9S"]), column(["7C", "7S"], ["KD"])], talon=("8H",)))
    # 7S face up: 8H may go down for it
    assert S2T in kinds(board([column(["5H"], ["9S"]), column(["7C"], ["7S"])], talon=("8H",)))


def test_a_foundation_card_comes_down_only_for_a_card_to_put_on_it_or_the_card_below_it():
    nine = column(["5H"], ["9S"])  # the 8H (hearts up to 8) could come down onto the 9S
    assert F2T not in kinds(board([nine, column(["7C", "7S", "8C", "8S"], ["KD"])], found=(0, 0, 8, 0)))
    # 8S face up: the 7H under the 8H could then come down onto it
    assert F2T in kinds(board([nine, column(["7C", "7S", "8C"], ["8S"])], found=(0, 0, 8, 0)))
    # 7S face up: it could go on the 8H
    assert F2T in kinds(board([nine, column(["7C", "8C", "8S"], ["7S"])], found=(0, 0, 8, 0)))


def test_a_run_leaves_a_face_up_card_only_if_that_card_has_a_use():
    # 8H may go from the 9S onto the 9C; the 9S left on top could use only hidden cards (8D, TH, TD, 5S)
    run = column(["5H"], ["9S", "8H"])
    move = (T2T, 0, 3, 2)  # the 8H, byte 3 of column 0, onto column 2
    assert move not in moves(board([run, column(["8D", "TH", "TD", "5S"], ["KC"]), column(["2C"], ["9C"])]))
    # TD face up: the 9S could then move on to it; or 8D face up: it could go on the 9S
    assert move in moves(board([run, column(["8D", "TH", "5S"], ["TD"]), column(["2C"], ["9C"])]))
    assert move in moves(board([run, column(["TD", "TH", "5S"], ["8D"]), column(["2C"], ["9C"])]))
    # no spade under the 9S face down: it could go up once the others are up
    assert move in moves(board([run, column(["8D", "TH", "TD"], ["KC"]), column(["2C"], ["9C"])]))


def test_a_column_is_emptied_only_for_a_king():
    cols = [column([], ["9S", "8H"]), column(["KC"], ["3D"]), column(["2C"], ["TH"])]
    assert T2T not in kinds(board(cols))  # the only king is face down
    assert T2T in kinds(board(cols, talon=("KD",)))


def test_a_line_that_brings_two_foundation_cards_down_for_each_other_is_still_found():
    """A position the first version of the cut lost (it looked only at what was free at once): the win
    brings 10C, 9D and 9C down, then 8C onto the 9D; neither 9 has a card free to go on it before."""
    codes = [
        ["QC"],
        ["JS", "KH", "TH", "3H", "QD"],
        ["KS"],
        ["4H", "8H", "6H"],
        ["JD", "QS"],
        ["9H", "KC", "JC", "5H"],
        ["TD", "7H"],
    ]
    downs = [0, 4, 0, 2, 1, 3, 1]
    position = Position(
        tuple(tuple(Card.parse(c) for c in col) for col in codes),
        tuple(downs),
        tuple(Card.parse(c) for c in ("KD", "JH", "TS")),
        (Card.parse("QH"),),
        (10, 9, 2, 9),
    )
    result = Solver(Board.of(position)).run()
    assert result.verdict is Verdict.WIN
    assert replays_to_win(position, result.line)


def test_the_cut_never_changes_a_verdict():
    """Random late positions, searched with the cut and with every legal move (and no dead-end proof):
    same verdicts whenever both finish, lost ones among them; every win replays."""
    verdicts = same_verdicts_on_endgames(5, 60, (14, 26), delays=False, dead_ends=False)
    assert verdicts.get(Verdict.WIN, 0) >= 20
