"""Klondike's deal IDs (design.md, "Deal IDs"): every form of the grammar, its canonical text, bad forms
refused with a clear message, and level claims verified wherever an ID enters (true and false claims)."""

from __future__ import annotations

import pytest
from engine_support import ENGINE_SETTINGS
from hypothesis import given
from hypothesis import strategies as st

from klondike_core.deal import DealId
from klondike_core.difficulty import (
    GENERATION_NODES,
    WITHIN,
    deal_at_level,
    first_win,
    matches,
    parse_verified,
    verify,
)
from klondike_core.errors import DealIdError
from klondike_core.lines import wins
from klondike_core.proof import solve_position
from solitaire_core.dealid import MAX_NUMBER, parse_id
from solitaire_core.errors import SolitaireError
from solitaire_core.levels import Level, same_game
from solitaire_core.verdict import Verdict

# Found with difficulty.deal_at_level(level, draw, 1000) and checked by test_known_levels.
EASY, MEDIUM, HARD = 1009, 1003, 1000
EASY_T, MEDIUM_T = 1185, 1023


@pytest.mark.parametrize(("text", "number", "draw", "level", "canonical"), [
    ("12", 12, 1, None, "12"),
    ("T-12", 12, 3, None, "T-12"),
    ("t12", 12, 3, None, "T-12"),
    ("E-12", 12, 1, Level.EASY, "E-12"),
    ("m-12", 12, 1, Level.MEDIUM, "M-12"),
    ("H12", 12, 1, Level.HARD, "H-12"),
    ("ET-12", 12, 3, Level.EASY, "ET-12"),
    ("te-12", 12, 3, Level.EASY, "ET-12"),
    ("MT-12", 12, 3, Level.MEDIUM, "MT-12"),
    (" HT-0012 ", 12, 3, Level.HARD, "HT-12"),
    ("tH999999999999", 999_999_999_999, 3, Level.HARD, "HT-999999999999"),
])
def test_every_form_reads_and_prints_canonically(text, number, draw, level, canonical):
    deal_id = DealId.parse(text)
    assert deal_id == DealId(number, draw, level)
    assert str(deal_id) == canonical
    assert DealId.parse(canonical) == deal_id
    assert deal_id.deal() == DealId(number).deal()  # the cards depend only on the number


@pytest.mark.parametrize(("text", "says"), [
    ("", "malformed deal ID"),
    ("X-12", "unknown letter X"),
    ("N-12", "unknown letter N"),  # TriPeaks' letter, not Klondike's
    ("TT-12", "a letter is repeated"),
    ("EM-12", "more than one difficulty letter"),
    ("T--12", "malformed deal ID"),
    ("T-", "malformed deal ID"),
    ("ETMH-1", "more than one difficulty letter"),
    ("T-１２", "malformed deal ID"),
    ("Т-12", "malformed deal ID"),  # a Cyrillic Т
    ("1000000000000", "malformed deal ID"),
])
def test_bad_forms_are_refused_with_a_clear_message(text, says):
    with pytest.raises(DealIdError) as error:
        DealId.parse(text)
    assert says in str(error.value) and "\n" not in str(error.value) and len(str(error.value)) < 200


def test_the_shared_grammar_takes_each_games_letters():
    parsed = parse_id("nv-3", "NV", SolitaireError)
    assert parsed.number == 3 and parsed.level is None and parsed.variants == frozenset("NV")
    with pytest.raises(SolitaireError, match="unknown letter T"):
        parse_id("T-3", "NV", SolitaireError)


def test_draw_and_level_are_checked_values():
    with pytest.raises(DealIdError):
        DealId(12, 2)
    assert DealId(12).with_draw(3) == DealId(12, 3)
    assert DealId(12, 1, Level.EASY).with_draw(3) == DealId(12, 3, Level.EASY)


def test_same_game_ignores_the_claim_not_the_draw():
    assert same_game(DealId.parse("ET-5"), DealId.parse("T-5"))
    assert not same_game(DealId.parse("T-5"), DealId.parse("5"))
    assert not same_game(DealId.parse("E-5"), DealId.parse("ET-5"))


def test_known_levels():
    assert matches(EASY, 1, Level.EASY) and not matches(EASY, 1, Level.MEDIUM)
    assert matches(MEDIUM, 1, Level.MEDIUM) and not matches(MEDIUM, 1, Level.EASY)
    assert matches(HARD, 1, Level.HARD) and not matches(HARD, 1, Level.MEDIUM)
    assert matches(EASY_T, 3, Level.EASY) and matches(MEDIUM_T, 3, Level.MEDIUM)
    assert not matches(MEDIUM_T, 3, Level.HARD)


def test_true_claims_pass_false_ones_are_refused_with_one_line():
    for text in (f"E-{EASY}", f"M-{MEDIUM}", f"H-{HARD}", f"ET-{EASY_T}", f"MT-{MEDIUM_T}", "T-12", "12"):
        assert str(parse_verified(text)) == text
    for text in (f"H-{EASY}", f"E-{MEDIUM}", f"M-{HARD}", f"MT-{EASY_T}", f"HT-{EASY_T}", f"E-{EASY_T}x"):
        with pytest.raises(DealIdError) as error:
            parse_verified(text)
        assert "\n" not in str(error.value)
    with pytest.raises(DealIdError, match=r"not a proven-winnable hard deal \(draw three\)"):
        verify(DealId(EASY_T, 3, Level.HARD))


def test_dealt_deals_verify():
    for level in Level:
        deal_id = deal_at_level(level, 1, 77)
        assert deal_id.level is level and deal_id.draw == 1
        verify(deal_id)
    for level in Level:
        deal_id = deal_at_level(level, 3, 77)
        assert str(deal_id).startswith(level.letter + "T-")
        verify(deal_id)


def test_a_hard_draw_three_deal_is_proven_by_a_line_that_wins_under_draw_three():
    deal_id = deal_at_level(Level.HARD, 3, 77)
    assert first_win(deal_id.number, 3, WITHIN[3][1]) is None  # the sloppy player never won it
    start = deal_id.deal().start(3)
    result = solve_position(start, node_budget=GENERATION_NODES)
    assert result.verdict is Verdict.WIN
    assert wins(start, result.line, 3)  # the proof is a line of draw three's own moves
    assert parse_verified(str(deal_id)) == deal_id  # an HT link, save or typed ID verifies


@ENGINE_SETTINGS
@given(number=st.integers(0, MAX_NUMBER), draw=st.sampled_from([1, 3]),
       level=st.sampled_from([None, *Level]), data=st.data())
def test_any_spelling_reads_back_to_the_same_id(number, draw, level, data):
    deal_id = DealId(number, draw, level)
    letters = list((level.letter if level else "") + ("T" if draw == 3 else ""))
    letters = data.draw(st.permutations(letters))
    letters = [data.draw(st.sampled_from([letter, letter.lower()])) for letter in letters]
    dash = data.draw(st.sampled_from(["", "-"])) if letters else ""
    zeros = "0" * data.draw(st.integers(0, max(0, 12 - len(str(number)))))
    assert DealId.parse("".join(letters) + dash + zeros + str(number)) == deal_id
    assert DealId.parse(str(deal_id)) == deal_id
