"""Damaged saves and settings: each one loads into a playable game or is set aside with a message.

``python -m game.bench savefuzz --count 1000 --seed 1`` builds real saves of the three games at
several points of a game (start, mid-round, between rounds, a later round), each with the
interface block its table writes, and real settings; then each case damages one of them (types
swapped, keys removed or added, numbers out of range, deep nesting, truncation, random bytes)
and "continues" it through the real title-screen path of a headless app. A case passes when:

- a save either opens its table, which draws frames and whose game accepts a computer player's
  move, or is refused with a message and set aside (or kept and ignored where the folder refuses);
- the engine refused it with ``SaveError`` only (any other exception is a loader bug);
- settings either load (valid values) or fall back to the defaults with a message;
- the other files still load: the untouched settings or save beside it, and every save set aside
  before (same name, same bytes).

Each case has its own seed (``--seed`` and its index): a failure prints the command that runs it
alone. The exit code is 1 when any case failed.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import json
import os
import random
import tempfile
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import cli
from game.engine.games import GAME_IDS as GAMES
from game.engine.games import game_info

POINTS = (0, 12, 45, "round_over", "round_2")
"""Where the corpus snapshots a game: after N moves, at the first round's end, early in round 2."""

VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    2**31,
    10**20,
    -(10**20),
    1.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "5D#0",
    "JK#1",
    "R1#0",
    "K13#1",
    "human",
    "hard",
    "x" * 5000,
    "\ud800",
    "a\u0000b\nc",
    [],
    {},
    [1, 2],
    ["5D#0"],
    {"a": 1},
    {"0": []},
)
NEST = "\u0000nest\u0000"


@dataclass
class Case:
    """One damaged file and what became of it."""

    index: int
    kind: str
    """``save`` or ``settings``."""
    base: str
    """Which real file it started from (game and point, or the settings)."""
    mutations: list[str] = field(default_factory=list)
    outcome: str = ""
    """``loaded``, ``set_aside``, ``defaults``... or ``FAIL``."""
    failure: str = ""


# --------------------------------------------------------------------------------------------
# The corpus: real saves and settings


def build_corpus(app: Any, seed: int = 7) -> dict[str, dict[str, Any]]:
    """Real saves (by ``game/point``) of games played by random computer players, each with the
    interface block its table writes once shown."""
    from game.ai.registry import make_bot
    from game.ui.session import GameConfig, Seat, Session

    corpus: dict[str, dict[str, Any]] = {}
    for g, game in enumerate(GAMES):
        players = min(3, game_info(game).max_players)
        seats = [Seat("Marie"), *(Seat(f"Bot {i}", "easy") for i in range(1, players))]
        if g == 1:
            seats[1] = Seat("Zoé")  # a shared screen: several people's arrangements in the block
        session = Session.start(GameConfig(game, seats, seed=seed + g))
        bots = [make_bot(game, "random", seed * 10 + i) for i in range(players)]
        moves = 0
        wanted = list(POINTS)
        while wanted and not session.state.is_over and moves < 5000:
            phase = getattr(session.state, "phase", "")
            reached = [
                point
                for point in wanted
                if (isinstance(point, int) and moves == point)
                or (point == "round_over" and phase == "round_over")
                or (point == "round_2" and session.state.round_number >= 2 and phase != "round_over")
            ]
            for point in reached:
                corpus[f"{game}/{point}"] = snapshot(app, session)
                session = Session.from_json(corpus[f"{game}/{point}"])
                wanted.remove(point)
            seat = session.state.current_player
            session.apply(bots[seat].choose(session.state.view(seat)))
            moves += 1
    return corpus


def snapshot(app: Any, session: Any) -> dict[str, Any]:
    """The save of ``session`` with the interface block its table writes once shown."""

    app.show_table(session)
    for _ in range(2):
        app.step(1 / 60)
    save_ui = getattr(app.scenes.top, "save_ui", None)
    if save_ui is not None:
        save_ui()
    data = json.loads(json.dumps(session.to_json()))
    app.back_to_title()
    return data


def good_settings() -> dict[str, Any]:
    """Settings a player could have chosen (none at its default)."""
    return {
        "language": "fr",
        "sound": False,
        "volume": 0.4,
        "animation_speed": "fast",
        "computer_speed": "slow",
        "card_back": "red",
        "four_colour": True,
        "colour_blind": True,
        "fullscreen": False,
    }


# --------------------------------------------------------------------------------------------
# Mutations


def _nodes(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path into ``data`` (object keys and list indices)."""
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _nodes(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _nodes(v, (*path, i))
    return out


def _get(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


def _pick_path(rng: random.Random, data: Any, kind: str) -> tuple:
    paths = _nodes(data)
    if kind == "save" and rng.random() < 0.35:
        ui = [p for p in paths if p[:1] == ("ui",)]
        if ui:
            return rng.choice(ui)
    path = rng.choice(paths)
    if path[:3] == ("state", "rng", 1) and len(path) > 3 and rng.random() < 0.9:
        path = rng.choice(paths)  # the generator's 625 numbers would take most of the picks
    return path


def mutate_tree(rng: random.Random, data: Any, kind: str) -> tuple[Any, str]:
    """One change to the parsed JSON ``data``; returns it and a description."""
    path = _pick_path(rng, data, kind)
    node = _get(data, path)
    where = "/".join(str(p) for p in path) or "(top)"
    op = rng.choice(("type", "type", "remove", "add", "range", "nest", "list", "piece"))
    if op == "remove" and path:
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data, f"remove {where}"
    if op == "add" and isinstance(node, dict):
        node[rng.choice(("extra", "0", "9", "ui", "version", ""))] = rng.choice(VALUES)
        return data, f"add a key to {where}"
    if op == "add" and isinstance(node, list):
        node.append(copy.deepcopy(rng.choice(node)) if node and rng.random() < 0.7 else rng.choice(VALUES))
        return data, f"append to {where}"
    if op == "range" and isinstance(node, (int, float)) and not isinstance(node, bool):
        value = rng.choice((node + 1, node - 1, -node - 1, node * 1000, 10**18, -(10**18), 99, -99))
        return _set(data, path, value), f"{where} = {value!r}"
    if op == "nest":
        depth = rng.choice((40, 600, 20000))
        return _set(data, path, f"{NEST}{depth}"), f"nest {where} {depth} deep"
    if op == "list" and isinstance(node, list) and len(node) >= 2:
        choice = rng.choice(("shuffle", "duplicate", "drop", "swap"))
        if choice == "shuffle":
            rng.shuffle(node)
        elif choice == "duplicate":
            node.insert(rng.randrange(len(node)), copy.deepcopy(rng.choice(node)))
        elif choice == "drop":
            node.pop(rng.randrange(len(node)))
        else:
            i, j = rng.sample(range(len(node)), 2)
            node[i], node[j] = node[j], node[i]
        return data, f"{choice} items of {where}"
    if op == "piece" and isinstance(node, str) and "#" in node:
        value = rng.choice(("5D#7", "JK#5", "R1#0", "AS#0", "K13#1", "X#0", node.replace("#", "")))
        return _set(data, path, value), f"{where} = {value!r}"
    value = copy.deepcopy(rng.choice(VALUES))
    return _set(data, path, value), f"{where} = {_short(value)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 30 else text[:27] + "..."


def to_text(data: Any) -> str:
    """JSON text of ``data`` with the nesting markers expanded (no recursion on deep data)."""
    text = json.dumps(data)
    while NEST in text:
        start = text.index(f'"{NEST}')
        end = text.index('"', start + 1)
        depth = int(text[start + len(NEST) + 1 : end])
        opener, closer = ("[", "]") if depth % 2 == 0 else ('{"a":', "}")
        text = text[:start] + opener * depth + "0" + closer * depth + text[end + 1 :]
    return text


def mutate_bytes(rng: random.Random, raw: bytes) -> tuple[bytes, str]:
    """One change to the file's bytes: truncation, random bytes, an empty or foreign file."""
    op = rng.choice(("truncate", "truncate", "overwrite", "insert", "random", "empty", "bom", "latin1"))
    if op == "truncate":
        at = rng.randrange(len(raw) + 1)
        return raw[:at], f"truncate at {at} of {len(raw)}"
    if op == "overwrite":
        out = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out), "overwrite random bytes"
    if op == "insert":
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + rng.randbytes(rng.randint(1, 16)) + raw[at:], f"insert random bytes at {at}"
    if op == "random":
        return rng.randbytes(rng.randint(1, 4096)), "a file of random bytes"
    if op == "empty":
        return b"", "an empty file"
    if op == "bom":
        return b"\xef\xbb\xbf" + raw, "a byte order mark in front"
    return raw.decode("utf-8").encode("utf-16"), "re-encoded as UTF-16"


def damage(rng: random.Random, data: Any, kind: str) -> tuple[bytes, list[str]]:
    """A damaged copy of ``data`` as file bytes, and what was done to it."""
    data = copy.deepcopy(data)
    notes = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data, note = mutate_tree(rng, data, kind)
        notes.append(note)
        if not isinstance(data, (dict, list)):
            break
    raw = to_text(data).encode("utf-8")
    if rng.random() < 0.25:
        raw, note = mutate_bytes(rng, raw)
        notes.append(note)
    return raw, notes


# --------------------------------------------------------------------------------------------
# Running cases


class Fuzzer:
    """A headless app with its own user folder, the corpus, and the checks of each case."""

    def __init__(self, home: Path, corpus_seed: int = 7) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ["RAMI_BOT_WORKER"] = "thread"
        from game.ui.storage import Storage

        self.home = home
        self.storage = Storage(home, home)
        self.app = self._new_app()
        self.corpus = build_corpus(self.app, corpus_seed)
        self.settings = good_settings()
        self.set_aside: dict[str, str] = {}
        """Every file set aside so far and the digest of its bytes."""

    def _new_app(self) -> Any:
        from game.ui.app import App, LaunchOptions

        app = App(LaunchOptions(lang="en", storage=self.storage))
        app.start()
        app.running = True
        return app

    def run_case(self, seed: int, index: int) -> Case:
        rng = random.Random(f"savefuzz:{seed}:{index}")
        if rng.random() < 0.2:
            raw, notes = damage(rng, self.settings, "settings")
            case = Case(index, "settings", "settings", notes)
        else:
            base = rng.choice(sorted(self.corpus))
            raw, notes = damage(rng, self.corpus[base], "save")
            case = Case(index, "save", base, notes)
        try:
            if case.kind == "save":
                case.outcome = self._save_case(case, raw)
            else:
                case.outcome = self._settings_case(raw)
            self._others_still_load(case)
        except Exception:
            case.outcome = "FAIL"
            case.failure = traceback.format_exc(limit=6)
            self._recover()
        return case

    # -- one damaged save ---------------------------------------------------------------------
    def _save_case(self, case: Case, raw: bytes) -> str:
        from game.engine.errors import SaveError
        from game.ui.tables.base import TableScene

        app, storage = self.app, self.storage
        game = case.base.split("/")[0]
        other = self._other_slot(case)
        self._write(storage.settings_path, json.dumps(self.settings).encode())
        self._write(storage.slot_path(game), raw)
        self._engine_refuses_cleanly(raw, game_info, SaveError)
        app.back_to_title()
        app.toasts.clear()
        app.continue_saved_game(game)
        table = app.scenes.top
        if isinstance(table, TableScene):
            for _ in range(3):
                app.step(1 / 60)
            self._playable(table.session)
            app.save_session(table.session)
            app.flush_saves()
            app.back_to_title()
            return "loaded"
        messages = [str(t.text) for t in app.toasts]
        if not messages:
            raise AssertionError("a save was refused without a message")
        if storage.has_saved_game(game):
            raise AssertionError("a refused save is still offered by Continue")
        if not storage.has_saved_game(other):
            raise AssertionError("a damaged save took another game's save with it")
        self._note_set_aside()
        for _ in range(2):
            app.step(1 / 60)
        return "set_aside"

    def _other_slot(self, case: Case) -> str:
        """Put an untouched save of another game in its slot; returns that game."""
        game = case.base.split("/")[0]
        other = GAMES[(GAMES.index(game) + 1 + case.index % 2) % len(GAMES)]
        base = next(name for name in sorted(self.corpus) if name.startswith(other + "/"))
        self._write(self.storage.slot_path(other), to_text(self.corpus[base]).encode())
        return other

    @staticmethod
    def _engine_refuses_cleanly(raw: bytes, game_info: Any, save_error: type) -> None:
        """The engine's loader raises nothing but ``SaveError`` (any other exception is a bug
        that the interface's safety net would hide)."""
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return
        state = data.get("state") if isinstance(data, dict) else None
        game = state.get("game") if isinstance(state, dict) else None
        if game not in GAMES:
            return
        with contextlib.suppress(save_error):
            game_info(game).load(state)

    @staticmethod
    def _playable(session: Any) -> None:
        """A computer player can move in the loaded game (on a copy of it)."""
        from game.ai.registry import make_bot

        state = session.state
        if state.is_over:
            return
        copy_ = game_info(session.game).load(json.loads(json.dumps(state.to_json())))
        seat = copy_.current_player
        copy_.apply(make_bot(session.game, "random", 1).choose(copy_.view(seat)))
        copy_.audit()

    # -- damaged settings ---------------------------------------------------------------------
    def _settings_case(self, raw: bytes) -> str:
        from game.ui.storage import Settings

        storage = self.storage
        self._write(storage.settings_path, raw)
        first = sorted(self.corpus)[0]
        self._write(storage.slot_path(first.split("/")[0]), to_text(self.corpus[first]).encode())
        settings, problem = storage.load_settings()
        assert isinstance(settings, Settings)
        settings.check()
        if problem is None:
            return "settings_loaded"
        assert problem == "settings_unreadable", problem
        assert settings == Settings()
        assert not storage.settings_path.exists(), "unreadable settings not set aside"
        self._note_set_aside()
        return "defaults"

    # -- everything else still loads ------------------------------------------------------------
    def _others_still_load(self, case: Case) -> None:
        from game.ui.session import Session
        from game.ui.storage import Settings

        present = set(os.listdir(self.home))
        lost = [name for name in self.set_aside if name not in present]
        if lost:
            raise AssertionError(f"an earlier set-aside file was lost: {lost[0]}")
        names = list(self.set_aside)
        for name in names[case.index % 25 :: 25]:  # each file's bytes checked every 25 cases
            if _digest((self.home / name).read_bytes()) != self.set_aside[name]:
                raise AssertionError(f"an earlier set-aside file was changed: {name}")
        if case.kind == "save":
            settings, problem = self.storage.load_settings()
            assert problem is None and settings == Settings(**self.settings), "the settings were lost"
        name = case.base if case.kind == "save" else sorted(self.corpus)[0]
        game = name.split("/")[0]
        self._write(self.storage.slot_path(game), to_text(self.corpus[name]).encode())
        data, problem = self.storage.load_game_data(game)
        assert data is not None, f"an untouched save no longer loads ({problem})"
        Session.from_json(data)
        from game.ui.session import saved_games

        listed, problems = saved_games(self.storage)
        assert not problems and game in [s.game for s in listed], "the Continue list lost a save"

    def _note_set_aside(self) -> None:
        for path in self.home.glob("*.unreadable-*"):
            if path.name not in self.set_aside:
                self.set_aside[path.name] = _digest(path.read_bytes())

    @staticmethod
    def _write(path: Path, raw: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(raw)

    def _recover(self) -> None:
        """After a failed case: a fresh app, so that the next cases are judged on their own."""
        from game.ui.app import quit_pygame

        for scene in list(self.app.scenes):
            with contextlib.suppress(Exception):
                scene.leave()
        quit_pygame()
        self.storage.__init__(self.home, self.home)
        self.app = self._new_app()

    def close(self) -> None:
        from game.ui.app import quit_pygame

        for scene in list(self.app.scenes):
            scene.leave()
        self.app.flush_saves()
        quit_pygame()


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def run_cases(seed: int, count: int, start: int = 0, home: Path | None = None) -> list[Case]:
    """Run cases ``start`` .. ``start + count - 1`` of ``seed``; returns every case."""
    with tempfile.TemporaryDirectory(prefix="rami-savefuzz-") as tmp:
        fuzzer = Fuzzer(home or Path(tmp))
        try:
            return [fuzzer.run_case(seed, i) for i in range(start, start + count)]
        finally:
            fuzzer.close()


# --------------------------------------------------------------------------------------------
# Command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count", type=cli.arg(cli.whole(1)), default=1000, help="number of damaged files (default 1000)"
    )
    parser.add_argument("--seed", type=cli.arg(cli.whole()), default=1, help="the run's seed (default 1)")
    parser.add_argument(
        "--start", type=cli.arg(cli.whole(0)), default=0, help="index of the first case (to rerun one)"
    )
    parser.add_argument("--verbose", action="store_true", help="print every case")


def run(args: argparse.Namespace) -> int:
    cases = []
    for case in run_cases(args.seed, args.count, args.start):
        cases.append(case)
        if args.verbose or case.outcome == "FAIL":
            print(f"case {case.index} [{case.base}] {'; '.join(case.mutations)} -> {case.outcome}")
        if case.outcome == "FAIL":
            print(case.failure)
            print(f"  rerun: python -m game.bench savefuzz --seed {args.seed} --start {case.index} --count 1")
    outcomes = Counter(c.outcome for c in cases)
    kinds = Counter(c.kind for c in cases)
    failed = outcomes.pop("FAIL", 0)
    print(
        f"{len(cases)} damaged files ({kinds['save']} saves, {kinds['settings']} settings), seed {args.seed}: "
        + ", ".join(f"{n} {o}" for o, n in sorted(outcomes.items()))
    )
    print(f"failures (crashes or other files lost): {failed}")
    return 1 if failed else 0
