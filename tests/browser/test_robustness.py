"""The page keeps the player's game, and the cards it hides, whatever happens (issue 9).

- No peeking: every message the worker sends is recorded (a wrapped `Worker`), whole games are played (a
  stuck one undone and played on, then given up and its solution shown; a won one), and no card code may
  reach the page before it was face up in a snapshot, unless the game was already over or fully known.
- A game in progress survives a bad link, another deal's link (asked first), Back, a damaged save.
- Nothing hangs: a save nested thousands of levels deep, an engine request that never gets an answer.
- Damaged statistics are repaired, said once, and games are still recorded.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from conftest import Table, find_deal

CARD = re.compile(r"[A2-9TJQK][CDHS]")
RECORD_WORKER = """
(() => {
  const Native = window.Worker;
  window.__fromWorker = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        let text = "null";
        try { text = JSON.stringify(event.data); } catch (err) { text = "null"; }
        window.__fromWorker.push(text);
      });
    }
  };
})();
"""


@functools.cache
def winnable() -> tuple[str, list[Any]]:
    return find_deal("", "win")


def card_codes(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(*(card_codes(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(v) for v in value)) if value else set()
    return set()


def assert_no_peeking(messages: list[str]) -> int:
    """Every card code in a worker message was face up in an earlier snapshot (or in the message's own
    snapshot), unless the game was over or fully known when the message was sent. Returns how many
    messages carried a snapshot."""
    seen: set[str] = set()
    deal = None
    opened = False  # the game over (won, given up) or every card known, as of the last snapshot
    snapshots = 0
    for text in messages:
        message = json.loads(text)
        if not isinstance(message, dict):
            continue
        state = message.get("state")
        if isinstance(state, dict):
            snapshots += 1
            if state["deal_id"] != deal:
                deal, seen, opened = state["deal_id"], set(), False
            seen |= {entry["card"] for entry in state["table"] if entry.get("card")}
            if state.get("waste"):
                seen.add(state["waste"])
        if not opened:
            leaked = card_codes(message) - seen
            assert not leaked, f"cards {sorted(leaked)} reached the page unseen in {text[:300]}"
        if isinstance(state, dict):
            opened = bool(state.get("over") or state.get("all_known"))
    return snapshots


def play_on(table: Table) -> None:
    """Take the first playable card, else draw, until the stuck panel opens."""
    while open_dialog(table) != "stuck-panel":
        playable = table.playable()
        if playable:
            table.take(playable[0])
        elif table.stock() > 0:
            table.draw()
        else:
            table.page.wait_for_selector("#stuck-panel[open]")


def open_dialog(table: Table) -> str | None:
    value: str | None = table.page.evaluate("() => document.querySelector('dialog[open]')?.id ?? null")
    return value


def wait_text(table: Table, selector: str, text: str) -> None:
    table.page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent.includes(t)", arg=[selector, text]
    )


def test_no_card_reaches_the_page_before_it_is_seen(table: Table) -> None:
    page = table.page
    page.add_init_script(RECORD_WORKER)
    table.open("#110")
    # Stuck with peak cards still face down: the panel does not ask for the solution, it offers to give up.
    for _ in range(23):
        table.press("d")
        page.wait_for_timeout(0)
    page.wait_for_selector("#stuck-panel[open]")
    give_up_offered = page.is_visible("#stuck-panel [data-solution='give-up']")
    solution_offered = page.is_visible("#stuck-panel [data-solution='show']")
    # undo and play on, like a player, until stuck again
    page.click("#stuck-panel [data-action='undo']")
    table.wait_stock(1)
    # (the worker answers in order: anything asked for at the stuck panel has reached the page by now)
    assert_no_peeking(page.evaluate("() => window.__fromWorker"))
    assert give_up_offered and not solution_offered
    play_on(table)
    page.keyboard.press("Escape")
    wait_text(table, "#message", "Plus aucun coup possible")  # the line says the game is over, and what next
    table.press("u")  # still possible while stuck (and the line goes), then on to the same end
    page.wait_for_function("() => !document.querySelector('#message').textContent.includes('Plus aucun')")
    play_on(table)
    # give up: a loss for good, then the verdict and the solution
    page.click("#stuck-panel [data-solution='give-up']")
    page.wait_for_function(
        """() => ['win', 'lost', 'unknown'].includes(
                   document.querySelector('#stuck-panel [data-verdict-box]').dataset.verdict)"""
    )
    assert "abandonnée" in table.text("#stuck-text")
    assert page.is_hidden("#stuck-panel [data-action='undo']"), "a given-up game cannot be undone"
    if page.get_attribute("#stuck-panel [data-verdict-box]", "data-verdict") == "win":
        page.click("#stuck-panel [data-solution='show']")
        page.wait_for_selector("#replay-bar:not([hidden])")
        page.click("#replay-stop")
        page.wait_for_selector("#stuck-panel[open]")
    page.keyboard.press("Escape")
    wait_text(table, "#message", "Partie abandonnée")
    before = table.snapshot()
    table.press("u")
    wait_text(table, "#message", "la partie est terminée")
    assert table.snapshot() == before, "the player cannot go back to a game whose cards were shown"

    # a won game: the panel does not ask the solver by itself (that would show the unseen stock); the stock is
    # closed with the game
    deal_id, line = winnable()
    table.open(f"#{deal_id}")
    for move in line:
        if move == "draw":
            table.draw()
        else:
            table.take(int(move))
    page.wait_for_selector("#win-panel[open]")
    assert page.get_attribute("#win-panel [data-verdict-box]", "data-verdict") == ""
    assert page.is_visible("#win-panel [data-closes-note]"), "showing the solution would close the game: said"
    page.click("#win-panel [data-action='close-panel']")
    left = table.stock()
    assert left > 0, "the winning line leaves cards in the stock"
    assert page.get_attribute("#stock", "aria-disabled") == "true"
    page.click("#stock", force=True)  # announced unavailable, still pressable: the press says why
    wait_text(table, "#message", "la partie est terminée")
    assert table.stock() == left
    # "Voir une solution" on the won game: the unseen stock is shown, so the game is closed for good
    table.press("u")
    page.wait_for_function("() => document.querySelector('#cleared').textContent !== 'Dégagées 28/28'")
    table.take(int(line[-1]))  # a winning line ends with a take
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-solution='show']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-stop")
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-action='close-panel']")
    before = table.snapshot()
    table.press("u")
    wait_text(table, "#message", "la partie est terminée")
    assert table.snapshot() == before

    messages: list[str] = page.evaluate("() => window.__fromWorker")
    assert assert_no_peeking(messages) > 50


def test_a_game_in_progress_survives_links_back_and_a_damaged_save(table: Table) -> None:
    page = table.page
    table.open("#7")
    table.take(table.playable()[0])
    progress = table.snapshot()
    # a bad link when the site opens: a notice, and the saved game goes on
    for n, bad in enumerate(["garbage", "-1", "E-1"]):
        table.open(f"#{bad}", query=f"?open={n}", wait=False)
        table.wait_ready()
        page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
        assert bad in table.text("#message") and "votre partie continue" in table.text("#message")
        assert table.deal_id() == "7" and table.snapshot() == progress
    # another deal's link when the site opens: asked first; keeping the game restores the address
    table.open("#1234", query="?open=other", wait=False)
    page.wait_for_selector("#leave-panel[open]")
    assert "1234" in table.text("#leave-text")
    assert page.evaluate("() => document.activeElement.id") == "leave-keep", "the safe answer is the default"
    page.click("#leave-keep")
    page.wait_for_function("() => location.hash === '#7'")
    assert table.deal_id() == "7" and table.snapshot() == progress
    # the same by hashchange, and this time the player opens the other deal
    page.evaluate("() => { location.hash = '#1234'; }")
    page.wait_for_selector("#leave-panel[open]")
    page.click("#leave-open")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent === '#1234'")
    table.take(table.playable()[0])
    # Back goes to deal 7's address: asked again (Escape keeps the game), and the address comes back
    page.go_back()
    page.wait_for_selector("#leave-panel[open]")
    page.keyboard.press("Escape")
    page.wait_for_function("() => location.hash === '#1234'")
    assert table.deal_id() == "1234" and open_dialog(table) is None
    # a damaged save when the address names a deal: dropped, and this time the notice says so too
    page.evaluate("() => localStorage.setItem('tripeaks.save', '{not json')")
    table.open("#7", query="?open=damaged", wait=False)
    table.wait_ready()
    page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
    assert "illisible" in table.text("#message")
    assert table.deal_id() == "7" and table.stock() == 23
    # nothing to undo: said, from the snapshot
    table.press("u")
    wait_text(table, "#message", "Rien à annuler.")


DEEP = 3000  # deep enough that the worker thread cannot read the structured clone the page can write


def test_a_save_nested_thousands_deep_never_hangs_the_page(table: Table) -> None:
    page = table.page
    table.open("#7")
    deep = "[" * DEEP + "]" * DEEP
    record = '{"engine": {"format": "tripeaks-save", "log": ' + deep + '}, "deal_id": "7", "elapsed_ms": 0}'
    for reload in (False, True):
        page.evaluate("text => localStorage.setItem('tripeaks.save', text)", record)
        if reload:
            page.reload()
        else:
            table.open("#7", query="?deep", wait=False)
        table.wait_ready()
        page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
        assert "illisible" in table.text("#message")
        assert table.deal_id() == "7" and len(table.cards()) == 28
    # the worker itself answers a request it cannot read, with its place in the queue instead of an id
    replies = page.evaluate(
        """async (depth) => {
          const worker = new Worker('worker.js', {type: 'module'});
          const replies = [];
          const done = new Promise((resolve) => {
            worker.onmessage = (event) => {
              if (event.data.type === 'boot') return;
              replies.push(event.data);
              if (replies.length === 2) resolve();
            };
          });
          const nested = JSON.parse('['.repeat(depth) + ']'.repeat(depth));
          worker.postMessage({id: 1, op: 'restore', args: {save: nested}});
          worker.postMessage({id: 2, op: 'state', args: {}});
          await done;
          worker.terminate();
          return replies.map((r) => ({id: r.id, seq: r.seq, ok: r.ok, type: r.error ? r.error.type : null}));
        }""",
        DEEP,
    )
    assert replies[0] == {"id": None, "seq": 1, "ok": False, "type": "RequestError"}
    assert replies[1]["id"] == 2 and replies[1]["seq"] == 2


def test_a_request_that_never_gets_an_answer_offers_a_fresh_start(table: Table) -> None:
    page = table.page
    table.open("#7", query="?test-stall=undo&test-request-timeout-ms=1500")
    page.evaluate("() => localStorage.setItem('tripeaks.score', 'on')")
    table.take(table.playable()[0])
    progress = table.snapshot()
    table.press("u")  # the worker never answers undo: the page gives up on it
    page.wait_for_selector("#recover:not([hidden])")
    assert "ne répond plus" in table.text("#message")
    page.click("#recover-button")
    table.wait_ready()
    page.wait_for_selector("#recover", state="hidden")
    assert table.snapshot() == progress, "the last good save is back in a fresh engine"
    assert page.is_visible("#score"), "settings are kept"
    table.take(table.playable()[0])  # and the game goes on
    # A save whose restore gets no answer is kept and tried again in a fresh engine; when that one stalls on
    # it too, a new deal (a real game, whose save then replaces it) starts, and the page says so.
    table.open("", query="?test-stall=restore&test-request-timeout-ms=1500", wait=False)
    table.wait_ready()
    page.wait_for_selector("#recover:not([hidden])")
    page.click("#recover-button")
    page.wait_for_function("() => document.querySelector('#message').textContent.includes('rouverte')")
    table.wait_stock(23)
    assert page.evaluate("() => localStorage.getItem('tripeaks.save')") is not None


def test_damaged_statistics_are_repaired_said_once_and_games_still_counted(table: Table) -> None:
    page = table.page
    table.open("#7")
    for n, damaged in enumerate(['"garbage"', json.dumps({"any|wrap|down": {"played": "x", "recent": 5}})]):
        page.evaluate("text => localStorage.setItem('tripeaks.stats.v1', text)", damaged)
        table.open("#7", query=f"?stats={n}", wait=False)
        table.wait_ready()
        wait_text(table, "#message", "Statistiques endommagées")
        page.click("#stats-open")
        page.wait_for_selector("#stats-panel[open]")
        assert table.text("#stats-played") == "0"
        page.click("#stats-close")
    page.reload()
    table.wait_ready()
    assert "endommagées" not in table.text("#message"), "said once"
    table.draw()
    table.press("n")
    page.click("#newdeal-deal")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent !== '#7'")
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    assert table.text("#stats-played") == "1", "the abandoned game is recorded"
