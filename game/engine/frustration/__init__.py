"""Frustration Rummy (contract rummy): the rules engine. shared/RULES.md section 1 decides;
the choices below fill its gaps.

Cards and melds
- Notation: ``5H 6H JK 8H`` (``game.engine.notation``). Jokers and every 2 are wild, always,
  even in a 2's natural place (``AH 2H 3H`` holds one wild). In every meld, at every moment,
  wilds <= naturals; a meld of wilds only is never legal.
- Set: one rank, suits free, duplicates allowed (two ``5D`` from two decks).
- Run: one suit, consecutive, ace low (``AH 2H 3H``) or high (``QH KH AH``), never both and
  never wrapping (``KH AH 2H`` raises ``run_wraps``); at most 13 cards (A..K or 2..A). A wild
  in a run stands for the card fixed by its position; each table run keeps its low value so
  stand-ins are known (``TableMeld.stand_ins()``).
- Identical cards from different decks are distinct (``ident``); moves name physical cards and
  compare by ident.

Public rules API
- ``validate_meld(cards, kind, min_len=3)``, ``validate_contract(number, melds, exact=False)``,
  ``hand_penalty(cards)``, ``CONTRACTS`` (``CONTRACTS[n - 1]`` = contract ``n`` as a tuple of
  ``(kind, length)``), ``contract(n)``, ``is_wild(card)``, ``deduce_kind(cards)``.
- A contract is one meld per part, kinds deduced (with two naturals or more a legal meld is a
  set or a run, never both), each at least the asked length (exactly, with the option). Two
  sets may share a rank, two runs a suit.

Game
- Decks: 2 decks + 4 jokers for 2-4 players, 3 decks + 6 jokers for 5-6 (option ``decks``).
- Deal 13 each, one at a time from the first player; the stock's top card starts the discard
  pile. Round 1: seat ``n - 1`` deals, seat 0 plays first; play goes clockwise (increasing
  seat). The first player of a round deals the next one, so round ``r`` starts with seat
  ``(r - 1) % n``.
- Turn: phase ``draw`` (``DrawStock`` or ``DrawDiscard``, the top card only), then phase
  ``play``: ``LayDown`` (the whole current contract at once, once per round); once the
  contract is down (this turn or earlier in the round): ``LayOff(card, meld, end)`` (``end``
  ``"low"``/``"high"`` on a run; a natural only where it fits, a wild at any open end the player
  names; ``None`` on a set), ``ExtraMeld(cards)`` (sets 3+, runs ``extra_run_min``+) and
  ``TakeBackWild(card, meld, position)`` (option ``wild_takeback``, runs only); ``Discard``
  ends every turn.
- A player may never be left without a card to discard: a lay-down, lay-off or meld that
  would empty the hand raises ``no_card_left_to_discard``. Going out = discarding the last card
  (the contract is necessarily down); the round ends at once.
- Wild take-back: the natural must be exactly the card the wild stands for (rank and suit; a 2
  never qualifies, being wild). The wild goes to the hand (``pending_wilds``) and must be played
  on the table this turn, anywhere a wild may go: a lay-off, or an extra meld laid from the hand
  (``7C 7D JK``). A discard while it is in hand raises ``wild_must_be_played``. To keep every
  turn finishable, any move (the take-back included) is illegal when afterwards the hand would
  not keep one card besides the wilds still to play (``no_card_left_to_discard``) or the
  engine's search (``placing.place_wilds``: lay-offs where melds have room, extra melds holding
  the wilds, naturals laid off to make room) finds no way to play them all
  (``no_place_for_wild``). ``wild_placement()`` gives such a way, move by move. Several
  take-backs in one turn are allowed under that rule.
- Stock: when the player to draw finds the stock empty (checked as the turn starts, right
  after the previous discard), the discard pile but its top is shuffled with the game's own
  generator into a new stock (log ``reshuffle``). If that leaves no card (the discard pile held
  only its top), the round ends at once with nobody out (``ended = "dry"``); the player does not
  get to take the discard top instead. (In play from a deal this cannot happen: whoever draws
  the last stock card discards onto a pile that already holds one, so a reshuffle always
  yields a card; the rule guards loaded or hand-built positions.)
- Round end: everyone who laid down this round moves to the next contract, except a player on
  the final contract, who stays on it. Penalties of the round: ``hand_penalty`` of every hand
  but the one of the player who went out; with ``scoring`` on they are added to the running
  ``scores`` (lowest is best). ``history`` keeps one ``RoundRecord`` per round (who went out or
  how the round ended, who laid down, contracts before and after, penalties, totals).
- Winning: the first player to go out on the final contract wins (``final_contract``, 14 by
  default). With ``final_contract_wins``, the game ends with the round in which anyone lays down
  the final contract; among those who did, the lowest penalty of that round wins, ties broken by
  the lowest running score, then shared. With ``everyone_down_ends_round``, the round also ends
  after the discard of the turn in which the last player lays down.
- Between rounds: phase ``round_over``; ``current_player`` is the next dealer (the seat that
  played first), whose only legal move is ``NextRound()``. At the end: phase ``game_over``,
  ``is_over``, ``winners``, ``current_player`` None.
- ``legal_moves()``: in ``draw``, ``DrawStock`` and ``DrawDiscard``; in ``play``, every
  ``Discard`` (none while a wild taken back is in hand), then, once the contract is down, every
  legal ``LayOff`` (each card, meld and end) and ``TakeBackWild``. ``LayDown`` and ``ExtraMeld``
  are not listed (too many combinations): propose them and ``why_not(move)``/``apply``;
  ``can_lay_down()``/``can_meld()`` say whether it is the moment. The one extra meld listed is
  the first move of ``wild_placement()`` when it is one, so the list is never empty in ``play``.
  ``round_over``: ``NextRound``.
- Turns: ``apply(move)`` plays for the seat to move; a view of another seat answers
  ``why_not(move)`` with ``not_your_turn``. Moves carry no seat.
"""

from game.engine.base import NextRound
from game.engine.errors import IllegalMove, SaveError
from game.engine.info import GameInfo

from .codes import ERROR_CODES
from .moves import (
    CODEC,
    MOVE_CLASSES,
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    FrustrationMove,
    LayDown,
    LayOff,
    TakeBackWild,
)
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTION_CHOICES, Options
from .positions import arranged, guessed
from .records import ROUND_ENDINGS, RoundRecord
from .rules import (
    CONTRACTS,
    HIGH,
    LOW,
    RUN,
    SET,
    TableMeld,
    contract,
    deduce_kind,
    hand_penalty,
    is_wild,
    validate_contract,
    validate_meld,
)
from .state import FrustrationState, new_game
from .turn import Phase
from .view import FrustrationView

GAME = GameInfo(
    state_class=FrustrationState,
    options_class=Options,
    option_choices=OPTION_CHOICES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    start=new_game,
)
"""Frustration Rummy as the registry of games (``game.engine.games``) knows it."""

__all__ = [
    "CODEC",
    "CONTRACTS",
    "ERROR_CODES",
    "GAME",
    "HIGH",
    "LOW",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_CLASSES",
    "OPTION_CHOICES",
    "ROUND_ENDINGS",
    "RUN",
    "SET",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ExtraMeld",
    "FrustrationMove",
    "FrustrationState",
    "FrustrationView",
    "IllegalMove",
    "LayDown",
    "LayOff",
    "NextRound",
    "Options",
    "Phase",
    "RoundRecord",
    "SaveError",
    "TableMeld",
    "TakeBackWild",
    "arranged",
    "contract",
    "deduce_kind",
    "guessed",
    "hand_penalty",
    "is_wild",
    "new_game",
    "validate_contract",
    "validate_meld",
]
