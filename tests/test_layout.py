"""The layout: rows, the cover relation of design.md for all 28 positions, and the reachable tables."""

from __future__ import annotations

import random

import pytest
from engine_support import COVER, covered_by_formula, free_set

from tripeaks_core import layout

# Written out by hand from the diagram in design.md / the seed: who lies on whom.
EXPECTED_COVERERS = {
    0: (3, 4), 1: (5, 6), 2: (7, 8),
    3: (9, 10), 4: (10, 11), 5: (12, 13), 6: (13, 14), 7: (15, 16), 8: (16, 17),
    9: (18, 19), 10: (19, 20), 11: (20, 21), 12: (21, 22), 13: (22, 23), 14: (23, 24), 15: (24, 25),
    16: (25, 26), 17: (26, 27),
    **{p: () for p in range(18, 28)},
}

# docs/API.md: x is the centre in half-card widths; the layout docstring gives the values per row.
EXPECTED_X = [3, 9, 15, 2, 4, 8, 10, 14, 16, *range(1, 18, 2), *range(0, 19, 2)]
EXPECTED_ROWS = [1] * 3 + [2] * 6 + [3] * 9 + [4] * 10


def test_formulas_match_the_hand_written_table() -> None:
    assert {p: covered_by_formula(p) for p in range(28)} == EXPECTED_COVERERS


@pytest.mark.parametrize("position", range(28))
def test_cover_relation(position: int) -> None:
    assert tuple(sorted(layout.COVERED_BY[position])) == EXPECTED_COVERERS[position]
    expected_mask = sum(1 << q for q in EXPECTED_COVERERS[position])
    assert layout.COVERER_MASK[position] == expected_mask
    lies_on = tuple(q for q in range(28) if position in EXPECTED_COVERERS[q])
    assert tuple(sorted(layout.COVERS[position])) == lies_on
    assert layout.ROW_OF[position] == EXPECTED_ROWS[position]
    assert layout.X_OF[position] == EXPECTED_X[position]


def test_geometry_agrees_with_the_cover_relation() -> None:
    # A card overlaps the two cards of the next row whose centres are one unit to each side.
    for p, coverers in EXPECTED_COVERERS.items():
        for q in coverers:
            assert EXPECTED_ROWS[q] == EXPECTED_ROWS[p] + 1
            assert abs(EXPECTED_X[q] - EXPECTED_X[p]) == 1
    # Every card of rows 1-3 is covered by exactly two cards; the base row by none.
    assert sum(len(c) == 2 for c in EXPECTED_COVERERS.values()) == 18
    # The cards that lie on two cards at once (the seed: "emplacements qui couvrent deux cartes").
    shared = [p for p in range(28) if sum(p in c for c in EXPECTED_COVERERS.values()) == 2]
    assert shared == [10, 13, 16, *range(19, 27)]
    assert [p for p in range(28) if not any(p in c for c in EXPECTED_COVERERS.values())] == [0, 1, 2]


def test_constants() -> None:
    assert layout.TABLE_SIZE == 28
    assert layout.FULL_MASK == (1 << 28) - 1
    assert list(layout.BASE_ROW) == list(range(18, 28))


def test_free_positions_against_the_definition() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        present = {p for p in range(28) if rng.random() < 0.6}
        mask = sum(1 << p for p in present)
        assert set(layout.positions_of(layout.free_positions(mask))) == free_set(present)
    assert layout.free_positions(layout.FULL_MASK) == sum(1 << p for p in range(18, 28))
    assert layout.free_positions(0) == 0


def test_positions_of() -> None:
    assert layout.positions_of(0) == []
    assert layout.positions_of(0b1010_0001) == [0, 5, 7]
    assert layout.positions_of(1 << 27) == [27]


def _reachable_independently() -> set[frozenset[int]]:
    start = frozenset(range(28))
    seen = {start}
    frontier = [start]
    while frontier:
        present = frontier.pop()
        for p in free_set(present):
            child = present - {p}
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_reachable_tables_fixture() -> None:
    masks = layout.reachable_masks()
    assert len(masks) == 22_932  # regression fixture (also the figure in design.md)
    assert masks == sorted(set(masks))
    independent = _reachable_independently()
    assert len(independent) == 22_932
    assert {frozenset(layout.positions_of(m)) for m in masks} == independent
    # A few more fixed counts: tables by number of cards left.
    by_size = [0] * 29
    for m in masks:
        by_size[m.bit_count()] += 1
    assert by_size[28] == 1 and by_size[0] == 1
    assert by_size[27] == 10  # any base card
    assert by_size[26] == 45  # any two base cards
    assert by_size[1] == 3  # only a tip can be last
    assert COVER[0] == (3, 4)


def test_reachable_tables_in_steps_are_the_same_and_each_step_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    at_once = layout.reachable_masks()
    real = layout.free_positions
    for step in (1, 7, layout.REACHABLE_STEP, 10**6):
        calls = [0]

        def counted(mask: int, calls: list[int] = calls) -> int:
            calls[0] += 1
            return real(mask)

        monkeypatch.setattr(layout, "free_positions", counted)
        steps = layout.reachable_masks_steps(step)
        per_step = []
        while True:
            before = calls[0]
            try:
                reported = next(steps)
            except StopIteration as done:
                assert done.value == at_once
                break
            per_step.append(calls[0] - before)
            assert reported == per_step[-1]  # tables expanded in this step, as the generator says
        # one free-card computation per table expanded: `step` tables a step, the rest in the last one
        assert per_step == [step] * (22_932 // step) + ([22_932 % step] if 22_932 % step else [])
        assert calls[0] == 22_932
