"""The Windows version resource of the executable (file properties: version, product, licence).

``build.spec`` writes ``version_info_text(game.__version__)`` to a file and passes it to
PyInstaller's ``EXE(version=...)`` on Windows; the text is the serialised form PyInstaller reads
(``PyInstaller.utils.win32.versioninfo``). Run ``python tools/windows_version.py`` to print it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PRODUCT = "Rami"
DESCRIPTION = "Rami: Frustration Rummy, 500 Rum and Rummy with tiles"
COPYRIGHT = "Rami contributors, MIT licence"


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows shows for ``version`` ("1.2.3" -> 1, 2, 3, 0; "1.2.3rc1" -> 1, 2, 3, 0)."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3]]
    if not numbers:
        raise ValueError(f"no version number in {version!r}")
    return (*numbers, 0, 0, 0, 0)[:4]  # type: ignore[return-value]


def version_info_text(version: str) -> str:
    """The version resource for ``version``, as text for ``EXE(version=...)``."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": PRODUCT,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": "rami",
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": "rami.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3F,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0),
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table},
        ],
      )
    ]),
    VarFileInfo([VarStruct('Translation', [0x0409, 1200])]),
  ],
)
"""


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from game import __version__

    print(version_info_text(__version__), end="")


if __name__ == "__main__":
    main()
