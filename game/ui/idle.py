"""The quiet main loop: when nothing on screen moves, wait for an event instead of drawing.

A scene says whether it is moving with ``Scene.busy()`` (an animation, a timer on screen, a
drag, a computer player about to move); toasts and saves still being written count as moving
too. After ``QUIET_FRAMES`` still frames in a row the loop stops drawing and sleeps in
``pygame.event.wait`` until an event comes (or ``WAKE_SECONDS`` pass, so that anything a scene
forgot to report is picked up soon), then draws again.
"""

from __future__ import annotations

from typing import Any

import pygame

QUIET_FRAMES = 3
"""Still frames drawn after the last movement (the final positions reach the screen)."""
WAKE_SECONDS = 0.5
"""Longest sleep without an event."""


def moving(app: Any) -> bool:
    """True when something on screen moves: a scene being updated says it is busy, a toast is
    shown, or a save is still being written."""
    if app.toasts or app._writes:
        return True
    for scene in reversed(list(app.scenes)):
        if scene.busy():
            return True
        if scene.opaque:
            break
    return False


def wait_for_event(timeout: float = WAKE_SECONDS) -> bool:
    """Sleep until an event arrives (it is put back in the queue for the next frame) or
    ``timeout`` seconds pass; True when an event came."""
    event = pygame.event.wait(max(1, int(timeout * 1000)))
    if event.type == pygame.NOEVENT:
        return False
    pygame.event.post(event)
    return True
