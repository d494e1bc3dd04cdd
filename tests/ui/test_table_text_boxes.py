"""The three tables at their fewest and most players (tiles: 2 and 4), in French (the longer
language) and in English, at the smallest window the layouts support, at the common laptop sizes
and at full HD, in busy positions (many melds, a crowded tile table, long names, a few rounds of
scores), with the round history open, on the end-of-round panel, with a refusal's bubble pointing
at the piles and with a hint shown: no line of text leaves the window or the panel it is written
on, no two lines overlap, and no card, tile or panel drawn afterwards covers a line (a bubble or
the hint never covers the prompt, the piles' labels or a seat's panel).

The text layer records what is drawn, in order (``text.drawing_order``): lines of text with
their ink, pieces, panels and veils (a veil dims everything drawn before it out of play)."""

from __future__ import annotations

import functools

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine.errors import IllegalMove
from game.showcase.tables import busy_session
from game.ui import text as text_module
from game.ui.app import App, LaunchOptions
from game.ui.session import Seat, Session
from game.ui.storage import Storage
from game.ui.tables.hint import hint_pieces

# the everyday loop checks the tightest windows; the slow run the large ones too
SIZES = [
    (1024, 600),
    (1280, 800),
    pytest.param((1366, 768), marks=pytest.mark.slow),
    pytest.param((1920, 1080), marks=pytest.mark.slow),
]
LANGS = ["fr", "en"]
TABLES = [("frustration", 2), ("frustration", 6), ("rum500", 2), ("rum500", 6), ("tiles", 2), ("tiles", 4)]
LONG_NAMES = [
    "Marie-Charlotte",
    "Jean-Christophe",
    "Anne-Françoise",
    "Maximilien Roux",
    "Gwendoline Morel",
    "Bartholomé",
]
"""Names as long as the setup screen takes (16 characters), so a long name meets each seat."""
STATES = ["table", "sheet", "history", "round_end", "folded", "bubble", "hint"]


@functools.cache
def _saved_session(game: str, players: int) -> dict:
    session = busy_session(game, players)
    seats = [Seat(LONG_NAMES[i], seat.kind) for i, seat in enumerate(session.seats)]
    return Session(game, seats, session.state).to_json()


def _round_over(session: Session) -> None:
    """Computer players play every seat until the round is over."""
    state = session.state
    bots = [make_bot(session.game, "random", seat + 1) for seat in range(state.num_players)]
    for _ in range(5000):
        state = session.state
        if state.phase in ("round_over", "game_over"):
            return
        session.apply(bots[state.current_player].choose(state.view(state.current_player)))
    raise AssertionError("the round did not end")


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    """More than a sliver in common (antialiased edges may touch)."""
    common = a.clip(b)
    return common.width >= 2 and common.height >= 2


def problems_in(order: list[text_module.Drawn]) -> list[str]:
    """What is wrong with the lines of text of a frame: on the window and on every layer drawn
    apart (an overlay panel), each against its own surface."""
    problems = []
    for size in dict.fromkeys(d.surface for d in order):
        problems += _problems_on([d for d in order if d.surface == size], size)
    return problems


def _problems_on(drawn: list[text_module.Drawn], size: tuple[int, int]) -> list[str]:
    window = pygame.Rect((0, 0), size)
    veils = [i for i, d in enumerate(drawn) if d.kind == "veil"]
    if veils:
        drawn = drawn[veils[-1] + 1 :]  # what lies under a veil is out of play
    problems = []
    bubbles = [d.rect for d in drawn if d.kind == "bubble"]
    for i, line in enumerate(drawn):
        if line.kind != "text" or not line.text.strip() or not line.rect.width:
            continue
        ink = line.rect.clip(line.clip)
        if not ink.width:
            continue  # scrolled out of its view
        if not window.inflate(2, 2).contains(ink):
            problems.append(f"{line.text!r} leaves the window at {line.rect}")
        under = [d for d in drawn[:i] if d.kind in ("panel", "bubble") and d.rect.collidepoint(ink.center)]
        if under and not under[-1].rect.inflate(2, 2).contains(ink):
            problems.append(f"{line.text!r} crosses its panel {under[-1].rect} at {line.rect}")
        # A bubble may lie over the pieces (a card's corner, a wild's stand-in), never a label.
        on_piece = any(d.kind == "piece" and d.rect.colliderect(ink) for d in drawn[:i])
        for later in drawn[i + 1 :]:
            if later.kind == "bubble" and on_piece:
                continue
            if later.kind in ("piece", "panel", "bubble") and ink.inflate(2, 2).colliderect(later.rect):
                # a card touching the letters clips them as much as one over them
                problems.append(f"{line.text!r} at {line.rect} is covered by a {later.kind} at {later.rect}")
            elif later.kind == "text" and later.text.strip() and _overlap(ink, later.rect):
                if on_piece and any(b.contains(later.rect) for b in bubbles):
                    continue  # a bubble's words over a card under it
                problems.append(f"{line.text!r} at {line.rect} overlaps {later.text!r} at {later.rect}")
    return problems


def _draw_recorded(app: App, *scenes) -> list[text_module.Drawn]:
    """``scenes`` drawn from scratch (cached still layers drawn again), one over the other,
    while recording."""
    for scene in scenes:
        drawing = getattr(scene, "drawing", None)
        if drawing is not None:
            drawing.invalidate()
            for cache in ("_backdrops", "_pills"):
                getattr(drawing, cache, {}).clear()
    with text_module.drawing_order() as order:
        for scene in scenes:
            scene.draw(app.window)
    return order


def _show_bubble(table) -> None:
    """A refusal (a long sentence) pointing at the face-down pile: the stock, or the pool."""
    pile = next(p.rect for p in table.drawing.still.parts if p.name in ("stock", "pool"))
    table.show_illegal(IllegalMove("claim_window_open"), pile.center)


def _show_hint(table) -> None:
    """The hint of a move of the player's, as the Hint button shows it."""
    view = table.view
    move = make_bot(table.game_id, "random", 1).choose(view)
    table.hint.view, table.hint.move = view, move
    table.hint.pieces = hint_pieces(move, view)


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game,players", TABLES, ids=lambda v: str(v))
def test_no_table_text_is_clipped_overlapped_or_covered(tmp_path, game, players, size, lang, state):
    storage = Storage(tmp_path, tmp_path)
    app = App(LaunchOptions(lang=lang, size=size, storage=storage))
    try:
        app.start()
        app.running = True
        session = Session.from_json(_saved_session(game, players))
        if state in ("round_end", "folded"):
            _round_over(session)
        app.show_table(session)
        table = app.scenes.top
        for _ in range(4):
            app.step(1 / 60)
        if state == "history":
            table.follow_layer.history_open = True
        if state == "sheet":
            table.show_sheet = True
        table.replay.finish()
        for _ in range(40):
            app.step(1 / 60)
        if state == "bubble":
            _show_bubble(table)
        if state == "hint":
            assert table.my_turn
            _show_hint(table)
        scene = app.scenes.top
        if state in ("bubble", "hint"):
            assert table.bubbles or table.hint.shown
        if state in ("round_end", "folded"):
            assert scene is not table, "no end-of-round panel"
        else:
            assert scene is table
        if state == "folded":  # the panel put aside: the final table, every hand face up
            scene.toggle_fold()
            for _ in range(40):
                app.step(1 / 60)
            order = _draw_recorded(app, table, scene)
        else:
            order = _draw_recorded(app, scene)
        assert any(d.kind == "text" for d in order), "nothing drawn"
        problems = problems_in(order)
        assert not problems, problems[:6]
    finally:
        for scene in list(app.scenes):
            scene.leave()
        pygame.quit()


def test_the_check_sees_a_line_covered_by_a_card_drawn_after_it():
    window = pygame.Surface((200, 100))
    with text_module.drawing_order() as order:
        text_module.note(window, "panel", pygame.Rect(0, 0, 200, 100))
        order.append(
            text_module.Drawn("text", pygame.Rect(10, 10, 60, 12), (200, 100), window.get_clip(), "13 cartes")
        )
        text_module.note(window, "piece", pygame.Rect(50, 5, 30, 40))
    assert problems_in(order) and "covered by a piece" in problems_in(order)[0]
