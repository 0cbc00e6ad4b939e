"""Files that ship with Elysium: the stylesheets and the demo chronicle.

They live in ``styles/`` and ``saves/`` at the top of the repository and are installed as the
packages ``elysium.styles`` and ``elysium.saves``; this finds them either way.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_REPO = Path(__file__).resolve().parent.parent.parent


def _package_dir(package: str, fallback: str) -> Path:
    try:
        found = Path(str(resources.files(package)))
        if found.is_dir():
            return found
    except (ModuleNotFoundError, TypeError):
        pass
    return _REPO / fallback


def styles_dir() -> Path:
    return _package_dir("elysium.styles", "styles")


def saves_dir() -> Path:
    return _package_dir("elysium.saves", "saves")


def stylesheets(*names: str) -> list[Path]:
    """Absolute paths of the named ``.tcss`` files (for ``CSS_PATH``)."""
    base = styles_dir()
    return [base / name for name in names]


def demo_chronicle() -> Path:
    return saves_dir() / "demo"
