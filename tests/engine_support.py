"""Shared helpers of the engine tests, written from the specs (design.md, the seed), not from the code.

Nothing here imports the engine's layout or rules tables: the cover relation, the rank rule and the brute
force search below are independent re-implementations, so that the tests compare two derivations.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from hypothesis import HealthCheck, settings

from solitaire_core.cards import Card
from tripeaks_core.deal import Deal
from tripeaks_core.game import Game
from tripeaks_core.rules import Rules
from tripeaks_core.save import save_game
from tripeaks_core.snapshot import snapshot

# Hypothesis: no deadline (the machine is shared and slow), no example database written into the repo,
# derandomized so that every run of the suite explores the same examples.
ENGINE_SETTINGS = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ALL_CODES = tuple(r + s for s in SUITS for r in RANKS)  # the ordered deck: clubs A-K, diamonds, ...

# --- the cover relation, straight from design.md's formulas ------------------------------------------------


def covered_by_formula(position: int) -> tuple[int, ...]:
    """design.md: tip p by 3+2p and 4+2p; second-row card 3+k (q = k // 2, s = k % 2) by 9+3q+s and
    10+3q+s; third-row card i (9-17) by i+9 and i+10; the base row by nobody."""
    if 0 <= position <= 2:
        return (3 + 2 * position, 4 + 2 * position)
    if 3 <= position <= 8:
        k = position - 3
        q, s = k // 2, k % 2
        return (9 + 3 * q + s, 10 + 3 * q + s)
    if 9 <= position <= 17:
        return (position + 9, position + 10)
    return ()


COVER = {p: covered_by_formula(p) for p in range(28)}


def free_set(present: frozenset[int] | set[int]) -> set[int]:
    """Positions of `present` whose two covering cards are both gone."""
    return {p for p in present if not any(q in present for q in COVER[p])}


def adjacent(rank_a: int, rank_b: int, wrap: bool) -> bool:
    """The seed: one rank apart; with the wrap, K and A are neighbours too (K-A-2 loops)."""
    if abs(rank_a - rank_b) == 1:
        return True
    return wrap and {rank_a, rank_b} == {1, 13}


def rank_of(code: str) -> int:
    return RANKS.index(code[0]) + 1


# --- building deals by hand ------------------------------------------------------------------------------


def build_deal(table: dict[int, str] | None = None, waste: str | None = None,
               stock: Sequence[str] = (), filler: Sequence[str] | None = None) -> Deal:
    """A deal with the given cards at the given table positions, first waste card and first stock cards;
    every other slot gets the unused cards in `filler` order (the ordered deck by default)."""
    table = dict(table or {})
    slots: list[str | None] = [None] * 52
    for position, code in table.items():
        slots[position] = code
    if waste is not None:
        slots[28] = waste
    for offset, code in enumerate(stock):
        slots[29 + offset] = code
    used = {c for c in slots if c is not None}
    assert len(used) == sum(c is not None for c in slots), "a card is used twice"
    rest = [c for c in (filler or ALL_CODES) if c not in used]
    it = iter(rest)
    codes = [c if c is not None else next(it) for c in slots]
    return Deal.parse(" ".join(codes))


TAKE_ORDER = (*range(18, 28), *range(9, 18), *range(3, 9), *range(3))
"""An order in which all 28 cards can be taken: base row, third row, second row, tips."""


def chain_deal(wrap: bool = True, stock_first: Sequence[str] = ()) -> Deal:
    """A deal that is won by taking the cards in TAKE_ORDER without ever drawing.

    With the wrap the ranks climb A, 2, ..., K, A, ...; without it they zigzag A..K..A.. so no K-A step is
    needed."""
    if wrap:
        ranks = [(i % 13) + 1 for i in range(29)]
    else:
        walk = [*range(1, 14), *range(12, 1, -1)]
        ranks = [walk[i % len(walk)] for i in range(29)]
    used_count = dict.fromkeys(range(1, 14), 0)
    codes = []
    for rank in ranks:
        codes.append(RANKS[rank - 1] + SUITS[used_count[rank]])
        used_count[rank] += 1
    table = {position: codes[i + 1] for i, position in enumerate(TAKE_ORDER)}
    return build_deal(table, codes[0], stock_first)


# --- looking at a game from the outside -------------------------------------------------------------------


def full_state(game: Game) -> tuple[str, str, Any]:
    """Everything observable about a game, to compare before and after an action that must not change it."""
    public = (
        game.remaining, game.drawn, game.waste_top, game.waste_size, game.cleared, game.moves, game.draws,
        game.streak, game.longest_streak, game.version, tuple(game.history), tuple(game.actions),
        game.known, game.can_undo, game.can_draw, game.outcome(), game.player_view(),
        tuple(game.log), game.given_up, game.closed, game.over, game.solution_available,
    )
    return (json.dumps(snapshot(game), sort_keys=True), json.dumps(save_game(game), sort_keys=True), public)


def snapshot_cards(snap: dict[str, Any]) -> list[str]:
    """Every card code the snapshot shows."""
    cards = [entry["card"] for entry in snap["table"] if "card" in entry]
    cards.append(snap["waste"])
    return cards


def filled_deal(slots: list[str | None], stock: Sequence[str] = (),
                filler: Sequence[str] | None = None) -> str:
    """A deal in notation with the given `slots` (indexes 0-27: the layout of Pyramid or Klondike), the stock
    from index 28 starting with `stock`, and every other slot filled with the unused cards in `filler` order
    (the ordered deck by default)."""
    slots = list(slots)
    for offset, code in enumerate(stock):
        slots[28 + offset] = code
    used = [c for c in slots if c is not None]
    assert len(set(used)) == len(used)
    rest = iter(c for c in (filler or ALL_CODES) if c not in used)
    return " ".join(c if c is not None else next(rest) for c in slots)


def reseal(save: dict[str, Any]) -> dict[str, Any]:
    """Recompute the checksum of an edited save, as a tamperer would (save.py's documented scheme: sha256 of
    the sorted, compact, ASCII JSON of every field but `check`, first 16 hex digits)."""
    body = {k: v for k, v in save.items() if k != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return {**body, "check": hashlib.sha256(text.encode()).hexdigest()[:16]}


def play_random(game: Game, rng: random.Random, steps: int, undo_rate: float = 0.0,
                draw_rate: float = 0.3) -> None:
    """Play `steps` random legal actions (takes, draws, optional undos)."""
    for _ in range(steps):
        if game.can_undo and rng.random() < undo_rate:
            game.undo()
            continue
        takes = game.playable_positions()
        if takes and (not game.can_draw or rng.random() >= draw_rate):
            game.take(rng.choice(takes))
        elif game.can_draw:
            game.draw()
        else:
            return


def permute_unseen(game: Game, rng: random.Random) -> Deal:
    """The deal of `game` with the cards the player has not seen shuffled among their slots."""
    unseen = [i for i in range(52) if i not in game.known]
    cards = list(game.deal.cards)
    moved = [cards[i] for i in unseen]
    rng.shuffle(moved)
    for index, card in zip(unseen, moved, strict=True):
        cards[index] = card
    return Deal(tuple(cards))


def replay(deal: Deal, rules: Rules, actions: Iterable[int | str], known: Iterable[int] = ()) -> Game:
    game = Game(deal, rules, None, known)
    for action in actions:
        game.play(action)  # type: ignore[arg-type]
    return game


# --- an independent exhaustive search ---------------------------------------------------------------------


class BudgetExceeded(Exception):
    pass


def brute_force(table_ranks: Sequence[int], present: Iterable[int], waste_rank: int,
                stock: Sequence[int], wrap: bool, max_states: int = 200_000) -> list[int | str] | None:
    """A winning line from the position, or None when there is none; BudgetExceeded past `max_states`.

    Plain memoised search over (cards left, waste rank, cards drawn): no dominance, no bounds, no bit
    tricks, so it shares nothing with the engine's solver but the rules."""
    failed: set[tuple[frozenset[int], int, int]] = set()

    def search(left: frozenset[int], waste: int, drawn: int) -> list[int | str] | None:
        if not left:
            return []
        key = (left, waste, drawn)
        if key in failed:
            return None
        if len(failed) >= max_states:
            raise BudgetExceeded
        for p in sorted(free_set(left)):
            if adjacent(table_ranks[p], waste, wrap):
                rest = search(left - {p}, table_ranks[p], drawn)
                if rest is not None:
                    return [p, *rest]
        if drawn < len(stock):
            rest = search(left, stock[drawn], drawn + 1)
            if rest is not None:
                return ["draw", *rest]
        failed.add(key)
        return None

    return search(frozenset(present), waste_rank, 0)


def card(code: str) -> Card:
    return Card.parse(code)


class RequestHandler(Protocol):
    """Any game's worker session: one JSON request in, one JSON reply out."""

    def handle(self, text: str) -> str: ...


def ask(session: RequestHandler, op: str, **args: object) -> dict[str, Any]:
    """A session's reply to one request `{"op": op, "args": args}`, parsed."""
    reply = json.loads(session.handle(json.dumps({"op": op, "args": args})))
    assert isinstance(reply, dict)
    return reply
