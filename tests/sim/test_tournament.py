"""``python -m game.sim tournament``: every pair on duplicate deals, a ratings table, the
head-to-head table and a picture."""

from __future__ import annotations

import re
import sys

import pytest

from game.sim.__main__ import main
from game.sim.ratings import Rating
from game.sim.tournament import MAX_CELL, HeadToHead, Standings, format_standings, tournament_specs
from tests.sim.helpers import summary

ARGV = ["tournament", "rum500", "--players", "normal,easy,random", "--games", "4", "--target", "150"]


def test_every_pair_plays_the_same_deals_in_both_seat_orders():
    planned = tournament_specs(["a", "b", "c"], 4)
    assert [s.index for s in planned] == list(range(12))
    by_pair = {}
    for s in planned:
        by_pair.setdefault(frozenset(s.names), []).append((s.deal, s.names))
    assert len(by_pair) == 3
    for games in by_pair.values():
        assert [deal for deal, _ in games] == [0, 0, 1, 1]
        assert games[0][1] == games[1][1][::-1]


def table(lines: list[str]) -> tuple[dict[str, tuple[int, float]], dict[tuple[str, str], float]]:
    """Rating and score by player, and the head-to-head shares, read back from the table."""
    ratings = {
        m.group(1): (int(m.group(2)), float(m.group(3)))
        for m in (
            re.match(r"\s+\d+\s+(\w+)\s+(\d+)\s+\[\d+, \d+\]\s+([\d.]+)%\s+\d+$", line) for line in lines
        )
        if m
    }
    start = next(i for i, line in enumerate(lines) if line.startswith("head to head"))
    columns = lines[start + 1].split()
    shares = {}
    for line in lines[start + 2 : start + 2 + len(columns)]:
        row, *cells = re.split(r"\s{2,}", line.strip())
        for column, cell in zip(columns, cells, strict=True):
            if cell != "-":
                shares[row, column] = float(cell.split(" ± ")[0])
    return ratings, shares


def test_the_table_rates_every_player_and_gives_every_pair(capsys):
    code, lines = summary(capsys, [*ARGV, "--jobs", "1"])
    assert code == 0, lines
    assert lines[0].startswith("rum500 tournament: 3 players, 3 pairs, each pair 4 games on 2 deals")
    ratings, shares = table(lines)
    assert set(ratings) == {"normal", "easy", "random"}
    assert len(shares) == 6
    for (a, b), share in shares.items():
        assert share + shares[b, a] == pytest.approx(100)
    by_rating = sorted(ratings, key=lambda n: ratings[n][0])
    by_score = sorted(ratings, key=lambda n: ratings[n][1])
    assert by_rating == by_score
    assert "total: 12 games, 12 finished" in "\n".join(lines)


def test_a_tournament_on_workers_gives_the_same_table(capsys):
    assert summary(capsys, [*ARGV, "--jobs", "2"]) == summary(capsys, [*ARGV, "--jobs", "1"])


def test_the_plot_is_drawn(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "table.png"
    code, _ = summary(capsys, [*ARGV, "--jobs", "1", "--plot", str(picture)])
    assert code == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.png"]  # no temporary file left


def test_without_matplotlib_the_plot_is_refused_before_any_game(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main([*ARGV, "--plot", str(tmp_path / "t.png")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip().endswith('pip install "rami[plot]" (or pip install matplotlib)')


def test_the_head_to_head_columns_fit_a_baseline_name_and_cut_long_paths():
    players = ["baseline-strong", "py:some.rather.long.module.path:PlayerClass"]
    result = Standings(
        players=players,
        ratings=[Rating(0, 1550, 1500, 1600), Rating(1, 1450, 1400, 1500)],
        head_to_head={(0, 1): HeadToHead(0.625, 0.023, 200), (1, 0): HeadToHead(0.375, 0.023, 200)},
        scores=[0.625, 0.375],
        games=[400, 400],
    )
    lines = format_standings(result)
    start = next(i for i, line in enumerate(lines) if line.startswith("head to head"))
    header = lines[start + 1].split()
    assert header == ["baseline-strong", players[1][:MAX_CELL]]
    assert lines[start + 2].split()[0] == "baseline-strong"
