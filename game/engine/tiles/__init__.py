"""Rummy with tiles ("the tile game", *Rami des tuiles*): rules engine (RULES.md section 3,
seed 004).

Public rules API: ``validate_meld``, ``meld_value``, ``rack_penalty``, ``validate_play``,
``read_meld``, ``is_valid_meld``, ``arrange_meld``, ``Options``, ``TilesState``, ``new_game``,
the moves ``Play``, ``Draw``, ``Exchange``, ``Discard``, ``Pass``, ``Timeout`` (and
``NextRound`` from the engine core), ``TilesView``, ``CODEC``.

Rule decisions (where RULES.md and the seed leave a choice)
-----------------------------------------------------------
Material and seats. 106 tiles: 1-13 in black, red, blue, orange (``K R B O``), two of each,
plus 2 stars (option ``stars`` off: 104 tiles). 2-4 players, 14 tiles each; the rest is the
face-down pool, drawn from its end.

First player. Every seat draws a tile from the shuffled set; the lowest number starts. A star
is set aside and its drawer draws again. Seats tied on the lowest number draw again (from the
tiles left), until one remains. The draw is recorded (``start_draw``) and public. Then every
tile is shuffled back and 14 are dealt to each seat. In later rounds the first player moves one
seat left (``starter + 1``).

Combinations (``read_meld``). A run is 3+ consecutive numbers of one colour, laid in
increasing order left to right (``run_wrong_order`` otherwise); 1 comes before 2, never after
13. With ``ace_after_13`` a 1 may also stand after 13 (position 14: ``K12 K13 K1``), never
wrapping further (``K13 K1 K2`` is never legal); that 1 still counts 1 point. A group is 3 or 4
tiles of one number, all colours different; its order is free. A star stands for one tile,
fixed by where it lies: in a run the value of its position (and the run's colour), in a group
the group's number. A combination needs at least one numbered tile. When a combination reads
both as a run and as a group (``R5 * *``), the reading worth more points is taken, a run on
equal points (``* R5 *``). Variants: ``groups_only``, ``runs_only`` (exclusive),
``mixed_colour_runs`` (runs of consecutive numbers in any colours).

Values. ``meld_value``: each tile its number, a star the number it stands for. ``rack_penalty``:
the sum of the numbers left on a rack, a star 25.

A playing turn (``Play(table)``) is free rearrangement judged on its end state: ``table`` is the
whole table after the turn. It is legal iff every combination is valid; every tile that was on
the table is still on it (so a freed star is always used again in the same turn and a star
never returns to a rack); every other tile comes from the player's rack; at least one rack tile
is placed; every star that was on the table keeps its place unless freed (``stars``: a star
stands for the tile it stood for at the start of the turn, in a run that number and colour, in
a group that number, until a tile that frees it is on the table, each freed star with its own
tile; ``star_not_freed`` otherwise). Before a player has opened in the round, the old combinations must be untouched
(same tiles, each standing for the same value; groups may be reordered, the order of the
combinations may change) and the new ones are made of rack tiles only, worth ``opening_min``
(0/30/40/50) together. With ``continue_after_opening`` the opening turn may also add to and
rearrange the table: the new combinations made of rack tiles only must then be worth the
minimum (and there must be one), the rest of the end state being checked as for any play. One
``Play`` per turn.

Turn rules (``turn_rule``) and phases. Phases: ``draw``, ``play``, ``discard``, ``round_over``,
``game_over``. A turn starts in ``draw`` under the draw-first rules when the pool has tiles,
else in ``play``.

- ``exchange`` (default): ``Play``, or ``Exchange(tile)``: the player takes the pool's top tile,
  then the given tile goes into the pool at a random place, unseen (so the player never gets
  their own tile back). Allowed after opening too (seed 004). ``Pass`` only with an empty pool.
- ``draw``: ``Play``, or ``Draw`` (ends the turn); ``Pass`` only with an empty pool.
- ``draw_discard``: ``Draw`` first; then ``Play`` and/or ``Discard(tile)`` (the tile goes back
  into the pool at a random place, unseen). A play that empties the rack goes out at once,
  returning nothing. After a play the turn moves to ``discard``; a player left with one tile
  returns it there and goes out (RULES.md: "A player who has laid at least one tile this turn
  and has one tile left returns it and goes out"), even when the pool was empty and nothing was
  drawn. A turn that could not draw (empty pool) otherwise has no discard: ``Play`` or
  ``Pass``.
- ``draw_exchange``: ``Draw`` first; then ``Play``, or (until opened) ``Exchange(tile)``, or
  ``Pass`` to end the turn.

``legal_moves()`` lists only the non-play moves (``Draw``, ``Exchange`` per rack tile,
``Discard`` per rack tile, ``Pass``, ``NextRound``); a play is a proposed end table checked
by ``apply``. ``Timeout`` is never listed: it is the interface's event, not a player's choice. ``can_play_now`` says whether a ``Play`` may be proposed.

Timer. The engine has no clock: ``timer`` (0 = off, 30, 60, 120 s) is for the interface, which
keeps its own draft of the turn and sends ``Timeout()`` when the time runs out, or
``Timeout(invalid_table=True)`` when the player ends the turn with an invalid table (same
effect). ``apply`` accepts ``Timeout`` in every turn phase. It puts the table, the rack and the opened
flag back as they were at the start of the turn (undoing a play already accepted in the turn,
under draw then discard) and ends the turn: ``exchange``: nothing more; ``draw``: the player
draws ``timeout_penalty`` tiles (1 or 3, fewer if the pool runs out); ``draw_discard``: the
tile drawn at the start goes back into the pool; ``draw_exchange``: the turn's own draw is
kept and counts as the first penalty tile (2 more with a penalty of 3).

End of a round. The first player to empty their rack (by a play, or by the last discard under
draw then discard) wins the round: every
other player scores minus their rack penalty; the winner scores plus the sum. "Rummy": when the
winner goes out in the very turn they first laid tiles in this round, the winner's plus counts
double (the others' minus does not change). Blocked round: when as many turns in a row as there
are players end with no tile laid and none taken while the pool is empty (everyone passes), or
when twenty full circuits of turns (``STALEMATE_CIRCUITS``) go by with no tile laid (stalemate,
``quiet_turns``), every
player scores minus their rack. The score sheet (``sheet``) has one row per round (``round``,
``scores``, ``penalties``, ``winner``, ``end`` = out/blocked/stalemate, ``rummy``) and
``totals``. After round ``rounds`` (default 4) the game is over: ``winners`` are the seats with
the highest total (ties share), ``current_player`` is ``None``. Between rounds the phase is
``round_over`` and the only move is ``NextRound``, played by the next round's first player.

Log and view. The public log of the round records deals, plays (tiles laid), draws (count),
exchanges, discards and passes (without tiles), timeouts and the round's end. A view
(``TilesView``) holds its seat's rack, never another rack or the pool order.
"""

from ..base import NextRound
from ..info import GameInfo
from .codes import ERROR_CODES
from .combinations import (
    STAR_PENALTY,
    MeldReading,
    arrange_meld,
    is_valid_meld,
    meld_value,
    rack_penalty,
    read_meld,
    validate_meld,
)
from .moves import CODEC, MOVE_CLASSES, Discard, Draw, Exchange, Pass, Play, Timeout
from .options import (
    CHOICES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPENING_MINIMUMS,
    OPTION_CHOICES,
    TIMEOUT_PENALTIES,
    TIMERS,
    TURN_RULES,
    Options,
)
from .play import validate_play
from .positions import arranged, guessed
from .save import SAVE_VERSION
from .stars import StarPlace, check_stars, star_places, stars_kept
from .state import TilesState, new_game
from .turn import RACK_SIZE, STALEMATE_CIRCUITS, TURN_PHASES, Phase, TilesRules, turn_moves
from .view import TilesView

GAME = GameInfo(
    state_class=TilesState,
    options_class=Options,
    option_choices=OPTION_CHOICES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    start=new_game,
)
"""Rummy with tiles as the registry of games (``game.engine.games``) knows it."""

__all__ = [
    "CHOICES",
    "CODEC",
    "ERROR_CODES",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MOVE_CLASSES",
    "OPENING_MINIMUMS",
    "OPTION_CHOICES",
    "RACK_SIZE",
    "SAVE_VERSION",
    "STALEMATE_CIRCUITS",
    "STAR_PENALTY",
    "TIMEOUT_PENALTIES",
    "TIMERS",
    "TURN_PHASES",
    "TURN_RULES",
    "Discard",
    "Draw",
    "Exchange",
    "MeldReading",
    "NextRound",
    "Options",
    "Pass",
    "Phase",
    "Play",
    "StarPlace",
    "TilesRules",
    "TilesState",
    "TilesView",
    "Timeout",
    "arrange_meld",
    "arranged",
    "check_stars",
    "guessed",
    "is_valid_meld",
    "meld_value",
    "new_game",
    "rack_penalty",
    "read_meld",
    "star_places",
    "stars_kept",
    "turn_moves",
    "validate_meld",
    "validate_play",
]
