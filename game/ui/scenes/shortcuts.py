"""The shortcut sheet (F1 or ?): every key of the game on one panel over the current screen,
in the player's language. Escape, F1, Enter or a click closes it."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import AppServices, Scene
from game.ui.widgets import dim, draw_panel

SHARED_LABELS = {"score_sheet": "table.score_sheet"}
"""Rows named by the button they stand for (one name per action)."""


def row_label(name: str) -> str:
    """The catalogue key describing the row ``name``."""
    return SHARED_LABELS.get(name, f"shortcuts.{name}")


SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("everywhere", ("focus", "focus_arrows", "use", "change", "back", "fullscreen", "sheet")),
    (
        "pieces",
        ("walk", "walk_jump", "rows", "pick", "pick_group", "place", "jump", "play", "discard", "menu"),
    ),
    (
        "tables",
        (
            "draw",
            "take",
            "meld",
            "sort_cards",
            "sort_tiles",
            "score_sheet",
            "undo",
            "history",
            "hint",
            "lesson",
        ),
    ),
)
"""The sheet's sections and rows: ``shortcuts.<row>.keys`` names the keys, ``shortcuts.<row>``
says what they do."""


def rows() -> list[tuple[str, str]]:
    """Every line of the sheet in order: ("section", name) or ("row", name)."""
    lines: list[tuple[str, str]] = []
    for section, names in SECTIONS:
        lines.append(("section", section))
        lines += [("row", name) for name in names]
    return lines


def two_columns(lines: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The sheet's ``lines`` in two columns, the longer of them as short as can be (split at a
    section's start when that is as short): a section cut in two has its heading again at the
    top of the second column, and a heading never ends a column."""
    best: tuple[tuple[int, int], list, list] | None = None
    for split in range(1, len(lines)):
        left, right = lines[:split], lines[split:]
        if left[-1][0] == "section":
            continue
        if right[0][0] != "section":
            right = [next(line for line in reversed(left) if line[0] == "section"), *right]
        rank = (max(len(left), len(right)), 0 if lines[split][0] == "section" else 1)
        if best is None or rank < best[0]:
            best = (rank, left, right)
    if best is None:
        return lines, []
    return best[1], best[2]


class ShortcutsScene(Scene):
    """The shortcut sheet over the screen below (see the module docstring)."""

    opaque = False

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)

    def close(self) -> None:
        self.app.scenes.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.scale = theme.Scale.for_size(size)
        margin = max(12, min(w, h) // 30)
        self.panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)

    def handle(self, event: pygame.event.Event) -> bool:
        closing = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if (event.type == pygame.KEYDOWN and (event.key in closing or event.unicode == "?")) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1
        ):
            self.close()
        return True  # nothing reaches the screen below while the sheet is open

    def draw(self, surface: pygame.Surface) -> None:
        s, fonts, tr = self.scale, self.app.fonts, self.app.tr
        dim(surface)
        panel = self.panel
        draw_panel(surface, panel, radius=s(18))
        pad = max(s(24), panel.width // 40)
        fonts.draw(
            surface,
            tr("shortcuts.title"),
            (panel.centerx, panel.y + pad // 2),
            s.font(28),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        fonts.draw(
            surface,
            tr("shortcuts.close"),
            (panel.centerx, panel.bottom - pad // 2),
            s.font(15),
            theme.INK_SOFT,
            anchor="midbottom",
        )
        lines = rows()
        top = panel.y + pad // 2 + fonts.line_height(s.font(28)) + s(10)
        bottom = panel.bottom - pad // 2 - fonts.line_height(s.font(15)) - s(6)
        columns = two_columns(lines)
        col_w = (panel.width - 3 * pad) // 2
        line_h = max(1, (bottom - top) // max(len(c) for c in columns))
        keys_w = int(col_w * 0.3)
        room = col_w - keys_w - s(8)
        size = self._text_size(
            lines, min(s.font(18), max(11, int(line_h * 0.62))), line_h, keys_w - s(8), room
        )
        for c, column in enumerate(columns):
            x = panel.x + pad + c * (col_w + pad)
            for i, (kind, name) in enumerate(column):
                y = top + i * line_h + line_h // 2
                if kind == "section":
                    text = tr(f"shortcuts.section.{name}")
                    fonts.draw(surface, text, (x, y), size + 1, theme.GOLD_DARK, bold=True, anchor="midleft")
                    continue
                keys, what = tr(f"shortcuts.{name}.keys"), tr(row_label(name))
                fonts.draw(surface, keys, (x, y), size, theme.INK, bold=True, anchor="midleft")
                parts = fonts.wrap(what, size, room)
                step = fonts.line_height(size)
                for k, part in enumerate(parts):  # a long description on two lines
                    at = (x + keys_w, y + round((k - (len(parts) - 1) / 2) * step))
                    fonts.draw(surface, part, at, size, theme.INK, anchor="midleft")

    def _text_size(self, lines: list[tuple[str, str]], size: int, line_h: int, keys_w: int, room: int) -> int:
        """One size for every line of the sheet: the largest at which every row's keys fit their
        column and its description fits its own, on two lines where a row has room for two."""
        fonts, tr = self.app.fonts, self.app.tr
        rows_ = [(tr(f"shortcuts.{name}.keys"), tr(row_label(name))) for kind, name in lines if kind == "row"]
        while size > 9:
            most = 2 if 2 * fonts.line_height(size) + 2 <= line_h else 1
            if all(
                fonts.size(keys, size, bold=True)[0] <= keys_w
                and len(fonts.wrap(what, size, room)) <= most
                and all(fonts.size(part, size)[0] <= room for part in fonts.wrap(what, size, room))
                for keys, what in rows_
            ):
                break
            size -= 1
        return size
