"""The engine is plain Python: importing it pulls in no Django."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_engine_imports_no_django_module():
    code = (
        "import sys, games.engines.incan_gold, games.engines.incan_gold.fastsim\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(bad)\n"
        "assert not bad\n"
        "assert 'games.engines.incan_gold.rules' in sys.modules\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout.strip() == "[]"
