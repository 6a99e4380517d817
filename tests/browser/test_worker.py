"""The worker protocol, spoken directly: {id, op, args} in, exactly one {id, ok, ...} out, errors typed."""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import Table

from solitaire_core.protocol import capabilities_json

TALK = """
async (requests) => {
  const worker = new Worker('worker.js', {type: 'module'});
  const replies = new Map();
  let boot = null;
  const done = new Promise(resolve => {
    worker.onmessage = (event) => {
      const data = event.data;
      if (data.type === 'boot') { boot = data; return; }
      replies.set(data.id, [...(replies.get(data.id) || []), data]);
      if ([...replies.values()].reduce((n, list) => n + list.length, 0) === requests.length) resolve();
    };
  });
  // Sent at once, before the engine has booted: they wait and are answered in order.
  requests.forEach((request, index) => worker.postMessage({id: index + 1, ...request}));
  await done;
  worker.terminate();
  return {boot, replies: Object.fromEntries(replies)};
}
"""


def test_every_request_gets_one_typed_answer(table: Table) -> None:
    table.open("#7")
    requests: list[dict[str, Any]] = [
        {"op": "new", "args": {"deal_id": "1234"}},
        {"op": "no_such_op", "args": {}},
        {"op": "move", "args": {"move": 5}},
        {"op": "new", "args": {"deal_id": "not a deal"}},
        {"op": "restore", "args": {"save": {"format": "nonsense"}}},
        {"op": "state", "args": {}},
        {"op": "move", "args": {"move": "0"}},
        {"op": "hint", "args": {}},
        {"args": {}},
    ]
    result = table.page.evaluate(TALK, requests)
    assert result["boot"]["ok"] is True
    replies = {int(k): v for k, v in result["replies"].items()}
    assert sorted(replies) == list(range(1, len(requests) + 1))
    assert all(len(v) == 1 for v in replies.values()), "exactly one answer per request"
    one = {k: v[0] for k, v in replies.items()}
    assert one[1]["ok"] and one[1]["state"]["deal_id"] == "1234"
    assert one[2]["error"]["type"] == "RequestError"
    assert one[3]["error"]["type"] == "RequestError"
    assert one[4]["error"]["type"] == "DealIdError"
    assert one[5]["error"]["type"] == "SaveError"
    assert one[6]["ok"] and one[6]["state"]["deal_id"] == "1234", "a refused request keeps the game"
    assert one[7]["ok"] and one[7]["rejection"]["reason"] == "face_down"
    assert one[8]["ok"] and one[8]["hint"]["kind"] in ("take", "draw")
    assert one[8]["hint"]["version"] == one[7]["state"]["version"]
    assert one[9]["error"]["type"] == "RequestError"


BOOT_AND_DEAL = """
async (url) => {
  const worker = new Worker(url, {type: 'module'});
  const boot = await new Promise(resolve => {
    worker.onmessage = (event) => { if (event.data.type === 'boot') resolve(event.data); };
  });
  const ask = (id, op, args) => new Promise(resolve => {
    worker.onmessage = (event) => resolve(event.data);
    worker.postMessage({id, op, args});
  });
  const reply = await ask(1, 'new', {deal_id: '1234'});
  const random = await ask(2, 'new', {});
  worker.terminate();
  return {boot, reply, random};
}
"""

SNAPSHOTS = """
async (damage) => {
  let count = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith('tripeaks-engine-snapshot:')) continue;
    const store = await caches.open(name);
    for (const request of await store.keys()) {
      count += 1;
      if (damage) await store.put(request, new Response(new Uint8Array(4096).fill(7)));
    }
  }
  return count;
}
"""


def _wait_for_snapshot(table: Table) -> None:
    deadline = time.monotonic() + 60
    while table.page.evaluate(SNAPSHOTS, False) != 1:
        assert time.monotonic() < deadline, "the start-up snapshot was never saved"
        time.sleep(0.2)


# The browser's own start-up snapshot is the fallback of the shipped one (tests/browser/test_startup.py):
# these tests turn the shipped one off (test hook) to reach it.
OWN_SNAPSHOT_WORKER = "worker.js?test-snapshot=off"


def _boot(table: Table, url: str = OWN_SNAPSHOT_WORKER) -> dict[str, Any]:
    result: dict[str, Any] = table.page.evaluate(BOOT_AND_DEAL, url)
    assert result["boot"]["ok"] is True, result["boot"]
    assert result["reply"]["ok"] and result["reply"]["state"]["deal_id"] == "1234"
    assert result["random"]["ok"]
    boot: dict[str, Any] = {**result["boot"], "random_deal": result["random"]["state"]["deal_id"]}
    return boot


def test_later_starts_restore_the_start_up_snapshot(table: Table) -> None:
    table.open("#7", query="?test-snapshot=off")
    _wait_for_snapshot(table)
    first_start, second_start = _boot(table), _boot(table)
    assert first_start["snapshot"] == second_start["snapshot"] == "used"
    # Restored memory must not mean restored luck: random deals still come from the system's random source.
    assert first_start["random_deal"] != second_start["random_deal"]
    # The page itself starts from the snapshot and plays as usual.
    table.open("#7", query="?test-snapshot=off")
    first = table.playable()[0]
    table.take(first)
    assert table.card(first)["state"] == "gone"
    assert table.hint()


def test_a_damaged_snapshot_is_dropped_and_the_engine_starts_anyway(table: Table) -> None:
    table.open("#7", query="?test-snapshot=off")
    _wait_for_snapshot(table)
    assert table.page.evaluate(SNAPSHOTS, True) == 1
    assert _boot(table)["snapshot"] == "discarded"
    _wait_for_snapshot(table)  # a good one is made again
    assert _boot(table)["snapshot"] == "used"


TWO_GAMES = """
async () => {
  const worker = new Worker('worker.js', {type: 'module'});
  const boot = await new Promise(resolve => {
    worker.onmessage = (event) => { if (event.data.type === 'boot') resolve(event.data); };
  });
  const ask = (id, request) => new Promise(resolve => {
    worker.onmessage = (event) => { if (event.data.id === id) resolve(event.data); };
    worker.postMessage({id, ...request});
  });
  const out = {boot};
  out.pyramid = await ask(1, {game: 'pyramid', op: 'new', args: {deal_id: '7'}});
  out.tripeaks = await ask(2, {op: 'new', args: {deal_id: '1234'}});
  // A move read off the snapshot's partners (a pair, or a king alone), else a draw.
  const card = out.pyramid.state.pyramid.find(e => e.playable && (e.king || e.partners.length));
  out.move = card ? (card.king ? String(card.index) : `${card.index}+${card.partners[0]}`) : 'draw';
  out.moved = await ask(3, {game: 'pyramid', op: 'move', args: {move: out.move}});
  out.tripeaksState = await ask(4, {game: 'tripeaks', op: 'state', args: {}});
  out.hint = await ask(5, {game: 'pyramid', op: 'hint', args: {}});
  out.unknown = await ask(6, {game: 'spider', op: 'state', args: {}});
  out.pyramidState = await ask(7, {game: 'pyramid', op: 'state', args: {}});
  out.tripeaksHint = await ask(8, {op: 'hint', args: {}});
  out.checked = await ask(9, {game: 'pyramid', op: 'check_deal', args: {deal_id: '7', current: '7'}});
  out.pyramidAfterCheck = await ask(10, {game: 'pyramid', op: 'state', args: {}});
  worker.terminate();
  return out;
}
"""


def test_one_worker_hosts_both_games_with_a_session_each(table: Table) -> None:
    table.open("#7")
    out: dict[str, Any] = table.page.evaluate(TWO_GAMES)
    assert out["boot"]["ok"] is True, out["boot"]
    pyramid = out["pyramid"]
    assert pyramid["id"] == 1 and pyramid["ok"], pyramid
    assert pyramid["state"]["game"] == "pyramid" and pyramid["state"]["deal_id"] == "7"
    assert out["tripeaks"]["ok"] and out["tripeaks"]["state"]["deal_id"] == "1234"
    moved = out["moved"]
    assert moved["ok"] and moved["rejection"] is None, (out["move"], moved)
    assert moved["state"]["version"] == pyramid["state"]["version"] + 1
    # A TriPeaks request in between answers for the TriPeaks game, which the Pyramid move left alone.
    tripeaks = out["tripeaksState"]
    assert tripeaks["ok"] and tripeaks["state"]["deal_id"] == "1234"
    assert tripeaks["state"] == out["tripeaks"]["state"]
    hint = out["hint"]
    assert hint["id"] == 5 and hint["ok"] and not hint.get("stale"), hint
    assert hint["hint"]["version"] == moved["state"]["version"]
    assert out["unknown"]["id"] == 6 and out["unknown"]["ok"] is False
    assert out["unknown"]["error"]["type"] == "RequestError"
    assert "spider" in out["unknown"]["error"]["message"]
    # The Pyramid game is where the move left it; TriPeaks' own hint is for its own game.
    assert out["pyramidState"]["state"] == moved["state"]
    assert out["tripeaksHint"]["ok"] and out["tripeaksHint"]["hint"]["kind"] in ("take", "draw")
    assert out["tripeaksHint"]["hint"]["version"] == tripeaks["state"]["version"]
    # The boot message carries each game's capabilities, as Python declares them.
    assert out["boot"]["games"] == json.loads(capabilities_json())
    # check_deal is the session's op, routed like any other: it leaves the game in progress alone.
    assert out["checked"]["ok"] and out["checked"]["deal_id"] == "7" and out["checked"]["same_game"] is True
    assert out["pyramidAfterCheck"]["state"] == moved["state"]
