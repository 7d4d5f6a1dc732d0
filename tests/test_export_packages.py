"""The exported packages used as a user would: the wheel installed into a clean virtual
environment and a typed example checked by `mypy --strict`; the npm tarball installed into an
empty project and a TypeScript example checked by `tsc --strict`; and check_photo answering the
shared table of cases identically in the server's reference, the wheel and the npm package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import node_tools
import pytest
from exported import CASES, expected, export_into, one, reference_answer

PY_EXAMPLE = '''
from photospecs_data import CheckResult, Document, check_photo, countries, documents, get_document, get_portal, meta

spec: Document | None = get_document("us-visa")
assert spec is not None
width: float | None = spec.get("widthMm")
head = spec.get("headHeightMm")
low: float | None = head["min"] if head else None
answer: CheckResult = check_photo(spec, get_portal("ds-160"), width_px=600, height_px=600, bytes=180000, format="jpeg")
failed: list[str] = [rule["message"] for rule in answer["rules"] if rule["status"] == "fail"]
names: dict[str, str] = {country["id"]: country["name"] for country in countries}
print(len(documents), meta["counts"]["documents"], width, low, answer["verdict"], failed, names["us"])
'''
# What the types must refuse: a string where a number goes, a key the records do not have.
PY_WRONG = '''
from photospecs_data import check_photo, get_document

check_photo("us-visa", width_px="600")
spec = get_document("us-visa")
assert spec is not None
spec["widthMillimetres"]
'''
PY_CASES = '''
import json, re, sys
from photospecs_data import check_photo

def snake(name):
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), name)

answers = []
for case in json.load(open(sys.argv[1])):
    given = dict(case["input"])
    try:
        answers.append({"result": check_photo(given.pop("document"), given.pop("portal", None), **{snake(k): v for k, v in given.items()})})
    except ValueError as exc:
        answers.append({"error": str(exc)})
print(json.dumps(answers))
'''
TS_EXAMPLE = '''
import { checkPhoto, countries, documents, getDocument, getPortal, meta } from "photospecs-data";
import type { CheckResult, Document, Portal } from "photospecs-data";

const spec: Document | undefined = getDocument("us-visa");
if (spec === undefined) throw new Error("us-visa is missing");
const width: number | null | undefined = spec.widthMm;
const low: number | undefined = spec.headHeightMm?.min;
const portal: Portal | undefined = getPortal("ds-160");
const answer: CheckResult = checkPhoto({ document: spec, portal, widthPx: 600, heightPx: 600, bytes: 180000, format: "jpeg" });
const failed: string[] = answer.rules.filter((rule) => rule.status === "fail").map((rule) => rule.message);
const total: number = documents.length + meta.counts.documents + countries.length;
// @ts-expect-error the records are read-only
spec.widthMm = 1;
// @ts-expect-error a document is required
checkPhoto({ widthPx: 600 });
// @ts-expect-error a number, not a string
checkPhoto({ document: "us-visa", widthPx: "600" });
console.log(width, low, failed, total, answer.verdict);
'''
TS_REQUIRE = '''
import photospecs = require("photospecs-data");

const verdict: "pass" | "fail" | "incomplete" = photospecs.checkPhoto({ document: "uk-passport" }).verdict;
console.log(photospecs.getDocument("uk-passport")?.bgColor, verdict);
'''
JS_CASES = '''
import { readFileSync } from "node:fs";
import { checkPhoto } from "photospecs-data";

const answers = JSON.parse(readFileSync(process.argv[2], "utf8")).map((c) => {
  try {
    return { result: checkPhoto(c.input) };
  } catch (error) {
    return { error: error.message };
  }
});
console.log(JSON.stringify(answers));
'''
CASES_FILE = Path(__file__).parent / "check_cases.json"


def run(*command: str | Path, cwd: Path | None = None, ok: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=300, check=False)
    if ok:
        assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return export_into(tmp_path_factory.mktemp("export"))


@pytest.fixture(scope="module")
def reference(bundled):
    from photospecs.core.views import build_views
    from photospecs.settings import Settings
    from photospecs.urls import Urls

    settings = Settings()
    views = build_views(bundled, Urls(settings.site, settings.photo_tool_url))
    return [reference_answer(views, case) for case in CASES]


@pytest.fixture(scope="module")
def clean_python(out, tmp_path_factory):
    """A virtual environment with nothing in it but the wheel (no pip: this pip installs into it)."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home, with_pip=False)
    python = home / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", one(out, "*.whl"))
    return python


def test_the_wheel_imports_in_a_clean_environment(clean_python, tmp_path):
    (tmp_path / "example.py").write_text(PY_EXAMPLE)
    printed = run(clean_python, "-I", tmp_path / "example.py").stdout.split()
    assert printed[0] == printed[1] and printed[2:6] == ["50.8", "25.4", "incomplete", "[]"] and printed[-2:] == ["United", "States"]
    modules = run(clean_python, "-I", "-c", "import sys, photospecs_data; print(sorted(sys.modules))").stdout
    assert "msgspec" not in modules and "photospecs" not in modules.replace("photospecs_data", "")


def test_the_installed_wheel_types_a_strict_example(clean_python, tmp_path):
    """The example passes `mypy --strict` against the installed package; the wrong one does not."""
    (tmp_path / "example.py").write_text(PY_EXAMPLE)
    (tmp_path / "wrong.py").write_text(PY_WRONG)
    mypy = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", clean_python]
    refused = run(*mypy, "example.py", "wrong.py", cwd=tmp_path, ok=False)
    assert refused.returncode == 1 and "example.py" not in refused.stdout, refused.stdout
    assert 'Argument "width_px" to "check_photo" has incompatible type "str"' in refused.stdout
    assert '"widthMillimetres"' in refused.stdout


def test_the_wheel_own_code_passes_mypy_strict(out, tmp_path):
    """mypy leaves installed packages unchecked: the wheel's own modules are checked from its files."""
    with zipfile.ZipFile(one(out, "*.whl")) as wheel:
        wheel.extractall(tmp_path)
    run(sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "photospecs_data", cwd=tmp_path)


def test_the_wheel_answers_the_cases_as_the_reference(clean_python, reference, tmp_path):
    (tmp_path / "cases.py").write_text(PY_CASES)
    answers = json.loads(run(clean_python, "-I", tmp_path / "cases.py", CASES_FILE).stdout)
    for case, got in zip(CASES, answers, strict=True):
        expected(case, got)
    assert answers == reference


@pytest.fixture(scope="module")
def node_project(out, tmp_path_factory):
    """An empty npm project with the tarball installed, as a user would (TypeScript, pinned, is
    the tests' own: tests/node_tools.py)."""
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI"):
            pytest.fail("npm is required in CI")
        pytest.skip("npm is not installed here (apt-get install nodejs npm); CI has it")
    project = tmp_path_factory.mktemp("node-project")
    (project / "package.json").write_text(json.dumps({"name": "uses-photospecs-data", "private": True, "type": "module"}))
    run(npm, "install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", one(out, "*.tgz"), cwd=project)
    return project


def test_the_npm_package_types_a_strict_example(node_project):
    (node_project / "example.mts").write_text(TS_EXAMPLE)
    (node_project / "example.cts").write_text(TS_REQUIRE)
    tsc = node_tools.install() / ".bin" / "tsc"
    run(tsc, "--strict", "--noEmit", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022",
        "example.mts", "example.cts", cwd=node_project)


def test_the_npm_package_loads_both_ways(node_project):
    esm = run("node", "--input-type=module", "-e",
              "import { documents, getDocument } from 'photospecs-data'; console.log(documents.length, getDocument('us-visa').widthPx)",
              cwd=node_project).stdout.split()
    cjs = run("node", "-e", "const p = require('photospecs-data'); console.log(p.documents.length, p.getPortal('ds-160').maxBytes)",
              cwd=node_project).stdout.split()
    assert esm[1] == "600" and cjs[1] == "240000" and esm[0] == cjs[0]


def test_the_npm_package_answers_the_cases_as_the_reference(node_project, reference):
    (node_project / "cases.mjs").write_text(JS_CASES)
    answers = json.loads(run("node", "cases.mjs", CASES_FILE, cwd=node_project).stdout)
    for case, got in zip(CASES, answers, strict=True):
        expected(case, got)
    assert answers == reference
