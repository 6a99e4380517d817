"""A Hypothesis state machine: random legal moves, random card moves (legal or not), draws, recycles and
undos, under draw one or draw three, checked after every step against `klondike_support.Model`, an
independent re-implementation of the seed's rules (and design.md's draw three): the same legal moves and
destinations, refused moves change nothing, undo restores exactly, knowledge never shrinks (a waste card
covered by the next draw stays known), and the snapshot never shows a card the player has not seen."""

from __future__ import annotations

import copy
import json

from engine_support import ENGINE_SETTINGS
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from klondike_support import ALL_CODES, Model, shown_cards
from stateful_support import DrawsAndRecycles

from klondike_core.deal import DealId
from klondike_core.game import Game, Outcome
from klondike_core.save import Played, load, save
from klondike_core.snapshot import snapshot

TARGETS = [*(f"T{i}" for i in range(7)), "F"]


class KlondikeMachine(DrawsAndRecycles, RuleBasedStateMachine):
    game: Game
    model: Model

    def __init__(self) -> None:
        super().__init__()
        self.before: list[str] = []
        self.known_so_far: frozenset[str] = frozenset()
        self.log: list[str] = []

    @initialize(number=st.integers(0, 10**9), draw=st.sampled_from([1, 3]))
    def start(self, number: int, draw: int) -> None:
        self.game = Game.from_id(DealId(number, draw))
        self.model = Model(self.game.deal, draw)

    def _picture(self) -> str:
        snap = snapshot(self.game)
        del snap["version"]
        return json.dumps([snap, repr(self.game.position()), self.game.recycles], sort_keys=True)

    def _full(self) -> str:
        game = self.game
        return self._picture() + repr(sorted(game.known)) + repr(game.actions) + str(game.version)

    def _do(self, move: str) -> None:
        self.before.append(self._picture())
        assert self.game.try_play(move) is None, move
        self.model.play(move)
        self.log.append(move)

    @rule(choice=st.integers(0, 10**6))
    def legal_move(self, choice: int) -> None:
        legal = sorted(m for m in self.model.legal() if m not in ("draw", "recycle"))
        if legal:
            self._do(legal[choice % len(legal)])

    @rule(code=st.sampled_from(ALL_CODES), where=st.sampled_from(TARGETS))
    def any_card_anywhere(self, code: str, where: str) -> None:
        move = f"{code}>{where}"
        if move in self.model.legal():
            self._do(move)
            return
        before = self._full()
        rejection = self.game.try_play(move)
        assert rejection is not None
        assert self._full() == before
        if code not in self.model.known:  # an unseen card: the same refusal wherever it lies
            assert rejection.reason.value == "not_free"

    @rule(move=st.sampled_from(["draw", "recycle"]))
    def stock_tap(self, move: str) -> None:
        if move in self.model.legal():
            self._do(move)
        else:
            before = self._full()
            assert self.game.try_play(move) is not None
            assert self._full() == before

    @precondition(lambda self: bool(self.before))
    @rule()
    def undo(self) -> None:
        assert self.game.undo()
        self.model.undo()
        self.log.append("undo")
        assert self._picture() == self.before.pop()

    @invariant()
    def same_as_model(self) -> None:
        game, model = self.game, self.model
        assert {str(m) for m in game.legal_moves()} == model.legal()
        position = game.position()
        for c, col in enumerate(model.columns):
            codes = [card.code for card in position.tableau[c] if card is not None]
            assert codes == [code for code, _ in col]
            assert position.face_down[c] == sum(not up for _, up in col)
        assert [c.code for c in position.waste] == model.waste
        assert list(position.foundations) == model.found and game.recycles == model.recycles
        assert {c.code for c in game.known} == model.known
        won = model.won()
        expected = Outcome.WON if won else Outcome.STUCK if not model.legal() else Outcome.PLAYING
        assert game.outcome() is expected

    @invariant()
    def snapshot_shows_only_what_is_seen(self) -> None:
        snap = snapshot(self.game)
        model = self.model
        shown = shown_cards(snap)
        legal = model.legal()
        tops = {code for code, (kind, _c, _d) in model.movable().items() if kind in ("W", "F")}
        fan = model.waste[-model.draw:] if model.waste else []  # the waste's visible cards, top last
        assert [entry["card"] for entry in snap["waste"]["fan"]] == fan
        assert all(set(entry) == {"card"} for entry in snap["waste"]["fan"][:-1])  # only the top plays
        if fan:
            assert snap["waste"]["fan"][-1] == snap["waste"]["top"]
        assert snap["draw"] == model.draw
        assert shown == model.face_up_codes() | tops | set(fan)
        assert shown <= model.known
        entries = [entry for column in snap["columns"] for entry in column["cards"]]
        tops = [snap["waste"]["top"], *(f["top"] for f in snap["foundations"])]
        entries += [{"state": "up", **top} for top in tops if top is not None]
        assert len(entries) == sum(len(col) for col in model.columns) + len(model.movable()) - len(
            model.face_up_codes())
        for entry in entries:
            if entry["state"] == "down":
                assert entry == {"state": "down"}
                continue
            targets = sorted(t for t in TARGETS if f"{entry['card']}>{t}" in legal)
            where, _column, depth = model.movable()[entry["card"]]
            if where == "T" and depth == 0:  # heads a bare column: another empty column is not offered
                targets = [t for t in targets if t == "F" or model.columns[int(t[1:])]]
            assert sorted(entry["destinations"]) == targets
            assert entry["auto"] == (targets[0] if len(targets) == 1 else None)
        assert snap["stock"] == {"count": len(model.stock)}

    @invariant()
    def knowledge_never_shrinks(self) -> None:
        known = frozenset(c.code for c in self.game.known)
        assert known >= self.known_so_far
        self.known_so_far = known

    def teardown(self) -> None:
        if hasattr(self, "game"):  # the save replays to the same game
            played = load(copy.deepcopy(save(Played(self.game, self.log))))
            assert snapshot(played.game) == snapshot(self.game)
            assert played.game.known == self.game.known


KlondikeMachine.TestCase.settings = settings(ENGINE_SETTINGS, max_examples=50, stateful_step_count=40)
test_klondike_machine = KlondikeMachine.TestCase
