"""A Hypothesis state machine: random pairs, kings, draws, recycles (legal or not) and undos, checked after
every step against `pyramid_support.Model`, an independent re-implementation of the seed's rules."""

from __future__ import annotations

import json

from engine_support import ENGINE_SETTINGS
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from pyramid_support import Model, rank_of
from stateful_support import DrawsAndRecycles

from pyramid_core import Game, Move, Outcome, PositionError, Reason
from pyramid_core.snapshot import snapshot

PLACES = st.one_of(st.integers(0, 27), st.sampled_from(["S", "W"]))


def canonical(move: str) -> str:
    return str(Move.parse(move))


class PyramidMachine(DrawsAndRecycles, RuleBasedStateMachine):
    game: Game
    model: Model

    def __init__(self) -> None:
        super().__init__()
        self.known_so_far: frozenset[int] = frozenset()
        self.before: list[str] = []

    @initialize(number=st.integers(0, 10**9))
    def start(self, number: int) -> None:
        self.game = Game.from_id(number)
        self.model = Model(self.game.deal)

    def _picture(self) -> str:
        snap = snapshot(self.game)
        del snap["version"], snap["all_known"]
        return json.dumps(snap, sort_keys=True)

    def _full(self) -> str:
        game = self.game
        return json.dumps(snapshot(game), sort_keys=True) + repr(game.known) + repr(game.actions)

    def _do(self, move: str) -> None:
        self.before.append(self._picture())
        assert self.game.try_play(move) is None
        self.model.play(move)

    @rule(choice=st.integers(0, 10**6))
    def legal_move(self, choice: int) -> None:
        legal = sorted(self.model.legal())
        if not legal:
            return
        self._do(legal[choice % len(legal)])

    @rule(a=PLACES, b=st.one_of(st.none(), PLACES))
    def tap(self, a: int | str, b: int | str | None) -> None:
        """Any pair or single card: legal ones are made, refused ones change nothing."""
        text = str(a) if b is None else f"{a}+{b}"
        if a == b:
            return
        model = self.model
        places = [a] if b is None else [a, b]
        before = self._full()
        if any(model.card(p) is None for p in places):
            try:
                self.game.try_play(text)
            except PositionError:
                assert self._full() == before
                return
            raise AssertionError("a place without a card was accepted")
        rejection = self.game.try_play(text) if canonical(text) not in {canonical(m) for m in model.legal()} \
            else None
        if rejection is not None and model.won():
            assert rejection.reason is Reason.GAME_OVER
            assert self._full() == before
            return
        if rejection is not None:
            covered = [p for p in places if isinstance(p, int) and not model.uncovered(p)]
            total = sum(model.rank(model.card(p)) for p in places)  # type: ignore[arg-type]
            if covered:
                assert rejection.reason is Reason.COVERED and rejection.place in covered
            elif b is None:
                assert rejection.reason is Reason.NOT_KING and total != 13
            else:
                assert rejection.reason is Reason.NOT_THIRTEEN and total != 13
            assert self._full() == before
            return
        self.before.append(self._picture())
        assert self.game.try_play(text) is None
        model.play(text)

    @rule()
    def refused_draw_or_recycle(self) -> None:
        before = self._full()
        model = self.model
        if model.won():
            for move in ("draw", "recycle"):
                assert self.game.try_play(move).reason is Reason.GAME_OVER  # type: ignore[union-attr]
            assert self._full() == before
            return
        if not model.stock:
            assert self.game.try_play("draw").reason is Reason.STOCK_EMPTY  # type: ignore[union-attr]
        if model.stock or model.passes == 3 or not model.waste:
            rejection = self.game.try_play("recycle")
            assert rejection is not None
            expected = (Reason.STOCK_NOT_EMPTY if model.stock else
                        Reason.NO_RECYCLE_LEFT if model.passes == 3 else Reason.WASTE_EMPTY)
            assert rejection.reason is expected
        assert self._full() == before

    @rule()
    def undo(self) -> None:
        if not self.model.history:
            assert self.game.undo() is False
            return
        assert self.game.undo() is True
        self.model.undo()
        assert self._picture() == self.before.pop()

    @invariant()
    def matches_the_model(self) -> None:
        game, model = self.game, self.model
        assert game.remaining == sum(1 << i for i in model.present)
        assert game.stock_indexes == tuple(model.stock)
        assert game.waste_indexes == tuple(model.waste)
        assert game.pass_number == model.passes
        assert {canonical(m) for m in model.legal()} == {str(m) for m in game.legal_moves()}
        outcome = game.outcome()
        assert (outcome is Outcome.WON) == model.won()
        assert (outcome is Outcome.STUCK) == model.stuck()
        snap = snapshot(game)
        assert snap["removed"] == 28 - len(model.present)
        assert snap["pass"] == model.passes
        # the end of a game reads as TriPeaks': over once won; a stuck game has seen every card, so its
        # solution may be shown
        all_known = len(model.known) == 52
        assert snap["over"] is model.won() and snap["given_up"] is False
        assert snap["solution_available"] is (model.won() or all_known)
        assert not model.stuck() or all_known
        assert snap["level"] == "any" and snap["moves"] == len(model.history)
        for i, entry in enumerate(snap["pyramid"]):
            assert (entry["state"] == "gone") == (i not in model.present)
            playing = outcome is Outcome.PLAYING
            assert entry["playable"] == (playing and model.uncovered(i))
            if entry["playable"]:
                partners = {p for p in model.playable() if p != i and
                            model.rank(i) + model.rank(model.card(p)) == 13}  # type: ignore[arg-type]
                assert set(entry["partners"]) == partners
                assert entry["king"] == (rank_of(entry["card"]) == 13)

    @invariant()
    def knowledge_grows_and_never_leaks(self) -> None:
        game, model = self.game, self.model
        assert game.known == model.known
        assert game.known >= self.known_so_far
        self.known_so_far = game.known
        text = json.dumps(snapshot(game))
        for i in range(52):
            if i not in model.known:
                assert f'"{model.codes[i]}"' not in text
        view = game.player_view()
        assert view.stock == tuple(game.deal.cards[i] if i in model.known else None for i in model.stock)
        assert len(view.unseen) == 52 - len(model.known)


TestPyramidMachine = PyramidMachine.TestCase
TestPyramidMachine.settings = settings(ENGINE_SETTINGS, max_examples=60, stateful_step_count=80)
