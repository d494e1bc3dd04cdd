"""Lessons at a given step, for ``--screenshot`` (``lesson-<game>-first``, ``-middle``,
``-last``: each game's showcase module names the steps, ``LESSON_STEPS``).

The lesson opens as the person would open it (from the title's game card), then the steps
before the one pictured are played through the engine (``game.lessons.replay``): their moves
and the other seats' replies; a score sheet a step before asked for is shown open.
"""

from __future__ import annotations

from collections.abc import Callable

from game.lessons.replay import play_through
from game.showcase import FIXTURES


def at_step(app, game: str, step: str) -> None:
    """``game``'s lesson at the step called ``step``."""
    app.open_lesson(game)
    table = app.scenes.top
    lesson = table.lesson
    index = next(i for i, s in enumerate(lesson.script.steps) if s.id == step)
    table.session.state = play_through(lesson.script, until=index)
    lesson.index = lesson.segment = index
    table.show_sheet = any(s.wait == "sheet" for s in lesson.script.steps[:index])
    table.refresh()
    table.layout(app.size)


def scene_makers() -> dict[str, Callable]:
    """One picture per step named in each game's ``LESSON_STEPS``."""
    makers = {}
    for game, fixture in FIXTURES.items():
        for name, step in fixture.LESSON_STEPS.items():
            makers[f"lesson-{game}-{name}"] = lambda app, g=game, s=step: at_step(app, g, s)
    return makers
