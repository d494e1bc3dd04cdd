"""Every ``IllegalMove`` code the tile game's engine raises, with its parameters.

The interface translates ``error.<code>`` (``error.tiles.<code>`` first, where the tile game
words it its own way); the placeholders of each sentence are exactly the parameters listed here
(tiles in notation, ``"R7"``; numbers as integers).
"""

from __future__ import annotations

ERROR_CODES: dict[str, tuple[str, ...]] = {
    # combinations
    "not_a_tile": ("piece",),
    "too_few_tiles": ("count",),
    "only_stars": (),
    "runs_not_allowed": (),
    "groups_not_allowed": (),
    "group_numbers_differ": (),
    "group_too_big": ("count",),
    "group_colour_twice": ("colour", "number"),
    "run_colours_differ": (),
    "ace_after_13_off": (),
    "run_out_of_range": (),
    "run_wrong_order": (),
    "run_wraps": (),
    "run_not_consecutive": (),
    "neither_run_nor_group": (),
    # a play, judged on the table it leaves
    "tile_twice": ("tile",),
    "tile_not_in_rack": ("tile",),
    "star_to_rack": (),
    "table_tile_missing": ("tile",),
    "nothing_placed": (),
    "invalid_combination": ("index", "combination", "reason"),
    "opening_uses_table": ("tile",),
    "opening_without_combination": (),
    "opening_too_low": ("points", "minimum"),
    "star_not_freed": ("tile", "index"),
    # the turn rules
    "no_draw_in_turn_rule": (),
    "no_exchange_in_turn_rule": (),
    "no_discard_in_turn_rule": (),
    "exchange_after_opening": (),
    "discard_without_draw": (),
    "already_drawn": (),
    "pool_empty": (),
    "pool_not_empty": (),
    "must_draw_first": (),
    "must_discard": (),
    # the game
    "not_your_turn": (),
    "round_is_over": (),
    "round_not_over": (),
    "game_is_over": (),
    "unknown_move": ("move",),
}
