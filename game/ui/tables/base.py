"""What the three table scenes share: the turn flow, hot-seat hand-offs, computer players,
saving after every move, the top bar, the status line, bubbles and the pointer's gesture.

A game's table subclasses ``TableScene`` and fills in: ``lay_out_table`` and ``lay_out_pieces``
(places, and targets of every sprite from the current view), the answers its ``Gesture`` asks
for (``pick``, ``carry``, ``drop_targets``, ``on_piece_click``...), its own buttons and score
sheet (``own_buttons``, ``handle_sheet``) and keys (``handle_table_event``), ``status`` (what
the player can do next), ``summary_scene`` (end of a round or game); it sets ``painter`` (its
pieces' pictures) and ``drawing`` (a ``TableDrawing``). Input comes in through one
``handle``, the same for every table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.engine.base import Event, Move
from game.engine.errors import IllegalMove
from game.engine.schema import Spec
from game.i18n import Text
from game.ui import theme
from game.ui.dnd import Bubble, DropTarget, Gesture, Offset, Point, fan, group_of
from game.ui.motion import DURATIONS, Sprite, SpriteSet
from game.ui.scene import AppServices, Scene
from game.ui.session import Session
from game.ui.tables.coach import Coach
from game.ui.tables.drawing import TableDrawing
from game.ui.tables.follow import Follow
from game.ui.tables.follow_draw import FollowLayer
from game.ui.tables.hint import Hint
from game.ui.tables.keyboard import TableKeys
from game.ui.tables.overlay import Pen
from game.ui.tables.piece_words import PieceWords
from game.ui.tables.replay import Replay
from game.ui.tables.saved_ui import fitting
from game.ui.tables.turns import TurnFlow
from game.ui.widgets import Button, IconButton

if TYPE_CHECKING:
    from game.ui.tables.lesson import Lesson


def move_sounds(**moves: tuple[str, ...]) -> dict[str, str]:
    """The sound of each move kind, given as the kinds of each sound:
    ``move_sounds(draw=("draw_stock",), meld=("lay_down", "meld"))``."""
    return {kind: sound for sound, kinds in moves.items() for kind in kinds}


def key_cap(name: str):
    """A key's name as a button's ``keys`` (letters and Ctrl+ are the same in every language)."""
    from game.i18n import Verbatim

    return lambda: Verbatim(name)


SHEET_KEY = pygame.K_g
"""The key that opens and closes the score sheet (the contract grid) at every table."""


class TableScene(Scene):
    """Base of the three tables (see the module docstring)."""

    game_id = ""
    arrow_focus = False  # the arrows and Space move the table's cursor (``TableKeys``)
    UI_SCHEMA: ClassVar[Spec | None] = None
    """The interface block the game's model keeps in the save (``model.UI_SCHEMA``)."""
    COACH_NOTES: ClassVar[tuple[str, ...]] = ()
    """What the coach speaks of at this game's table (``coach_judge.CATEGORIES``)."""

    def __init__(self, app: AppServices, session: Session) -> None:
        super().__init__(app)
        self.session = session
        session.ui = fitting(self.UI_SCHEMA, session.ui)  # a saved block that does not fit is dropped
        self.scale: theme.Scale | None = None
        """The window's scale, once the table is laid out (``layout``)."""
        self.sprites = SpriteSet()
        self.gesture = Gesture(self)
        """The pointer's gestures and the selection (``game.ui.dnd``)."""
        self.bubbles: list[Bubble] = []
        self.summary_folded = False
        """True while the end-of-round panel is put aside: its bar takes the status line's place."""
        self.turns = TurnFlow(self)
        """Summaries, hand-offs and computer players."""
        self.keys = TableKeys(self)
        """The keyboard cursor (``game.ui.tables.keyboard``; each game sets its own)."""
        self.viewer: int | None = None
        """The seat of the person looking at the screen (None: nobody's, in a watched game or
        while a hot-seat hand-off hides the table)."""
        self.view: Any = None
        humans = session.humans
        if len(humans) == 1:
            self.viewer = humans[0]
        self.round_end: Scene | None = None
        """The end-of-round (or end-of-game) screen over this table, while it is shown: it draws
        the table's top bar and panels (history, score sheet) over itself."""
        self.show_sheet = False
        """True while the score sheet (the contract grid) covers the table."""
        self.sheet_button: Button | None = None
        """The score sheet's button at the top left (each game sets its own)."""
        self._warm_jobs: list = []
        self.follow = Follow()
        """Marks and last turns for the watching seat (``tables/follow.py``)."""
        self.follow_layer = FollowLayer(self)
        self.replay = Replay(self)
        """The other seats' actions played out one after another (``tables/replay.py``)."""
        self.drawing = TableDrawing(self)
        """How the table is drawn (each game sets its own)."""
        self.painter: Any = None
        """Draws the game's pieces (each game sets its own)."""
        tr = app.tr
        self.hint = Hint(self)
        """The normal level's move, shown on request (button and key H)."""
        self.top_buttons = [
            IconButton(
                lambda: tr("table.menu"),
                lambda: app.open_menu(self),
                name="menu",
                keys=lambda: tr("shortcuts.menu.keys"),
            ),
            IconButton(lambda: tr("common.rules"), lambda: app.open_rules(self.game_id), name="rules"),
            IconButton(
                lambda: tr("follow.history.button"),
                lambda: self.follow_layer.toggle_history(),
                name="history",
            ),
            IconButton(lambda: tr("common.settings"), app.open_settings, name="settings"),
            IconButton(
                lambda: tr("table.sound_off" if app.settings.sound else "table.sound_on"),
                self.toggle_sound,
                name="sound",
            ),
        ]
        self.hint_button = IconButton(lambda: tr("hint.button"), self.hint.request, name="hint")
        self.top_buttons.append(self.hint_button)
        self.lesson: Lesson | None = None
        """The lesson played at this table, if it is one (``tables/lesson.py``, set by the
        navigation before the table opens): it judges the person's gestures before the engine
        does and speaks in its coach panel."""
        self.coach = Coach(self)
        """After the person's turn, what the normal level would clearly have done better."""
        self.coach_on = False
        """True while a lesson has the coach speak at this table, whatever the setting."""

    # State ------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def phase(self) -> str:
        return getattr(self.state, "phase", "")

    def seat_name(self, seat: int):
        from game.i18n import Verbatim

        return Verbatim(self.session.seats[seat].name)

    def pen(self) -> Pen:
        """What the table's panels (score sheets, the contract grid) are drawn with."""
        names = tuple(self.seat_name(seat) for seat in range(self.state.num_players))
        return Pen(self.scale, self.app.fonts, self.app.tr, names)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.session.seats[seat].is_human

    @property
    def watcher(self) -> int | None:
        """The seat of the person at the screen, whose own actions are neither marked, replayed
        nor told in the last turns (None: nobody's, in a watched game or during a hot-seat
        hand-off)."""
        return self.viewer

    def marks_seat(self) -> int | None:
        """The seat whose last action the marks count from: the person's at the screen; in a
        watched game, the seat to move (what the others did since it last played); none during
        a hot-seat hand-off."""
        if self.viewer is not None or not self.session.watched:
            return self.viewer
        return self.state.current_player

    @property
    def covered(self) -> bool:
        """True while something lies over the table: another screen (the menu, the rules, a
        hand-off, a round's summary) or one of its own panels (the score sheet, the round's
        history). The table's time stands still then: the sand glass, the computer players."""
        return self.app.scenes.top is not self or self.show_sheet or self.follow_layer.history_open

    @property
    def my_turn(self) -> bool:
        """True when the person looking at the screen is the one to move."""
        seat = self.state.current_player
        return (
            seat is not None
            and seat == self.viewer
            and self.is_human(seat)
            and self.phase not in ("round_over", "game_over")
        )

    def refresh(self) -> None:
        """Re-read the view after a change and re-target every sprite."""
        seat = self.viewer if self.viewer is not None else self.state.current_player
        self.view = self.state.view(seat if seat is not None else 0)
        self.follow.update(self.view, self.watcher, self.marks_seat())
        self.hint.clear()
        self.on_view_changed()
        self.drawing.changed()
        if self.scale is not None:
            self.lay_out_pieces()
            self.replay.after_layout()

    def enter(self) -> None:
        """Read the first view, then lay the table out (subclasses set their own fields in
        ``__init__`` after the base's, before any of this runs)."""
        self.refresh()
        super().enter()

    def on_view_changed(self) -> None:
        """Update the interface's own state (staging, hand order) from the new view."""

    def duration(self) -> float:
        return DURATIONS.get(self.app.settings.animation_speed, 0.22)

    # Moves ------------------------------------------------------------------------------
    def play(self, move: Move, at: tuple[int, int] | None = None) -> bool:
        """Play ``move`` for the seat to move; report a refusal. True when it was played."""
        try:
            events = self.apply_moves((move,))
        except IllegalMove as exc:
            self.show_illegal(exc, at)
            return False
        # Pieces still held were aimed at the position before this move (a key pressed during
        # a drag): they go back to their places.
        self.gesture.cancel()
        self.after_moves([move], events)
        return True

    def drop(self, target: DropTarget, held: list[Sprite]) -> None:
        """What a drop on ``target`` means (see ``DropTarget``): the refusal, or the moves
        played (checked as a whole: a refusal of any leaves them all unplayed), then the
        arrangement of the screen. An ``IllegalMove`` reaches the caller (the gesture, or the
        keyboard), which reports it. In a lesson, a drop that is not the step's is refused
        with its nudge before anything is played or arranged."""
        if self.lesson is not None and not target.moves and target.arrange is not None:
            self.lesson.admit_arrangement(target, held)
        if isinstance(target.refusal, IllegalMove):
            raise target.refusal
        if target.refusal is not None:
            raise IllegalMove(target.refusal)
        if target.moves:
            self.after_moves(target.moves, self.apply_moves(target.moves))
        if target.arrange is not None:
            target.arrange(held, target)

    def apply_moves(self, moves: Sequence[Move]) -> list[Event]:
        """Play the person's ``moves`` through the engine, checked as a whole (a refusal of
        any leaves them all unplayed); a lesson first says whether they are what its step
        asks. Raises ``IllegalMove`` when either refuses."""
        if self.lesson is not None:
            self.lesson.admit(moves)
        if len(moves) == 1:
            return self.session.apply(moves[0])
        return self.session.apply_all(moves)

    def after_moves(self, moves: Sequence[Move], events: list[Event]) -> None:
        """After ``moves`` were played: their sound, the new view, the save."""
        # The view is re-read first, so that the interface state saved with the game is the new one.
        self.sound_for(moves[-1], events)
        self.gesture.select(())
        self.refresh()
        self.coach.observe()
        self.save_now()
        if self.lesson is not None:
            self.lesson.after_moves(moves)

    def save_now(self) -> None:
        """Save the game (the app writes it in the background)."""
        self.app.save_session(self.session)

    def sound_for(self, move: Move, events: list[Event]) -> None:
        """Play the sound that goes with ``move`` (subclasses map their move kinds)."""
        kinds = {e.kind for e in events}
        if "round_over" in kinds or "game_over" in kinds:
            self.app.sound.play("round_won")
        elif "reshuffled" in kinds:
            self.app.sound.play("shuffle")
        else:
            self.app.sound.play(self.SOUNDS.get(move.kind, "place"))

    SOUNDS: ClassVar[dict[str, str]] = {"next_round": "shuffle"}

    def show_illegal(self, exc: IllegalMove, at: tuple[int, int] | None) -> None:
        """The engine's reason, translated, near ``at`` (or under the status line); in a lesson,
        the step's friendly nudge instead of any refusal."""
        if self.lesson is not None:
            self.lesson.show_nudge(at)
            return
        self.app.sound.play("invalid")
        text = self.reason(exc)
        pos = at or (self.app.size[0] // 2, self.status_rect.y)
        self.bubbles = [Bubble(text, (round(pos[0]), round(pos[1])))]

    def reason(self, exc: IllegalMove) -> Text:
        """The translated sentence for an engine refusal."""
        params = {k: self.error_param(v) for k, v in exc.params.items()}
        for key in (f"error.{self.game_id}.{exc.code}", f"error.{exc.code}"):
            if self.app.tr_.has(key):
                return self.app.tr(key, **params)
        return self.app.tr("error.generic")

    def param_text(self, value: Any) -> Any:
        """How a piece in notation is named in a list (subclasses turn card notation into
        symbols); anything else unchanged."""
        return value

    def error_param(self, value: Any) -> Any:
        """How an error parameter is shown: a single piece as ``param_text`` names it (the card
        tables add its article)."""
        return self.param_text(value)

    @property
    def piece_words(self) -> PieceWords:
        """How this table's pieces read in sentences (``tables/piece_words.py``)."""
        return PieceWords(self.param_text, self.param_text)

    # Turn flow --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.gesture.tick(dt)
        if self._warm_jobs:
            # One picture the table will need (a card at this window's sizes) in each frame's
            # spare time, so that no later frame pays for many at once.
            self._warm_jobs.pop()()
        self.sprites.update(dt)
        self.bubbles = [b for b in self.bubbles if b.update(dt)]
        self.hint.update(dt)
        self.hint_button.enabled = self.my_turn
        if self.lesson is not None:
            self.lesson.update(dt)
        self.coach.update(dt)
        if self.covered:
            return
        self.turns.advance(dt)

    def busy(self) -> bool:
        """Something moves on its own: pieces gliding, a bubble's time running or fading, the
        game's own motion (``moves_on_its_own``); with nothing over the table, also a drag,
        pictures still to warm up and a computer player about to move. Under an overlay (the
        menu, the shortcut sheet, a round's summary) the table takes no input and its turn
        waits (and under its own panels, the score sheet and the history), so a still table
        lets the loop sleep however its turn stands."""
        on_top = not self.covered
        if not self.sprites.settled or any(b.moving for b in self.bubbles) or self.moves_on_its_own(on_top):
            return True
        if self.coach.busy or (self.lesson is not None and self.lesson.busy()):
            return True
        if not on_top:
            return False
        if self._warm_jobs or self.gesture.dragging:
            return True
        seat = self.state.current_player
        return not self.state.is_over and seat is not None and not self.is_human(seat)

    def moves_on_its_own(self, on_top: bool) -> bool:
        """What of this game's table moves without input (subclasses): faces still to draw,
        marks fading, a save waiting, a clock running (``on_top``: nothing covers the table)."""
        return False

    def warm_up_jobs(self) -> list:
        """Callables that each render one picture the table is likely to draw (subclasses)."""
        return []

    def next_round(self) -> None:
        """From the round summary: deal the next round."""
        from game.engine.base import NextRound

        self.play(NextRound())

    def pause(self) -> None:
        """A screen comes over the table: none of its buttons is under the pointer any more."""
        for widget in self.widgets():
            widget.hovered = False

    def leave(self) -> None:
        self.coach.forget()
        self.turns.shutdown()

    # Hooks for subclasses ---------------------------------------------------------------
    def lay_out_pieces(self) -> None:
        """Give every sprite its target from ``self.view``."""

    def pick(self, pos: Point) -> Sprite | None:
        """The piece under the pointer that may be picked up now (``GestureTable``)."""
        return None

    def carry(self, pressed: Sprite, selection: Sequence[Sprite], at: Point) -> list[tuple[Sprite, Offset]]:
        """The pieces that travel when ``pressed`` is lifted (``GestureTable``): the selection
        it belongs to, or itself, fanned under the pointer."""
        return fan(group_of(pressed, selection), pressed, at)

    def drop_targets(self, held: list[Sprite]) -> list[DropTarget]:
        """Where ``held`` may go (``GestureTable``); only answers."""
        return []

    def refused(self, exc: IllegalMove, at: Point, target: DropTarget) -> None:
        """A refused drop: the engine's reason, pointing at the place refused (a meld, a slot,
        the pile) unless it is a wide area; the held pieces go back."""
        if target.rect.height < self.app.size[1] // 4:
            at = (at[0], target.rect.top)
        self.show_illegal(exc, at)
        self.lay_out_pieces()

    def on_piece_click(self, sprite: Sprite) -> None:
        self.app.sound.play("click")

    def on_piece_double_click(self, sprite: Sprite) -> None:
        pass

    def labels(self) -> list[pygame.Rect]:
        """What a bubble or the hint keeps clear of: the lines of text on the still layer (names,
        the piles' labels, counts), the status line and the last turns above it."""
        status = self.status_rect
        band = self.follow_layer.strip_room()
        strip = pygame.Rect(0, status.y - band, self.follow_layer.strip_width(), band)
        strip.centerx = status.centerx
        return [*self.drawing.still.labels(), status, strip]

    def feeds_next_player(self, view: Any, piece: str) -> bool:
        """Whether ``piece``, just discarded by ``view``'s seat, lets the next player go out, from
        public information only (the coach's ``feed`` note; games that have it answer)."""
        return False

    def piece_height(self, width: int) -> int:
        """The height of a piece drawn ``width`` pixels wide."""
        return self.painter.height(width)

    def seating(self) -> tuple[int, list[int]]:
        """The seat at the bottom of the screen and the others in turn order after it: the
        person looking at the screen; when people share it, the table turns so that the person
        to play sits at the bottom (already behind the hand-off screen)."""
        n = self.state.num_players
        anchor = self.viewer
        if anchor is None:
            humans = self.session.humans
            seat = self.state.current_player
            if self.session.hot_seat and seat is not None and self.is_human(seat):
                anchor = seat
            else:
                anchor = humans[0] if humans else 0
        return anchor, [(anchor + i) % n for i in range(1, n)]

    def status(self) -> Text:
        """What the person at the screen can do next."""
        return Text("")

    def near_end_warning(self) -> Text | None:
        """What the status line adds when the round nears its end (subclasses)."""
        return None

    def summary_scene(self, final: bool) -> Scene:
        """The end-of-round screen, or the end-of-game one when ``final``."""
        raise NotImplementedError

    # Layout and drawing -----------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale = theme.Scale.for_size(size)
        # Nothing important within 2% of an edge, on each axis.
        self.margin_x = max(s(16), -(-w * 2 // 100) + 1)
        self.margin_y = max(s(16), -(-h * 2 // 100) + 1)
        self.margin = max(self.margin_x, self.margin_y)
        icon = s(44)
        x = w - self.margin_x - icon
        for b in self.top_buttons:
            b.rect = pygame.Rect(x, self.margin_y, icon, icon)
            name = b.name if b.name != "sound" else ("sound_on" if self.app.settings.sound else "sound_off")
            b.icon = self.app.art.icon(name, int(icon * 0.56))
            x -= icon + s(10)
        self.status_rect = pygame.Rect(0, 0, min(w - 2 * self.margin, s(900)), s(40))
        if self.lesson is not None:
            self.lesson.layout()  # the person's seat named in the language, before the panels
        self.lay_out_table(size)
        self._warm_jobs = self.warm_up_jobs()
        for bubble in self.bubbles:  # text on screen follows a language switch
            bubble.text = self.app.tr_.refresh(bubble.text)
        self.invalidate()
        self.lay_out_pieces()

    def lay_out_table(self, size: tuple[int, int]) -> None:
        """Compute the table's areas for this window size (subclasses)."""

    def widgets(self) -> list:
        """The top bar's buttons, then a lesson's (each game adds its own after these)."""
        lesson = [] if self.lesson is None else self.lesson.panel.buttons()
        return [*self.top_buttons, *lesson]

    def area(self, name: str) -> pygame.Rect | None:
        """The rectangle of one of the table's named areas ("stock", "hand", "glass"...), if
        it has one (a lesson's places glow there)."""
        return getattr(self, "areas", {}).get(name)

    def seat_panels(self) -> list[pygame.Rect]:
        """The rectangles of the seats' panels (names, counts, scores) as laid out now
        (subclasses)."""
        return []

    def screen_groups(self) -> list[list[Any]]:
        """The groups of pieces the person has put together on the screen and not yet played
        (a contract's staging slots, the combinations of the tile table's draft): what a
        lesson's arrangement steps look at (subclasses)."""
        return []

    def overlay_room(self, size: tuple[int, int]) -> pygame.Rect:
        """Where a panel over the table (a score sheet) lies: the window, less a lesson's coach
        panel, which then sits under it."""
        if self.lesson is not None:
            return self.lesson.panel.room(size)
        return pygame.Rect((0, 0), size)

    def note_gesture(self, event: pygame.event.Event) -> None:
        """A press or a key is a new gesture: the reasons shown go once they have been up for
        their least time (tagged bubbles wait for their own event)."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            for bubble in self.bubbles:
                if not bubble.tag:
                    bubble.dismiss()
        self.coach.note_gesture(event)

    def handle(self, event: pygame.event.Event) -> bool:
        """Every table's input, in this order: the score sheet over the table, the game's own
        buttons, finishing a replay, the round's history, the keyboard cursor, Escape and H,
        the top bar, the pointer's gesture (in turn and out of it), the game's keys."""
        self.note_gesture(event)
        if self.lesson is not None and self.lesson.handle(event):
            return True
        if self.handle_sheet(event):
            return True
        for button in self.own_buttons():
            if button.handle(event):
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.replay.active:
            # Any click or key finishes the replay at once; a key then does what it does.
            self.replay.finish()
            if event.type == pygame.MOUSEBUTTONDOWN:
                return True
        if self.follow_layer.handle(event):
            return True
        if not self.gesture.dragging and self.keys.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.gesture.dragging:
                self.gesture.cancel()
                self.lay_out_pieces()
            elif self.lesson is not None:
                self.lesson.leave()
            else:
                self.app.open_menu(self)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and self.lesson is None:
            self.hint.request()
            return True
        self.hint_button.enabled = self.my_turn
        for b in self.top_buttons:
            if b.handle(event):
                return True
        if self.gesture.handle(event):
            return True
        return self.handle_table_event(event)

    def handle_sheet(self, event: pygame.event.Event) -> bool:
        """The score sheet over the table: its button, and closing it (subclasses)."""
        return False

    def toggle_sheet(self) -> None:
        """Show or hide the score sheet over the table (subclasses)."""

    def bar_buttons(self) -> list[IconButton]:
        """The top bar's buttons (menu, rules, history, settings, sound, hint): with the score
        sheet's button, what stays alive over the round's summary."""
        return list(self.top_buttons)

    def bar_bottom(self) -> int:
        """The lower edge of the controls along the top of the window (the top bar, the score
        sheet's button): a round's summary lies below it."""
        buttons = [*self.bar_buttons(), *([self.sheet_button] if self.sheet_button is not None else [])]
        return max(b.rect.bottom for b in buttons)

    def handle_bar(self, event: pygame.event.Event) -> bool:
        """The controls along the top of the table, which stay alive over the round's summary:
        the score sheet (its button and G; closed by G, Escape or a click), the round's history
        (its button and L; open, it takes every key and click), Escape for the menu, the top
        bar's buttons. True when ``event`` was used."""
        if self.handle_sheet(event) or self.follow_layer.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open_menu(self)
            return True
        if event.type == pygame.KEYDOWN and event.key == SHEET_KEY:
            self.toggle_sheet()
            return True
        used = False
        for b in self.bar_buttons():  # every button sees the pointer's motion (its hover)
            used = b.handle(event) or used
        return used

    def own_buttons(self) -> list[Button]:
        """The game's buttons that take input now, beside the top bar's (subclasses)."""
        return []

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        """The game's own keys (subclasses); True when used."""
        return False

    def toggle_sound(self) -> None:
        """Sound on or off from the table (also in the settings)."""
        self.app.settings.sound = not self.app.settings.sound
        self.app.save_settings()
        self.app.apply_sound_settings()
        self.layout(self.app.size)

    def invalidate(self) -> None:
        """The layout changed: the table's whole still layer (felt, panels, labels) and an open
        overlay must be drawn again (after a move, ``refresh`` redraws only what changed)."""
        self.drawing.invalidate()

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)
        self.keys.draw(surface)
        self.hint.draw(surface)
        if self.lesson is not None:
            self.lesson.panel.draw(surface)
        self.coach.draw(surface)
