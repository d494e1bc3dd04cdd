"""500 Rum (shared/RULES.md section 2): the rules engine.

Files (the same roles in every engine package, see docs/architecture.md): ``options``
(options, players, decks), ``rules`` (card values, melds, lay-offs), ``moves``, ``turn``
(phases, the check of each move, legal moves), ``view``, ``records`` (score sheet), ``state``
(``new_game``, the plays of the moves), ``positions`` (``arranged``), ``audit``, ``save``,
``codes`` (every ``IllegalMove`` code).

Rules as played here (the decisions where RULES.md is silent are marked *):

- 2 to 6 players, no jokers: one 52-card deck for 2 to 4 players, two decks shuffled together
  (104 cards) for 5 or 6 (``decks_for``; the state's ``decks``, stored in the save: a game saved
  with one deck keeps it). 7 cards each, 13 each for two players. The top
  card of the stock starts the discard pile, which is spread: every card in it is public (views
  hold the whole pile, bottom first). The player left of the dealer (the next seat) starts; the
  deal moves one seat each hand. *The first hand is dealt by the last seat, so seat 0 starts.
- Card values: A = 15, K Q J 10 = 10, 2-9 face value. An ace counts 1 only when it stands at the
  low end of a run (``A 2 3``, or laid off below ``2 3 4``); in ``Q K A``, in a set or in hand it
  counts 15. A card's position in a run never changes once laid (runs only grow at their ends),
  so its value is fixed when it is laid.
- Melds: sets of 3 or 4 cards of one rank (with two decks: 3 to 8, twins allowed, never a
  face three times); runs of 3+ consecutive cards of one suit, ace low or
  high, no wrapping. *A meld is given in table order: a run may be given ascending (``A 2 3``,
  ``Q K A``) or descending (``3 2 A``, ``A K Q``); the table always shows it ascending.
  ``K A 2`` is refused (``run_wraps``).
- A turn: phase ``"draw"``: ``DrawStock`` or ``TakeDiscard(index)``, which takes the card at that
  position of the pile and every card above it. The deepest card taken is the card that must be
  used this turn, in a new meld or a lay-off (even when it was the top card). *Taking is refused
  (``cannot_use_card``) unless that card can be used with the hand plus the cards taken, and in
  phase ``"play"`` a meld or lay-off that would leave it unusable is refused
  (``would_strand_card``): a player can never be stuck with a card they cannot use. Phase
  ``"play"``: ``Meld``, ``LayOff`` on any meld on the table (anyone's), then ``Discard``, which
  ends the turn and is refused (``must_use_card``) while the card that must be used is in hand.
- Credit: every card on the table is credited to the player who put it there.
- Going out: the hand ends at once when a player has no card left, after a meld or lay-off of
  the last card (no discard needed), after discarding the last card, or after a Rummy! claim.
- Empty stock: when the stock is empty the player to move either takes from the discard pile or
  plays ``PassEmptyStock``, which ends the hand. With the option ``reuse_discards`` it instead
  turns the discard pile but its top card over as the new stock (not shuffled: the oldest discard
  becomes the top of the stock) and *the player draws its top card at once; when that gives no
  card (a pile of one card or none) the hand ends.
- Scoring: each player scores the points of the cards credited to them on the table minus the
  points of the cards left in hand (A = 15), added to a running total. The game ends after the
  hand in which someone reaches ``target`` (500): the highest total among those who reached it
  wins; a tie for that highest total plays another hand. The winner collects from each opponent
  the difference between their totals (``settlement``).
- *"Rummy!" (option ``rummy_claims``): after a discard that does not end the hand, every other
  player who could lay the discarded card down at once (a lay-off on any table meld, or a meld
  with cards of their own hand) is asked in turn order starting after the discarder (phase
  ``"claim"``, ``current_player`` is the player asked): ``ClaimRummy`` or ``PassClaim``. Players
  who cannot claim are not asked. The first claimer takes the card and lays it down at once
  (credited to the claimer); then the normal next player draws. A claimer who empties their hand
  this way goes out. Note that a claim window shows everyone that the player asked can use the
  card (as a player's hesitation would at a real table).

``legal_moves()`` lists, for the player to move: every ``TakeDiscard`` index that may be taken
(not those refused with ``cannot_use_card``), ``DrawStock`` or ``PassEmptyStock``; every meld of
the hand (``meld_options``: every set of 3 cards or more and every run of 3+ of consecutive cards, runs
ascending), every lay-off (runs with an explicit end, sets with ``end=None``), every discard; in
a claim window every claim and ``PassClaim``; ``NextRound`` between hands. A ``LayOff`` with
``end=None`` on a run is also accepted when only one end fits.
"""

from game.engine.base import NextRound
from game.engine.info import GameInfo

from .codes import ERROR_CODES
from .moves import (
    CODEC,
    MOVE_CLASSES,
    MOVE_CODEC,
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    PassClaim,
    PassEmptyStock,
    TakeDiscard,
)
from .options import DECK_COUNTS, GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTION_CHOICES, Options, decks_for
from .positions import arranged, guessed
from .rules import (
    HIGH,
    LOW,
    RUN,
    SET,
    TableMeld,
    arrange_meld,
    can_use_card,
    card_points,
    hand_points,
    lay_off_ends,
    max_set,
    meld_options,
    meld_points,
    meld_starters,
    validate_meld,
)
from .save import SAVE_VERSION, migrate
from .state import Rum500State, new_game
from .turn import Phase, claim_options, lay_off_options
from .view import Rum500View

GAME = GameInfo(
    state_class=Rum500State,
    options_class=Options,
    option_choices=OPTION_CHOICES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    start=new_game,
)
"""500 Rum as the registry of games (``game.engine.games``) knows it."""

__all__ = [
    "CODEC",
    "DECK_COUNTS",
    "ERROR_CODES",
    "GAME",
    "GAME_ID",
    "HIGH",
    "LOW",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_CLASSES",
    "MOVE_CODEC",
    "OPTION_CHOICES",
    "RUN",
    "SAVE_VERSION",
    "SET",
    "ClaimRummy",
    "Discard",
    "DrawStock",
    "LayOff",
    "Meld",
    "NextRound",
    "Options",
    "PassClaim",
    "PassEmptyStock",
    "Phase",
    "Rum500State",
    "Rum500View",
    "TableMeld",
    "TakeDiscard",
    "arrange_meld",
    "arranged",
    "can_use_card",
    "card_points",
    "claim_options",
    "decks_for",
    "guessed",
    "hand_points",
    "lay_off_ends",
    "lay_off_options",
    "max_set",
    "meld_options",
    "meld_points",
    "meld_starters",
    "migrate",
    "new_game",
    "validate_meld",
]
