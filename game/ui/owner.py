"""One owner for a user folder's saved games: a second copy of the game saves nothing.

Two copies of the game on one user folder would each save their own idea of a game over the
other's (three turns played in one window, then the other window sorts its hand: the three turns
are gone). So the first copy to start owns the folder: it holds an operating-system lock on
``rami.lock`` in the data folder (``filelock``: ``flock`` on Linux and macOS, ``LockFileEx`` on
Windows) for as long as it runs. A later copy finds the lock taken and opens read-only: it may
show everything and even play, but it writes no saved game, settings, statistics or last setup
(``Storage.read_only``), and says so on screen.

The lock belongs to the process: the kernel lets go of it when the process ends, however it ends
(closed, killed, a power cut), so a copy that died never blocks the next start, and nothing has
to be cleaned up. A folder where no lock can be made (read-only, a file in its way, a disk
without locks) is not locked at all: the copy then starts as the owner, as before, and the disk's
own refusals are reported as they come.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

LOCK_FILE = "rami.lock"


class Ownership:
    """The lock on one user folder (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / LOCK_FILE
        self._lock: Any = None

    def claim(self) -> bool:
        """Take the folder if no other copy of the game holds it; ``False`` when one does.
        A folder that cannot be locked counts as taken by nobody (``True``)."""
        import filelock

        lock = filelock.FileLock(str(self.path), timeout=0)
        try:
            lock.acquire()
        except filelock.Timeout:
            return False
        except (OSError, NotImplementedError, RuntimeError):
            return True  # no lock here: nothing can be written either, or the disk has no locks
        self._lock = lock
        return True

    def release(self) -> None:
        """Let the folder go (at the end of the run; the kernel does it anyway at exit)."""
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release()
            self._lock = None
