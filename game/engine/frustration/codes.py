"""Every ``IllegalMove`` code the Frustration engine raises, with its parameters.

The interface translates ``error.<code>``; the placeholders of each sentence are exactly the
parameters listed here (cards in notation, ``"5H"``; numbers as integers).
"""

from __future__ import annotations

ERROR_CODES: dict[str, tuple[str, ...]] = {
    # melds and contracts
    "meld_too_short": ("length", "minimum"),
    "only_wilds": (),
    "too_many_wilds": ("wilds", "naturals"),
    "not_a_set": (),
    "not_a_run": (),
    "not_a_meld": (),
    "run_wraps": (),
    "run_too_long": ("length",),
    "wrong_contract": ("contract",),
    "unknown_contract": ("contract",),
    # lay-offs and take-backs
    "bad_end": (),
    "end_closed": (),
    "no_such_meld": (),
    "no_such_position": (),
    "takeback_disabled": (),
    "takeback_only_from_runs": (),
    "not_a_wild": ("card",),
    "not_the_stand_in": ("card", "stand_in"),
    "wild_must_be_played": ("card",),
    "no_place_for_wild": (),
    # hand and turn
    "card_not_in_hand": ("card",),
    "duplicate_card": ("card",),
    "no_card_left_to_discard": (),
    "contract_not_down": (),
    "contract_already_down": (),
    "not_your_turn": (),
    "must_draw_first": (),
    "already_drawn": (),
    "stock_empty": (),
    "discard_empty": (),
    "round_is_over": (),
    "round_not_over": (),
    "game_is_over": (),
    "unknown_move": ("move",),
    "bad_move": (),
}
