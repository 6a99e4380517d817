"""Pyramid's difficulty levels and lettered deal IDs: the ID grammar (as TriPeaks'), the verification of a
level letter wherever an ID comes in (`new`, `restore`, `check_deal`, the command line), the deals each level
deals (proven winnable, checked here by replaying the solver's line on the game), and golden levels that
must never change (IDs shared today carry them)."""

from __future__ import annotations

import json
from itertools import count

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramid_core import DealId, DealIdError, Game, Outcome, SaveError
from pyramid_core.api import Session
from pyramid_core.cli import main, sample_deal_numbers
from pyramid_core.deal import MAX_NUMBER
from pyramid_core.difficulty import (
    EASY_FROM,
    PLAYOUTS,
    assess,
    deal_at_level,
    level_of_wins,
    matches,
    playout_wins,
    seed_of,
    verify,
)
from pyramid_core.save import load, save
from pyramid_core.solver import Position, Verdict, solve, solve_game
from solitaire_core.envelope import seal
from solitaire_core.levels import Level

# Golden: measured once with the definition of `pyramid_core.difficulty`; a deal's level must NEVER change
# (an E-, M- or H- link shared today must keep opening). Deals 3, 4 and 7 cannot be won: no level.
GOLDEN = {1: Level.EASY, 2: Level.EASY, 18: Level.EASY, 5: Level.MEDIUM, 23: Level.MEDIUM,
          57: Level.MEDIUM, 6: Level.HARD, 10: Level.HARD, 14: Level.HARD, 3: None, 4: None, 7: None}
GOLDEN_WINS = {1: 23, 2: 36, 18: 82, 5: 2, 23: 8, 57: 1, 6: 0, 10: 0, 14: 0}


def ask(session: Session, op: str, **args: object) -> dict:
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply


def wrong_letters(level: Level | None) -> list[str]:
    return [item.letter for item in Level if item is not level]


# --- the grammar --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "level", "canonical"), [
    ("E-12", Level.EASY, "E-12"), ("e12", Level.EASY, "E-12"), ("m-12", Level.MEDIUM, "M-12"),
    ("H12", Level.HARD, "H-12"), (" h-12\n", Level.HARD, "H-12"), ("12", None, "12"), ("012", None, "12"),
])
def test_a_level_letter_before_a_dash(text: str, level: Level | None, canonical: str) -> None:
    parsed = DealId.parse(text)
    assert (parsed.number, parsed.level, str(parsed)) == (12, level, canonical)
    assert DealId.parse(canonical) == parsed
    assert parsed.deal() == DealId(12).deal()  # the letter is a claim about the deal, never other cards


@pytest.mark.parametrize("text", [
    "EM-1", "EE-1", "MH-1", "N-1", "V-1", "X-1", "P1-1", "E--1", "E -1", "E- 1", "-1", "E-", "E", "1-E",
    "Ｅ-1", "E\u20111", "ê-1", "E-١٢", "E-1 2", "E-+1", "E-1000000000000", "\u00a0E-1",
])
def test_malformed_lettered_ids_are_refused(text: str) -> None:
    with pytest.raises(DealIdError) as info:
        DealId.parse(text)
    assert repr(text)[:12] in str(info.value) or "characters" in str(info.value)


def test_a_5000_digit_id_is_refused_cleanly_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("1" * 5000, "E-" + "1" * 5000, "h" * 5000 + "-1"):
        with pytest.raises(DealIdError) as info:
            DealId.parse(text)
        assert len(str(info.value)) < 300 and "5,00" in str(info.value)
        assert main(["deal", text]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1 and len(captured.err) < 400
    session = Session()
    before = ask(session, "new", deal_id="11")["state"]
    for op in ("new", "check_deal"):
        reply = ask(session, op, deal_id="E-" + "9" * 5000)
        assert reply["ok"] is False and reply["error"]["type"] == "DealIdError"
        assert len(reply["error"]["message"]) < 300
    assert ask(session, "state")["state"] == before


@ENGINE_SETTINGS
@given(st.integers(0, MAX_NUMBER), st.sampled_from([None, *Level]), st.booleans())
def test_canonical_round_trip_in_either_case(number: int, level: Level | None, lower: bool) -> None:
    deal_id = DealId(number, level)
    text = str(deal_id).lower() if lower else str(deal_id)
    assert DealId.parse(text) == deal_id and str(DealId.parse(text)) == str(deal_id)
    assert (str(deal_id) == str(number)) is (level is None)


# --- the definition -----------------------------------------------------------------------------------------


def test_golden_levels_never_change() -> None:
    for number, level in GOLDEN.items():
        assert assess(number).level is level, number
    for number, wins in GOLDEN_WINS.items():
        assert playout_wins(DealId(number).deal().ranks(), seed_of(number)) == wins


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.integers(1, 10**9))
def test_the_quick_check_agrees_with_the_whole_count(number: int) -> None:
    """`matches` stops counting as soon as the level is decided; it must say what the whole count says."""
    found = assess(number)
    for level in Level:
        assert matches(number, level) is (found.level is level)
    assert found.level is None or found.level is level_of_wins(found.wins)


@settings(ENGINE_SETTINGS, max_examples=40)
@given(st.integers(1, 10**9))
def test_a_game_the_sloppy_player_wins_is_a_winnable_deal(number: int) -> None:
    """The player plays by the rules: if it ever wins, the exact solver must agree the deal can be won (a
    player that made illegal moves would "win" deals that cannot be won)."""
    ranks = DealId(number).deal().ranks()
    if playout_wins(ranks, seed_of(number), cap=1) > 0:
        assert solve(Position.start(ranks)).verdict is Verdict.WIN


def test_counting_stops_as_asked() -> None:
    ranks = DealId(18).deal().ranks()  # 82 games of 100
    assert playout_wins(ranks, seed_of(18), cap=EASY_FROM) == EASY_FROM
    assert playout_wins(ranks, seed_of(18), cap=1) == 1
    assert playout_wins(ranks, seed_of(18)) == 82 <= PLAYOUTS
    assert playout_wins(DealId(5).deal().ranks(), seed_of(5), need=EASY_FROM) < EASY_FROM


@pytest.mark.parametrize("level", list(Level))
def test_each_level_deals_only_proven_winnable_deals_of_that_level(level: Level) -> None:
    stream = sample_deal_numbers(10_000, 41)
    for _ in range(4):
        deal_id = deal_at_level(level, stream)
        assert deal_id.level is level and str(deal_id).startswith(f"{level.letter}-")
        verify(deal_id)
        assert assess(deal_id.number).level is level
        game = Game.from_id(deal_id)
        result = solve_game(game)
        for move in result.line:  # the proof, checked on the game itself
            game.play(move)
        assert game.outcome() is Outcome.WON


def test_generation_reads_the_candidates_in_order() -> None:
    first = deal_at_level(Level.HARD, count(1))
    assert first == DealId(6, Level.HARD)  # 1-5 are easy, lost or medium (GOLDEN)


# --- verification wherever an ID comes in -------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 5, 6, 7])
def test_a_wrong_letter_is_refused_everywhere(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    level = GOLDEN[number]
    session = Session()
    before = ask(session, "new", deal_id="11")["state"]
    for letter in wrong_letters(level):
        text = f"{letter.lower()}-{number}"
        with pytest.raises(DealIdError, match="not a winnable"):
            verify(DealId.parse(text))
        for op in ("new", "check_deal"):
            reply = ask(session, op, deal_id=text)
            assert reply["ok"] is False and reply["error"]["type"] == "DealIdError", (op, text)
        saved = {key: value for key, value in ask(session, "state")["save"].items() if key != "check"}
        forged = seal({**saved, "deal_id": text, "log": []})
        with pytest.raises(SaveError, match="not a winnable"):
            load(forged)
        assert ask(session, "restore", save=forged)["error"]["type"] == "SaveError"
        assert main(["deal", text]) == 2
        err = capsys.readouterr().err
        assert "not a winnable" in err and len(err.strip().splitlines()) == 1
    assert ask(session, "state")["state"] == before  # nothing of it reached the game in progress
    if level is not None:
        text = f"{level.letter.lower()}{number}"
        assert ask(session, "check_deal", deal_id=text) == {"ok": True, "deal_id": f"{level.letter}-{number}"}
        state = ask(session, "new", deal_id=text)["state"]
        assert state["deal_id"] == f"{level.letter}-{number}" and state["level"] == level.value
        assert load(ask(session, "state")["save"]).game.deal_id == DealId(number, level)
        assert main(["deal", text, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["deal_id"] == f"{level.letter}-{number}" and data["level"] == level.value
        assert data["deal"] == DealId(number).deal().notation()


def test_new_deals_each_level_and_refuses_an_unknown_one() -> None:
    session = Session()
    for level in Level:
        state = ask(session, "new", level=level.value)["state"]
        assert state["level"] == level.value and state["deal_id"].startswith(f"{level.letter}-")
        assert state["moves"] == 0 and state["removed"] == 0
        verify(DealId.parse(state["deal_id"]))
    state = ask(session, "new", level="any")["state"]
    assert state["level"] == "any" and state["deal_id"].isdigit()
    assert ask(session, "new")["state"]["level"] == "any"
    before = ask(session, "state")["state"]
    for bad in ("Easy", "impossible", 3, None, ["easy"]):
        reply = ask(session, "new", level=bad) if bad is not None else json.loads(
            session.handle('{"op": "new", "args": {"level": null, "deal_id": 5}}'))
        assert reply["ok"] is False and reply["error"]["type"] == "RequestError"
    assert ask(session, "state")["state"] == before


def test_check_deal_answers_without_touching_the_game() -> None:
    session = Session()
    ask(session, "new", deal_id="11")
    ask(session, "draw")
    before = ask(session, "state")
    assert ask(session, "check_deal", deal_id=" 0042 ") == {"ok": True, "deal_id": "42"}
    assert ask(session, "check_deal", deal_id="e-1") == {"ok": True, "deal_id": "E-1"}
    for bad in ("x", "", "E-3"):
        reply = ask(session, "check_deal", deal_id=bad)
        assert reply["ok"] is False and reply["error"]["type"] == "DealIdError"
    assert ask(session, "check_deal")["error"]["type"] == "RequestError"
    assert ask(session, "check_deal", deal_id=12)["error"]["type"] == "RequestError"
    assert ask(session, "state") == before


def test_a_saved_levelled_game_restores_with_its_level() -> None:
    session = Session()
    ask(session, "new", deal_id="M-5")
    ask(session, "draw")
    reply = ask(session, "give_up")
    played = load(reply["save"])
    assert played.game.deal_id == DealId(5, Level.MEDIUM) and played.given_up
    assert save(played) == reply["save"]
    assert ask(Session(), "restore", save=reply["save"])["state"]["level"] == "medium"
