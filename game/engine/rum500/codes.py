"""Every ``IllegalMove`` code the 500 Rum engine raises, with its parameters.

The interface translates ``error.<code>``; the placeholders of each sentence are exactly the
parameters listed here (cards in notation, ``"5H"``; numbers as integers).
"""

from __future__ import annotations

ERROR_CODES: dict[str, tuple[str, ...]] = {
    # melds
    "meld_too_short": ("length", "minimum"),
    "no_jokers": (),
    "duplicate_card": ("card",),
    "not_a_meld": (),
    "not_a_run": (),
    "run_wraps": (),
    # drawing
    "stock_empty": (),
    "stock_not_empty": (),
    "discard_empty": (),
    "bad_discard_index": ("index",),
    "cannot_use_card": ("card",),
    # laying down and discarding
    "card_not_in_hand": ("card",),
    "no_such_meld": ("meld",),
    "bad_end": ("end",),
    "ambiguous_end": ("card", "meld"),
    "cannot_lay_off": ("card", "meld"),
    "would_strand_card": ("card",),
    "must_use_card": ("card",),
    # Rummy! claims
    "bad_claim": (),
    "claim_without_card": ("card",),
    "no_claim_window": (),
    "claim_window_open": (),
    # turn and phase
    "not_your_turn": (),
    "unknown_move": ("move",),
    "must_draw_first": (),
    "already_drawn": (),
    "round_is_over": (),
    "round_not_over": (),
    "game_is_over": (),
}
