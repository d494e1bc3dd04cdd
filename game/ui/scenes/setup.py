"""The new-game screen: the game, the seats (name, person or computer level), the rule options.

Options are those the engine declares (``OPTION_CHOICES`` of each engine module), each with its
default preselected and a one-line explanation from the catalogues. "Start" builds a
``GameConfig`` and hands it to the app (``AppServices.start_game``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.games import GAME_IDS, game_info
from game.i18n import Verbatim
from game.ui import theme
from game.ui.forms import FormLayer
from game.ui.scene import Scene
from game.ui.session import HUMAN, SEAT_KINDS, GameConfig, Seat, clean_name
from game.ui.widgets import Button, Segmented, Stepper, draw_panel

MAX_NAME = 16


@dataclass(frozen=True)
class OptionSpec:
    """One rule option as the setup screen shows it."""

    name: str
    choices: tuple
    default: Any


def option_specs(game: str) -> list[OptionSpec]:
    """The options of ``game`` in the engine's order, with their choices and defaults."""
    info = game_info(game)
    choices = info.module.OPTION_CHOICES
    defaults = info.options_class()
    fields = {f.name for f in dataclasses.fields(info.options_class)}
    return [
        OptionSpec(name, tuple(values), getattr(defaults, name))
        for name, values in choices.items()
        if name in fields
    ]


class SetupModel:
    """The choices being made, kept apart from the widgets (and from the language)."""

    def __init__(self, game: str, default_name, computer_names: list[str]) -> None:
        self.default_name = default_name
        self.computer_names = computer_names
        self.names: dict[int, str] = {}
        self.kinds: dict[int, str] = {}
        self.values: dict[str, dict[str, Any]] = {}
        self.counts: dict[str, int] = {}
        self.game = game

    @property
    def game(self) -> str:
        return self._game

    @game.setter
    def game(self, game: str) -> None:
        self._game = game
        self.specs = option_specs(game)
        self.values.setdefault(game, {spec.name: spec.default for spec in self.specs})
        info = game_info(game)
        self.min_players, self.max_players = info.min_players, info.max_players
        count = self.counts.get(game, min(max(2, self.min_players), self.max_players))
        self.counts[game] = min(max(count, self.min_players), self.max_players)

    @property
    def count(self) -> int:
        return self.counts[self.game]

    @count.setter
    def count(self, n: int) -> None:
        self.counts[self.game] = n

    def kind(self, seat: int) -> str:
        return self.kinds.get(seat, HUMAN if seat == 0 else "normal")

    def name(self, seat: int) -> str:
        typed = self.names.get(seat, "").strip()
        return typed[:MAX_NAME] if typed else self.fallback_name(seat)

    def fallback_name(self, seat: int) -> str:
        """The name a seat gets when nothing is typed."""
        if self.kind(seat) == HUMAN:
            return str(self.default_name(seat + 1))
        return self.computer_names[seat % len(self.computer_names)]

    # Remembered choices ---------------------------------------------------------------------
    def remembered(self) -> dict[str, Any]:
        """This game's choices as the setup file keeps them (typed names only: an empty name
        keeps following the language)."""
        return {
            "count": self.count,
            "seats": [
                {"name": self.names.get(i, "").strip(), "kind": self.kind(i)} for i in range(self.count)
            ],
            "options": {spec.name: self.value(spec.name) for spec in self.specs},
        }

    def recall(self, data: Any) -> None:
        """Bring back this game's remembered choices; whatever does not fit (a value of an
        older version, a hand-edited file) keeps its default."""
        if not isinstance(data, dict):
            return
        count = data.get("count")
        if (
            isinstance(count, int)
            and not isinstance(count, bool)
            and self.min_players <= count <= self.max_players
        ):
            self.count = count
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, seat in enumerate(seats[: self.max_players]):
                if not isinstance(seat, dict):
                    continue
                name, kind = seat.get("name"), seat.get("kind")
                if isinstance(name, str):
                    self.names[i] = clean_name(name)[:MAX_NAME]
                if kind in SEAT_KINDS:
                    self.kinds[i] = kind
        options = data.get("options")
        if isinstance(options, dict):
            for spec in self.specs:
                value = options.get(spec.name)
                if any(value == c and type(value) is type(c) for c in spec.choices):
                    self.set_value(spec.name, value)

    def reset(self) -> None:
        """Back to the defaults for this game (count, seats, names, options)."""
        info = game_info(self.game)
        self.counts[self.game] = min(max(2, info.min_players), info.max_players)
        self.names.clear()
        self.kinds.clear()
        self.values[self.game] = {spec.name: spec.default for spec in self.specs}

    def value(self, option: str) -> Any:
        return self.values[self.game][option]

    def set_value(self, option: str, value: Any) -> None:
        self.values[self.game][option] = value

    @property
    def watched(self) -> bool:
        """True when every seat is a computer player: the game is watched."""
        return not any(self.kind(i) == HUMAN for i in range(self.count))

    def problem(self) -> str | None:
        """A catalogue key saying why the game cannot start yet, or ``None``."""
        try:
            self.options()
        except ValueError:
            return "setup.options_conflict"
        return None

    def options(self) -> Any:
        info = game_info(self.game)
        return info.options_class(**self.values[self.game])

    def config(self) -> GameConfig:
        seats = [
            Seat(self.name(i), self.kind(i), auto=not self.names.get(i, "").strip())
            for i in range(self.count)
        ]
        return GameConfig(self.game, seats, self.options())


class SetupScene(Scene):
    """See the module docstring."""

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        tr = app.tr
        self.model = SetupModel(
            game,
            lambda n: tr("setup.default_player", n=n),
            [name.strip() for name in tr("setup.computer_names").split(",") if name.strip()] or ["CPU"],
        )
        self.tabs = Segmented(
            choices=[(g, (lambda g=g: tr(f"game.{g}.name"))) for g in GAME_IDS],
            selected=lambda: self.model.game,
            on_select=self._select_game,
            name="tabs",
        )
        self.setups = app.storage.load_setups()
        self.model.recall(self.setups.get(game))
        self.recalled = {game}
        self.back = Button(lambda: tr("common.back"), self.close, name="back")
        self.defaults = Button(lambda: tr("setup.defaults"), self._defaults, name="defaults")
        self.start = Button(
            lambda: tr("setup.watch" if self.model.watched else "setup.start"),
            self._start,
            primary=True,
            name="start",
        )
        self.form: FormLayer | None = None
        self.scroll = 0
        self.option_widgets: list[tuple[OptionSpec, Segmented | Stepper]] = []

    # Model changes ----------------------------------------------------------------------
    def _select_game(self, game: str) -> None:
        self.model.game = game
        if game not in self.recalled:
            self.recalled.add(game)
            self.model.recall(self.setups.get(game))
        self.scroll = 0
        self.layout(self.app.size)

    def _defaults(self) -> None:
        self.model.reset()
        self.scroll = 0
        if self.form is not None:
            self.form.clear()
        self.layout(self.app.size)

    def _remember(self) -> None:
        """Keep this game's choices for the next time the screen opens."""
        self.setups[self.model.game] = self.model.remembered()
        problem = self.app.storage.save_setups(self.setups)
        if problem:
            self.app.notify(self.app.tr(f"problem.{problem}"), bad=True)

    def _set_count(self, n: int) -> None:
        self.model.count = n
        self.layout(self.app.size)

    def _set_kind(self, seat: int, kind: str) -> None:
        self.model.kinds[seat] = kind
        self.layout(self.app.size)

    def _default_name(self, seat: int) -> str:
        """Shown greyed in an empty name entry."""
        return Verbatim(self.model.fallback_name(seat))

    def _set_name(self, seat: int, text: str) -> None:
        self.model.names[seat] = text

    def _start(self) -> None:
        problem = self.model.problem()
        if problem:
            self.app.sound.play("invalid")
            self.app.notify(self.app.tr(problem), bad=True)
            return
        config = self.model.config()
        self._remember()
        watched = not any(seat.is_human for seat in config.seats)  # nobody at the table to teach
        if watched or not self.app.lesson_first(config.game, lambda: self._begin(config)):
            self._begin(config)

    def _begin(self, config: GameConfig) -> None:
        """Start the game chosen (after asking, when it would replace a saved one of its kind)."""
        app = self.app
        if app.storage.has_saved_game(config.game):  # ask before the new game replaces it
            name = app.tr(f"game.{config.game}.name")
            app.confirm(
                app.tr("saves.replace_question", game=name),
                app.tr("saves.replace"),
                lambda: app.start_game(config),
            )
            return
        app.start_game(config)

    def close(self) -> None:
        self.app.scenes.pop()

    # Layout -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        tr = self.app.tr
        self.panel = pygame.Rect(0, 0, min(w - s(40), s(1220)), h - s(40))
        self.panel.center = (w // 2, h // 2)
        self.tabs.rect = pygame.Rect(0, 0, min(self.panel.width - s(80), s(760)), s(46))
        self.tabs.rect.midtop = (self.panel.centerx, self.panel.y + s(78))
        self.tabs.font_size = s.font(18)
        top = self.tabs.rect.bottom + s(26)
        bottom = self.panel.bottom - s(96)
        left_w = int(self.panel.width * 0.42)
        self.left = pygame.Rect(self.panel.x + s(36), top, left_w - s(36), bottom - top)
        self.right = pygame.Rect(
            self.left.right + s(36), top, self.panel.right - s(36) - self.left.right - s(36), bottom - top
        )
        if self.form is None:
            self.form = FormLayer(size, s)
        else:
            self.form.resize(size, s)
        m = self.model
        self.count_widget = Segmented(
            choices=[(n, (lambda n=n: Verbatim(str(n)))) for n in range(m.min_players, m.max_players + 1)],
            selected=lambda: m.count,
            on_select=self._set_count,
            name="players",
        )
        self.count_widget.rect = pygame.Rect(
            self.left.x,
            self.left.y + s(44),
            min(self.left.width, s(80) * (m.max_players - m.min_players + 1)),
            s(40),
        )
        self.count_widget.font_size = s.font(18)
        row_h = min(s(56), (self.left.bottom - self.count_widget.rect.bottom - s(20)) // max(m.count, 1))
        y = self.count_widget.rect.bottom + s(24)
        self.seat_rows = []
        name_w = int((self.left.width - s(40)) * 0.5)
        for i in range(m.count):
            badge = pygame.Rect(self.left.x, y, s(30), row_h - s(12))
            name_rect = pygame.Rect(badge.right + s(10), y, name_w, row_h - s(12))
            kind_rect = pygame.Rect(
                name_rect.right + s(10), y, self.left.right - name_rect.right - s(10), row_h - s(12)
            )
            self.form.text_entry(
                name_rect,
                m.names.get(i, ""),
                lambda text, i=i: self._set_name(i, text),
                MAX_NAME,
                placeholder=self._default_name(i),
            )
            self.form.dropdown(
                kind_rect,
                [(k, tr(f"setup.kind.{k}")) for k in SEAT_KINDS],
                m.kind(i),
                lambda value, i=i: self._set_kind(i, value),
            )
            self.seat_rows.append((i, badge, name_rect))
            y += row_h
        self._layout_options()
        self.back.rect = pygame.Rect(0, 0, s(190), s(52))
        self.start.rect = pygame.Rect(0, 0, s(250), s(52))
        self.defaults.rect = pygame.Rect(0, 0, s(190), s(52))
        self.back.rect.bottomleft = (self.panel.x + s(36), self.panel.bottom - s(24))
        self.defaults.rect.bottomleft = (self.back.rect.right + s(16), self.back.rect.bottom)
        self.start.rect.bottomright = (self.panel.right - s(36), self.panel.bottom - s(24))
        for b in (self.back, self.defaults, self.start):
            b.font_size = s.font(21)

    def _layout_options(self) -> None:
        """One row per option: its name, its whole explanation, and a control on the right (a
        switch when every choice fits, else arrows). Rows are as tall as their text."""
        s, m, fonts, tr = self.scale, self.model, self.app.fonts, self.app.tr
        self.option_widgets = []
        self.option_rows: list[tuple[OptionSpec, int, list[str]]] = []
        control_w = int(self.right.width * 0.46)
        label_w = self.right.width - control_w - s(16)
        help_size = s.font(15)
        line_h = fonts.line_height(help_size)
        y = self.right.y + s(44) - self.scroll
        total = 0
        title_size = s.font(18)
        title_h = fonts.line_height(title_size, bold=True)
        for spec in m.specs:
            help_lines = fonts.wrap(tr(f"option.{m.game}.{spec.name}.help"), help_size, label_w)
            title_lines = fonts.wrap(tr(f"option.{m.game}.{spec.name}"), title_size, label_w, bold=True)
            help_lines = [*title_lines, *help_lines]  # the title's lines first (bold when drawn)
            self.title_lines = getattr(self, "title_lines", {})
            self.title_lines[spec.name] = len(title_lines)
            row_h = max(
                s(50), title_h * len(title_lines) + line_h * (len(help_lines) - len(title_lines)) + s(14)
            )
            rect = pygame.Rect(self.right.right - control_w, y + s(4), control_w, s(38))
            labels = [self._value_label(spec, v) for v in spec.choices]
            fits = len(spec.choices) <= 4 and all(
                fonts.size(label, s.font(15), bold=True)[0] <= control_w // len(spec.choices) - s(12)
                for label in labels
            )
            if fits:
                widget: Segmented | Stepper = Segmented(
                    choices=[(v, (lambda v=v, spec=spec: self._value_label(spec, v))) for v in spec.choices],
                    selected=lambda spec=spec: m.value(spec.name),
                    on_select=lambda v, spec=spec: m.set_value(spec.name, v),
                    name=f"option.{spec.name}",
                )
            else:
                widget = Stepper(
                    values=list(spec.choices),
                    selected=lambda spec=spec: m.value(spec.name),
                    on_select=lambda v, spec=spec: m.set_value(spec.name, v),
                    label=lambda v, spec=spec: self._value_label(spec, v),
                    name=f"option.{spec.name}",
                )
            widget.rect = rect
            widget.font_size = s.font(15) if fits else s.font(16)
            self.option_widgets.append((spec, widget))
            self.option_rows.append((spec, y, help_lines))
            y += row_h
            total += row_h
        self.options_height = total

    def _value_label(self, spec: OptionSpec, value: Any) -> str:
        tr = self.app.tr
        if isinstance(value, bool):
            return tr("common.on" if value else "common.off")
        key = f"option.{self.model.game}.{spec.name}.{value}"
        if self.app.tr_.has(key):
            return tr(key)
        return Verbatim(str(value))

    def widgets(self) -> list:
        return [
            self.tabs,
            self.count_widget,
            *(w for _, w in self.option_widgets),
            self.back,
            self.defaults,
            self.start,
        ]

    def first_focus(self) -> Any:
        """The keyboard starts on Start: the last choices come back, so a game is one key away."""
        return self.start

    # Input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if self.form is not None and self.form.process(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.right.collidepoint(pygame.mouse.get_pos()):
            overflow = max(0, self.options_height - self._options_clip().height)
            self.scroll = min(overflow, max(0, self.scroll - event.y * self.scale(40)))
            self._layout_options()
            return True
        options = [w for _, w in self.option_widgets]
        for widget in self.widgets():
            pos = getattr(event, "pos", widget.rect.center)
            if widget in options and not self._options_clip().collidepoint(pos):
                continue
            if widget.handle(event):
                return True
        return True

    def reveal(self, widget: Any) -> None:
        """Scroll the rules column so that the focused option's row (its name, explanation and
        control; at least the control when the row is taller than the column) can be seen."""
        rows = [i for i, (_, w) in enumerate(self.option_widgets) if w is widget]
        if not rows:
            return
        i = rows[0]
        view = self._options_clip()
        top = self.option_rows[i][1]
        bottom = (
            self.option_rows[i + 1][1]
            if i + 1 < len(self.option_rows)
            else top + (self.options_height - (top - self.option_rows[0][1]))
        )
        if bottom - top > view.height:
            top, bottom = widget.rect.top, widget.rect.bottom
        shift = 0
        if bottom > view.bottom:
            shift = bottom - view.bottom
        if top - shift < view.top:
            shift = top - view.top
        if shift:
            overflow = max(0, self.options_height - view.height)
            self.scroll = min(overflow, max(0, self.scroll + shift))
            self._layout_options()

    def _options_clip(self) -> pygame.Rect:
        top = self.right.y + self.scale(40)
        return pygame.Rect(self.right.x, top, self.right.width, self.right.bottom - top)

    def busy(self) -> bool:
        return self.form is not None and self.form.typing()

    def update(self, dt: float) -> None:
        self.start.enabled = self.model.problem() is None
        if self.form is not None:
            self.form.update(dt)

    # Drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app, s, fonts, tr = self.app, self.scale, self.app.fonts, self.app.tr
        surface.blit(app.art.felt(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, radius=s(18))
        fonts.draw(
            surface,
            tr("common.new_game"),
            (self.panel.centerx, self.panel.y + s(22)),
            s.font(34),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        self.tabs.draw(surface, fonts, dark=False)
        fonts.draw(surface, tr("setup.players"), self.left.topleft, s.font(22), theme.GOLD_DARK, bold=True)
        self.count_widget.draw(surface, fonts, dark=False)
        for i, badge, _name_rect in self.seat_rows:
            pygame.draw.rect(surface, theme.FELT, badge, border_radius=s(8))
            fonts.draw(
                surface,
                Verbatim(str(i + 1)),
                badge.center,
                s.font(17),
                theme.CREAM,
                bold=True,
                anchor="center",
            )
        fonts.draw(surface, tr("setup.rules"), self.right.topleft, s.font(22), theme.GOLD_DARK, bold=True)
        clip = surface.get_clip()
        view = self._options_clip()
        surface.set_clip(view)
        help_size = s.font(15)
        line_h = fonts.line_height(help_size)
        for (spec, top, help_lines), (_, widget) in zip(self.option_rows, self.option_widgets, strict=True):
            y = top
            titles = self.title_lines.get(spec.name, 1)
            for k, line in enumerate(help_lines):
                if k < titles:
                    fonts.draw(surface, line, (self.right.x, y), s.font(18), theme.INK, bold=True)
                    y += fonts.line_height(s.font(18), bold=True)
                else:
                    fonts.draw(surface, line, (self.right.x, y), help_size, theme.INK_SOFT)
                    y += line_h
            widget.draw(surface, fonts, dark=False)
        overflow = self.options_height - view.height
        if overflow > 0:
            track = pygame.Rect(self.right.right + s(12), view.y, s(6), view.height)
            pygame.draw.rect(surface, (226, 216, 192), track, border_radius=s(3))
            thumb_h = max(s(30), track.height * view.height // self.options_height)
            thumb_y = track.y + (track.height - thumb_h) * self.scroll // overflow
            surface.set_clip(clip)
            pygame.draw.rect(
                surface, theme.GOLD_DARK, (track.x, thumb_y, track.width, thumb_h), border_radius=s(3)
            )
        surface.set_clip(clip)
        problem = self.model.problem()
        if problem:
            fonts.draw(
                surface,
                tr(problem),
                (self.panel.centerx, self.start.rect.centery),
                s.font(17),
                theme.BAD,
                bold=True,
                anchor="center",
            )
        if self.form is not None:
            self.form.draw(surface, fonts)
        self.back.draw(surface, fonts)
        self.defaults.draw(surface, fonts)
        self.start.draw(surface, fonts)
