"""Form widgets from pygame_gui (text entry, drop-down, slider), themed like the table.

Each scene that needs them owns a ``FormLayer``: one pygame_gui manager with the game's fonts
and colours, rebuilt at each layout so that sizes and labels follow the window and the language.
Labels must be ``Text`` or ``Verbatim`` (see ``game.ui.text``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui

from game.i18n import Text, Verbatim
from game.resources import resource_path
from game.ui import text as text_module
from game.ui import theme

FONT_SIZE = 16
"""Widget text size at the 1280x800 scale."""


def _hex(rgb: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb[:3])


SOFT_GOLD = (240, 214, 150)
"""A light gold: a hovered list entry, a hovered slider knob."""


def theme_data(font_size: int, radius: int) -> dict[str, Any]:
    """The pygame_gui theme: the bundled font, the panel colours, rounded shapes."""
    font = {
        "name": "dejavusans",
        "size": str(font_size),
        "regular_path": str(resource_path("assets", "fonts", "DejaVuSans.ttf")),
        "bold_path": str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")),
    }
    colours = {
        "normal_bg": _hex(theme.BUTTON),
        "hovered_bg": _hex(theme.BUTTON_HOVER),
        "disabled_bg": _hex(theme.BUTTON_DISABLED),
        "selected_bg": _hex(theme.GOLD),
        "active_bg": _hex(theme.GOLD),
        "dark_bg": _hex((255, 252, 244)),
        "normal_text": _hex(theme.INK),
        "hovered_text": _hex(theme.INK),
        "selected_text": _hex(theme.INK),
        "active_text": _hex(theme.INK),
        "disabled_text": _hex(theme.INK_SOFT),
        "normal_border": _hex(theme.PANEL_EDGE),
        "hovered_border": _hex(theme.GOLD_DARK),
        "selected_border": _hex(theme.GOLD_DARK),
        "active_border": _hex(theme.GOLD_DARK),
        "disabled_border": _hex(theme.PANEL_EDGE),
        "text_cursor": _hex(theme.INK),
        "filled_bar": _hex(theme.GOLD),
        "unfilled_bar": _hex(theme.PANEL_EDGE),
    }
    misc = {
        "shape": "rounded_rectangle",
        "shape_corner_radius": str(radius),
        "border_width": "2",
        "shadow_width": "0",
        "text_horiz_alignment_padding": str(max(6, radius)),
    }
    # pygame_gui takes an element's font from its own block (not from "defaults"), so every
    # block names the game's font.
    flat_button = {
        "font": font,
        "misc": {**misc, "border_width": "0", "shape": "rectangle"},
        # A list entry under the pointer is marked in gold (cream on cream showed nothing).
        "colours": {**colours, "hovered_bg": _hex(SOFT_GOLD), "normal_bg": _hex((255, 252, 244))},
    }
    # The slider's own background is see-through: FormLayer.draw lays a track with its filled
    # part under it, and pygame_gui draws the round gold knob on top.
    clear = "#00000000"
    slider = {**colours, "dark_bg": clear, "normal_border": clear, "hovered_border": clear}
    knob = {
        **colours,
        "normal_bg": _hex(theme.GOLD),
        "hovered_bg": _hex(SOFT_GOLD),
        "active_bg": _hex(theme.GOLD_DARK),
    }
    return {
        "defaults": {"colours": colours, "font": font, "misc": misc},
        "text_entry_line": {"font": font, "misc": misc},
        "drop_down_menu": {"font": font, "misc": {**misc, "expand_direction": "down"}},
        "drop_down_menu.button": flat_button,
        "drop_down_menu.#selected_option": {"font": font},
        "drop_down_menu.#expand_button": {"font": {**font, "size": str(max(8, font_size * 3 // 5))}},
        "drop_down_menu.selection_list": {"font": font},
        "drop_down_menu.selection_list.button": flat_button,
        "horizontal_slider": {
            "font": font,
            "colours": slider,
            "misc": {**misc, "enable_arrow_buttons": "0", "border_width": "0"},
        },
        "horizontal_slider.#sliding_button": {
            "font": font,
            "colours": knob,
            "misc": {**misc, "shape": "ellipse"},
        },
    }


def _draw_track(surface: pygame.Surface, slider: pygame_gui.elements.UIHorizontalSlider) -> None:
    """A slider's track, filled in gold up to its value."""
    rect = slider.get_abs_rect()
    track = pygame.Rect(rect.x, 0, rect.width, max(6, rect.height // 3))
    track.centery = rect.centery
    lo, hi = slider.value_range
    share = (slider.get_current_value() - lo) / ((hi - lo) or 1)
    pygame.draw.rect(surface, (226, 216, 192), track, border_radius=track.height // 2)
    filled = track.copy()
    filled.width = max(track.height, round(track.width * min(1.0, max(0.0, share))))
    pygame.draw.rect(surface, theme.GOLD, filled, border_radius=track.height // 2)


def _check_label(label: str) -> str:
    if not isinstance(label, (Text, Verbatim)) and text_module.strict:
        raise TypeError(f"form label not from a catalogue: {label!r}")
    if text_module._drawn is not None:
        text_module._drawn.append(str(label))
    return str(label)


class FormField:
    """One pygame_gui widget as the keyboard focus sees it (``game.ui.focus``): its place, and
    for a drop-down its values, so Left and Right can choose one without opening it."""

    def __init__(self, element: Any, values: Sequence[str] = (), on_change: Callable | None = None) -> None:
        self.element = element
        self.values = list(values)
        self.on_change = on_change
        self.name = type(element).__name__

    @property
    def rect(self) -> pygame.Rect:
        return self.element.get_abs_rect()

    def step(self, forward: bool) -> None:
        """The next or previous value of a drop-down; a tenth more or less on a slider."""
        if isinstance(self.element, pygame_gui.elements.UIHorizontalSlider) and self.on_change is not None:
            low, high = self.element.value_range
            value = self.element.get_current_value() + (high - low) / 10 * (1 if forward else -1)
            value = min(high, max(low, value))
            self.element.set_current_value(value)
            self.on_change(value)
            return
        if not self.values or self.on_change is None:
            return
        current = self.element.selected_option
        value = current[1] if isinstance(current, tuple) else current
        i = self.values.index(value) if value in self.values else 0
        self.on_change(self.values[min(len(self.values) - 1, max(0, i + (1 if forward else -1)))])

    def activate(self) -> None:
        """Enter: a text entry takes the keyboard; a drop-down shows its next value."""
        if self.values or isinstance(self.element, pygame_gui.elements.UIHorizontalSlider):
            self.step(True)
        else:
            self.element.ui_manager.set_focus_set(self.element)


class FormLayer:
    """One scene's pygame_gui widgets (see the module docstring)."""

    def __init__(self, size: tuple[int, int], scale: theme.Scale) -> None:
        self.manager = pygame_gui.UIManager(size, theme_data(scale.font(FONT_SIZE), scale(8)))
        self._on_change: dict[Any, Callable[[Any], None]] = {}
        self._hints: dict[pygame_gui.elements.UITextEntryLine, str] = {}
        self._font_size = scale.font(FONT_SIZE)
        self._padding = max(6, scale(8))
        self.fields: list[FormField] = []
        """The widgets in the order they were made, for the keyboard focus."""

    def clear(self) -> None:
        """Remove every widget (before a new layout)."""
        self.manager.clear_and_reset()
        self.fields = []
        self._on_change.clear()
        self._hints.clear()

    def resize(self, size: tuple[int, int], scale: theme.Scale) -> None:
        """Start again for a new window size (fonts follow the scale)."""
        self.manager = pygame_gui.UIManager(size, theme_data(scale.font(FONT_SIZE), scale(8)))
        self.fields = []
        self._on_change.clear()
        self._hints.clear()
        self._font_size = scale.font(FONT_SIZE)
        self._padding = max(6, scale(8))

    def text_entry(
        self,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        max_length: int = 16,
        placeholder: str | None = None,
    ) -> pygame_gui.elements.UITextEntryLine:
        # The hint is drawn here, greyed (pygame_gui draws a placeholder like typed text).
        entry = pygame_gui.elements.UITextEntryLine(rect, self.manager, initial_text=value)
        entry.set_text_length_limit(max_length)
        self._on_change[entry] = on_change
        self.fields.append(FormField(entry))
        if placeholder:
            _check_label(placeholder)
            self._hints[entry] = placeholder
        return entry

    def dropdown(
        self,
        rect: pygame.Rect,
        options: Sequence[tuple[str, str]],
        selected: str,
        on_change: Callable[[str], None],
    ) -> pygame_gui.elements.UIDropDownMenu:
        """A drop-down of ``(value, label)`` pairs; ``on_change(value)`` on a new choice."""
        labels = [(_check_label(label), value) for value, label in options]
        current = next((pair for pair in labels if pair[1] == selected), labels[0])
        menu = pygame_gui.elements.UIDropDownMenu(labels, current, rect, self.manager)
        self._on_change[menu] = on_change
        self.fields.append(FormField(menu, [value for value, _ in options], on_change))
        return menu

    def slider(
        self, rect: pygame.Rect, value: float, on_change: Callable[[float], None], value_range=(0.0, 1.0)
    ) -> pygame_gui.elements.UIHorizontalSlider:
        slider = pygame_gui.elements.UIHorizontalSlider(
            rect, value, value_range, self.manager, click_increment=0.05
        )
        self._on_change[slider] = on_change
        self.fields.append(FormField(slider, on_change=on_change))
        return slider

    def process(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the widgets; return True when one of them used it."""
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self._on_change:
            self._on_change[event.ui_element](event.text)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self._on_change:
            value = getattr(event, "selected_option_id", None) or event.text
            self._on_change[event.ui_element](value)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in self._on_change:
            self._on_change[event.ui_element](event.value)
            return True
        return bool(consumed)

    def update(self, dt: float) -> None:
        self.manager.update(dt)
        self._widen_open_lists()

    def _widen_open_lists(self) -> None:
        """An open drop-down's list as wide as its box (pygame_gui leaves out the width of the
        arrow button, so the list looked narrower than the field it belongs to)."""
        for element in self._on_change:
            if not isinstance(element, pygame_gui.elements.UIDropDownMenu):
                continue
            listing = getattr(element.current_state, "options_selection_list", None)
            if listing is None or not listing.alive():
                continue
            width = element.relative_rect.width
            if listing.relative_rect.width != width:
                listing.set_dimensions((width, listing.relative_rect.height))

    def typing(self) -> bool:
        """True while a text entry has the keyboard (its cursor blinks)."""
        return any(
            isinstance(e, pygame_gui.elements.UITextEntryLine) and e.is_focused for e in self._on_change
        )

    def draw(self, surface: pygame.Surface, fonts: Any = None) -> None:
        """Draw the widgets, and with ``fonts`` (``game.ui.text.Fonts``) the greyed hint of
        each empty text entry that does not have the keyboard."""
        for element in self._on_change:
            if isinstance(element, pygame_gui.elements.UIHorizontalSlider):
                _draw_track(surface, element)
        self.manager.draw_ui(surface)
        if fonts is None:
            return
        for entry, hint in self._hints.items():
            if entry.get_text() or entry.is_focused:
                continue
            rect = entry.get_abs_rect()
            fonts.draw(
                surface,
                hint,
                (rect.x + self._padding + 2, rect.centery),
                self._font_size,
                theme.INK_SOFT,
                anchor="midleft",
            )
