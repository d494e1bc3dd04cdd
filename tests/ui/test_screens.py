"""Every scene draws only catalogue text (or player names and numbers), in both languages."""

from __future__ import annotations

import pytest

from game.showcase.screenshots import scene_makers
from game.ui import text as text_module
from tests.ui.driver import frames

QUIET_SCENES = sorted(name for name in scene_makers() if not name.endswith("-busy"))


@pytest.mark.parametrize("name", QUIET_SCENES)
def test_scene_draws_only_catalogue_text(make_app, name):
    drawn_by_lang = {}
    for lang in ("en", "fr"):
        app = make_app(lang)
        scene_makers()[name](app)
        text_module.strict = True  # drawing a hard-coded string raises TypeError
        with text_module.recording() as drawn:
            frames(app, 3)
        assert drawn, f"{name} drew no text"
        drawn_by_lang[lang] = set(drawn)
    # The two languages really differ on every screen.
    assert drawn_by_lang["en"] != drawn_by_lang["fr"]


def test_a_hard_coded_string_is_caught(make_app):
    app = make_app("en")
    text_module.strict = True
    with pytest.raises(TypeError):
        app.fonts.render("Hard-coded", 20, (0, 0, 0))
