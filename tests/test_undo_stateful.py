"""A Hypothesis state machine: random takes (legal or not), draws, undos, restarts, giving up, showing the
solution and save round trips, checked after every step against an independent model of the rules written
from the seed; the knowledge against the plain union of every card ever face up, and the log's length
against the bound that `tripeaks_core.game` proves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_support import ENGINE_SETTINGS, adjacent, free_set, full_state, snapshot_cards
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tripeaks_core import DRAW, DealId, Game, IllegalMove, Outcome, PositionError, Reason, Rejection, Rules
from tripeaks_core.errors import GameInProgressError, GameOverError
from tripeaks_core.game import LOG_BOUND, log_bound
from tripeaks_core.save import load_game, save_game
from tripeaks_core.snapshot import snapshot


class Model:
    """The rules again, as plainly as possible: a set of cards on the table, a waste pile, a stock pointer."""

    def __init__(self, game: Game, known: set[int]) -> None:
        self.deal = game.deal
        self.rules = game.rules
        self.present: set[int] = set(range(28))
        self.waste: list[int] = [28]  # deal indexes, bottom first
        self.drawn = 0
        self.history: list[int | str] = []
        self.known = set(known) | set(range(18, 29))
        if self.rules.all_visible:
            self.known |= set(range(28))
        self.given_up = False
        self.closed = False  # the solution was shown while a card was unknown

    @property
    def won(self) -> bool:
        return not self.present

    @property
    def over(self) -> bool:
        return self.won or self.given_up

    def face_up_now(self) -> set[int]:
        """Every card face up at this moment: the table cards shown and the whole waste pile."""
        return {p for p in self.present if self.face_up(p)} | set(self.waste)

    def rank(self, index: int) -> int:
        return self.deal.cards[index].rank

    def free(self) -> set[int]:
        return free_set(self.present)

    def face_up(self, p: int) -> bool:
        return p in self.present and (self.rules.all_visible or p in self.free())

    def fits(self, p: int) -> bool:
        return adjacent(self.rank(p), self.rank(self.waste[-1]), self.rules.wrap)

    def playable(self) -> list[int]:
        return [] if self.given_up else sorted(p for p in self.free() if self.fits(p))

    def expected_refusal(self, p: int) -> Reason | None:
        if self.over:
            return Reason.GAME_OVER
        if not self.face_up(p):
            return Reason.FACE_DOWN
        if p not in self.free():
            return Reason.COVERED
        if not self.fits(p):
            return Reason.NOT_ADJACENT
        return None

    def take(self, p: int) -> None:
        self.present.discard(p)
        self.waste.append(p)
        self.history.append(p)
        self.known |= self.free()

    def draw(self) -> None:
        index = 29 + self.drawn
        self.drawn += 1
        self.waste.append(index)
        self.history.append(DRAW)
        self.known.add(index)

    def undo(self) -> None:
        move = self.history.pop()
        self.waste.pop()
        if move == DRAW:
            self.drawn -= 1
        else:
            assert isinstance(move, int)
            self.present.add(move)

    def runs(self) -> list[int]:
        """Lengths of the runs of takes between draws, in order (a trailing 0 after a final draw)."""
        runs = [0]
        for move in self.history:
            if move == DRAW:
                runs.append(0)
            else:
                runs[-1] += 1
        return runs


class GameMachine(RuleBasedStateMachine):
    game: Game
    model: Model

    def __init__(self) -> None:
        super().__init__()
        self.previous: list[dict[str, Any]] = []  # the snapshot before each move still on the stack
        self.known_so_far: frozenset[int] = frozenset()
        self.version = 0  # every change of the game counted here
        self.ever_up: set[int] = set()  # the plain union of every card ever face up in this game
        self.start_known = 0

    @initialize(number=st.integers(0, 10**9), wrap=st.booleans(), visible=st.booleans())
    def start(self, number: int, wrap: bool, visible: bool) -> None:
        self.game = Game.from_id(DealId(number, Rules(wrap=wrap, all_visible=visible)))
        self.model = Model(self.game, set())
        self.known_so_far = self.game.known
        self.start_known = len(self.game.known)
        self._see()

    def _see(self) -> None:
        self.ever_up |= self.model.face_up_now()

    # --- actions ---------------------------------------------------------------------------------------

    def _position_snapshot(self) -> dict[str, Any]:
        """The snapshot without what undo must not restore: the version, and the knowledge (all_known)."""
        snap = snapshot(self.game)
        del snap["version"], snap["all_known"]
        return snap

    def _record_before(self) -> None:
        self.previous.append(self._position_snapshot())

    @precondition(lambda self: bool(self.model.playable()))
    @rule(choice=st.integers(0, 27))
    def take_a_playable_card(self, choice: int) -> None:
        playable = self.model.playable()
        assert self.game.playable_positions() == playable
        p = playable[choice % len(playable)]
        self._record_before()
        self.game.take(p)
        self.model.take(p)
        self.version += 1
        self._see()

    @rule(p=st.integers(-2, 29))
    def tap_any_position(self, p: int) -> None:
        """A tap anywhere: out of range or gone is a PositionError, a refusal changes nothing."""
        before = full_state(self.game)
        if not 0 <= p < 28 or (p not in self.model.present and not self.model.over):
            with pytest.raises(PositionError):
                self.game.try_take(p)
            assert full_state(self.game) == before
            return
        reason = self.model.expected_refusal(p)
        if reason is None:
            self._record_before()
            assert self.game.try_take(p) is None
            self.model.take(p)
            self.version += 1
            self._see()
        else:
            assert self.game.try_take(p) == Rejection(reason, p)
            with pytest.raises(IllegalMove):
                self.game.take(p)
            assert full_state(self.game) == before

    @precondition(lambda self: bool(self.model.playable()))
    @rule(count=st.integers(1, 10), choice=st.integers(0, 27))
    def take_several(self, count: int, choice: int) -> None:
        for _ in range(count):
            if self.model.playable():
                self.take_a_playable_card(choice)
                choice = choice * 7 + 3

    @rule(count=st.integers(2, 12))
    def draw_several(self, count: int) -> None:
        for _ in range(count):
            self.draw()

    @rule()
    def draw(self) -> None:
        refusal = (Reason.GAME_OVER if self.model.over
                   else Reason.STOCK_EMPTY if self.model.drawn == 23 else None)
        if refusal is not None:
            before = full_state(self.game)
            assert self.game.try_draw() == Rejection(refusal)
            assert full_state(self.game) == before
            return
        self._record_before()
        self.game.draw()
        self.model.draw()
        self.version += 1
        self._see()

    @rule()
    def undo(self) -> None:
        before = full_state(self.game)
        if self.model.given_up or self.model.closed:
            assert self.game.try_undo() == Rejection(Reason.GAME_OVER)
            assert self.game.undo() is False
            assert full_state(self.game) == before
            return
        if not self.model.history:
            assert self.game.undo() is False
            assert full_state(self.game) == before
            return
        assert self.game.undo() is True  # a won game may be undone: that reopens it
        self.model.undo()
        self.version += 1
        assert self._position_snapshot() == self.previous.pop()  # exactly the position before the move

    @precondition(lambda self: len(self.model.history) >= 8 or self.model.over)
    @rule()
    def restart(self) -> None:
        self.game = self.game.restarted()
        self.model = Model(self.game, self.model.known)
        self.previous = []
        self.version += 1
        self._see()

    @rule()
    def give_up(self) -> None:
        before = full_state(self.game)
        if self.model.over:
            with pytest.raises(GameOverError):
                self.game.give_up()
            assert full_state(self.game) == before
            return
        self.game.give_up()
        self.model.given_up = True
        self.version += 1

    @rule()
    def show_the_solution(self) -> None:
        before = full_state(self.game)
        if not (self.model.over or len(self.model.known) == 52):
            with pytest.raises(GameInProgressError):
                self.game.reveal()
            assert full_state(self.game) == before
            return
        self.game.reveal()
        if len(self.model.known) < 52:
            self.model.known = set(range(52))
            self.model.closed = True
            self.version += 1
            self.ever_up = set(range(52))  # every card is shown in the solution's frames
        else:
            assert full_state(self.game) == before

    @rule()
    def save_and_restore(self) -> None:
        text = json.dumps(save_game(self.game))
        restored = load_game(json.loads(text))
        assert restored.known == self.game.known
        assert restored.actions == self.game.actions and restored.log == self.game.log
        assert restored.history == self.game.history
        assert (restored.given_up, restored.closed) == (self.game.given_up, self.game.closed)
        mine, theirs = snapshot(self.game), snapshot(restored)
        del mine["version"], theirs["version"]
        assert mine == theirs
        assert save_game(restored) == save_game(self.game)
        assert restored.player_view() == self.game.player_view()
        assert (restored.streak, restored.longest_streak, restored.score, restored.draws) == (
            self.game.streak, self.game.longest_streak, self.game.score, self.game.draws)
        # and the restored game plays on like the original: the same refusals and the same moves
        assert restored.legal_moves() == self.game.legal_moves() and restored.can_undo == self.game.can_undo

    # --- invariants ------------------------------------------------------------------------------------

    @invariant()
    def matches_the_model(self) -> None:
        game, model = self.game, self.model
        assert game.remaining == sum(1 << p for p in model.present)
        assert game.waste_top == model.deal.cards[model.waste[-1]]
        assert game.waste_size == len(model.waste)
        assert game.stock_left == 23 - model.drawn
        assert game.history == model.history
        assert game.playable_positions() == model.playable()

    @invariant()
    def fifty_two_distinct_cards(self) -> None:
        model, cards = self.model, self.model.deal.cards
        table = [cards[p] for p in model.present]
        waste = [cards[i] for i in model.waste]
        stock = list(cards[29 + model.drawn:])
        everything = table + waste + stock
        assert len(everything) == 52 and len(set(everything)) == 52
        snap = snapshot(self.game)
        assert 28 - snap["peaks_left"] + len(table) == 28
        assert len(table) + snap["waste_size"] + snap["stock"] == 52

    @invariant()
    def counters_follow_the_history(self) -> None:
        model, game = self.model, self.game
        runs = model.runs()
        takes = sum(1 for m in model.history if m != DRAW)
        assert game.cleared == takes == 28 - len(model.present)
        assert game.moves == len(model.history)
        assert game.draws == model.history.count(DRAW) == model.drawn
        assert game.streak == runs[-1]
        assert game.longest_streak == max(runs)
        assert game.score == sum(n * (n + 1) // 2 for n in runs)
        assert game.can_undo == (bool(model.history) and not model.given_up and not model.closed)
        snap = snapshot(game)
        assert (snap["cleared"], snap["moves"], snap["draws"], snap["streak"], snap["longest_streak"]) == (
            game.cleared, game.moves, game.draws, game.streak, game.longest_streak)

    @invariant()
    def table_entries(self) -> None:
        model, game = self.model, self.game
        snap = snapshot(game)
        outcome = game.outcome()
        if model.given_up:
            assert outcome is Outcome.GIVEN_UP
        elif not model.present:
            assert outcome is Outcome.WON
        elif model.drawn == 23 and not model.playable():
            assert outcome is Outcome.STUCK
        else:
            assert outcome is Outcome.PLAYING
        assert snap["outcome"] == outcome.value
        assert snap["can_draw"] == (model.drawn < 23 and not model.over)
        assert snap["over"] == model.over and snap["can_undo"] == game.can_undo
        assert snap["solution_available"] == (model.over or len(model.known) == 52)
        free = model.free()
        for p, e in enumerate(snap["table"]):
            assert e["position"] == p
            if p not in model.present:
                assert e["state"] == "gone" and "card" not in e
                continue
            up = model.rules.all_visible or p in free
            assert e["state"] == ("up" if up else "down")
            assert ("card" in e) == up
            assert e["free"] == (p in free)
            assert e["playable"] == (up and p in free and model.fits(p) and outcome is Outcome.PLAYING)
            if up:
                assert e["card"] == model.deal.cards[p].code

    @invariant()
    def knowledge_only_grows_and_never_leaks(self) -> None:
        game, model = self.game, self.model
        known = game.known
        assert known == model.known
        assert known >= self.known_so_far  # undo never makes a card unknown
        self.known_so_far = known
        assert game.all_known == (len(known) == 52)
        cards = model.deal.cards
        known_codes = {cards[i].code for i in known}
        snap = snapshot(game)
        assert snap["all_known"] == game.all_known
        assert set(snapshot_cards(snap)) <= known_codes
        text = json.dumps(snap)
        for i in range(52):
            if i not in known:
                assert f'"{cards[i].code}"' not in text, cards[i].code
        view = game.player_view()
        assert view.unseen == frozenset(cards[i] for i in range(52) if i not in known)
        for p in range(28):
            expected = cards[p] if p in model.present and p in known else None
            assert view.table[p] == expected
        assert view.stock == tuple(cards[i] if i in known else None for i in range(29 + model.drawn, 52))

    @invariant()
    def knowledge_is_everything_ever_face_up(self) -> None:
        assert self.game.known == self.ever_up

    @invariant()
    def the_log_stays_under_the_bound(self) -> None:
        log = self.game.log
        assert len(log) <= log_bound(len(self.game.known) - self.start_known) <= LOG_BOUND
        assert log.count("restart") <= len(self.game.known) - self.start_known  # a kept line showed a card

    @invariant()
    def version_counts_every_change(self) -> None:
        # Every take, draw, undo, restart, give up and reveal bumps it by one; refusals and bad input do not.
        assert self.game.version == self.version


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(ENGINE_SETTINGS, max_examples=60, stateful_step_count=60)
