"""The photo tool's pure geometry (tests/js/*.test.mjs), run by node's own test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

JS_TESTS = Path(__file__).parent / "js"


def test_geometry_units_pass_under_node():
    node = shutil.which("node")
    assert node, "node is needed for the photo tool's unit tests"
    run = subprocess.run([node, "--test", *sorted(map(str, JS_TESTS.glob("*.test.mjs")))], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout
