"""Pieces of a seat's hand by face, for tests that play set-up positions move by move."""

from __future__ import annotations


def held(state, seat: int, texts: str) -> list:
    """The cards or tiles of ``seat``'s hand written in ``texts`` (``"QH QS JK"``), one physical
    piece per face written, the first copies in the hand first."""
    hand = list(state.hand(seat))
    out = []
    for text in texts.split():
        piece = next(p for p in hand if p.text == text)
        hand.remove(piece)
        out.append(piece)
    return out
