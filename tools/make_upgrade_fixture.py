"""Play an OLD build of the site like a player and dump its localStorage: the fixture of the upgrade test.

tests/browser/test_upgrade.py loads what a player's browser holds after playing an older version (a game in
progress, statistics, the score setting, English) into the current page, and checks the player gets it all
back. This script makes that fixture from a checkout of the old version and its built dist:

    git clone -q /work/main /tmp/old-site && cd /tmp/old-site && git checkout -q 0d985de
    ln -s /work/main/node_modules node_modules
    SITE_DIST=/tmp/dist-old /work/main/.venv/bin/python build.py build
    cd /work/main && .venv/bin/python tools/make_upgrade_fixture.py --site /tmp/old-site --dist /tmp/dist-old

It serves the old dist with the OLD clone's tools/localsite.py and drives the page with the OLD clone's
page helpers (tests/browser/conftest.py: Table), so the gestures are those that version understood; deal
IDs and solver lines come from the old engine (its src/ first on PYTHONPATH). The session: deal #110,
takes and draws, the streak score ticked in the statistics panel, the language switched to English, #110
played on until stuck (a loss); a winnable deal played to the win; then a fresh deal with a few takes and
draws, left in progress. What the page shows at the end (deal ID, moves, face-up cards, waste, stock,
undo, statistics figures, language) is recorded beside every localStorage key, as exact strings.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "tests" / "browser" / "fixtures"
FIRST_DEAL = "110"
LAST_DEAL = "1234"
STATS_FIELDS = (
    "played", "won", "rate", "run", "best-run", "best-time", "fewest-moves", "longest-streak", "best-score"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True, help="checkout of the old version")
    parser.add_argument("--dist", type=Path, required=True, help="the old version's built dist")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="fixtures folder")
    parser.add_argument("--name", default="tripeaks_0d985de_storage.json")
    options = parser.parse_args()
    site = options.site.resolve()
    os.environ["PYTHONPATH"] = os.pathsep.join([str(site / "src"), os.environ.get("PYTHONPATH", "")])
    sys.path[:0] = [str(site / "tools"), str(site / "tests" / "browser")]
    conftest = importlib.import_module("conftest")  # the old version's page helpers (Table, find_deal)
    localsite = importlib.import_module("localsite")  # the old version's server and Chromium options

    commit = subprocess.run(
        ["git", "-C", str(site), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    won_deal, line = conftest.find_deal("", "win")
    with localsite.serve(options.dist.resolve()) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(**localsite.launch_options())
        context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
        page = context.new_page()
        page.set_default_timeout(60_000)
        fixture = play(conftest.Table(page, origin), won_deal, line)
        browser.close()
    fixture["made"] = {
        "commit": commit,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "by": "tools/make_upgrade_fixture.py",
        "browser": "headless /usr/bin/chromium, locale fr-FR, 1280x800",
    }
    options.out.mkdir(parents=True, exist_ok=True)
    path = options.out / options.name
    path.write_text(json.dumps(fixture, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(fixture['localStorage'])} keys, deal #{fixture['shown']['deal_id']}")
    return 0


def play(table: Any, won_deal: str, line: list[Any]) -> dict[str, Any]:  # noqa: ANN401 - old Table
    page = table.page
    table.open(f"#{FIRST_DEAL}")
    steps(table, 4)
    # the streak score, ticked in the statistics panel
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    page.check("#score-setting")
    page.click("#stats-close")
    page.wait_for_selector("#score:not([hidden])")
    # English
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    # deal #110 played on until stuck: a loss in the statistics
    while not page.is_visible("#stuck-panel"):
        if not steps(table, 1):
            page.wait_for_selector("#stuck-panel[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stuck-panel", state="hidden")
    # a won game
    table.open(f"#{won_deal}")
    for move in line:
        if move == "draw":
            table.draw()
        else:
            table.take(int(move))
    page.wait_for_selector("#win-panel[open]")
    page.click("#win-panel [data-action='close-panel']")
    page.wait_for_selector("#win-panel", state="hidden")
    # a fresh deal, a few moves in: the game in progress
    table.open(f"#{LAST_DEAL}")
    steps(table, 5, draw_first=True)
    shown = view(table)
    storage: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).sort().map(k => [k, localStorage.getItem(k)]))"
    )
    return {"shown": shown, "localStorage": storage, "games": {"stuck": FIRST_DEAL, "won": won_deal}}


def steps(table: Any, count: int, draw_first: bool = False) -> int:  # noqa: ANN401 - old Table
    """Up to `count` moves: take the first playable card, else draw; returns how many were made."""
    made = 0
    for n in range(count):
        playable = table.playable()
        if playable and not (draw_first and n == 0):
            table.take(playable[0])
        elif table.stock() > 0:
            table.draw()
        else:
            break
        made += 1
    return made


def view(table: Any) -> dict[str, Any]:  # noqa: ANN401 - old Table
    """What the player sees: the table's face-up cards, the waste, the status line, the statistics."""
    page = table.page
    shown: dict[str, Any] = {
        "deal_id": table.deal_id(),
        "moves_text": table.text("#moves"),
        "cleared_text": table.text("#cleared"),
        "score_text": table.text("#score"),
        "score_visible": page.is_visible("#score"),
        "face_up": [[c["position"], c["card"]] for c in table.cards() if c["state"] == "up"],
        "waste": table.waste(),
        "stock": table.stock(),
        "undo_enabled": page.is_enabled("#undo"),
        "language": page.evaluate("() => document.documentElement.lang"),
        "lang_button": table.text("#lang"),
    }
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    shown["stats_key"] = page.input_value("#stats-key")
    shown["stats"] = {name: table.text(f"#stats-{name}") for name in STATS_FIELDS}
    shown["stats_chart_games"] = page.get_attribute("#stats-chart", "data-games")
    shown["score_setting"] = page.is_checked("#score-setting")
    page.click("#stats-close")
    page.wait_for_selector("#stats-panel", state="hidden")
    return shown


if __name__ == "__main__":
    sys.exit(main())
