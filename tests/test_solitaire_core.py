"""The shared core on its own (cards, shuffle, quoting, save envelope, session frame, CLI frame), TriPeaks'
old import paths naming the same objects, and the page's wheel holding every package and importing."""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from solitaire_core import cli as frame
from solitaire_core import envelope
from solitaire_core.autoplay import follow
from solitaire_core.cards import DECK_SIZE, FULL_DECK, Card
from solitaire_core.deal import DealCards
from solitaire_core.errors import CardError, RequestError, SaveError, SolitaireError
from solitaire_core.figures import autoplay_summary, percentile, stats_summary
from solitaire_core.hints import HintJobs, hint_json
from solitaire_core.masks import indexes_of, uncovered
from solitaire_core.quoting import LINE_LIMIT, QUOTE_LIMIT, clip, quote
from solitaire_core.session import MAX_DEPTH, MAX_REQUEST_CHARS, Session
from solitaire_core.shuffle import sample_numbers, shuffled_indexes, splitmix64
from solitaire_core.steps import SlicedJob, Steps, finish, run_for
from solitaire_core.verdict import SolveResult, Verdict

ROOT = Path(__file__).resolve().parents[1]

# --- cards --------------------------------------------------------------------------------------------------


def test_card_codes_both_ways() -> None:
    assert Card.parse("TH") == Card(10, 2) and Card(10, 2).code == "TH"
    assert Card.parse("AC").index == 0 and Card.parse("KS").index == 51
    assert [Card.from_index(i).code for i in (0, 12, 13, 51)] == ["AC", "KC", "AD", "KS"]
    assert len(FULL_DECK) == DECK_SIZE == 52
    assert all(Card.parse(card.code) == card and Card.from_index(card.index) == card for card in FULL_DECK)
    assert Card.parse("QD").name("fr") == "dame de carreau" and Card.parse("QD").name() == "queen of diamonds"


@pytest.mark.parametrize("code", ["th", "1H", "T", "THX", " TH", "Sſ", "10H"])
def test_bad_card_codes_are_card_errors_of_both_names(code: str) -> None:
    from tripeaks_core.errors import TriPeaksError  # noqa: PLC0415

    with pytest.raises(CardError) as info:
        Card.parse(code)
    assert isinstance(info.value, SolitaireError) and isinstance(info.value, TriPeaksError)
    assert isinstance(info.value, ValueError)


def test_tripeaks_old_paths_name_the_same_objects() -> None:
    import tripeaks_core.api as api  # noqa: PLC0415
    import tripeaks_core.errors as errors  # noqa: PLC0415

    assert errors.CardError is CardError and errors.SaveError is SaveError
    assert api.RequestError is RequestError
    assert errors.TriPeaksError is SolitaireError
    assert all(issubclass(errors.__dict__[name], errors.TriPeaksError) for name in errors.__all__)


# --- shuffle: golden values taken from the code before the move; they must NEVER change ---------------------

GOLDEN_PERMUTATIONS = {
    0: [
        46, 36, 8, 40, 14, 24, 44, 9, 15, 0, 10, 6, 34, 7, 50, 38, 30, 1, 28, 4, 26, 5, 42, 22, 17, 33, 20,
        13, 37, 48, 11, 23, 41, 16, 27, 21, 2, 25, 39, 45, 47, 19, 49, 31, 51, 3, 32, 43, 18, 29, 12, 35,
    ],
    1: [
        19, 8, 16, 33, 20, 43, 23, 18, 47, 10, 17, 25, 2, 14, 36, 30, 32, 29, 1, 13, 44, 12, 38, 35, 48, 49,
        22, 46, 11, 42, 5, 6, 39, 4, 26, 51, 31, 50, 37, 24, 21, 15, 41, 0, 3, 27, 7, 9, 28, 40, 34, 45,
    ],
    1234: [
        14, 42, 30, 13, 20, 25, 10, 15, 26, 17, 44, 18, 1, 19, 45, 31, 6, 29, 36, 47, 34, 12, 7, 51, 11, 33,
        41, 40, 32, 49, 35, 9, 38, 37, 28, 22, 27, 48, 24, 5, 0, 39, 43, 23, 8, 4, 2, 21, 16, 46, 50, 3,
    ],
    2**64 - 1: [
        10, 51, 45, 3, 13, 36, 17, 27, 26, 19, 18, 44, 16, 39, 42, 32, 15, 14, 34, 37, 20, 41, 43, 47, 0,
        46, 24, 22, 6, 50, 8, 29, 23, 38, 12, 31, 21, 33, 7, 35, 5, 25, 40, 28, 11, 49, 2, 30, 48, 1, 9, 4,
    ],
}


@pytest.mark.parametrize("seed", sorted(GOLDEN_PERMUTATIONS))
def test_golden_permutations(seed: int) -> None:
    assert shuffled_indexes(seed) == GOLDEN_PERMUTATIONS[seed]


def test_splitmix64_reference_words_and_a_smaller_deck() -> None:
    # SplitMix64 from seed 0: the reference outputs (0xE220A8397B1DCDAF first).
    assert list(itertools.islice(splitmix64(0), 3)) == [
        16294208416658607535, 7960286522194355700, 487617019471545679]
    assert shuffled_indexes(7, 10) == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
    assert shuffled_indexes(-1) == shuffled_indexes(2**64 - 1)


# --- quoting ------------------------------------------------------------------------------------------------


def test_quoting_keeps_one_short_line() -> None:
    assert quote("TH") == "'TH'"
    long = "x" * 100_000
    assert quote(long) == f"{'x' * QUOTE_LIMIT!r}… (100,000 characters)"
    assert quote("a\nb") == "'a\\nb'"
    assert clip("one\ntwo") == "one two"
    clipped = clip("y" * 1000)
    assert len(clipped) == LINE_LIMIT and clipped.endswith("…")


# --- save envelope ------------------------------------------------------------------------------------------


def _sealed() -> dict[str, Any]:
    return envelope.seal({"format": "demo-save", "version": 1, "moves": [1, 2, "draw"]})


def test_envelope_round_trip() -> None:
    data = envelope.open_object(json.loads(json.dumps(_sealed())))
    assert envelope.check_version(data, "demo-save", {1}) == 1
    envelope.check_fields(data, {"format", "version", "moves", "check"})
    assert envelope.list_field(data, "moves", 3) == [1, 2, "draw"]
    envelope.check_checksum(data)


def test_envelope_refuses_a_damaged_checksum() -> None:
    damaged = {**_sealed(), "moves": [1, 2, 3]}
    with pytest.raises(SaveError, match="checksum does not match"):
        envelope.check_checksum(damaged)
    with pytest.raises(SaveError, match="'check' is missing"):
        envelope.check_checksum({**_sealed(), "check": 7})


@pytest.mark.parametrize(("data", "message"), [
    ([], "not a JSON object"),
    ({1: 2}, "field names must be strings"),
])
def test_envelope_refuses_what_is_not_an_object(data: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        envelope.open_object(data)


def test_envelope_checks_fields_flat() -> None:
    data = _sealed()
    for version in (2, True, "1"):
        with pytest.raises(SaveError, match="unknown format or version"):
            envelope.check_version({**data, "version": version}, "demo-save", {1})
    with pytest.raises(SaveError, match="unknown field 'zz'"):
        envelope.check_fields({**data, "zz": 1}, set(data))
    with pytest.raises(SaveError, match="more than a save may hold \\(2\\)"):
        envelope.list_field(data, "moves", 2)
    deep: list[object] = []
    for _ in range(100_000):  # never walked: a deeply nested field is refused flat
        deep = [deep]
    with pytest.raises(SaveError, match="'moves' is missing or not a list"):
        envelope.list_field({"moves": "no"}, "moves", 5)
    with pytest.raises(SaveError, match="unknown field"):
        envelope.check_fields({"x": deep}, set())
    assert envelope.describe(deep) == "a list" and envelope.describe("z" * 50).endswith("…'")


# --- session frame ------------------------------------------------------------------------------------------


class _Counter(Session[int]):
    """A tiny game: a counter with an op that changes it then fails."""

    def __init__(self) -> None:
        self.value = 0
        super().__init__({"add": self._add, "add_then_fail": self._add_then_fail, "crash": self._crash})

    def checkpoint(self, op: str) -> int:
        return self.value

    def roll_back(self, kept: int) -> None:
        self.value = kept

    def _add(self, args: dict[str, Any]) -> dict[str, Any]:
        step = args.get("by", 1)
        if type(step) is not int:
            raise RequestError("'by' must be an integer")
        self.value += step
        return {"ok": True, "value": self.value}

    def _add_then_fail(self, args: dict[str, Any]) -> dict[str, Any]:
        self.value += 100
        raise SaveError("refused after a change")

    def _crash(self, args: dict[str, Any]) -> dict[str, Any]:
        self.value += 100
        raise KeyError("boom")


def _ask(session: Session[Any], text: str) -> dict[str, Any]:
    reply = json.loads(session.handle(text))
    assert isinstance(reply, dict)
    return reply


def _error_type(session: Session[Any], text: str) -> str:
    reply = _ask(session, text)
    assert reply["ok"] is False and set(reply["error"]) == {"type", "message"}
    assert isinstance(reply["error"]["message"], str) and reply["error"]["message"]
    return str(reply["error"]["type"])


def test_session_dispatches_ops() -> None:
    session = _Counter()
    assert _ask(session, '{"op": "add", "args": {"by": 3}}') == {"ok": True, "value": 3}
    assert _ask(session, '{"op": "add"}') == {"ok": True, "value": 4}


def test_session_refuses_too_large_too_deep_and_unknown_with_typed_errors() -> None:
    session = _Counter()
    too_large = '{"op": "add", "args": {"pad": "' + "x" * MAX_REQUEST_CHARS + '"}}'
    too_deep = '{"op": "add", "args": {"x": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}}"
    unknown = '{"op": "frob"}'
    for text in (too_large, too_deep, unknown, "not json", "[]", '{"op": 3}', '{"op": "add", "args": []}'):
        assert _error_type(session, text) == "RequestError"
    reply = _ask(session, unknown)
    assert reply["error"]["message"] == "unknown op 'frob'; known: add, add_then_fail, crash"
    assert "too large" in _ask(session, too_large)["error"]["message"]
    assert "nested too deeply" in _ask(session, too_deep)["error"]["message"]
    # 100,000 levels never reach json.loads (it would raise RecursionError on a small stack)
    assert _error_type(session, "[" * 100_000) == "RequestError"
    assert session.value == 0


def test_a_failed_op_is_rolled_back() -> None:
    session = _Counter()
    _ask(session, '{"op": "add", "args": {"by": 5}}')
    assert _error_type(session, '{"op": "add_then_fail"}') == "SaveError"
    assert session.value == 5
    assert _error_type(session, '{"op": "crash"}') == "InternalError"
    assert session.value == 5
    assert _error_type(session, '{"op": "add", "args": {"by": "2"}}') == "RequestError"
    assert session.value == 5


# --- CLI frame ----------------------------------------------------------------------------------------------


def _demo_parser() -> argparse.ArgumentParser:
    parser = frame.Parser(prog="demo", allow_abbrev=False)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=frame.Parser)
    sub = commands.add_parser("count", allow_abbrev=False)
    sub.add_argument("--deals", type=frame.count, required=True)
    sub.add_argument("--budget-ms", type=frame.positive)
    sub.add_argument("--seed", type=frame.seed, default=0)
    sub.add_argument("--file")
    sub.add_argument("--json", action="store_true")

    def run(args: argparse.Namespace) -> None:
        lines = frame.read_lines(args.file) if args.file else []
        frame.emit(args.json, {"deals": args.deals, "lines": len(lines)}, f"{args.deals} deals")
        if args.seed == 13:
            raise CardError("unlucky seed")

    sub.set_defaults(run=run)
    return parser


@pytest.mark.parametrize("argv", [
    ["count", "--deals", "３"],
    ["count", "--deals", "0"],
    ["count", "--deals", "2", "--budget-ms", "inf"],
    ["count", "--deals", "2", "--budget-ms", "-1"],
    ["count", "--deal", "2"],
    ["count", "--deals", "2", "--jso"],
    ["count", "--deals", "2", "extra", "more"],
    ["count", "--deals", "2", "--seed", "13"],
    ["count", "--deals", "2", "--file", "/nonexistent/file"],
    ["frob" * 10_000],
    [],
])
def test_cli_frame_bad_input_is_exit_2_and_one_line(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code = frame.main(_demo_parser, argv)
    out, err = capsys.readouterr()
    assert code == frame.EXIT_BAD_INPUT == 2
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1
    assert len(err) <= len("error: ") + LINE_LIMIT + 1
    assert "Traceback" not in err and (out == "" or argv[-2:] == ["--seed", "13"])


def test_cli_frame_reads_items_and_plays_moves(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "numbers.txt"
    path.write_text("1\n\n  \n22\n", encoding="utf-8")
    assert frame.read_items(str(path), lambda line: Card.from_index(int(line)).code) == ["2C", "TD"]
    path.write_text("AH\n\nXX\n", encoding="utf-8")
    with pytest.raises(frame.BadInput, match=r"numbers\.txt' line 3: unknown card code 'XX'"):
        frame.read_items(str(path), Card.parse)
    played: list[str] = []

    def play(code: str) -> None:
        played.append(Card.parse(code).code)

    frame.play_all(play, ["AH", "2S"])
    with pytest.raises(frame.BadInput, match=r"^move 2 \(1X\) cannot be played: unknown card code '1X'"):
        frame.play_all(play, ["3D", "1X", "4C"])
    assert played == ["AH", "2S", "3D"]


def test_cli_frame_runs_and_reads_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_bytes("\ufeffone\r\ntwo\nthree".encode())
    assert frame.read_lines(str(path)) == ["one", "two", "three"]
    assert frame.main(_demo_parser, ["count", "--deals", "3", "--json", "--file", str(path)]) == 0
    assert capsys.readouterr().out == '{"deals": 3, "lines": 3}\n'
    path.write_bytes(b"ok\n\xff\n")
    with pytest.raises(frame.BadInput, match="not UTF-8 text \\(line 2\\)"):
        frame.read_lines(str(path))


# --- steps, sliced jobs and the autoplay loop ---------------------------------------------------------------


def _counting(n: int) -> Steps[int]:
    total = 0
    for i in range(n):
        total += i
        yield None
    return total


def test_a_sliced_job_gives_the_same_result_however_it_is_sliced() -> None:
    assert finish(_counting(50)) == sum(range(50))
    job = SlicedJob(_counting(50))
    results = [job.step(0.0) for _ in range(60)]  # a zero slice still does one step
    assert results[:50] == [None] * 50 and results[50:] == [sum(range(50))] * 10
    assert run_for(_counting(3), 10_000.0) == (True, 3)


def test_every_game_uses_the_shared_steps_and_autoplay_loop() -> None:
    import pyramid_core.autoplay as pyramid_autoplay  # noqa: PLC0415
    import pyramid_core.hint as pyramid_hint  # noqa: PLC0415
    import tripeaks_core.autoplay as tripeaks_autoplay  # noqa: PLC0415
    import tripeaks_core.hint as tripeaks_hint  # noqa: PLC0415

    assert issubclass(tripeaks_hint.HintJob, SlicedJob) and issubclass(pyramid_hint.HintJob, SlicedJob)
    assert tripeaks_autoplay.follow is follow and pyramid_autoplay.follow is follow
    import pyramid_core.solver as pyramid_solver  # noqa: PLC0415
    import tripeaks_core.solver as tripeaks_solver  # noqa: PLC0415

    assert tripeaks_solver.Verdict is Verdict and pyramid_solver.Verdict is Verdict
    assert [v.value for v in Verdict] == ["win", "lost", "unknown"]  # the stats figures' order and words
    assert issubclass(tripeaks_solver.SolveResult, SolveResult)
    assert issubclass(pyramid_solver.SolveResult, SolveResult)
    result = pyramid_solver.SolveResult(Verdict.WIN, ("21", "draw"), 7, 1.23456)
    assert result.as_json() == {"verdict": "win", "line": ["21", "draw"], "nodes": 7, "ms": 1.235}


class _Countdown:
    """A toy game for the loop: won after `left` moves, unless the advisor runs out."""

    def __init__(self, left: int) -> None:
        self.left = left

    def outcome(self) -> str:
        return "won" if self.left == 0 else "playing"

    def player_view(self) -> int:
        return self.left


def test_the_autoplay_loop_asks_times_and_stops() -> None:
    game, seen = _Countdown(3), []

    def act(advice: int) -> bool:
        game.left -= 1
        return True

    assert follow(game, lambda view: view, act, lambda advice, ms: seen.append((advice, ms >= 0))) is True
    assert seen == [(3, True), (2, True), (1, True)]
    stuck = _Countdown(2)
    assert follow(stuck, lambda view: view, lambda advice: False) is False and stuck.left == 2


class _Advice:
    why = "because"

    def as_json(self) -> dict[str, object]:
        return {"kind": "draw"}


def _advice_in(n: int) -> Steps[_Advice]:
    for _ in range(n):
        yield None
    return _Advice()


def test_hint_jobs_start_step_go_stale_and_roll_back() -> None:
    import pyramid_core.api as pyramid_api  # noqa: PLC0415
    import tripeaks_core.api as tripeaks_api  # noqa: PLC0415

    hints: HintJobs[_Advice] = HintJobs()
    tiny = 1e-9  # one step a call (a slice of 0 or None means the default slice)
    assert hints.step(0, None) == {"ok": True, "done": True, "stale": True}
    assert hints.start(3, lambda: SlicedJob(_advice_in(2))) == {"ok": True, "done": False, "version": 3}
    job = hints.job
    assert hints.start(3, lambda: SlicedJob(_advice_in(9))) == {"ok": True, "done": False, "version": 3}
    assert hints.job is job  # a job for the same version is not started again
    kept = hints.kept()
    assert hints.step(3, tiny) == {"ok": True, "done": False, "version": 3}
    assert hints.step(4, tiny)["stale"] is True  # the game moved on: never an answer for another position
    assert hints.step(3, tiny) == {"ok": True, "done": False, "version": 3}
    done = {"ok": True, "done": True, "hint": {"kind": "draw", "why": "because", "version": 3}}
    assert hints.step(3, tiny) == done and hints.step(3, tiny) == done
    hints.clear()
    assert hints.job is None and hints.step(3, tiny)["stale"] is True
    hints.restore(kept)
    assert hints.job is job and hints.step(3, tiny) == done
    assert hint_json(_Advice(), 7) == {"kind": "draw", "why": "because", "version": 7}
    assert isinstance(tripeaks_api.Session()._hints, HintJobs)
    assert isinstance(pyramid_api.Session()._hints, HintJobs)


# --- masks ------------------------------------------------------------------------------------------------


def test_mask_indexes_and_uncovered_places_in_both_layouts() -> None:
    import pyramid_core.layout as pyramid_layout  # noqa: PLC0415
    import tripeaks_core.layout as tripeaks_layout  # noqa: PLC0415

    assert indexes_of(0) == [] and indexes_of(0b1010_0001) == [0, 5, 7] and indexes_of(1 << 51) == [51]
    assert tripeaks_layout.positions_of is indexes_of
    for layout, size in ((tripeaks_layout, 28), (pyramid_layout, 28)):
        for remaining in (layout.FULL_MASK, layout.FULL_MASK ^ 1, 0b1011, 0):
            naive = sum(1 << i for i in range(size)
                        if remaining >> i & 1 and not remaining & layout.COVERER_MASK[i])
            assert uncovered(remaining, layout.COVERER_MASK) == naive
    assert pyramid_layout.playable_mask(pyramid_layout.FULL_MASK) == sum(1 << i for i in range(21, 28))


# --- deals, samples and the figures of autoplay and stats --------------------------------------------------


def test_both_games_deals_are_the_shared_deal_cards() -> None:
    import pyramid_core.deal as pyramid_deal  # noqa: PLC0415
    import tripeaks_core.deal as tripeaks_deal  # noqa: PLC0415

    codes = [card.code for card in FULL_DECK]
    for deal_class in (tripeaks_deal.Deal, pyramid_deal.Deal):
        assert issubclass(deal_class, DealCards)
        deal = deal_class.from_codes(codes)
        assert deal == deal_class.from_indexes(range(DECK_SIZE)) and str(deal) == " ".join(codes)
        with pytest.raises(deal_class.error, match="duplicate card AC at index 0 and 51"):
            deal_class.from_codes([*codes[:51], "AC"])
        with pytest.raises(deal_class.error, match="a deal has 52 cards, this one has 51"):
            deal_class(deal.cards[:51])
        with pytest.raises(deal_class.error, match=r"^card 3: unknown card code 'XX'"):
            deal_class.from_codes([*codes[:3], "XX", *codes[4:]])
    assert tripeaks_deal.Deal.error.__name__ == pyramid_deal.Deal.error.__name__ == "DealError"
    assert tripeaks_deal.Deal.error is not pyramid_deal.Deal.error


def test_each_games_sample_of_deals_is_unchanged() -> None:
    # Golden values from each game's own copy before the move: a benchmark's seed must keep naming its deals.
    from pyramid_core.cli import sample_deal_numbers as pyramid_sample  # noqa: PLC0415
    from tripeaks_core.cli import sample_deal_numbers as tripeaks_sample  # noqa: PLC0415

    assert list(tripeaks_sample(4, 0)) == [963588915, 925377197, 796756840, 462750457]
    assert list(tripeaks_sample(2, -7)) == [800341080, 385281537]
    assert list(pyramid_sample(4, 0)) == [727639481, 611715463, 961878606, 819316465]
    assert list(sample_numbers(3, 5, 0, 10)) == list(sample_numbers(3, 5, 0, 10))
    assert all(0 <= n < 10 for n in sample_numbers(100, 1, 2, 10))


def test_the_figures_of_autoplay_and_stats() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.9) == 5.0 and percentile([2.0], 0.99) == 2.0
    assert percentile([float(i) for i in range(100)], 0.9) == 90.0
    data, text = autoplay_summary(4, 1, [1.0, 2.0, 4.0])
    assert data == {"deals": 4, "won": 1, "win_rate": 0.25, "hint_ms_median": 2.0}
    assert text == "won 1 of 4 (25.0%), median hint 2.0 ms"
    assert autoplay_summary(2, 0, [])[0]["hint_ms_median"] == 0.0
    data, text = stats_summary(3, {"win": 2, "lost": 1, "unknown": 0}, [1.0, 2.5, 0.12345])
    assert list(data) == ["deals", "win", "lost", "unknown", "win_rate", "ms_median", "ms_p90", "ms_p99",
                          "ms_max", "ms_mean"]
    assert data["win_rate"] == 2 / 3 and data["ms_median"] == 1.0 and data["ms_max"] == 2.5
    assert data["ms_mean"] == round((1.0 + 2.5 + 0.12345) / 3, 3)
    assert text == "3 deals: 2 win, 1 lost, 0 unknown; ms median 1.0, p90 2.5, p99 2.5, max 2.5"
    assert stats_summary(1, {"win": 0, "lost": 0, "unknown": 1}, [])[0]["win_rate"] == 0.0


# --- the page's wheel ---------------------------------------------------------------------------------------


def _build_wheel(outdir: Path) -> Path:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pywheel  # noqa: PLC0415 - tools/ is not a package
    finally:
        sys.path.remove(str(ROOT / "tools"))
    path = pywheel.build_wheel(ROOT / "src", ROOT / "pyproject.toml", outdir)
    assert isinstance(path, Path)
    return path


def test_the_wheel_holds_every_package_and_imports_from_itself(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path / "one")
    assert wheel.read_bytes() == _build_wheel(tmp_path / "two").read_bytes()  # deterministic
    packages = sorted(p.name for p in (ROOT / "src").iterdir() if (p / "__init__.py").is_file())
    assert {"solitaire_core", "tripeaks_core"} <= set(packages)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        record = archive.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        archive.extractall(tmp_path / "site")
    for package in packages:
        folder = ROOT / "src" / package
        sources = [p.relative_to(ROOT / "src").as_posix() for p in folder.rglob("*.py")
                   if "__pycache__" not in p.parts]
        assert sources and set(sources) <= set(names), package
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    files = [name for name in names if ".dist-info/" not in name]
    assert files == sorted(files) and names[-1].endswith(".dist-info/RECORD")
    assert all(f"{name}," in record for name in names)
    # Import from the unpacked wheel alone (not src/ nor the editable install), as the worker does.
    code = (
        "import json, sys; sys.path[:0] = [sys.argv[1]];"
        "import tripeaks_core.api, solitaire_core;"
        "assert tripeaks_core.api.__file__.startswith(sys.argv[1]), tripeaks_core.api.__file__;"
        "request = json.dumps({'op': 'new', 'args': {'deal_id': '1234'}});"
        "reply = json.loads(tripeaks_core.api.Session().handle(request));"
        "print(reply['ok'], solitaire_core.__file__.startswith(sys.argv[1]))"
    )
    result = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path / "site")],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "True True\n"


def test_the_build_backend_installs_every_package_too(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import pywheel_backend  # noqa: PLC0415 - tools/ is not a package
    finally:
        sys.path.remove(str(ROOT / "tools"))
    name = pywheel_backend.build_wheel(str(tmp_path / "wheel"))
    with zipfile.ZipFile(tmp_path / "wheel" / name) as archive:
        tops = {member.split("/")[0] for member in archive.namelist()}
    assert {"solitaire_core", "tripeaks_core"} <= tops
    editable = pywheel_backend.build_editable(str(tmp_path / "editable"))
    with zipfile.ZipFile(tmp_path / "editable" / editable) as archive:
        pth = [member for member in archive.namelist() if member.endswith(".pth")]
        assert len(pth) == 1 and archive.read(pth[0]).decode() == f"{ROOT / 'src'}\n"


# --- the end of a game, the log, the session and the commands every game shares ---------------------------


def test_the_three_games_end_alike_on_the_shared_ending() -> None:
    from klondike_core.game import Game as KlondikeGame  # noqa: PLC0415
    from pyramid_core.game import Game as PyramidGame  # noqa: PLC0415
    from solitaire_core.ending import Ending, Outcome  # noqa: PLC0415
    from solitaire_core.moveplay import MovePlay  # noqa: PLC0415
    from tripeaks_core.game import Game as TriPeaksGame  # noqa: PLC0415
    from tripeaks_core.game import Outcome as TriPeaksOutcome  # noqa: PLC0415

    games = [TriPeaksGame.from_id("1"), PyramidGame.from_id(1), KlondikeGame.from_id(1)]
    assert issubclass(PyramidGame, MovePlay) and issubclass(KlondikeGame, MovePlay)
    assert TriPeaksOutcome is Outcome
    for game in games:
        assert isinstance(game, Ending) and game.outcome() is Outcome.PLAYING
        assert not game.over and not game.solution_available and game.check_undo() is None
        with pytest.raises(type(game).in_progress_error, match="only once the game is won or given up"):
            game.reveal()
        game.give_up()
        assert game.over and game.given_up and game.outcome() is Outcome.GIVEN_UP and not game.can_undo
        assert game.check_undo() == game.game_over() and game.game_over().reason.value == "game_over"
        with pytest.raises(type(game).game_over_error, match=r"^this game was already given up$"):
            game.give_up()
        assert game.reveal() is True and game.closed and game.all_known and game.reveal() is False
        assert len(game.known) == DECK_SIZE


def test_pyramid_and_klondike_saves_are_the_shared_log_save() -> None:
    import klondike_core.save as klondike_save  # noqa: PLC0415
    import pyramid_core.save as pyramid_save  # noqa: PLC0415
    from klondike_core.game import Game as KlondikeGame  # noqa: PLC0415
    from pyramid_core.game import Game as PyramidGame  # noqa: PLC0415
    from solitaire_core.playlog import Played  # noqa: PLC0415

    for module, game, name in ((pyramid_save, PyramidGame.from_id(3), "pyramid-save"),
                               (klondike_save, KlondikeGame.from_id(3), "klondike-save")):
        played = Played(game)
        played.play("draw")
        played.play("undo")
        played.replay()
        played.give_up()
        data = module.save(played)
        assert list(data) == ["format", "version", "log", "deal_id", "check"] and data["format"] == name
        assert data["log"] == ["draw", "undo", "replay", "give_up"]
        again = module.load(data)
        assert again.log == played.log and again.given_up and module.save(again) == data
        with pytest.raises(SaveError, match=r"^saved game: log entry 0 \('nope'\) cannot be played: "):
            module.load(envelope.seal({**{k: v for k, v in data.items() if k != "check"}, "log": ["nope"]}))
        body = {k: v for k, v in data.items() if k not in ("check", "deal_id")}
        with pytest.raises(SaveError, match=r"^saved game: neither a deal ID nor a deal$"):
            module.load(envelope.seal(body))


def test_every_game_names_its_sample_commands_alike() -> None:
    from klondike_core.cli import build_parser as klondike_parser  # noqa: PLC0415
    from pyramid_core.cli import build_parser as pyramid_parser  # noqa: PLC0415
    from solitaire_core.commands import SAMPLE_HELP  # noqa: PLC0415
    from tripeaks_core.cli import build_parser as tripeaks_parser  # noqa: PLC0415

    for build in (tripeaks_parser, pyramid_parser, klondike_parser):
        usage = " ".join(build().format_help().split())  # argparse wraps long help lines
        for name, text in SAMPLE_HELP.items():
            assert name in usage and text in usage
