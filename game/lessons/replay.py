"""A lesson played through the engine without a screen: each step's expected moves as a
person following the coach would play them, then the scripted replies.

The tests replay every shipped script to its end this way (every move legal, every reply
there when its seat is to move, nothing left over), and the screenshots fast-forward a lesson
to one of its steps. Steps that wait on the screen only (``arranged``, ``wait``) play nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from game.engine.base import GameState, Move

from .patterns import resolve
from .script import LessonError, Script, Step

PERSON = 0
"""The person's seat in every lesson (the other seats follow, named by the script)."""


def solution(script: Script, step: Step, state: GameState) -> Iterator[Move]:
    """The moves that complete ``step`` in ``state``: its first pattern, or each of them (none
    for a step that waits on the screen), each resolved once the one before is played (play
    each before asking for the next); ``LessonError`` when one means no move there."""
    for pattern in step.moves if step.each else step.moves[:1]:
        yield _resolve(script, pattern, state, PERSON, step)


def replies(script: Script, step: Step, state: GameState) -> Iterator[Move]:
    """``step``'s replies, each resolved for the seat to move when its turn comes (play each
    before asking for the next)."""
    for pattern in step.replies:
        seat = state.current_player
        if seat is None or seat == PERSON:
            raise LessonError(
                f"{script.game} lesson, step {step.id}: a reply waits while no other seat is to move"
            )
        yield _resolve(script, pattern, state, seat, step)


def _resolve(script: Script, pattern, state: GameState, seat: int, step: Step) -> Move:
    move = resolve(pattern, state.view(seat), script.codec, script.hints)
    if move is None:
        raise LessonError(
            f"{script.game} lesson, step {step.id}: {dict(pattern)} means no move for seat {seat}"
        )
    return move


def play_through(script: Script, until: int | None = None) -> GameState:
    """The lesson's state once its steps before ``until`` (all of them by default) are played
    with their replies. Raises ``LessonError`` (a pattern that means no move, a reply out of
    turn) or the engine's ``IllegalMove``."""
    state = script.start()
    for step in script.steps[:until]:
        for move in solution(script, step, state):
            state.apply(move)
        for move in replies(script, step, state):
            state.apply(move)
    return state
