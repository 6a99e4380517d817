"""Cards and the deal notation of design.md: codes both ways, bad codes, 52 distinct codes."""

from __future__ import annotations

import pytest
from engine_support import ALL_CODES, ENGINE_SETTINGS
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core.cards import FULL_DECK
from tripeaks_core import Card, CardError, Deal, DealError, TriPeaksError

RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11,
               "Q": 12, "K": 13}
SUIT_VALUES = {"C": 0, "D": 1, "H": 2, "S": 3}


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_code_parses_and_prints_back(code: str) -> None:
    card = Card.parse(code)
    assert card.code == code
    assert str(card) == code
    assert card.rank == RANK_VALUES[code[0]]
    assert card.suit == SUIT_VALUES[code[1]]
    assert Card.from_index(card.index) == card
    assert eval(repr(card), {"Card": Card}) == card  # a repr you can paste into a test


def test_the_seed_values() -> None:
    # A=1, 2-10 face value, J=11, Q=12, K=13; TH is the ten of hearts.
    assert Card.parse("TH") == Card(10, 2)
    assert Card.parse("TH").name() == "10 of hearts"
    assert Card.parse("QS").name() == "queen of spades"
    assert Card.parse("QS").name("fr") == "dame de pique"
    assert Card.parse("TH").name("fr") == "10 de cœur"
    assert Card.parse("AS").rank == 1
    assert Card.parse("JD").rank == 11
    assert Card.parse("QC").rank == 12
    assert Card.parse("KH").rank == 13


def test_ordered_deck_indexes() -> None:
    assert [c.code for c in FULL_DECK] == list(ALL_CODES)
    assert [c.index for c in FULL_DECK] == list(range(52))
    assert len(set(FULL_DECK)) == 52


@pytest.mark.parametrize("code", ["th", "Th", "tH", "as", " 9C ", "9C ", "\tAS", "Tſ", "ſS", "ＴＨ", "Tℌ"])
def test_only_upper_case_ascii_codes_are_cards(code: str) -> None:
    # The notation is upper-case ASCII: no lower case, no space around, and no character that str.upper()
    # turns into a suit letter (ſ, U+017F, becomes S).
    with pytest.raises(CardError) as info:
        Card.parse(code)
    assert repr(code) in str(info.value)


# A rank-like then a suit-like character: upper-case ASCII, lower case, full width, ſ (upper S), space.
NEAR_MISSES = st.builds(str.__add__, st.sampled_from("A23456789TJQK" + "atjqk" + "ＡＴ "),
                        st.sampled_from("CDHS" + "cdhs" + "ſＨ "))


@ENGINE_SETTINGS
@given(NEAR_MISSES | st.text(max_size=3))
def test_a_card_is_exactly_one_of_the_52_codes(text: str) -> None:
    if text in ALL_CODES:
        assert Card.parse(text).code == text
    else:
        with pytest.raises(CardError):
            Card.parse(text)


def test_a_huge_code_is_quoted_by_a_short_prefix() -> None:
    with pytest.raises(CardError) as info:
        Card.parse("Q" * 100_000)
    message = str(info.value)
    assert len(message) < 300 and "QQQQ" in message and "100,000 characters" in message


@pytest.mark.parametrize(
    "code", ["", "T", "THH", "10H", "1H", "0C", "ZZ", "HT", "TX", "T H", "☃H", "KS,", "AH2", "-1", "AE"]
)
def test_bad_codes_raise_card_error(code: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(code)
    assert repr(code) in str(info.value)  # the message names the input
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1), (-3, 2)])
def test_impossible_cards(rank: int, suit: int) -> None:
    with pytest.raises(CardError):
        Card(rank, suit)


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_bad_deck_index(index: int) -> None:
    with pytest.raises(CardError):
        Card.from_index(index)


def test_colours() -> None:
    assert Card.parse("TH").is_red and Card.parse("2D").is_red
    assert not Card.parse("TS").is_red and not Card.parse("2C").is_red


# --- deal notation ---------------------------------------------------------------------------------------


@ENGINE_SETTINGS
@given(st.permutations(ALL_CODES))
def test_notation_round_trip(codes: list[str]) -> None:
    text = " ".join(codes)
    deal = Deal.parse(text)
    assert deal.notation() == text
    assert str(deal) == text
    assert [c.code for c in deal.table] == codes[:28]
    assert [c.code for c in deal.stock] == codes[29:]
    assert Deal.parse(deal.notation()) == deal


def test_notation_layout_indexes() -> None:
    deal = Deal.parse(" ".join(ALL_CODES))
    assert len(deal.table) == 28
    assert len(deal.stock) == 23
    assert deal.cards[28].code == ALL_CODES[28]  # the first waste card
    assert deal.stock[0].code == ALL_CODES[29]  # index 29 is the next card drawn


def test_wrong_count() -> None:
    for count in (0, 1, 51, 53):
        codes = [*ALL_CODES, "AC"]
        with pytest.raises(DealError, match=f"got {count}"):
            Deal.parse(" ".join(codes[:count]))


def test_duplicate_card() -> None:
    codes = list(ALL_CODES)
    codes[40] = codes[3]
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(codes))
    message = str(info.value)
    assert "duplicate" in message and codes[3] in message
    assert "3" in message and "40" in message


def test_a_deal_in_lower_case_is_refused() -> None:
    codes = list(ALL_CODES)
    codes[5] = codes[5].lower()
    with pytest.raises(DealError, match="card 5"):
        Deal.parse(" ".join(codes))
    with pytest.raises(DealError):
        Deal.parse(" ".join(ALL_CODES).lower())


def test_bad_code_in_deal_names_index_and_code() -> None:
    codes = list(ALL_CODES)
    codes[17] = "1H"
    with pytest.raises(DealError) as info:
        Deal.parse(" ".join(codes))
    assert "card 17" in str(info.value) and "'1H'" in str(info.value)
    assert isinstance(info.value, TriPeaksError)


def test_deal_from_cards_checks_count_and_duplicates() -> None:
    with pytest.raises(DealError):
        Deal(FULL_DECK[:51])
    with pytest.raises(DealError):
        Deal((*FULL_DECK[:51], FULL_DECK[0]))
    assert Deal(FULL_DECK).notation() == " ".join(ALL_CODES)
