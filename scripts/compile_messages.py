"""Compile every locale/*/LC_MESSAGES/*.po into its .mo with polib: no GNU gettext needed.

The .mo files are checked in, so `make run` needs neither this nor gettext; tests/i18n holds
them equal to their .po files.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def compile_all(root: Path = ROOT / "locale") -> list[Path]:
    """Write the .mo beside each .po under `root`; the .mo paths written."""
    written = []
    for po_path in sorted(root.glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
        written.append(mo_path)
    return written


if __name__ == "__main__":
    for path in compile_all():
        sys.stdout.write(f"compiled {path.relative_to(ROOT)}\n")
