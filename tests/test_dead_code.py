"""No dead code in the game: the dead-code scan (vulture at 60% confidence over ``game/``, as
``[tool.vulture]`` in pyproject.toml sets it) reports nothing that ``tools/vulture_whitelist.py``
does not explain. One test per package of ``game/``, so that a report says whose code it is."""

from __future__ import annotations

import functools
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WHITELIST = ROOT / "tools" / "vulture_whitelist.py"
PACKAGES = sorted(p.name for p in (ROOT / "game").iterdir() if (p / "__init__.py").exists())
FINDING = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+): (?P<what>.+)$")


@functools.cache
def findings() -> tuple[str, ...]:
    """The scan's report, one line per finding (``game/ai/x.py:12: unused function 'f' (60%
    confidence)``)."""
    run = subprocess.run(
        [sys.executable, "-m", "vulture"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert run.returncode in (0, 3), run.stderr  # 3: something found; anything else: the scan failed
    lines = tuple(line for line in run.stdout.splitlines() if line.strip())
    assert all(FINDING.match(line) for line in lines), lines
    return lines


def in_package(line: str) -> str | None:
    """The package of ``game/`` a finding is in (``None``: a module at the top of ``game/``)."""
    parts = Path(FINDING.match(line)["path"]).parts  # type: ignore[index]
    return parts[1] if len(parts) > 2 and parts[0] == "game" else None


@pytest.mark.parametrize("package", [*PACKAGES, None], ids=[*PACKAGES, "top"])
def test_the_scan_finds_nothing_unexplained(package: str | None) -> None:
    unexplained = [line for line in findings() if in_package(line) == package]
    assert unexplained == [], "dead, or explain it in tools/vulture_whitelist.py:\n" + "\n".join(unexplained)


def test_every_whitelisted_name_still_exists() -> None:
    """The whitelist names real objects: importing it fails when one of them is gone."""
    spec = importlib.util.spec_from_file_location("vulture_whitelist", WHITELIST)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


def test_the_scan_reports_a_dead_function(tmp_path: Path) -> None:
    """The scan is live: a function nothing calls is reported."""
    (tmp_path / "module.py").write_text("def never_called():\n    return 1\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "vulture", str(tmp_path), "--min-confidence", "60"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "unused function 'never_called'" in run.stdout
