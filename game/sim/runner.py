"""Play whole games between bots, check the engine's invariants after every move, report.

The runner knows nothing of any one game: a ``SimGame`` (one per game, in ``game.sim.<game>``)
tells it how to add the game's rule options to the command line and how to start a game.

A run is a list of ``GameSpec`` (which deal, who sits where; ``game.sim.schedule``). Each game
is played on its own (``play_game``) into a report of its own, and ``combine`` adds those
reports up in the order of the specs, so that the summary is the same whichever process played
which game (``game.sim.parallel``).
"""

from __future__ import annotations

import argparse
import statistics
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from game.ai.base import BotProtocol
from game.engine.base import GameState
from game.engine.errors import IllegalMove, InvariantError
from game.sim.schedule import GameSpec, deal_seed, specs


@dataclass(frozen=True)
class SimGame:
    """How the simulation command plays one game."""

    name: str
    min_players: int
    max_players: int
    add_options: Callable[[argparse.ArgumentParser], None]
    """Adds one flag per rule option (with its default)."""
    new_state: Callable[[argparse.Namespace, int, int], GameState]
    """``new_state(args, players, seed)``: a fresh game with the options of ``args``."""
    default_turn_cap: int = 2000
    """Turns allowed in one round before the game is abandoned (random play may never end)."""
    round_cap: int = 400
    """Rounds allowed in one game before it is abandoned (scores that never reach the target)."""
    round_ends: Callable[[GameState], list[tuple[int | None, str]]] | None = None
    """How each round of a finished game ended: ``(seat that won it or None, how it ended)``
    per round, for games where a round can end without a winner."""
    interface_moves: tuple[type, ...] = ()
    """Moves only the interface sends (the tile game's ``Timeout``, its sand glass): a bot
    that returns one breaks the bot interface, and the simulation counts a violation."""


@dataclass
class BotStats:
    """What one bot (by its name on the command line) did over all games."""

    games: int = 0
    wins: float = 0.0
    rounds: int = 0
    rounds_won: int = 0
    """Rounds it won itself (``SimGame.round_ends``), not rounds that ended without a winner."""
    decision_times: list[float] = field(default_factory=list)


@dataclass
class KindStats:
    """Totals for one kind of game (one player count)."""

    games: int = 0
    finished: int = 0
    capped: int = 0
    rounds: int = 0
    turns: int = 0
    round_ends: Counter[str] = field(default_factory=Counter)
    """Finished games' rounds by how they ended (``SimGame.round_ends``)."""


MAX_VIOLATIONS = 10
"""A run stops counting games after this many violations (the first ones say enough)."""


@dataclass(frozen=True)
class GameRecord:
    """How one game ended: ``shares[s]`` is the part of the win of seat ``s`` (1 for a lone
    winner, 1/k each for k tied winners, 1/players each for a game stopped at the cap), or
    ``None`` when a violation stopped the game."""

    index: int
    deal: int
    names: tuple[str, ...]
    shares: tuple[float, ...] | None


@dataclass
class SimReport:
    """Everything the command prints."""

    kinds: dict[int, KindStats] = field(default_factory=lambda: defaultdict(KindStats))
    bots: dict[str, BotStats] = field(default_factory=lambda: defaultdict(BotStats))
    violations: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    moves: int = 0
    records: list[GameRecord] = field(default_factory=list)
    """One per game played, in the order of the run."""
    planned: int = 0
    """Games the run was to play (more than ``len(records)`` when it was interrupted or stopped
    at ``MAX_VIOLATIONS``)."""
    interrupted: bool = False


class Violation(Exception):
    """A broken invariant or a bot's illegal move, with the game's seed to replay it."""


def play_one(
    state: GameState,
    bots: Sequence[BotProtocol],
    names: Sequence[str],
    report: SimReport,
    turn_cap: int,
    seed: int,
    round_cap: int = 400,
    round_ends: Callable[[GameState], list[tuple[int | None, str]]] | None = None,
    interface_moves: tuple[type, ...] = (),
) -> bool:
    """Play ``state`` to its end (or the turn cap), updating ``report``; True when the game
    finished, False when it hit a cap. Raise ``Violation`` for a broken invariant, an illegal
    move, a move of ``interface_moves`` (which no bot may choose) or a bot that raised."""
    kind = report.kinds[state.num_players]
    kind.games += 1
    turns_this_round = 0
    last_round = state.round_number
    last_player = state.current_player
    try:
        state.audit()
    except InvariantError as exc:
        raise Violation(f"seed {seed}: bad initial state: {exc}") from exc
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        started = time.perf_counter()
        try:
            move = bots[seat].choose(view)
        except Exception as exc:
            raise Violation(f"seed {seed}: {names[seat]} at seat {seat} raised {_where(exc)}") from exc
        report.bots[names[seat]].decision_times.append(time.perf_counter() - started)
        if isinstance(move, interface_moves):
            raise Violation(
                f"seed {seed}: {names[seat]} at seat {seat} returned {move}, a move only the interface sends"
            )
        try:
            state.apply(move)
        except IllegalMove as exc:
            raise Violation(
                f"seed {seed}: {names[seat]} at seat {seat} played illegal {move}: {exc}"
            ) from exc
        report.moves += 1
        try:
            state.audit()
        except InvariantError as exc:
            raise Violation(f"seed {seed}: after {move} by seat {seat}: {exc}") from exc
        if state.round_number != last_round:
            last_round = state.round_number
            turns_this_round = 0
        elif state.current_player != last_player:
            turns_this_round += 1
            kind.turns += 1
        last_player = state.current_player
        if turns_this_round > turn_cap or state.round_number > round_cap:
            kind.capped += 1
            kind.rounds += state.round_number
            return False
    kind.finished += 1
    kind.rounds += state.round_number
    for name in set(names):
        report.bots[name].rounds += state.round_number
    winners = state.winners
    for s in winners:
        report.bots[names[s]].wins += 1 / len(winners)
    for winner, end in round_ends(state) if round_ends else ():
        kind.round_ends[end] += 1
        if winner is not None:
            report.bots[names[winner]].rounds_won += 1
    return True


def _where(exc: Exception) -> str:
    """``ValueError: text (file.py:12)``: the exception and the line of the bot that raised it."""
    frames = traceback.extract_tb(exc.__traceback__)
    place = f" ({frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{place}"


def play_game(
    game: SimGame,
    args: argparse.Namespace,
    make_bot: Callable[[str, int], BotProtocol],
    spec: GameSpec,
) -> SimReport:
    """Play the game ``spec`` names, with the rules and caps of ``args``, into a report of its
    own (one ``GameRecord``)."""
    report = SimReport(planned=1)
    seed = deal_seed(args.seed, spec.deal)
    bots = [make_bot(name, seed * 7 + s) for s, name in enumerate(spec.names)]
    for name in set(spec.names):
        report.bots[name].games += 1
    state = game.new_state(args, len(spec.names), seed)
    shares: tuple[float, ...] | None = None
    try:
        finished = play_one(
            state,
            bots,
            spec.names,
            report,
            args.turn_cap or game.default_turn_cap,
            seed,
            game.round_cap,
            game.round_ends,
            game.interface_moves,
        )
    except Violation as exc:
        report.violations.append(str(exc))
    else:
        players = len(spec.names)
        winners = state.winners if finished else range(players)
        shares = tuple(1 / len(winners) if s in winners else 0.0 for s in range(players))
    report.records.append(GameRecord(spec.index, spec.deal, spec.names, shares))
    return report


def merge(total: SimReport, part: SimReport) -> None:
    """Add the games of ``part`` to ``total``."""
    for players, k in part.kinds.items():
        into = total.kinds[players]
        for attr in ("games", "finished", "capped", "rounds", "turns"):
            setattr(into, attr, getattr(into, attr) + getattr(k, attr))
        into.round_ends.update(k.round_ends)
    for name, b in part.bots.items():
        into_bot = total.bots[name]
        for attr in ("games", "wins", "rounds", "rounds_won"):
            setattr(into_bot, attr, getattr(into_bot, attr) + getattr(b, attr))
        into_bot.decision_times.extend(b.decision_times)
    total.violations.extend(part.violations)
    total.moves += part.moves
    total.records.extend(part.records)


def combine(parts: Iterable[SimReport], planned: int) -> SimReport:
    """The report of a run of ``planned`` games from the reports of its games, in the run's
    order, stopping after the game that brings the ``MAX_VIOLATIONS``-th violation."""
    total = SimReport(planned=planned)
    for part in parts:
        merge(total, part)
        if len(total.violations) >= MAX_VIOLATIONS:
            break
    return total


def run(
    game: SimGame,
    args: argparse.Namespace,
    make_bot: Callable[[str, int], BotProtocol],
) -> SimReport:
    """Play the games of ``args`` (``game.sim.schedule.specs``) one after another in this
    process, with bots made by ``make_bot(name, seed)``: seats take the ``--players`` entries in
    turn, rotated each game so that every bot plays every seat; with ``--seats A-B`` the number
    of players cycles through A..B, the entries being reused in order to fill the seats."""
    planned = specs(args)
    started = time.perf_counter()
    report = combine((play_game(game, args, make_bot, spec) for spec in planned), len(planned))
    report.elapsed = time.perf_counter() - started
    return report


def format_report(game: SimGame, report: SimReport) -> list[str]:
    """The printed summary: a line per player count, a line per bot, the totals."""
    lines = []
    total = KindStats()
    for players in sorted(report.kinds):
        k = report.kinds[players]
        lines.append(
            f"{game.name} {players} players: {k.games} games, {k.finished} finished, "
            f"{k.capped} hit the turn or round cap, {k.rounds / max(k.games, 1):.1f} rounds/game, "
            f"{k.turns / max(k.games, 1):.0f} turns/game"
        )
        if k.round_ends:
            ends = ", ".join(f"{end} {n}" for end, n in sorted(k.round_ends.items()))
            lines.append(f"{game.name} {players} players: rounds of finished games by their end: {ends}")
        for attr in ("games", "finished", "capped", "rounds", "turns"):
            setattr(total, attr, getattr(total, attr) + getattr(k, attr))
    for name in sorted(report.bots):
        b = report.bots[name]
        times = sorted(b.decision_times) or [0.0]
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        won = f"{b.rounds_won} rounds won, " if game.round_ends else ""
        lines.append(
            f"bot {name}: {b.wins:g} wins in {b.games} games ({100 * b.wins / max(b.games, 1):.1f}%), "
            f"{b.rounds / max(b.games, 1):.1f} rounds/game, {won}"
            f"decision median {1000 * statistics.median(times):.2f} ms, "
            f"p95 {1000 * p95:.2f} ms, max {1000 * times[-1]:.1f} ms"
        )
    rate = total.games / report.elapsed if report.elapsed else 0.0
    lines.append(
        f"total: {total.games} games, {total.finished} finished, {total.capped} capped "
        f"({100 * total.capped / max(total.games, 1):.1f}%), {report.moves} moves, "
        f"{len(report.violations)} violations, {report.elapsed:.1f} s ({rate:.1f} games/s)"
    )
    lines.extend(f"VIOLATION {v}" for v in report.violations)
    return lines
