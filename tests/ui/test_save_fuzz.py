"""The save fuzzer's fixed set: damaged saves (three games, several points of a game) and
damaged settings each load into a playable game or are set aside with a message, and nothing
else is lost. ``python -m game.bench savefuzz --count N --seed S`` runs any number."""

from __future__ import annotations

import pytest

from game.bench.savefuzz import Fuzzer


@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory):
    fuzzer = Fuzzer(tmp_path_factory.mktemp("savefuzz"))
    yield fuzzer
    fuzzer.close()


def test_the_corpus_holds_every_game_at_several_points(fuzzer):
    games = {name.split("/")[0] for name in fuzzer.corpus}
    assert games == {"frustration", "rum500", "tiles"}
    assert len(fuzzer.corpus) >= 12
    phases = {data["state"]["phase"] for data in fuzzer.corpus.values()}
    assert "round_over" in phases


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_damaged_saves_and_settings_load_or_are_set_aside(fuzzer, seed):
    cases = [fuzzer.run_case(seed, i) for i in range(80)]
    failures = [
        f"case {c.index} [{c.base}] {'; '.join(c.mutations)}\n{c.failure}"
        for c in cases
        if c.outcome == "FAIL"
    ]
    assert failures == []
    outcomes = {c.outcome for c in cases}
    assert {"loaded", "set_aside", "defaults"} <= outcomes  # the set exercises every way out
