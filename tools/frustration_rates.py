"""Measure, per contract, how rounds of Frustration end between two normal players.

python tools/frustration_rates.py [GAMES] [SEED]      (default: 400 games, seed 7)

Plays two-player games to contract 14 between normal players (game g dealt from
seed * 1000003 + g, as ``game.sim`` deals it) and prints, for each contract:

- how often the player on it went out, and a Bradley-Terry strength (the player on contract a
  goes out before the one on contract b with the chance s[a] / (s[a] + s[b])), fitted on every
  round that ended with someone going out;
- how often the player on it who did not go out had laid it down (the rate at which it moves on
  in a round the other player ends).

A value of a round's end built on these figures was tried for the hard player and measured
worse over full games (docs/ai-frustration.md); the hard player keeps one rate for every
contract (``ADVANCE`` in ``game/ai/frustration/rollout.py``).
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.registry import make_bot  # noqa: E402
from game.engine.frustration import Options, Phase, new_game  # noqa: E402
from game.engine.frustration.records import RoundRecord  # noqa: E402


def play(games: int, seed: int) -> list[RoundRecord]:
    """Every round of ``games`` full two-player games between normal players."""
    rounds: list[RoundRecord] = []
    for g in range(games):
        deal = seed * 1_000_003 + g
        bots = [make_bot("frustration", "normal", deal * 7 + s) for s in range(2)]
        state = new_game(2, Options(), deal)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state.view(seat)))
            if state.phase == Phase.ROUND_OVER or state.is_over:
                rounds.append(state.history[-1])
    return rounds


def strengths(rounds: list[RoundRecord], contracts: int = 14) -> dict[int, float]:
    """The Bradley-Terry strength of each contract for going out first (geometric mean 1)."""
    pairs = [
        (r.contracts_before[0], r.contracts_before[1], r.went_out) for r in rounds if r.went_out is not None
    ]
    s = dict.fromkeys(range(1, contracts + 1), 1.0)
    for _ in range(200):
        won: dict[int, float] = defaultdict(float)
        met: dict[int, float] = defaultdict(float)
        for a, b, out in pairs:
            won[a if out == 0 else b] += 1
            met[a] += 1 / (s[a] + s[b])
            met[b] += 1 / (s[a] + s[b])
        s = {c: won[c] / met[c] if met[c] else 1.0 for c in s}
        scale = math.exp(sum(math.log(v) for v in s.values()) / len(s))
        s = {c: v / scale for c, v in s.items()}
    return s


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rounds = play(games, seed)
    seen: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # rounds, went out, laid down
    for r in rounds:
        for p, c in enumerate(r.contracts_before):
            seen[c][0] += 1
            if r.went_out == p:
                seen[c][1] += 1
            elif r.laid_down[p]:
                seen[c][2] += 1
    fit = strengths(rounds)
    print(
        f"{games} games, {len(rounds)} rounds, {sum(r.went_out is None for r in rounds)} without anyone going out"
    )
    print("contract  rounds  went out  strength  laid down when the other went out")
    for c in sorted(seen):
        total, out, down = seen[c]
        print(f"{c:8d}  {total:6d}  {out / total:8.2f}  {fit[c]:8.2f}  {down / max(1, total - out):.2f}")


if __name__ == "__main__":
    main()
