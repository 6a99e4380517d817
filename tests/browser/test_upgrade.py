"""An upgrade keeps what the player had: the localStorage an older version wrote still works in today's page.

fixtures/tripeaks_0d985de_storage.json is every localStorage key (exact strings) that the page of commit
0d985de left after a player's session (tools/make_upgrade_fixture.py, see fixtures/README.md): a TriPeaks
game in progress, statistics with a loss and a win, the streak score ticked, English chosen (the browser
here prefers French). It also holds what that page showed then. The current page, opened on that storage,
must show the same game, the same statistics and the same settings, keep the keys readable, and play on.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from conftest import Table

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tripeaks_0d985de_storage.json"
STATS_FIELDS = (
    "played", "won", "rate", "run", "best-run", "best-time", "fewest-moves", "longest-streak", "best-score"
)
# The old storage in place before any script of the page runs (once per tab: a reload keeps what the page
# wrote since), on the page's own origin only (about:blank has no localStorage).
SEED = """
(([origin, stored]) => {
  if (location.origin !== origin || sessionStorage.getItem("upgrade-test-seeded")) return;
  localStorage.clear();
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  sessionStorage.setItem("upgrade-test-seeded", "1");
})(%s);
"""
READ_STORAGE = "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"


def load_fixture() -> dict[str, Any]:
    fixture: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return fixture


def number(text: str) -> int:
    found = re.search(r"\d+", text)
    assert found, f"no number in {text!r}"
    return int(found.group())


def assert_same_deal(table: Table, deal_id: str) -> None:
    """Once the table is up: the saved deal is on it, and no notice says that a record was dropped."""
    notice = table.page.get_attribute("#message", "data-kind") == "notice"
    assert table.deal_id() == deal_id and not notice, (
        f"deal #{table.deal_id()} on the table, message {table.text('#message')!r}"
    )


def face_up(table: Table) -> list[list[Any]]:
    return [[c["position"], c["card"]] for c in table.cards() if c["state"] == "up"]


def test_a_game_statistics_and_settings_saved_by_0d985de_come_back_and_play_on(table: Table) -> None:
    fixture = load_fixture()
    old, shown = fixture["localStorage"], fixture["shown"]
    page = table.page
    page.add_init_script(SEED % json.dumps([table.base, old]))
    table.open()  # no #ID: the saved game is what opens
    assert_same_deal(table, shown["deal_id"])

    # the keys are all still there, as they were; the save may be rewritten in a newer format by the restore
    # (0d985de wrote version 1), but of the same game (and it must open again: the reload at the end)
    now = page.evaluate(READ_STORAGE)
    assert set(old) <= set(now), f"keys lost: {sorted(set(old) - set(now))}"
    for key in ("tripeaks.lang", "tripeaks.score", "tripeaks.welcome"):
        assert now[key] == old[key], key
    for key in ("tripeaks.stats.v1", "tripeaks.attempt"):
        assert json.loads(now[key]) == json.loads(old[key]), key
    save, old_save = json.loads(now["tripeaks.save"]), json.loads(old["tripeaks.save"])
    assert save["deal_id"] == old_save["deal_id"] == shown["deal_id"]
    for field in ("format", "rules", "deal_id"):
        assert save["engine"][field] == old_save["engine"][field], field

    seen_in_old_page(table, shown)

    # the statistics panel: same key, same figures, the score setting still ticked
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    assert page.input_value("#stats-key") == shown["stats_key"]
    assert {name: table.text(f"#stats-{name}") for name in STATS_FIELDS} == shown["stats"]
    assert page.get_attribute("#stats-chart", "data-games") == shown["stats_chart_games"]
    assert page.is_checked("#score-setting") == shown["score_setting"] is True
    page.click("#stats-close")
    page.wait_for_selector("#stats-panel", state="hidden")

    # and the game plays on: a move, then its undo brings the same table back
    before = table.snapshot()
    playable = table.playable()
    if playable:
        table.take(playable[0])
    else:
        table.draw()
    assert number(table.text("#moves")) == number(shown["moves_text"]) + 1
    page.click("#undo")
    page.wait_for_function(
        """([moves, waste]) => document.querySelector('#moves').textContent.trim() === moves
                              && (document.querySelector('#waste').dataset.card || null) === waste""",
        arg=[before["moves"], before["waste"]],
    )
    assert table.snapshot() == before

    # what the page wrote back from the old storage opens again: the same game after a reload
    page.reload()
    table.wait_ready()
    assert_same_deal(table, shown["deal_id"])
    seen_in_old_page(table, shown)
    assert json.loads(page.evaluate("() => localStorage.getItem('tripeaks.stats.v1')")) == json.loads(
        old["tripeaks.stats.v1"]
    )


def seen_in_old_page(table: Table, shown: dict[str, Any]) -> None:
    """The table, the status line and the settings show what the old page showed."""
    page = table.page
    assert table.deal_id() == shown["deal_id"]
    assert number(table.text("#moves")) == number(shown["moves_text"])
    assert number(table.text("#cleared")) == number(shown["cleared_text"])
    assert face_up(table) == shown["face_up"]
    assert table.waste() == shown["waste"]
    assert table.stock() == shown["stock"]
    assert page.is_enabled("#undo") == shown["undo_enabled"]
    # English and the streak score, as chosen then
    assert page.evaluate("() => document.documentElement.lang") == shown["language"] == "en"
    assert table.text("#lang") == shown["lang_button"]
    assert page.is_visible("#score") and table.text("#score") == shown["score_text"]
