"""Keyboard map, welcome line, timer, language, and the game surviving resize and reload."""

from __future__ import annotations

from conftest import Table

WELCOME = "#welcome"


def focused(table: Table) -> dict[str, str | None]:
    result: dict[str, str | None] = table.page.evaluate(
        """() => { const el = document.activeElement;
                   return {pos: el?.dataset?.pos ?? null, playable: el?.dataset?.playable ?? null,
                           id: el?.id ?? null}; }"""
    )
    return result


def test_keyboard_map(table: Table) -> None:
    table.open("#7")
    page = table.page
    # D draws
    table.press("d")
    table.wait_stock(22)
    # U undoes
    table.press("u")
    table.wait_stock(23)
    # arrows move the focus between playable cards, with a visible ring
    table.press("ArrowRight")
    first = focused(table)
    assert first["playable"] == "true"
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
    playable = table.playable()
    if len(playable) > 1:
        table.press("ArrowRight")
        second = focused(table)
        assert second["playable"] == "true" and second["pos"] != first["pos"]
        table.press("ArrowLeft")
        assert focused(table)["pos"] == first["pos"]
    # Enter takes the focused card
    position = int(str(focused(table)["pos"]))
    table.press("Enter")
    table.wait_gone(position)
    # Space takes the focused card too (when one fits after the first take)
    table.press("ArrowRight")
    now = focused(table)
    if now["playable"] == "true":
        position = int(str(now["pos"]))
        table.press(" ")
        table.wait_gone(position)
    # H asks for a hint, Escape closes the banner
    table.press("h")
    table.wait_hint()
    table.press("Escape")
    page.wait_for_selector("#hint-banner", state="hidden")
    # N asks for a new deal (the choice dialog opens with its deal button focused: Enter deals)
    table.press("n")
    page.wait_for_selector("#newdeal-panel[open]")
    table.press("Enter")
    page.wait_for_function("() => document.querySelector('#deal-id').textContent !== '#7'")
    table.wait_stock(23)


def test_keys_do_nothing_while_typing_in_a_field(table: Table) -> None:
    table.open("#7")
    table.page.evaluate(
        """() => { const input = document.createElement('input'); input.id = 'field';
                   document.querySelector('#hint-banner').before(input); input.focus(); }"""
    )
    table.press("d")
    table.press("n")
    table.page.wait_for_timeout(300)  # give a wrongly handled key the chance to show
    assert table.stock() == 23
    assert table.deal_id() == "7"
    assert table.page.input_value("#field") == "dn"


def test_welcome_line_once(table: Table) -> None:
    table.open("#7")
    page = table.page
    assert page.is_visible(WELCOME)
    assert "un rang de plus ou de moins" in table.text(WELCOME)
    table.take(table.playable()[0])
    assert not page.is_visible(WELCOME), "the first action hides it"
    page.reload()
    table.wait_ready()
    assert not page.is_visible(WELCOME), "it never comes back"


def test_escape_closes_the_welcome_line(table: Table) -> None:
    table.open("#7")
    assert table.page.is_visible(WELCOME)
    table.press("Escape")
    table.page.wait_for_selector(WELCOME, state="hidden")


def _set_visibility(table: Table, state: str) -> None:
    table.page.evaluate(
        """state => {
            Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
            Object.defineProperty(document, 'hidden', {configurable: true, get: () => state === 'hidden'});
            document.dispatchEvent(new Event('visibilitychange'));
        }""",
        state,
    )


def test_timer_pauses_while_the_tab_is_hidden(table: Table) -> None:
    table.open("#7")
    page = table.page
    table.draw()  # the clock starts with the first move
    page.wait_for_selector("#timer[data-running='true']")
    page.wait_for_function("() => document.querySelector('#timer').textContent.trim() !== 'Temps 0:00'")
    _set_visibility(table, "hidden")
    page.wait_for_selector("#timer[data-running='false']")
    shown = table.text("#timer")
    page.wait_for_timeout(2200)
    assert table.text("#timer") == shown, "no time passes while hidden"
    _set_visibility(table, "visible")
    page.wait_for_selector("#timer[data-running='true']")
    page.wait_for_function("s => document.querySelector('#timer').textContent.trim() !== s", arg=shown)


def test_game_survives_resize_and_reload(table: Table) -> None:
    table.open("#7")
    page = table.page
    table.take(table.playable()[0])
    table.draw()
    before = table.snapshot()
    for width, height in ((740, 360), (360, 640), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert table.snapshot() == before
    page.reload()
    table.wait_ready()
    assert table.snapshot() == before
    assert table.deal_id() == "7"
    page.goto(table.base + "/")  # no fragment: the saved game comes back too
    table.wait_ready()
    assert table.snapshot() == before


def test_corrupted_save_gives_a_notice_and_a_new_deal(table: Table) -> None:
    table.open("#7")
    page = table.page
    table.take(table.playable()[0])
    for broken in ("{not json", '{"engine": {"format": "tripeaks-save", "check": "0"}, "deal_id": "7"}'):
        page.evaluate("text => localStorage.setItem('tripeaks.save', text)", broken)
        page.goto(table.base + "/?fresh")
        table.wait_ready()
        assert page.get_attribute("#message", "data-kind") == "notice"
        assert "illisible" in table.text("#message")
        assert table.stock() == 23 and table.text("#cleared") == "Dégagées 0/28"
        assert len(table.playable()) >= 0 and len(table.cards()) == 28


def test_deal_from_the_address(table: Table) -> None:
    table.open("#1234")
    assert table.deal_id() == "1234"
    table.open("#V-99")
    assert table.deal_id() == "V-99"
    assert all(c["state"] == "up" for c in table.cards()), "the Tout visible variant shows every card"


def test_malformed_deal_id(table: Table) -> None:
    table.open("#pas-une-donne!", wait=False)
    table.wait_ready()
    page = table.page
    page.wait_for_function("() => document.querySelector('#message').dataset.kind === 'notice'")
    assert "pas-une-donne!" in table.text("#message")
    assert table.stock() == 23 and len(table.cards()) == 28
    assert table.deal_id() != ""


def test_english_when_the_browser_prefers_it(browser, server: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        table = Table(page, server).open("#7")
        assert table.text("#cleared") == "Cleared 0/28"
        assert table.text("#new") == "New deal"
        assert page.get_attribute("html", "lang") == "en"
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'fr'")
        assert table.text("#cleared") == "Dégagées 0/28"
        assert table.text("#rules-title") == "Comment jouer"
        page.reload()
        table.wait_ready()
        assert table.text("#new") == "Nouvelle donne", "the choice is remembered"
    finally:
        context.close()


def test_copy_the_deal_id(table: Table) -> None:
    table.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=table.base)
    table.open("#1234")
    table.page.click("#deal-id")
    table.page.wait_for_function("() => document.querySelector('#message').textContent.includes('1234')")
    assert table.page.evaluate("() => navigator.clipboard.readText()") == "1234"
