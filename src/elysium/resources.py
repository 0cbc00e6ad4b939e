"""Files that ship with Elysium: the stylesheets and the demo chronicle.

They live in ``styles/`` and ``saves/`` at the top of the repository and are installed as the
packages ``elysium.styles`` and ``elysium.saves``; this finds them either way.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path, PurePath

_REPO = Path(__file__).resolve().parent.parent.parent


def _package_dir(package: str, fallback: str) -> Path:
    """The installed data package (a namespace package: no ``__init__``), else the folder
    at the top of the source tree."""
    try:
        spec = importlib.util.find_spec(package)
    except ModuleNotFoundError:
        spec = None
    for location in (spec.submodule_search_locations or []) if spec else []:
        path = Path(location)
        if path.is_dir():
            return path
    return _REPO / fallback


def styles_dir() -> Path:
    return _package_dir("elysium.styles", "styles")


def saves_dir() -> Path:
    return _package_dir("elysium.saves", "saves")


def stylesheets(*names: str) -> list[str | PurePath]:
    """Absolute paths of the named ``.tcss`` files (for ``CSS_PATH``)."""
    base = styles_dir()
    return [base / name for name in names]


def demo_chronicle() -> Path:
    return saves_dir() / "demo"
