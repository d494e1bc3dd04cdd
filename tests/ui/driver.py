"""Drive real scenes headless: post real mouse and key events and run frames of the loop."""

from __future__ import annotations

import pygame

from game.ui.app import App


def frames(app: App, n: int = 2, dt: float = 1 / 60) -> None:
    """Run ``n`` frames of the real loop body."""
    for _ in range(n):
        app.step(dt)


def click(app: App, pos: tuple[int, int], n_frames: int = 2) -> None:
    """A real click: motion, press, release, then a couple of frames."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, n_frames)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """A real drag: press at ``start``, move in steps, release at ``end``."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def lift_a_hand_card(app: App, table) -> None:
    """Press on the first card of the hand at ``table`` and move far enough to lift it (the
    button stays down)."""
    card = table.view.hand[0]
    start = table.sprites.sprites[card.ident].rect(table.hand_h).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0))
    )
    frames(app, 1)
    assert table.gesture.dragging


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frames(app, 2)


def widget(app: App, name: str):
    """The top scene's widget called ``name``."""
    for w in app.scenes.top.widgets():
        if getattr(w, "name", "") == name:
            return w
    raise LookupError(name)


def choose(app: App, control, value) -> None:
    """Pick ``value`` on a switch (``Segmented``) or arrows (``Stepper``) by clicking."""
    if hasattr(control, "segment_rects"):
        index = [v for v, _ in control.choices].index(value)
        click(app, control.segment_rects()[index].center)
        return
    left, right = control.arrows()
    for _ in range(len(control.values)):
        current = control.selected()
        if current == value:
            return
        wanted, now = control.values.index(value), control.values.index(current)
        click(app, (right if wanted > now else left).center)
    raise AssertionError(f"could not choose {value!r}")


def start_from_setup(app: App) -> None:
    """The setup screen's Start; a game's first start asks whether to learn it first (its
    lesson): the answer is no, start the game."""
    click(app, widget(app, "start").rect.center)
    if getattr(app.scenes.top, "on_no", None) is not None:
        click(app, widget(app, "no").rect.center)


def wait_until(
    app: App, done, frames_max: int = 20000, what: str = "the computer never finished its turn"
) -> None:
    """Run frames until ``done()`` holds, leaving the computer player's thread time to think
    (a short sleep each frame); fail after ``frames_max`` frames (the clock is never read)."""
    import time

    for _ in range(frames_max):
        if done():
            return
        frames(app, 1)
        time.sleep(0.001)
    raise AssertionError(what)
