"""Property-based testing of every operation from the service's own OpenAPI, with schemathesis,
against a real granian process: no 5xx, documented statuses, content types and headers, and
every body (errors included) conforming to the schema declared for it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import local

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance"


def test_openapi_properties_hold_on_a_real_server(server, tmp_path):
    command = shutil.which("schemathesis", path=str(Path(sys.executable).parent)) or "schemathesis"
    # No example database: the seed alone fixes the cases, as on a fresh CI checkout, and a run
    # does not spend a quarter of its time reading and writing .hypothesis/. 100 examples an
    # operation, Hypothesis's own default: 2,512 cases.
    result = subprocess.run(
        [command, "run", f"{server.url}/api/openapi.json", "--checks", CHECKS, "--max-examples", "100",
         "--seed", "20261121", "--generation-database", "none", "--request-timeout", "10", "--report-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=600,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    generated = int(re.search(r"(\d+) generated", output).group(1))
    assert generated >= 1000, output[-2000:]
    tested = re.search(r"Tested: (\d+)", output)
    operations = sum(len(ops) for ops in local.get(f"{server.url}/api/openapi.json").json()["paths"].values())
    # Every operation in the description but the description itself, which schemathesis leaves out.
    assert tested and int(tested.group(1)) == operations - 1 == 16
