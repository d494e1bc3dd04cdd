"""Moves and public events in words, in the current language, one place for both: the hint says
a move the player could make ("take 7H from the discard pile"), the "last turns" strip and the
round history say what a seat did ("took the 7H from the discard pile"; a seat's turn as one
sentence, "Bruno took the 7H from the discard pile and laid 7H 7D 7C"; the round's history,
newest first). Each action has one id stem in the catalogue: ``move.<action>`` says it done,
``move.<action>.hint`` says it to do, so the two always name the same action alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from game.engine.base import Move
from game.engine.events import PublicEvent
from game.engine.pieces import Card, Tile
from game.i18n import Text, Verbatim


def _pieces_of(value: Any) -> list[Any]:
    if isinstance(value, (Card, Tile)):
        return [value]
    if isinstance(value, (tuple, list)):
        return [p for v in value for p in _pieces_of(v)]
    return []


def named_pieces(move: Move) -> list[Any]:
    """The cards or tiles a move's fields name, in order."""
    if not is_dataclass(move):
        return []
    return [p for f in fields(move) for p in _pieces_of(getattr(move, f.name))]


def rack_pieces(move: Move, view: Any) -> list[Any]:
    """The pieces of the player's hand or rack that ``move`` plays (for a tile ``Play``, the
    rack tiles its end table holds)."""
    if move.kind == "play":
        mine = {t.ident for t in view.hand}
        return [t for t in named_pieces(move) if t.ident in mine]
    return named_pieces(move)


def describe(move: Move, view: Any, tr: Any, label: Any) -> Text:
    """``move`` in words, in the current language. ``tr`` translates a key, ``label`` names
    one card or tile (the table's ``param_text``)."""

    def names(pieces: list[Any]) -> Verbatim:
        return Verbatim(" ".join(str(label(p.text)) for p in pieces))

    def meld(index: int | None) -> Verbatim:
        if index is None or not 0 <= index < len(view.table):
            return Verbatim("")
        return names(list(view.table[index].cards))

    kind = move.kind
    if kind == "draw_discard" and view.discard:
        return tr("move.take_discard.hint", card=label(view.discard[-1].text))
    if kind == "take_discard":
        if move.index == len(view.discard) - 1:
            return tr("move.take_discard.hint", card=label(view.discard[-1].text))
        return tr("move.take_discard_deep.hint", card=label(view.discard[move.index].text))
    if kind == "lay_down":
        melds = Verbatim(", ".join(names(list(m)) for m in move.melds))
        return tr("move.meld_contract.hint", cards=melds)
    if kind in ("extra_meld", "meld"):
        return tr("move.meld.hint", cards=names(named_pieces(move)))
    if kind == "lay_off":
        return tr("move.lay_off.hint", card=label(move.card.text), meld=meld(move.meld))
    if kind == "take_back_wild":
        return tr("move.take_back_wild.hint", card=label(move.card.text), meld=meld(move.meld))
    if kind == "claim_rummy":
        if move.cards:
            return tr("move.claim_meld.hint", cards=names(list(move.cards)))
        return tr("move.claim_lay_off.hint", card=label(view.claim_card.text), meld=meld(move.meld))
    if kind == "play":
        return tr("move.play.hint", tiles=names(rack_pieces(move, view)))
    if kind == "exchange":
        return tr("move.exchange.hint", tile=label(move.tile.text))
    if kind == "discard" and isinstance(getattr(move, "card", None), Card):
        return tr("move.discard.hint", card=label(move.card.text))
    if kind == "discard":
        return tr("move.return_tile.hint", tile=label(move.tile.text))
    if kind == "draw":
        return tr("move.draw_tiles.hint")
    if kind in ("draw_stock", "pass_empty_stock", "pass_claim", "pass", "next_round"):
        return tr(f"move.{kind}.hint")
    return tr("move.other.hint")


PieceText = Callable[[str], Any]


def clause(app: Any, event: PublicEvent, piece_text: PieceText = str) -> Any:
    """The action of ``event`` as a verb phrase (``None`` for the round's own events)."""
    tr, tr_n = app.tr, app.tr_n
    pieces = " ".join(str(piece_text(p)) for p in event.pieces)
    kind = event.kind
    if kind == "draw":
        if event.source == "discard":
            return tr_n("move.take_discard", len(event.pieces), pieces=pieces)
        if event.source == "pool":
            return tr_n("move.draw_tiles", max(1, event.count))
        return tr("move.draw_stock")
    if kind == "meld":
        return tr("move.meld", pieces=pieces)
    if kind == "lay_off":
        return tr("move.lay_off", pieces=pieces)
    if kind == "swap_wild":
        natural, wild = (str(piece_text(p)) for p in event.pieces)
        return tr("move.take_back_wild", wild=wild, natural=natural)
    if kind == "play":
        return tr_n("move.play", event.count)
    if kind == "discard":
        return tr("move.discard", pieces=pieces) if event.pieces else tr("move.return_tile")
    if kind == "exchange":
        return tr("move.exchange")
    if kind == "pass":
        return tr("move.pass")
    if kind == "timeout":
        return tr("move.timeout")
    if kind == "claim":
        return tr("move.claim", pieces=pieces)
    if kind == "reshuffle":
        return tr("move.reshuffle")
    return None


def join(app: Any, parts: Sequence[Any]) -> Any:
    """ "a, b and c" in the current language."""
    parts = [p for p in parts if p]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return app.tr("follow.and", first=", ".join(str(p) for p in parts[:-1]), last=parts[-1])


def sentence(
    app: Any,
    name: Any,
    events: Sequence[PublicEvent],
    piece_text: PieceText = str,
    extra=(),
    short: bool = False,
) -> Any:
    """A seat's turn in one sentence: its name and every action, joined; ``extra`` clauses
    (such as "freed a star") come before the actions. ``short``: several melds or lay-offs in
    a row are counted ("laid 3 melds") instead of listed."""
    actions = [*extra]
    i = 0
    while i < len(events):
        event, run = events[i], 1
        while short and event.kind in ("meld", "lay_off") and i + run < len(events):
            if events[i + run].kind != event.kind:
                break
            run += 1
        if run > 1:
            key = "move.melds" if event.kind == "meld" else "move.lay_offs"
            count = run if event.kind == "meld" else sum(len(e.pieces) for e in events[i : i + run])
            actions.append(app.tr_n(key, count))
        else:
            actions.append(clause(app, event, piece_text))
        i += run
    return app.tr("follow.turn", name=name, actions=join(app, actions))


def history_lines(
    app: Any, events: Sequence[PublicEvent], name_of: Callable[[int], Any], piece_text: PieceText = str
) -> list[Any]:
    """Every public action of the round in words, newest first (one line per action; a deal
    and a round end have their own lines)."""
    lines = []
    for event in reversed(events):
        if event.kind == "deal":
            lines.append(app.tr("follow.dealt"))
        elif event.kind == "round_over":
            lines.append(app.tr("table.round_over"))
        elif event.kind == "reshuffle":
            lines.append(app.tr("follow.reshuffle_line"))
        elif event.seat is not None:
            lines.append(sentence(app, name_of(event.seat), [event], piece_text))
    return lines
