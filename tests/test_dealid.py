"""Deal IDs: grammar, canonical form, golden deals that must never change, and a uniform shuffle."""

from __future__ import annotations

import itertools
import math
import random
import re

import pytest
from engine_support import ALL_CODES, ENGINE_SETTINGS
from hypothesis import given
from hypothesis import strategies as st

from solitaire_core.levels import Level
from solitaire_core.shuffle import bounded, shuffled_indexes, splitmix64
from tripeaks_core import DealId, DealIdError, Rules, TriPeaksError
from tripeaks_core.dealid import MAX_NUMBER

# --- golden deals: taken once from the code; they must NEVER change (shared deal IDs depend on them) ------

GOLDEN = {
    0: (
        "8S JH 9C 2S 2D QD 6S TC 3D AC JC 7C 9H 8C QS KH 5H 2C 3H 5C AH 6C 4S TD 5D 8H 8D AD"
        " QH TS QC JD 3S 4D 2H 9D 3C KD AS 7S 9S 7D JS 6H KS 4C 7H 5S 6D 4H KC TH"
    ),
    1: (
        "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S"
        " QC 4S 6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S"
    ),
    1_234: (
        "2D 4S 5H AD 8D KD JC 3D AH 5D 6S 6D 2C 7D 7S 6H 7C 4H JH 9S 9H KC 8C KS QC 8H 3S 2S"
        " 7H JS TH TC KH QH 3H TD 2H TS QD 6C AC AS 5S JD 9C 5C 3C 9D 4D 8S QS 4C"
    ),
    999_999_999_999: (
        "5D KH AH 5H QS QD QC 9C 9S QH TD 5S 3D 4H 8H 4S 7D AS 2D 4C 3H AC 8D 6H KC 6D JC 2C"
        " TH 7S 7H 6S 5C 8S JS 9D 9H 4D 3S TC 8C AD JH 3C 2S TS KD KS JD 7C 2H 6C"
    ),
}


@pytest.mark.parametrize("number", sorted(GOLDEN))
def test_golden_deals(number: int) -> None:
    assert DealId(number).deal().notation() == GOLDEN[number]
    assert DealId.parse(str(number)).deal().notation() == GOLDEN[number]


@pytest.mark.parametrize("prefix", ["N-", "V-", "NV-"])
def test_variants_deal_the_same_cards(prefix: str) -> None:
    assert DealId.parse(f"{prefix}1234").deal().notation() == GOLDEN[1234]


def test_splitmix64_reference_vectors() -> None:
    # The published SplitMix64 test vector (seed 1234567), and seed 0.
    assert list(itertools.islice(splitmix64(1234567), 5)) == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431,
        16408922859458223821,
    ]
    assert next(splitmix64(0)) == 0xE220A8397B1DCDAF


def _independent_shuffle(seed: int) -> list[int]:
    """The generator exactly as shuffle.py's docstring documents it, written again from the text."""
    mask = 2**64 - 1
    state = seed % 2**64

    def word() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) % 2**64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    deck = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        limit = (2**64 // n) * n  # the largest multiple of n not above 2**64
        while True:
            w = word()
            if w < limit:
                break
        j = w % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("seed", [0, 1, 2, 77, 1234, 2**39 + 3, MAX_NUMBER])
def test_shuffle_follows_its_documentation(seed: int) -> None:
    assert shuffled_indexes(seed) == _independent_shuffle(seed)
    # The shuffled order is read straight into the notation, starting from the ordered deck.
    assert [ALL_CODES[i] for i in _independent_shuffle(seed)] == DealId(seed).deal().notation().split()


def test_bounded_rejects_the_biased_tail() -> None:
    # n = 3: 2**64 % 3 == 1, so the single word 2**64 - 1 must be thrown away.
    words = iter([2**64 - 1, 5])
    assert bounded(words, 3) == 2
    assert bounded(iter([2**64 - 2]), 3) == (2**64 - 2) % 3


# --- grammar ---------------------------------------------------------------------------------------------

STANDARD = Rules()
NO_WRAP = Rules(wrap=False)
VISIBLE = Rules(all_visible=True)
BOTH = Rules(wrap=False, all_visible=True)


@pytest.mark.parametrize(
    ("text", "number", "rules", "canonical"),
    [
        ("0", 0, STANDARD, "0"),
        ("1234", 1234, STANDARD, "1234"),
        ("001234", 1234, STANDARD, "1234"),
        (" 1234 ", 1234, STANDARD, "1234"),
        ("N-1234", 1234, NO_WRAP, "N-1234"),
        ("n-1234", 1234, NO_WRAP, "N-1234"),
        ("N1234", 1234, NO_WRAP, "N-1234"),
        ("V-7", 7, VISIBLE, "V-7"),
        ("v7", 7, VISIBLE, "V-7"),
        ("NV-1234", 1234, BOTH, "NV-1234"),
        ("vn-1234", 1234, BOTH, "NV-1234"),
        ("Vn1234", 1234, BOTH, "NV-1234"),
        ("999999999999", MAX_NUMBER, STANDARD, "999999999999"),
        ("NV-999999999999", MAX_NUMBER, BOTH, "NV-999999999999"),
    ],
)
def test_grammar_and_canonical_form(text: str, number: int, rules: Rules, canonical: str) -> None:
    parsed = DealId.parse(text)
    assert parsed.number == number
    assert parsed.rules == rules
    assert str(parsed) == canonical
    assert DealId.parse(canonical) == parsed


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "-", "-1", "N-", "N", "NV", "x", "X-1", "A-1", "NN-1", "VV-1", "NVN-1", "NVXY-1",
        "NVNVN-1", "N--1", "N -1", "N- 1", "1 2", "12a", "1.5", "+1", "1e3", "0x10", "1-N", "1234567890123",
        "٣", "１２", "N_1", "1,000", "N-1-2", "NV/1", "\n",
    ],
)
def test_malformed_ids_raise(text: str) -> None:
    with pytest.raises(DealIdError) as info:
        DealId.parse(text)
    assert isinstance(info.value, TriPeaksError)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)  # the message quotes the input


@pytest.mark.parametrize(
    "text",
    ["\u00a01234", "1234\u3000", "\u20281234", "ｎ-1234", "N\u20111234", "1２", "١٢٣", "¹²", "ſ-5", "K-5"],
)
def test_only_ascii_is_read(text: str) -> None:
    # Case-insensitive, but ASCII only: no Unicode digit, letter, dash or space, even where str.strip(),
    # str.isdigit() or int() would take it.
    with pytest.raises(DealIdError) as info:
        DealId.parse(text)
    assert repr(text) in str(info.value)


def test_a_huge_id_is_quoted_by_a_short_prefix() -> None:
    for text in ("1" * 100_000, "N-" + "x" * 100_000, "nv" * 50_000 + "-1"):
        with pytest.raises(DealIdError) as info:
            DealId.parse(text)
        message = str(info.value)
        assert len(message) < 300 and f"{len(text):,} characters" in message
        assert repr(text[:20])[:-1] in message  # the start of the input is still there to recognise


@pytest.mark.parametrize(
    ("text", "level", "rules", "canonical"),
    [
        ("E-12", Level.EASY, STANDARD, "E-12"),
        ("m12", Level.MEDIUM, STANDARD, "M-12"),
        ("h-12", Level.HARD, STANDARD, "H-12"),
        ("vne12", Level.EASY, BOTH, "ENV-12"),
        ("NH-12", Level.HARD, NO_WRAP, "HN-12"),
        ("12", None, STANDARD, "12"),
    ],
)
def test_difficulty_letters(text: str, level: Level | None, rules: Rules, canonical: str) -> None:
    parsed = DealId.parse(text)
    assert (parsed.number, parsed.level, parsed.rules) == (12, level, rules)
    assert str(parsed) == canonical
    assert DealId.parse(canonical) == parsed
    assert parsed.deal() == DealId(12).deal()  # the letter is a claim about the deal, not other cards


@pytest.mark.parametrize("text", ["EM-1", "EE-1", "MH-1", "EMH-1", "ENVH-1", "HX-1"])
def test_malformed_difficulty_letters(text: str) -> None:
    with pytest.raises(DealIdError):
        DealId.parse(text)


@pytest.mark.parametrize("number", [-1, MAX_NUMBER + 1, 10**20])
def test_number_out_of_range(number: int) -> None:
    with pytest.raises(DealIdError):
        DealId(number)


def test_error_names_the_bad_letter() -> None:
    with pytest.raises(DealIdError, match="letter X"):
        DealId.parse("NX-5")
    with pytest.raises(DealIdError, match="repeated"):
        DealId.parse("nn-5")


@ENGINE_SETTINGS
@given(st.integers(0, MAX_NUMBER), st.booleans(), st.booleans(), st.data())
def test_canonical_round_trip_and_case(number: int, wrap: bool, visible: bool, data: st.DataObject) -> None:
    deal_id = DealId(number, Rules(wrap=wrap, all_visible=visible))
    text = str(deal_id)
    assert re.fullmatch(r"(?:N?V?-)?[0-9]{1,12}", text)  # URL-safe, upper case
    assert DealId.parse(text) == deal_id
    assert DealId.parse(text.lower()) == deal_id
    # Any order and case of the letters, with or without the dash, gives the same ID.
    letters = [c for c in "NV" if c in text]
    shuffled = data.draw(st.permutations(letters))
    cased = "".join(data.draw(st.sampled_from([c, c.lower()])) for c in shuffled)
    dash = data.draw(st.sampled_from(["", "-"])) if cased else ""
    assert DealId.parse(f"{cased}{dash}{number}") == deal_id


# --- uniformity ------------------------------------------------------------------------------------------

DEALS = 20_000


def _chi_square_quantile(df: int, z: float) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile at standard normal deviate z."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


Z_TINY = 4.75  # one-sided normal tail of about 1e-6


def _position_counts(permutations: list[list[int]]) -> list[list[int]]:
    counts = [[0] * 52 for _ in range(52)]  # counts[card][position]
    for order in permutations:
        for position, card_index in enumerate(order):
            counts[card_index][position] += 1
    return counts


def _chi_square(counts: list[list[int]], total: int) -> float:
    expected = total / 52
    return sum((c - expected) ** 2 / expected for row in counts for c in row)


def test_card_positions_are_uniform_over_many_deals() -> None:
    """Over the fixed deals 0..19,999, every card lands at every one of the 52 places equally often.

    The 52x52 table of counts has 51*51 degrees of freedom. Both tails are tested at about 1e-6: too large a
    statistic is a bias, too small is a generator that is too regular (say, a rotation). The deals are fixed,
    so the test is deterministic; the threshold only says how unlikely a failure would be for a good shuffle.
    """
    perms = [shuffled_indexes(n) for n in range(DEALS)]
    counts = _position_counts(perms)
    df = 51 * 51
    stat = _chi_square(counts, DEALS)
    assert _chi_square_quantile(df, -Z_TINY) < stat < _chi_square_quantile(df, Z_TINY)
    # Each single place (a column, 51 degrees of freedom), with a Bonferroni correction over 52 places.
    expected = DEALS / 52
    limit = _chi_square_quantile(51, Z_TINY + 0.9)  # about 1e-6 / 52
    for position in range(52):
        column = sum((counts[c][position] - expected) ** 2 / expected for c in range(52))
        assert column < limit, position


def test_uniformity_check_catches_biased_shuffles() -> None:
    """The statistic above is sharp enough to reject the classic wrong shuffles on the same sample size."""
    rng = random.Random(2024)

    def naive(n: int) -> list[int]:  # swap with any card: n^n paths over n! outcomes, biased
        deck = list(range(52))
        for i in range(52):
            j = int(rng.random() * 52)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def sattolo(n: int) -> list[int]:  # j < i: only cyclic permutations, no card stays in place
        deck = list(range(52))
        for i in range(51, 0, -1):
            j = int(rng.random() * i)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def rotation(n: int) -> list[int]:  # too regular: perfectly balanced counts
        return [(i + n) % 52 for i in range(52)]

    df = 51 * 51
    low, high = _chi_square_quantile(df, -Z_TINY), _chi_square_quantile(df, Z_TINY)
    for bad in (naive, sattolo, rotation):
        stat = _chi_square(_position_counts([bad(n) for n in range(DEALS)]), DEALS)
        assert not low < stat < high, bad.__name__
