"""A lesson played at a real table: a script's steps (``game.lessons``) followed move by move.

The table is the game's own scene, with its session dealt from the script (seat 0 is the
person, the other seats play the script's replies); ``table.lesson`` holds this object, which

- judges the person's gestures before the engine does (``admit``: asked by ``TableScene`` on
  its one drop path and for the moves of clicks, keys and buttons; ``admit_arrangement`` for a
  drop that only arranges the screen): what the step asks goes on to the engine, anything else
  is answered with the step's nudge and changes nothing;
- follows the steps: a step of moves ends when they are played (``after_moves``), a step of
  arrangement or of the score sheet when the table shows it (``update``), a button's when its
  button is pressed; an arrangement undone sends the lesson back to the step that made it;
- gives the other seats their scripted replies when their turn comes (``reply``, asked by the
  turn flow instead of a computer player);
- holds the coach panel (``LessonPanel``): the step's words, what glows, Next or Finish, Leave;
  it turns the coach on for its table (``TableScene.coach_on``), whose notes on the person's
  turns are said in this panel while they are up (the scripts lead the normal level's play, so
  the coach has nothing to add to the lessons given: ``tests/ui/test_lessons.py`` checks it).

A lesson's session is never saved nor counted (``Session.kept``) and its round's end shows no
summary: its last steps explain it. Leaving (the panel's button, Esc, Finish) takes the table
off the scene stack, back to where the person came from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from game.engine.base import Move
from game.engine.errors import IllegalMove
from game.i18n import Text
from game.lessons.patterns import matches, piece_fits, resolve
from game.lessons.replay import PERSON
from game.lessons.script import Script, Step
from game.ui.dnd import Bubble, DropTarget
from game.ui.motion import Sprite
from game.ui.tables.lesson_panel import LessonPanel

NUDGE = "lesson_nudge"
"""The code of the refusal a lesson raises for a gesture that is not the step's: the table's
refusal path shows the step's nudge in its place (``TableScene.show_illegal``)."""

OWN_PLACES = ("hand", "rack")
"""Drop targets where the person only re-orders their own pieces: always allowed."""

HIDDEN_BUTTONS = ("menu", "hint")
"""Top-bar buttons a lesson leaves out: the panel's Leave replaces the menu, its words the hint."""


class Lesson:
    """One lesson at ``table`` (a ``TableScene``; see the module docstring)."""

    def __init__(self, table: Any, script: Script) -> None:
        self.table = table
        self.script = script
        self.index = 0
        """The step the person is on."""
        self.done: set[int] = set()
        """The patterns of the step already played (a step whose every pattern is asked)."""
        self.segment = 0
        """The first step since the person's last engine move: arrangements made since then
        may be undone, which sends the lesson back to the step that asked for them."""
        self.pending: deque = deque()
        """The replies still to play, in turn order."""
        self._reply: Move | None = None
        self.nudge: Bubble | None = None
        """The nudge on screen, if any."""
        self.by_keys = False
        """True while the person's last gesture was a key: the nudges then name the keys."""
        self.panel = LessonPanel(self)
        table.coach_on = True  # the coach speaks during a lesson, whatever the setting
        table.top_buttons = [b for b in table.top_buttons if b.name not in HIDDEN_BUTTONS]

    # The step -------------------------------------------------------------------------------
    @property
    def step(self) -> Step:
        return self.script.steps[min(self.index, len(self.script.steps) - 1)]

    @property
    def watching(self) -> bool:
        """True while the other seats play their replies."""
        return bool(self.pending)

    def text(self) -> Text:
        """What the coach says now: the coach's note on the person's last turn while it is up
        (``tables/coach.py``: the panel is where the coach speaks during a lesson), else the
        step's words, or who is playing."""
        coach = self.table.coach
        if coach.note is not None:
            return coach.text()
        tr = self.table.app.tr
        seat = self.table.state.current_player
        if self.watching and seat is not None and seat != PERSON:
            return tr("lesson.watch", name=self.table.seat_name(seat))
        return tr(self.step.text, **self.params())

    def params(self) -> dict[str, Any]:
        """The pieces the step's texts name, in the table's words ("the 5♦", "le 5♦", "the red
        10"), and the catalogue's words a parameter names (``@id``)."""
        return {name: self.pieces_text(text) for name, text in self.step.params.items()}

    def pieces_text(self, text: str) -> Any:
        """A parameter in words: one piece with its article (the catalogue gives it, as to every
        message that names one piece), several as a list, or a catalogue id's text."""
        if text.startswith("@"):
            return self.table.app.tr(text[1:])
        words = self.table.piece_words
        tokens = [token.partition("#")[0] for token in text.split()]
        if len(tokens) == 1:
            return words.the(tokens[0])
        return words.separator.join(str(words.label(token)) for token in tokens)

    def glowing(self) -> list[Sprite]:
        """The sprites of the step's pieces (its ``glow``) on the table now."""
        return [] if self.watching else self._named_sprites(self.step.glow)

    def spoken_of(self) -> list[Sprite]:
        """The sprites of the pieces of the steps since the person's last move (the pieces
        the step's words and nudge may name): what a nudge keeps clear of."""
        steps = self.script.steps[self.segment : self.index + 1]
        return self._named_sprites([token for step in steps for token in step.glow])

    def _named_sprites(self, tokens: Sequence[str]) -> list[Sprite]:
        found = []
        for sprite in self.table.sprites.sprites.values():
            piece = sprite.piece
            for token in tokens:
                if sprite.key == token or (piece is not None and sprite.face_up and piece_fits(token, piece)):
                    found.append(sprite)
                    break
        return found

    # Judging gestures -----------------------------------------------------------------------
    def refuse(self) -> None:
        """The gesture is not the step's: the table answers with the nudge."""
        raise IllegalMove(NUDGE)

    def admit(self, moves: Sequence[Move]) -> None:
        """Let ``moves`` go on to the engine when they are what the step asks (each a different
        pattern still to play); else raise the nudge (``IllegalMove(NUDGE)``)."""
        step = self.step
        if self.watching or not step.moves:
            self.refuse()
        free = [i for i in range(len(step.moves)) if i not in self.done]
        for move in moves:
            fit = next((i for i in free if self._fits(step.moves[i], move)), None)
            if fit is None:
                self.refuse()
            free.remove(fit)

    def _fits(self, pattern: Mapping[str, Any], move: Move) -> bool:
        return matches(pattern, move, self.script.codec, self.script.hints)

    def admit_arrangement(self, target: DropTarget, held: Sequence[Sprite]) -> None:
        """A drop that only arranges the screen (a staging slot, the tile table's draft): the
        person's own hand or rack may always be re-ordered; elsewhere only the pieces of the
        steps since the last move may go (else the nudge)."""
        if target.key in OWN_PLACES and all(self._own(s) for s in held):
            return
        allowed = {t for step in self.script.steps[self.segment : self.index + 1] for t in step.glow}
        if self.watching or not all(any(self._named(t, s) for t in allowed) for s in held):
            self.refuse()

    def _own(self, sprite: Sprite) -> bool:
        piece = sprite.piece
        return piece is not None and any(p.ident == piece.ident for p in self.table.view.hand)

    @staticmethod
    def _named(token: str, sprite: Sprite) -> bool:
        return sprite.key == token or (sprite.piece is not None and piece_fits(token, sprite.piece))

    # Following the steps ----------------------------------------------------------------------
    def after_moves(self, moves: Sequence[Move]) -> None:
        """Moves were played at the table: a reply the lesson handed out, or the person's."""
        if self._reply is not None and moves and moves[-1] is self._reply:
            self._reply = None
            return
        step = self.step
        for move in moves:
            fit = next(
                (i for i in range(len(step.moves)) if i not in self.done and self._fits(step.moves[i], move)),
                None,
            )
            if fit is not None:
                self.done.add(fit)
        if step.moves and (len(self.done) == len(step.moves) or (self.done and not step.each)):
            self.segment = self.index + 1
            self.advance()

    def advance(self) -> None:
        """The step is done: its replies are queued and the next step begins."""
        self.pending.extend(self.step.replies)
        self.done = set()
        self.nudge = None
        if self.index < len(self.script.steps) - 1:
            self.index += 1
        self.panel.changed()

    def press(self) -> None:
        """The panel's Next or Finish."""
        if self.step.wait == "finish":
            self.leave()
        elif self.step.wait == "next" and not self.watching:
            self.table.app.sound.play("click")
            self.advance()

    def update(self, dt: float) -> None:
        """Steps that end on what the screen shows; the nudge's clock."""
        if self.nudge is not None and not self.nudge.update(dt):
            self.nudge = None
        self.panel.update(dt)
        if self.watching:
            return
        self._rewind()
        step = self.step
        sheet_open = step.wait == "sheet" and getattr(self.table, "show_sheet", False)
        if sheet_open or (step.arranged and self._arranged(step)):
            self.advance()

    def _rewind(self) -> None:
        """Back to the first arrangement step since the last move that no longer holds (the
        person took a staged card back, undid a tile)."""
        for i in range(self.segment, self.index):
            step = self.script.steps[i]
            if step.arranged and not self._arranged(step):
                self.index, self.done = i, set()
                self.panel.changed()
                return

    def _arranged(self, step: Step) -> bool:
        """Each of the step's groups lies within a different group the table shows."""
        groups = self.table.screen_groups()

        def place(i: int, used: frozenset[int]) -> bool:
            if i == len(step.arranged):
                return True
            return any(
                j not in used and _within(step.arranged[i], group) and place(i + 1, used | {j})
                for j, group in enumerate(groups)
            )

        return place(0, frozenset())

    # The other seats ----------------------------------------------------------------------------
    def reply(self, seat: int) -> Move:
        """The scripted move of ``seat``, whose turn it is (the first legal move if the script
        has none left: a lesson never stops the game)."""
        view = self.table.state.view(seat)
        move = None
        if self.pending:
            move = resolve(self.pending.popleft(), view, self.script.codec, self.script.hints)
        if move is None:
            move = self.table.state.legal_moves()[0]
        self._reply = move
        if not self.pending:
            self.panel.changed()
        return move

    # The person --------------------------------------------------------------------------------
    def nudge_id(self) -> str:
        """The catalogue id of the step's nudge: its keyboard words (``<nudge>.keys``: the keys
        that do what the step asks) when the person plays with the keys and the catalogue has
        them, else the words for both ways of playing."""
        keys = f"{self.step.nudge}.keys"
        return keys if self.by_keys and self.table.app.tr_.has(keys) else self.step.nudge

    def show_nudge(self, at: tuple[int, int] | None) -> None:
        """The step's nudge, near ``at`` (the gesture's place) or above the coach panel."""
        tr = self.table.app.tr
        text = tr(self.nudge_id(), **self.params())
        pos = at or self.panel.rect.midtop
        self.nudge = Bubble(text, (round(pos[0]), round(pos[1])))
        self.table.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> bool:
        """The panel's buttons, Enter for Next or Finish (unless the keyboard cursor has chosen
        a place: Enter plays there); a press or a key lets the nudge go, and tells whether the
        person plays with the mouse or the keys."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.nudge is not None:
            self.nudge.dismiss()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.by_keys = event.type == pygame.KEYDOWN
        if self.panel.handle(event):
            return True
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        placing = self.table.keys.chosen() is not None
        if enter and self.step.wait in ("next", "finish") and not self.watching and not placing:
            self.press()
            return True
        return False

    def leave(self) -> None:
        """End the lesson: back to the screen the person came from."""
        app = self.table.app
        if app.scenes.top is self.table:
            app.scenes.pop()

    def busy(self) -> bool:
        """The nudge's least time runs or it fades."""
        return self.nudge is not None and self.nudge.moving

    def layout(self) -> None:
        """After a new size or language: the person's seat is named in it, texts follow."""
        self.table.session.seats[PERSON].name = str(self.table.app.tr("lesson.you"))
        if self.nudge is not None:
            self.nudge.text = self.table.app.tr_.refresh(self.nudge.text)
        self.panel.changed()


def _within(wanted: Sequence[str], group: Sequence[Any]) -> bool:
    """Every piece ``wanted`` names is in ``group`` (each piece of the group used once)."""
    left = list(group)
    for token in wanted:
        at = next((i for i, piece in enumerate(left) if piece_fits(token, piece)), None)
        if at is None:
            return False
        del left[at]
    return True
