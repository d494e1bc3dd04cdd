"""Undo within a turn at the card tables, without pygame.

The engine stays the judge: when a person's play phase begins (right after their draw), the
whole engine state is copied (``to_json``, as for a save) and every move they play afterwards is
noted. Undo restores the copy and plays all the noted moves but the last again, through the
engine's own ``apply``. Arrangements of the interface made in the turn (a staging slot filled)
are steps too: taking one back puts the arrangement as it was. The draw is never undone (the copy is taken after it: the card drawn has
been seen), and the discard ends the turn and forgets everything (the next player has seen it).

The save keeps the turn's undo in the interface block (``to_ui``), so that after "Continue" the
moves of the turn can still be taken back. A saved undo comes back only when it belongs to the
play phase in progress and its moves, replayed by the engine from its copy, give exactly the
saved game (``resume``); anything else (an older save without it, a damaged block) leaves the
turn with nothing to undo, as at the start of a play phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import schema as sc
from game.engine.base import GameState, Move, MoveCodec
from game.engine.errors import IllegalMove, SaveError
from game.ui.tables.saved_ui import IDENTS

PLAY = "play"
UI_KEY = "undo"
"""The key of the turn's undo in a card table's interface block (each game's ``UI_SCHEMA``
accepts anything there: ``resume`` checks it against ``SAVED``)."""
SAVED = sc.Obj(
    {
        "round": sc.Int(0, 1_000_000),
        "seat": sc.Int(0, 5),
        "start": sc.Anything(),
        "moves": sc.List(
            sc.Obj({}, {"move": sc.Anything(), "arranged": sc.Maybe(sc.List(IDENTS, hi=20))}), hi=500
        ),
    }
)
"""A saved undo: the round and seat of its play phase, the engine state at its start (checked
by the game's own loader) and its steps, each a move (the game's ``CODEC``) or an arrangement."""


@dataclass(frozen=True)
class Arranged:
    """A change of the interface only in the turn (a staging slot filled or emptied): undo
    puts ``before`` back without asking the engine anything."""

    before: Any


class TurnUndo:
    """The moves of the play phase in progress and the state before them."""

    def __init__(self) -> None:
        self.start: dict[str, Any] | None = None
        """The engine state at the start of the play phase (``to_json``)."""
        self.seat: tuple[int, int] | None = None
        """The round and the seat the copy belongs to."""
        self.moves: list[Move | Arranged] = []
        """The moves played since, in order, with the arrangements made between them."""

    def clear(self) -> None:
        self.start, self.seat, self.moves = None, None, []

    def note(self, state: GameState, move: Move, person: bool) -> None:
        """After ``move`` was played on ``state``: start a new copy when a person's play phase
        begins, note the move when it goes on, forget everything otherwise."""
        seat = state.current_player
        if not person or seat is None or getattr(state, "phase", "") != PLAY:
            self.clear()
            return
        key = (state.round_number, seat)
        if self.start is None or key != self.seat:
            self.start, self.seat, self.moves = state.to_json(), key, []
            return
        self.moves.append(move)

    def begin(self, state: GameState, person: bool) -> None:
        """A table opened on ``state``: a play phase already under way starts its copy here."""
        self.clear()
        if person and getattr(state, "phase", "") == PLAY and state.current_player is not None:
            self.start, self.seat = state.to_json(), (state.round_number, state.current_player)

    def arranged(self, before: Any) -> None:
        """The interface's arrangement changed during the play phase (``before``: as it was)."""
        if self.start is not None:
            self.moves.append(Arranged(before))

    def to_ui(self, codec: MoveCodec) -> dict[str, Any]:
        """The turn's undo for the save's interface block (``{}`` outside a person's play phase)."""
        if self.start is None or self.seat is None:
            return {}
        steps = [
            {"arranged": step.before} if isinstance(step, Arranged) else {"move": codec.encode(step)}
            for step in self.moves
        ]
        return {UI_KEY: {"round": self.seat[0], "seat": self.seat[1], "start": self.start, "moves": steps}}

    def resume(self, saved: Any, state: GameState, person: bool, codec: MoveCodec) -> None:
        """A table opened on ``state`` (after "Continue"): the undo the save kept (``to_ui``'s
        block, or ``None``) when it belongs to this play phase and replays to ``state``; else a
        copy begins here (``begin``)."""
        self.begin(state, person)
        if self.start is None or not isinstance(saved, dict):
            return
        try:
            sc.check(SAVED, saved, "ui.undo")
            if (saved["round"], saved["seat"]) != self.seat:
                return
            steps: list[Move | Arranged] = [
                Arranged(step.get("arranged")) if "move" not in step else codec.decode(step["move"])
                for step in saved["moves"]
            ]
            replayed = type(state).from_json(saved["start"])
            for step in steps:
                if not isinstance(step, Arranged):
                    replayed.apply(step)
            if replayed.to_json() != state.to_json():
                return
        except (SaveError, IllegalMove, ValueError, TypeError, KeyError):
            return  # a damaged block: the turn goes on with nothing to undo
        self.start, self.moves = type(state).from_json(saved["start"]).to_json(), steps

    @property
    def can_undo(self) -> bool:
        return self.start is not None and bool(self.moves)

    def undo(self, state: GameState) -> GameState | Arranged:
        """Take the last step back: for an arrangement, the ``Arranged`` to put back (the state
        is unchanged); for a move, a new state, ``state``'s turn without it (the engine replays
        the rest)."""
        if not self.can_undo:
            raise ValueError("nothing to undo")
        last = self.moves.pop()
        if isinstance(last, Arranged):
            return last
        restored = type(state).from_json(self.start)
        for move in self.moves:
            if not isinstance(move, Arranged):
                restored.apply(move)
        return restored
