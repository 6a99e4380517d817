"""The destinations the snapshot offers: legal, and worth a tap (a king heading a bare column is not sent
to another empty column by a highlight or a one-tap move; the engine still plays it if sent)."""

from __future__ import annotations

from klondike_support import build_deal

from klondike_core.game import Game
from klondike_core.moves import Move
from klondike_core.snapshot import snapshot


def _column_card(snap: dict[str, object], column: int, code: str) -> dict[str, object]:
    columns = snap["columns"]
    assert isinstance(columns, list)
    return next(entry for entry in columns[column]["cards"] if entry.get("card") == code)


def test_a_king_heading_a_bare_column_is_not_offered_an_empty_column() -> None:
    deal = build_deal({0: ["AC"], 1: ["2C", "KS"], 4: ["KH"]})
    game = Game(deal)
    for text in ("AC>F", "KS>T0", "2C>F"):  # column 0 is KS alone, column 1 is empty
        assert game.try_play(Move.parse(text)) is None, text
    snap = snapshot(game)
    bare_king = _column_card(snap, 0, "KS")
    assert "T1" not in bare_king["destinations"]
    assert bare_king["auto"] is None
    covering_king = _column_card(snap, 4, "KH")  # cards lie under it: the empty column is worth it
    assert "T1" in covering_king["destinations"]
    assert game.try_play(Move.parse("KS>T1")) is None  # still legal when sent
