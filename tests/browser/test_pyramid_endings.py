"""The end of a Pyramid game in Chromium: the hint (a worthwhile move highlighted, "draw" when no pair fits,
"Recherche d'une solution…" with the table still usable, never "lost" while a stock card is unseen, the proven
lost banner and its exits), the win panel (figures, deal ID copied, exits, statistics of Pyramid only, axe),
the stuck panel and its exits, "Était-elle gagnable ?" and "Voir une solution" stepped through.

Deals and lines come from the Python engine at test time: the solver's line for a win, a short stuck line
from a seeded random player, a deal the solver proves lost; the hint the page must show is the engine's hint
for the same position (it is seeded from what the player sees, so it is the same in the worker).
"""

from __future__ import annotations

import functools
import random
import re
from typing import Any

from conftest import axe_serious
from pyramid_page import Pyramid, engine_game, expected, places_of, solver_line

from pyramid_core.game import Game
from pyramid_core.hint import hint

TEXTS = "bs => bs.filter(b => !b.hidden && b.offsetParent).map(b => b.textContent.trim())"


def engine_hint(game: Game) -> dict[str, Any]:
    result = hint(game.player_view())
    return {"kind": result.kind, "move": result.move}


def hinted_places(result: dict[str, Any]) -> list[str]:
    if result["kind"] in ("draw", "recycle"):
        return [result["kind"]]
    return sorted(places_of(str(result["move"])))


@functools.cache
def shortest_win() -> tuple[str, list[str]]:
    """Among the first deals the solver proves winnable, the one with the shortest line."""
    wins = []
    for number in range(1, 30):
        verdict, line = solver_line(str(number))
        if verdict == "win":
            wins.append((len(line), str(number), line))
    assert wins, "no winnable deal among the first 30"
    return min(wins)[1:]


@functools.cache
def short_stuck_line() -> tuple[str, list[str]]:
    """A deal winnable from its start and a short line (a seeded random player that pairs whatever it can)
    that ends with no legal move at all."""
    best: tuple[str, list[str]] | None = None
    for number in range(1, 60):
        if solver_line(str(number))[0] != "win":
            continue
        for seed in range(6):
            rng = random.Random(number * 100 + seed)
            game = Game.from_id(number)
            line: list[str] = []
            while game.outcome().value == "playing":
                legal = [str(m) for m in game.legal_moves()]
                pairs = [m for m in legal if m not in ("draw", "recycle")]
                move = rng.choice(pairs) if pairs else legal[0]
                game.play(move)
                line.append(move)
            if game.outcome().value == "stuck" and (best is None or len(line) < len(best[1])):
                best = (str(number), line)
    assert best, "no stuck line found"
    return best


@functools.cache
def lost_deal() -> str:
    """A deal the solver proves lost from its start, whose hint says so once the stock has been seen."""
    for number in range(1, 200):
        if solver_line(str(number))[0] != "lost":
            continue
        game = engine_game(str(number), ["draw"] * 23)
        if game.all_known and engine_hint(game)["kind"] == "lost" and game.outcome().value == "playing":
            return str(number)
    raise AssertionError("no proven lost deal")


# ------------------------------------------------------------------ hint


def only_draw(game: Game) -> bool:
    return [str(m) for m in game.legal_moves()] == ["draw"]


@functools.cache
def hint_scenario() -> str:
    """A deal where nothing fits at the start (the hint: draw); drawn until something fits (the hint: a pair
    or a king), that move made; the stock then drawn out, where it is to recycle (the engine's hints)."""
    for number in range(1, 400):
        game = Game.from_id(number)
        if not only_draw(game):
            continue
        while only_draw(game):
            game.play("draw")
        first = engine_hint(game)
        if first["kind"] not in ("pair", "king"):
            continue
        game.play(str(first["move"]))
        while game.can_draw:
            game.play("draw")
        if game.outcome().value == "playing" and engine_hint(game)["kind"] == "recycle":
            return str(number)
    raise AssertionError("no deal whose hints go draw, pair or king, recycle")


def test_hint_advises_drawing_a_pair_and_recycling(pyr: Pyramid) -> None:
    deal_id = hint_scenario()
    game = engine_game(deal_id)
    pyr.open(f"#{deal_id}")
    page = pyr.page
    # Nothing to pair at the start: the hint advises turning a card, and marks the stock.
    assert engine_hint(game)["kind"] == "draw"
    assert pyr.hint() == "draw"
    assert pyr.hinted() == ["draw"]
    assert pyr.text("#hint-text").startswith("Indice : retournez une carte de la pioche.")
    pyr.play("draw")
    game.play("draw")
    page.wait_for_selector("#hint-banner", state="hidden")  # a move closes it
    assert pyr.hinted() == []
    # Draw until a pair or a king fits: the hint points at the engine's move and highlights its cards.
    while only_draw(game):
        pyr.play("draw")
        game.play("draw")
    wanted = engine_hint(game)
    assert pyr.hint() == wanted["kind"]
    assert sorted(pyr.hinted()) == hinted_places(wanted)
    assert pyr.text("#hint-text").startswith("Indice : retirez ")
    # Escape closes it; the hinted move, made by taps, is accepted.
    pyr.press("Escape")
    page.wait_for_selector("#hint-banner", state="hidden")
    assert pyr.hinted() == []
    pyr.play(str(wanted["move"]))
    game.play(str(wanted["move"]))
    assert pyr.view() == expected(game)
    # The stock drawn out: the hint is to recycle, Recycler is marked, and it does open the next pass.
    while game.can_draw:
        pyr.key_move("d")
        game.play("draw")
    assert pyr.hint() == "recycle"
    assert pyr.hinted() == ["recycle"]
    assert pyr.text("#hint-text").startswith("Indice : recyclez la défausse")
    pyr.play("recycle")
    game.play("recycle")
    assert pyr.view() == expected(game) and pyr.pass_text() == "tour 2 sur 3"
    assert page.is_hidden("#hint-banner") and pyr.hinted() == []


def test_searching_banner_keeps_the_table_usable(pyr: Pyramid) -> None:
    # The test hook holds every hint answer, so the search is seen and a move overtakes it.
    pyr.open("#7", query="?test-hint-delay=4000")
    page = pyr.page
    game = engine_game("7")
    page.click("#hint")
    page.wait_for_function(
        "() => document.querySelector('#hint-text').textContent === 'Recherche d’une solution…'"
    )
    assert page.is_visible("#hint-banner")
    pyr.play("draw")  # the table answers meanwhile
    game.play("draw")
    assert pyr.view() == expected(game)
    page.wait_for_selector("#hint-banner", state="hidden")
    page.wait_for_selector("#game[data-stale-hints='1']", timeout=20_000)
    assert page.is_hidden("#hint-banner") and pyr.hinted() == [], "the answer for the old position is dropped"


def test_lost_only_once_every_stock_card_was_seen_then_four_exits(pyr: Pyramid) -> None:
    deal_id = lost_deal()
    pyr.open(f"#{deal_id}")
    page = pyr.page
    # The deal is lost from its start (the solver says so), but the hint never peeks at the stock.
    assert pyr.hint() != "lost"
    for _ in range(22):
        pyr.key_move("d")
    assert pyr.stock_count() == 2, "one stock card is still face down"
    assert pyr.hint() != "lost", "a stock card is unseen: no verdict"
    pyr.key_move("d")  # the last card face up: every card is known now
    assert pyr.hint() == "lost"
    assert pyr.text("#hint-text").startswith("Plus de solution d’ici")
    actions = page.eval_on_selector_all(
        "#lost-actions button", "bs => bs.filter(b => b.offsetParent).map(b => b.dataset.action)"
    )
    assert {"undo", "hint", "replay"} <= set(actions) and {"again", "new"} & set(actions), actions
    assert pyr.open_dialog() is None, "the hint never ends the game by itself"
    assert pyr.text("#moves") == "Coups 23" and page.get_attribute("#timer", "data-running") == "true"
    # Indice again: the same verdict.
    page.click("#lost-actions [data-action='hint']")
    assert pyr.wait_hint() == "lost"
    # Undo: one move back, the banner closed; what was seen stays known, so the verdict stands.
    before = pyr.position()
    page.click("#lost-actions [data-action='undo']")
    pyr.wait_moved(before)
    page.wait_for_selector("#hint-banner", state="hidden")
    assert pyr.stock_count() == 2
    assert pyr.hint() == "lost"
    # Replay this deal: from its start, every card still known.
    page.click("#lost-actions [data-action='replay']")
    page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 0'")
    assert pyr.view() == expected(engine_game(deal_id))
    assert pyr.hint() == "lost"
    # Another deal.
    exit_new = "again" if "again" in actions else "new"
    page.click(f"#lost-actions [data-action='{exit_new}']")
    if exit_new == "new":
        page.wait_for_selector("#newdeal-panel[open]")
        page.click("#newdeal-deal")
    page.wait_for_function("id => document.querySelector('#deal-id').textContent !== '#' + id", arg=deal_id)
    page.wait_for_selector("#hint-banner", state="hidden")
    assert pyr.stock_count() == 24


# ------------------------------------------------------------------ win


def open_stats(pyr: Pyramid) -> dict[str, str]:
    pyr.page.click("#stats-open")
    pyr.page.wait_for_selector("#stats-panel[open]")
    names = ["played", "won", "rate", "run", "best-run", "best-time", "fewest-moves"]
    figures = {name: pyr.text(f"#stats-{name}") for name in names}
    pyr.page.click("#stats-close")
    pyr.page.wait_for_selector("#stats-panel", state="hidden")
    return figures


def test_win_panel_statistics_and_axe(browser: Any, server: str) -> None:
    deal_id, line = shortest_win()
    # axe is injected as a script: this context runs without the page's CSP to allow that.
    context = browser.new_context(bypass_csp=True, locale="fr-FR", viewport={"width": 1280, "height": 800})
    foreign: list[str] = []
    context.on("request", lambda r: None if r.url.startswith(server) else foreign.append(r.url))
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        pyr = Pyramid(page, server).open(f"#{deal_id}")
        # axe with a card selected and its partners marked.
        start = engine_game(deal_id)
        first = next(p for p in start.playable_places() if start.rank_at(p) != 13 and start.partners(p))
        pyr.tap(first)
        pyr.wait_selected(first)
        assert pyr.partners(), "the partners are marked"
        assert axe_serious(page) == []
        pyr.tap(first)
        pyr.wait_unselected()
        pyr.play_all(line)
        page.wait_for_selector("#win-panel[open]")
        assert pyr.text("#win-title") == "La pyramide est démontée !"
        assert pyr.text("#win-cleared") == "28/28"
        assert pyr.text("#win-moves") == str(len(line)) == pyr.text("#moves").split()[-1]
        assert re.fullmatch(r"\d+:\d\d", pyr.text("#win-time"))
        assert pyr.text("#win-deal") == f"#{deal_id}"
        assert page.get_attribute("#timer", "data-running") == "false"
        buttons = page.eval_on_selector_all("#win-panel .panel-actions button", TEXTS)
        assert buttons == ["Donne suivante", "Nouvelle donne", "Rejouer la donne", "Voir le tableau"]
        # axe with the win panel open.
        assert axe_serious(page) == []
        page.click("#win-deal")
        page.wait_for_function("id => navigator.clipboard.readText().then(t => t === id)", arg=deal_id)
        # Back to the table: all 28 gone, the line says it is won.
        page.click("#win-panel [data-action='close-panel']")
        page.wait_for_selector("#win-panel", state="hidden")
        assert pyr.codes() == [None] * 28 and pyr.text("#removed") == "28 sur 28"
        assert "Partie gagnée" in pyr.message()
        figures = open_stats(pyr)
        assert figures["played"] == "1" and figures["won"] == "1" and figures["rate"] == "100 %"
        assert figures["fewest-moves"] == str(len(line))
        # TriPeaks' statistics did not move.
        page.click("[data-game-link='tripeaks']")
        page.wait_for_selector("html[data-game='tripeaks']")
        page.wait_for_selector("#game[data-state='ready']")
        page.wait_for_function("() => document.querySelector('#cleared').textContent.includes('/28')")
        assert set(played_under_every_key(pyr).values()) == {"0"}, "TriPeaks counted nothing"
        page.go_back()
        pyr.wait_ready()
        page.wait_for_function("() => document.querySelector('#removed').textContent.trim() === '28 sur 28'")
        page.wait_for_selector("#win-panel[open]")  # the won game is back, and so is its panel
        page.keyboard.press("Escape")
        page.wait_for_selector("#win-panel", state="hidden")
        page.click("#undo")  # a won game can be undone: it reopens
        page.wait_for_function("() => document.querySelector('#removed').textContent.trim() !== '28 sur 28'")
        assert pyr.open_dialog() is None
        pyr.play(line[-1])
        page.wait_for_selector("#win-panel[open]")
        page.keyboard.press("Escape")
        page.wait_for_selector("#win-panel", state="hidden")
        assert open_stats(pyr)["played"] == "1", "a win undone and won again counts once"
        # The panel's other exits. "Nouvelle donne" opens the choice of a new deal (cancelled here: the won
        # game stays), "Rejouer la donne" deals the same deal again from its start.
        undo_and_win_again(pyr, line[-1])
        page.click("#win-panel [data-action='new']")
        page.wait_for_selector("#newdeal-panel[open]")
        assert page.is_hidden("#win-panel")
        page.keyboard.press("Escape")
        page.wait_for_selector("#newdeal-panel", state="hidden")
        assert pyr.deal_id() == deal_id and pyr.text("#removed") == "28 sur 28"
        undo_and_win_again(pyr, line[-1])
        page.click("#win-panel [data-action='replay']")
        page.wait_for_selector("#win-panel", state="hidden")
        page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 0'")
        assert pyr.view() == expected(engine_game(deal_id)), "the same deal, from its start"
        assert pyr.open_dialog() is None
    finally:
        context.close()
    assert foreign == []


def played_under_every_key(pyr: Pyramid) -> dict[str, str]:
    """The statistics panel's "played" figure under each key it offers."""
    page = pyr.page
    page.click("#stats-open")
    page.wait_for_selector("#stats-panel[open]")
    played = {}
    for key in page.eval_on_selector_all("#stats-key option", "os => os.map(o => o.value)"):
        page.select_option("#stats-key", key)
        played[key] = pyr.text("#stats-played")
    page.click("#stats-close")
    page.wait_for_selector("#stats-panel", state="hidden")
    return played


def undo_and_win_again(pyr: Pyramid, last: str) -> None:
    """Take the winning move back (a won game can be undone) and make it again: the win panel opens."""
    pyr.undo()
    assert pyr.open_dialog() is None
    pyr.play(last)
    pyr.page.wait_for_selector("#win-panel[open]")


# ------------------------------------------------------------------ stuck, "was it winnable?", the solution


def test_stuck_panel_exits_and_the_solution_stepped_through(pyr: Pyramid) -> None:
    deal_id, line = short_stuck_line()
    pyr.open(f"#{deal_id}", query="?test-replay-ms=1000000")
    page = pyr.page
    pyr.play_all(line)
    page.wait_for_selector("#stuck-panel[open]")
    game = engine_game(deal_id, line)
    assert game.outcome().value == "stuck"
    assert pyr.text("#stuck-title") == "Aucun coup possible"
    assert pyr.text("#stuck-text").startswith("Plus aucune paire ne fait 13")
    assert f"Il reste {28 - game.removed} cartes" in pyr.text("#stuck-text")
    buttons = page.eval_on_selector_all("#stuck-panel .panel-actions button", TEXTS)
    assert buttons[:2] == ["Annuler le dernier coup", "Rejouer la donne"]
    assert "Nouvelle donne" in buttons
    # 1. Undo the last move: the panel closes, the position before it is back.
    stuck = pyr.position()
    page.click("#stuck-panel [data-action='undo']")
    page.wait_for_selector("#stuck-panel", state="hidden")
    pyr.wait_moved(stuck)  # the panel closes at the tap; the worker's position follows
    assert pyr.view() == expected(engine_game(deal_id, line[:-1]))
    pyr.play(line[-1])
    page.wait_for_selector("#stuck-panel[open]")
    # "Était-elle gagnable ?": every card is known, so the panel asks the solver by itself (from the deal's
    # start); the question goes once it is answered.
    verdict, solution = solver_line(deal_id)
    assert verdict == "win"
    pyr.wait_verdict("stuck-panel", "win")
    assert pyr.text("#stuck-panel [data-verdict-text]") == (
        f"Oui : cette donne pouvait être gagnée depuis le début (solution en {len(solution)} coups)."
    )
    assert page.is_hidden("#stuck-panel [data-solution='ask']")
    # "Voir une solution": a few steps, each frame the engine's position after that many moves.
    player = pyr.view()
    page.click("#stuck-panel [data-solution='show']")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert pyr.open_dialog() is None
    if page.get_attribute("#replay-play", "aria-pressed") == "true":
        page.click("#replay-play")  # pause
    step = int(str(page.get_attribute("#replay-bar", "data-step")))
    assert page.get_attribute("#replay-bar", "data-steps") == str(len(solution))
    for _ in range(3):
        page.click("#replay-next")
        step += 1
        page.wait_for_function(
            "n => document.querySelector('#replay-bar').dataset.step === String(n)", arg=step
        )
        assert pyr.message().startswith(f"Coup {step}/{len(solution)} : ")
        shown = pyr.view()
        wanted = expected(engine_game(deal_id, solution[:step]))
        assert shown["cards"] == wanted["cards"] and shown["S"] == wanted["S"] and shown["W"] == wanted["W"]
        assert shown["moves"] == f"Coups {step}"
    # Taps on the table do nothing during the replay.
    pyr.tap("draw", force=True)
    page.wait_for_timeout(200)
    assert page.get_attribute("#replay-bar", "data-step") == str(step)
    page.keyboard.press("Escape")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert pyr.view() == player, "the player's game is back as it was"
    page.wait_for_selector("#stuck-panel[open]")
    # 2. Replay this deal.
    page.click("#stuck-panel [data-action='replay']")
    page.wait_for_selector("#stuck-panel", state="hidden")
    page.wait_for_function("() => document.querySelector('#moves').textContent.trim() === 'Coups 0'")
    assert pyr.view() == expected(engine_game(deal_id))
    # 3. A new deal (from the stuck panel again).
    pyr.play_all(line)
    page.wait_for_selector("#stuck-panel[open]")
    page.click("#stuck-panel [data-action='new']")
    page.wait_for_selector("#newdeal-panel[open]")
    page.click("#newdeal-deal")
    page.wait_for_function("id => document.querySelector('#deal-id').textContent !== '#' + id", arg=deal_id)
    assert pyr.open_dialog() is None
    figures = open_stats(pyr)
    assert figures["played"] == "2" and figures["won"] == "0", "two stuck games, each counted once"

