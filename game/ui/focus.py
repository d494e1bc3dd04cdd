"""Keyboard focus for every screen, with nothing to write in the screens themselves.

The focus walks the top scene's ``widgets()`` (anything with a ``rect``: buttons, switches,
arrows, the title's game panels) in the order the scene lists them. Tab and Shift+Tab move it
(Down and Up too, on screens whose arrows are not taken: ``Scene.arrow_focus``), and the scene
scrolls the newly focused widget into view (``Scene.reveal``); Enter or Space
uses the focused widget, Left and Right change a switch's or arrows' value. Using a widget is a
click at its centre (a segment's or an arrow's, for a value) handed to the scene, so a widget
does from the keyboard exactly what it does under the mouse. A gold ring shows the focus until
the mouse is used.

A screen names where the focus starts (``Scene.first_focus``: the title's first game, the
setup's Start): the first focus key lands there, and a screen opened from the keyboard shows
its ring there at once (``begin``), so that Enter, Enter, Enter starts a game from the title.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme

ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def focusable(scene: Any) -> list[Any]:
    """The widgets of ``scene`` the focus may rest on (visible and enabled), in the scene's
    order; pygame_gui widgets (a ``form``) come after the last widget above them in their
    column (the players' count, then each seat's name and kind)."""
    form = getattr(scene, "form", None)
    found = [w for w in scene.widgets() if _usable(w)]
    placed: set[int] = set()
    for field in getattr(form, "fields", []):
        if not _usable(field):
            continue
        rect = field.rect
        at = 0
        for i, widget in enumerate(found):
            other = widget.rect
            above = other.bottom <= rect.top and other.left < rect.right and rect.left < other.right
            if above or (id(widget) in placed and i == at):
                at = i + 1
        found.insert(at, field)
        placed.add(id(field))
    return found


def _usable(widget: Any) -> bool:
    rect = getattr(widget, "rect", None)
    return rect is not None and rect.width > 1 and getattr(widget, "enabled", True)


def focused(scene: Any) -> Any | None:
    """The widget that has the focus on ``scene``, if any."""
    index = getattr(scene, "focus_index", None)
    widgets = focusable(scene)
    if index is None or not widgets:
        return None
    return widgets[index % len(widgets)]


def click(scene: Any, pos: tuple[int, int]) -> None:
    """A click at ``pos`` handed to ``scene`` (press and release)."""
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def step_value(scene: Any, widget: Any, forward: bool) -> bool:
    """Left/Right on a switch or arrows: the previous or next value; True when it had values."""
    if hasattr(widget, "step"):
        widget.step(forward)
        return True
    if hasattr(widget, "segment_rects"):
        values = [v for v, _ in widget.choices]
        try:
            i = values.index(widget.selected())
        except ValueError:
            i = 0
        i = min(len(values) - 1, max(0, i + (1 if forward else -1)))
        click(scene, widget.segment_rects()[i].center)
        return True
    if hasattr(widget, "arrows"):
        left, right = widget.arrows()
        click(scene, (right if forward else left).center)
        return True
    return False


def first_index(scene: Any, widgets: list[Any], forward: bool = True) -> int:
    """Where the focus starts on ``scene``: its ``first_focus`` widget, else the first (or,
    going backwards, the last) widget."""
    first = getattr(scene, "first_focus", lambda: None)()
    for i, widget in enumerate(widgets):
        if widget is first:
            return i
    return 0 if forward else len(widgets) - 1


def move(scene: Any, forward: bool) -> None:
    """The focus to the next (or previous) widget of ``scene``, scrolled into view; the first
    move puts it where the scene starts it (``first_index``)."""
    widgets = focusable(scene)
    if not widgets:
        return
    index = getattr(scene, "focus_index", None)
    if index is None:
        scene.focus_index = first_index(scene, widgets, forward)
    else:
        scene.focus_index = (index + (1 if forward else -1)) % len(widgets)
    reveal = getattr(scene, "reveal", None)
    if reveal is not None:
        reveal(widgets[scene.focus_index])


def begin(scene: Any) -> None:
    """``scene`` was opened from the keyboard: its ring shows at once on its first focus (a
    screen that names none, or whose arrows do something else, starts without one)."""
    if getattr(scene, "first_focus", lambda: None)() is None or not getattr(scene, "arrow_focus", True):
        return
    if getattr(scene, "focus_index", None) is None:
        move(scene, True)


def handle(scene: Any, event: pygame.event.Event) -> bool:
    """Focus keys for ``scene`` (the top one); True when ``event`` was used."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        scene.focus_index = None
        return False
    if event.type != pygame.KEYDOWN:
        return False
    key = event.key
    arrows = getattr(scene, "arrow_focus", True)
    if key == pygame.K_TAB:
        form = getattr(scene, "form", None)
        if form is not None:
            form.manager.set_focus_set(None)  # a name being typed lets the keyboard go
        move(scene, not event.mod & pygame.KMOD_SHIFT)
        return True
    if arrows and key in (pygame.K_DOWN, pygame.K_UP):
        move(scene, key == pygame.K_DOWN)
        return True
    widget = focused(scene)
    form = getattr(scene, "form", None)
    typing = form is not None and bool(form.manager.get_focus_set())
    starts = getattr(scene, "first_focus", lambda: None)() is not None
    if widget is None and key in ACTIVATE and arrows and starts and not typing:
        move(scene, True)  # Enter with nothing focused: the ring shows where to start
        return True
    if widget is None or getattr(getattr(widget, "element", None), "is_focused", False):
        return False  # nothing focused, or a text entry that takes the typing
    if key in (pygame.K_LEFT, pygame.K_RIGHT) and (arrows or hasattr(widget, "choices")):
        return step_value(scene, widget, key == pygame.K_RIGHT)
    if key in ACTIVATE and (arrows or key != pygame.K_SPACE):
        if hasattr(widget, "activate"):
            widget.activate()
            return True
        if hasattr(widget, "segment_rects") or hasattr(widget, "arrows"):
            return step_value(scene, widget, True)
        click(scene, widget.rect.center)
        return True
    if not arrows:
        scene.focus_index = None  # the scene's own keys take over (a table's cursor)
    return False


def draw(scene: Any, surface: pygame.Surface) -> None:
    """The gold ring round the focused widget of ``scene``."""
    widget = focused(scene)
    if widget is None:
        return
    width = max(2, surface.get_height() // 260)
    ring = widget.rect.inflate(width * 3, width * 3)
    radius = min(ring.height // 2, width * 6)
    pygame.draw.rect(surface, theme.GOLD, ring, width=width, border_radius=radius)
    pygame.draw.rect(surface, theme.INK, ring.inflate(width * 2, width * 2), width=1, border_radius=radius)
