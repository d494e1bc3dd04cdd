"""Every screen, in French (the longer language) and in English, at the smallest window the
layouts support, at the common laptop sizes (1280x800, 1366x768) and at full HD: no line of text
leaves the window, its panel, or the button or switch it labels, none runs under a control it
does not label, and the choices of one switch are written at one size."""

from __future__ import annotations

import pygame
import pytest

from game.showcase.screenshots import scene_makers
from game.ui import text as text_module
from game.ui.app import App, LaunchOptions
from game.ui.storage import Storage

# the everyday loop checks the tightest window and the common laptop sizes; the slow run full HD too
SIZES = [(1024, 600), (1280, 800), (1366, 768), pytest.param((1920, 1080), marks=pytest.mark.slow)]
LANGS = ["fr", "en"]
SCREENS = [name for name in scene_makers() if not name.startswith("rules-")]


def _inside(inner: pygame.Rect, outer: pygame.Rect, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_no_text_leaves_its_box(tmp_path, screen, size, lang):
    storage = Storage(tmp_path, tmp_path)
    app = App(LaunchOptions(lang=lang, size=size, storage=storage))
    try:
        app.start()
        app.running = True
        scene_makers()[screen](app)
        for _ in range(4):
            app.step(1 / 60)
        scene = app.scenes.top
        with text_module.placing() as placed:  # what the top screen draws (a dialog: itself)
            scene.draw(app.window)
        window = pygame.Rect((0, 0), size)
        on_screen = [(t, r, clip) for t, r, clip, surface in placed if surface == size and t.strip()]
        assert on_screen, "nothing drawn"
        problems: list[str] = []
        widgets = scene.widgets()

        def visible(box: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
            """A control, and the part of it that shows (a scrolled column clips it as it
            clips its labels)."""
            clips = [clip for t, r, clip in on_screen if _inside(r, box, slack=2)]
            return box, (box.clip(clips[0]) if clips else box)

        boxes = [visible(w.rect) for w in widgets if hasattr(w, "label") and hasattr(w, "rect")]
        for switch in (w for w in widgets if hasattr(w, "segment_rects")):
            # Each choice is a box of its own; all are written at one size.
            boxes += [visible(rect) for rect in switch.segment_rects()]
            labels = [(r, clip) for t, r, clip in on_screen if _inside(r, switch.rect, slack=2)]
            heights = {r.height for r, clip in labels if r.colliderect(clip)}
            if len(heights) > 1:
                problems.append(f"the choices of {switch.name!r} are written at different sizes: {heights}")
        panel = getattr(scene, "panel", None)
        follow = getattr(getattr(scene, "table", None), "follow_layer", None)
        history = None  # the round's history opened over a summary: its lines lie on its panel
        if follow is not None and follow.history_open:
            title = str(app.tr("follow.history.title"))
            history = next(i for i, (text, _, _) in enumerate(on_screen) if text == title)
        for i, (text, rect, clip) in enumerate(on_screen):
            if history is not None and i == history:
                panel = follow.panel_rect()
            if not rect.colliderect(clip):
                continue  # scrolled out of its view: not on screen
            shown = rect.clip(clip)
            if not _inside(shown, window):
                problems.append(f"{text!r} leaves the window at {rect}")
                continue
            for box, part in boxes:
                if part.collidepoint(rect.center) and not _inside(shown, box, slack=2):
                    problems.append(f"{text!r} crosses its button {box} at {rect}")
                elif (
                    not box.collidepoint(rect.center)
                    and part.width
                    and shown.colliderect(part.inflate(-6, -6))
                ):
                    problems.append(f"{text!r} runs under the control {part} at {rect}")
            if panel is not None and panel.collidepoint(rect.center) and not _inside(shown, panel, slack=2):
                problems.append(f"{text!r} crosses the panel {panel} at {rect}")
        assert not problems, problems[:5]
    finally:
        for scene in list(app.scenes):
            scene.leave()
        pygame.quit()
