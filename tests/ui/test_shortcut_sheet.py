"""The shortcut sheet: F1 (or ?) opens it over any screen, every line translated and drawn."""

from __future__ import annotations

import pygame
import pytest

from game.ui import text as text_module
from game.ui.scenes.shortcuts import ShortcutsScene, row_label, rows
from game.ui.scenes.title import TitleScene
from tests.ui.driver import frames, key


def open_sheet(make_app, lang: str, size: tuple[int, int]):
    """The title screen in ``lang`` at ``size``, and F1 pressed over it."""
    app = make_app(lang, size)
    frames(app, 2)
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, ShortcutsScene)
    return app


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_f1_opens_the_sheet_with_every_key(make_app, lang, size):
    app = open_sheet(make_app, lang, size)
    with text_module.recording() as drawn:
        frames(app, 1)
    for kind, name in rows():
        wanted = (
            [f"shortcuts.section.{name}"]
            if kind == "section"
            else [row_label(name), f"shortcuts.{name}.keys"]
        )
        for k in wanted:  # a long description may take two lines
            assert str(app.tr(k)) in " ".join(drawn), k
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, TitleScene)


def test_question_mark_opens_it_and_f1_closes_it(make_app):
    app = make_app()
    frames(app, 2)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    )
    frames(app, 2)
    assert isinstance(app.scenes.top, ShortcutsScene)
    key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, TitleScene)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768)])
def test_every_line_of_the_sheet_stays_in_its_panel_and_apart(make_app, lang, size):
    app = open_sheet(make_app, lang, size)
    sheet = app.scenes.top
    with text_module.drawing_order() as order:
        sheet.draw(app.window)
    lines = [(d.text, d.rect) for d in order if d.kind == "text" and d.surface == size and d.text.strip()]
    assert lines
    for i, (text, rect) in enumerate(lines):
        assert sheet.panel.contains(rect), (text, rect)
        for other, rect2 in lines[i + 1 :]:
            common = rect.clip(rect2)  # the ink of two lines never meets
            assert common.width < 2 or common.height < 2, (text, other)


def test_the_columns_are_balanced_and_a_cut_section_keeps_its_heading():
    from game.ui.scenes.shortcuts import two_columns

    lines = rows()
    left, right = two_columns(lines)
    assert abs(len(left) - len(right)) <= 2
    assert left[0][0] == "section" and right[0][0] == "section" and left[-1][0] == "row"
    shown = [line for line in left + right if line[0] == "row"]
    assert shown == [line for line in lines if line[0] == "row"], "a row lost or moved"
    # Sections that split evenly at a section's start keep their headings once.
    even = [("section", "a"), ("row", "1"), ("row", "2"), ("section", "b"), ("row", "3"), ("row", "4")]
    assert two_columns(even) == (even[:3], even[3:])
