"""Moves and public events in words, in the current language, one place for both: the hint says
a move the player could make ("take the 7♥ from the discard pile"), the "last turns" strip and
the round history say what a seat did (a seat's turn as one sentence, "Bruno took the 7♥ from
the discard pile and laid 7♥ 7♦ 7♣"; the round's history, newest first). Each action has one id
stem in the catalogue: ``move.<action>`` says it done, ``move.<action>.hint`` says it to do, so
the two always name the same action alike.

The words come from the engine's public events and their facts (docs/events.md): the melds of a
contract laid down, the meld a card was added to and whose it is, the combinations a tile play
made or changed, the stars it freed. An event saved before a fact was recorded is said without
it ("added the 7♥ to a meld"). Pieces are named by the table's ``PieceWords``."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from game.engine.base import Move
from game.engine.events import PublicEvent
from game.engine.pieces import Card, Tile
from game.i18n import Text, Verbatim
from game.ui.tables.piece_words import PLAIN, PieceWords

NameOf = Callable[[int], Any]
"""A seat's name."""
SHORT_PLAY = 6
"""The strip names the tiles of a play up to this many, and counts them beyond (the history
names them all; the combinations made or changed are named in both)."""


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


def listed(texts: Sequence[str], pieces: PieceWords) -> Verbatim:
    """Pieces in notation named one after the other: "9♠ 9♥ 2♠", "red 7, red 8"."""
    return Verbatim(pieces.separator.join(str(pieces.label(t)) for t in texts))


def describe(move: Move, view: Any, tr: Any, pieces: PieceWords = PLAIN) -> Text:
    """``move`` in words, in the current language. ``tr`` translates a key, ``pieces`` names
    cards or tiles (the table's ``piece_words``)."""

    def names(found: list[Any]) -> Verbatim:
        return listed([p.text for p in found], pieces)

    def meld(index: int | None) -> Verbatim:
        if index is None or not 0 <= index < len(view.table):
            return Verbatim("")
        return names(list(view.table[index].cards))

    the = pieces.the
    kind = move.kind
    if kind == "draw_discard" and view.discard:
        return tr("move.take_discard.hint", card=the(view.discard[-1].text))
    if kind == "take_discard":
        if move.index == len(view.discard) - 1:
            return tr("move.take_discard.hint", card=the(view.discard[-1].text))
        return tr("move.take_discard_deep.hint", card=the(view.discard[move.index].text))
    if kind == "lay_down":
        melds = Verbatim(", ".join(names(list(m)) for m in move.melds))
        return tr("move.meld_contract.hint", cards=melds)
    if kind in ("extra_meld", "meld"):
        return tr("move.meld.hint", cards=names(named_pieces(move)))
    if kind == "lay_off":
        return tr("move.lay_off.hint", card=the(move.card.text), meld=meld(move.meld))
    if kind == "take_back_wild":
        return tr("move.take_back_wild.hint", card=the(move.card.text), meld=meld(move.meld))
    if kind == "claim_rummy":
        if move.cards:
            return tr("move.claim_meld.hint", cards=names(list(move.cards)))
        return tr("move.claim_lay_off.hint", card=the(view.claim_card.text), meld=meld(move.meld))
    if kind == "play":
        return tr("move.play.hint", tiles=names(rack_pieces(move, view)))
    if kind == "exchange":
        return tr("move.exchange.hint", tile=the(move.tile.text))
    if kind == "discard" and isinstance(getattr(move, "card", None), Card):
        return tr("move.discard.hint", card=the(move.card.text))
    if kind == "discard":
        return tr("move.return_tile.hint", tile=the(move.tile.text))
    if kind == "draw":
        return tr("move.draw_tiles.hint")
    if kind in ("draw_stock", "pass_empty_stock", "pass_claim", "pass", "next_round"):
        return tr(f"move.{kind}.hint")
    return tr("move.other.hint")


def contract_part(app: Any, kind: str, n: int) -> Text:
    """One meld a Frustration contract asks for, named as the contract names it ("Set of 3";
    French "Brelan", "Carré", "Jeu de 5", "Suite de 4"): ``frustration.part.<kind>.<n>`` where
    a language has a word of its own."""
    key = f"frustration.part.{kind}.{n}"
    return app.tr(key if app.tr_.has(key) else f"frustration.part.{kind}", n=n)


# What a seat did ---------------------------------------------------------------------------------


def _seat_number(seat: int) -> Verbatim:
    return Verbatim(str(seat + 1))


def owner_words(app: Any, name: Any) -> Text:
    """Whose a meld is, as the meld's name says it: "Marie’s"; "de Marie", "d’Anna" in French
    (``meld.owner_elided`` before a vowel)."""
    first = unicodedata.normalize("NFD", str(name).strip()[:1]).lower()[:1]
    return app.tr("meld.owner_elided" if first and first in "aeiouyh" else "meld.owner", name=name)


def meld_words(app: Any, event: PublicEvent, pieces: PieceWords, name_of: NameOf) -> Text:
    """The meld an event reached, from its facts: "Marie’s aces", "their ♥ run" (the acting
    seat's own), or "a meld" for an event saved without them."""
    owner, shape, face = event.get("owner"), event.get("shape"), event.get("face")
    if owner is None or shape not in ("set", "run") or face is None:
        return app.tr("meld.any")
    made_of = pieces.face(shape, face)
    if owner == event.seat:
        return app.tr(f"meld.{shape}.own", face=made_of)
    return app.tr(f"meld.{shape}", face=made_of, owner=owner_words(app, name_of(owner)))


def melds_listed(app: Any, event: PublicEvent, pieces: PieceWords) -> Any:
    """The cards of a meld event, meld by meld ("9♠ 9♥ 2♠, Q♥ Q♠ 2♠ and 4♥ 5♥ joker 7♥")."""
    sizes = event.get("sizes") or ()
    if len(sizes) < 2 or sum(sizes) != len(event.pieces):
        return listed(event.pieces, pieces)
    groups, start = [], 0
    for size in sizes:
        groups.append(listed(event.pieces[start : start + size], pieces))
        start += size
    return join(app, groups)


def combination_words(app: Any, change: Sequence[Any]) -> Text:
    """A tile combination a play made or changed (``play_changes`` in the engine): "the red run
    7–9", "the group of 5s"."""
    _, kind, colour, low, high = change
    if kind == "group":
        return app.tr("tiles.combination.group", number=low)
    key = f"tiles.combination.run.{colour}" if colour else "tiles.combination.run"
    return app.tr(key, low=low, high=high)


def play_words(app: Any, event: PublicEvent, pieces: PieceWords, short: bool = False) -> Any:
    """A tile play: the tiles laid and the combinations made and changed ("laid red 7, red 8,
    red 9, making the red run 7–9 and changing the group of 5s"); ``short`` counts many tiles."""
    changes = event.get("changes")
    made = [combination_words(app, c) for c in changes or () if c[0] == "new"]
    changed = [combination_words(app, c) for c in changes or () if c[0] != "new"]
    parts = []
    if made:
        parts.append(app.tr("move.play.making", combinations=join(app, made)))
    if changed:
        parts.append(app.tr("move.play.changing", combinations=join(app, changed)))
    if not parts:  # saved before the combinations were recorded
        return app.tr("move.meld", pieces=listed(event.pieces, pieces))
    if short and len(event.pieces) > SHORT_PLAY:
        return app.tr("move.play_many", n=len(event.pieces), changes=join(app, parts))
    return app.tr("move.play", tiles=listed(event.pieces, pieces), changes=join(app, parts))


def clause(
    app: Any,
    event: PublicEvent,
    pieces: PieceWords = PLAIN,
    name_of: NameOf = _seat_number,
    short: bool = False,
) -> Any:
    """The action of ``event`` as a verb phrase (``None`` for the round's own events)."""
    tr, tr_n, the = app.tr, app.tr_n, pieces.the
    kind = event.kind
    if kind == "draw":
        if event.source == "discard":
            card = the(event.pieces[0]) if event.pieces else ""
            return tr_n(
                "move.take_discard", len(event.pieces), card=card, pieces=listed(event.pieces, pieces)
            )
        if event.source == "pool":
            return tr_n("move.draw_tiles", max(1, event.count))
        return tr("move.draw_stock")
    if kind == "meld":
        contract = event.get("contract")
        if contract is not None:
            return tr("move.meld_contract", n=contract, pieces=melds_listed(app, event, pieces))
        return tr("move.meld", pieces=melds_listed(app, event, pieces))
    if kind == "lay_off":
        card = the(event.pieces[0]) if len(event.pieces) == 1 else listed(event.pieces, pieces)
        return tr("move.lay_off", card=card, meld=meld_words(app, event, pieces, name_of))
    if kind == "swap_wild":
        natural, wild = (the(p) for p in event.pieces)
        return tr(
            "move.take_back_wild", wild=wild, natural=natural, meld=meld_words(app, event, pieces, name_of)
        )
    if kind == "play":
        return play_words(app, event, pieces, short)
    if kind == "discard":
        return tr("move.discard", card=the(event.pieces[0])) if event.pieces else tr("move.return_tile")
    if kind == "exchange":
        return tr("move.exchange")
    if kind == "pass":
        return tr("move.pass")
    if kind == "timeout":
        return tr("move.timeout")
    if kind == "claim":
        if len(event.pieces) > 1:
            return tr("move.claim_meld", pieces=listed(event.pieces, pieces))
        card = the(event.get("card") or event.pieces[0])
        return tr("move.claim_lay_off", card=card, meld=meld_words(app, event, pieces, name_of))
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


def _melds_in(event: PublicEvent) -> int:
    return max(1, len(event.melds))


def _counted(app: Any, group: Sequence[PublicEvent]) -> Any:
    """Several melds or lay-offs of one turn, counted ("laid 3 melds", "added 2 cards to melds")."""
    if group[0].kind == "meld":
        return app.tr_n("move.melds", sum(_melds_in(e) for e in group))
    return app.tr_n("move.lay_offs", sum(len(e.pieces) for e in group))


def sentence(
    app: Any,
    name: Any,
    events: Sequence[PublicEvent],
    pieces: PieceWords = PLAIN,
    name_of: NameOf = _seat_number,
    short: bool = False,
) -> Any:
    """A seat's turn in one sentence: its name and every action, joined (a play that freed a
    star says so after it). ``short`` (the strip): a contract laid down is named by its
    number and what it asks ("laid contract 3 (2 sets of 3 + 1 run of 4)"), several melds or
    lay-offs in a row are counted ("laid 3 melds"), and many tiles too."""
    actions = []
    i = 0
    while i < len(events):
        event = events[i]
        group = [event]
        countable = short and event.kind in ("meld", "lay_off") and event.get("contract") is None
        while countable and i + len(group) < len(events):
            after = events[i + len(group)]
            if after.kind != event.kind or after.get("contract") is not None:
                break
            group.append(after)
        i += len(group)
        contract = event.get("contract") if event.kind == "meld" else None
        if short and contract is not None:
            actions.append(app.tr("move.contract_laid", n=contract, contract=app.tr(f"contract.{contract}")))
        elif countable and (len(group) > 1 or _melds_in(event) > 1):
            actions.append(_counted(app, group))
        else:
            actions.append(clause(app, event, pieces, name_of, short))
        freed = event.get("freed") if event.kind == "play" else None
        if freed:
            actions.append(app.tr_n("move.freed_stars", len(freed)))
    return app.tr("follow.turn", name=name, actions=join(app, actions))


DealWords = Callable[[PublicEvent], Any]
"""What a table says of a deal (the tile table: who starts and why)."""


def history_lines(
    app: Any,
    events: Sequence[PublicEvent],
    name_of: NameOf,
    pieces: PieceWords = PLAIN,
    deal_words: DealWords | None = None,
) -> list[Any]:
    """Every public action of the round in words, newest first (one line per action; a deal
    and a round end have their own lines)."""
    lines = []
    for event in reversed(events):
        if event.kind == "deal":
            lines.append(deal_words(event) if deal_words is not None else app.tr("follow.dealt"))
        elif event.kind == "round_over":
            lines.append(app.tr("table.round_over"))
        elif event.kind == "reshuffle":
            lines.append(app.tr("follow.reshuffle_line"))
        elif event.seat is not None:
            lines.append(sentence(app, name_of(event.seat), [event], pieces, name_of))
    return lines
