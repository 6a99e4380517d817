"""How the page looks and feels (issue 9): the keyboard focus after a take, fitting panels and touch targets
on small screens, one name for the king per language, the rules section, the flip and the win celebration."""

from __future__ import annotations

from typing import Any

from conftest import Table

ACTIVE = """() => { const el = document.activeElement;
                    return {tag: el.tagName, id: el.id, pos: el.dataset.pos ?? null,
                            playable: el.dataset.playable ?? null}; }"""


def active(table: Table) -> dict[str, Any]:
    result: dict[str, Any] = table.page.evaluate(ACTIVE)
    return result


def test_the_focus_stays_on_the_table_after_a_keyboard_take(table: Table) -> None:
    table.open("#7")
    table.press("ArrowRight")
    for key in ("Enter", " "):
        now = active(table)
        assert now["playable"] == "true", now
        position = int(now["pos"])
        table.press(key)
        table.wait_gone(position)
        now = active(table)
        playable = table.playable()
        if playable:
            assert now["pos"] is not None and int(now["pos"]) in playable, f"after {key!r}: {now}"
        else:
            assert now["id"] == "stock", f"after {key!r}: {now}"
        if not playable:
            break
    # nothing playable any more: the stock has the focus, and Enter on it draws
    while table.playable():
        position = int(active(table)["pos"])
        table.press("Enter")
        table.wait_gone(position)
    assert active(table)["id"] == "stock"
    before = table.stock()
    table.press("Enter")
    table.wait_stock(before - 1)
