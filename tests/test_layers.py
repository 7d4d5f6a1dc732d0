"""The package's layers import one way: dataset, then core and wire, then http (sending bytes),
then the protocols (rest, mcp, site), then the composition that builds and runs them (build,
prebuilt, openapi, main, cli, ops, and export, which writes the view models to files). The protocols never import each other: each is one folder
holding its build and its routes, and what they share lives below them. paths, urls and settings
sit beside the layers and may be read by every one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent.parent / "app" / "photospecs"
LAYERS = {"dataset": 0, "wire": 1, "core": 1, "http": 2, "rest": 3, "mcp": 3, "site": 3, "composition": 4}
PROTOCOLS = {"rest", "mcp", "site"}
COMPOSITION = {"build", "prebuilt", "openapi", "main", "cli", "ops", "export"}
SHARED = {"paths", "urls", "settings", "__init__"}


def layer_of(module: str) -> str | None:
    """The layer of `photospecs.<top>...`; None for the shared modules."""
    top = module.split(".")[0]
    if top in COMPOSITION:
        return "composition"
    return top if top in LAYERS else None  # a shared module, or a name such as __version__


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("photospecs."):
            found.add(node.module.removeprefix("photospecs."))
        elif isinstance(node, ast.ImportFrom) and node.module == "photospecs":
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.removeprefix("photospecs.") for a in node.names if a.name.startswith("photospecs."))
    return found


MODULES = sorted(p for p in APP.rglob("*.py") if "__pycache__" not in p.parts)


def own_layer(path: Path) -> str:
    # The shared modules may import only the lowest layer.
    return layer_of(".".join(path.relative_to(APP).with_suffix("").parts)) or "dataset"


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(APP)) for p in MODULES])
def test_no_module_imports_a_layer_above_its_own(path):
    own = own_layer(path)
    upward = [m for m in imports(path) if (theirs := layer_of(m)) is not None and LAYERS[theirs] > LAYERS[own]]
    assert upward == [], f"{path.relative_to(APP)} ({own}) imports {upward}"


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(APP)) for p in MODULES])
def test_no_protocol_imports_another(path):
    own = own_layer(path)
    across = [m for m in imports(path) if (theirs := layer_of(m)) in PROTOCOLS and own in PROTOCOLS and theirs != own]
    assert across == [], f"{path.relative_to(APP)} ({own}) imports {across}"


def test_the_layer_check_sees_a_crossing():
    """The checks above read real imports: a module of rest importing mcp is a crossing."""
    assert layer_of("mcp.records") == "mcp" and layer_of("rest.routes") == "rest"
    assert "mcp.records" in imports(APP / "openapi.py")
    assert "rest.build" in imports(APP / "build.py")


def test_the_shared_modules_and_the_layers_cover_the_package():
    tops = {p.relative_to(APP).parts[0].removesuffix(".py") for p in MODULES}
    known = SHARED | COMPOSITION | set(LAYERS)
    assert tops <= known, tops - known


def test_the_wheel_lists_every_folder_of_the_package():
    """setuptools takes the packages named in pyproject.toml: a folder left out would be missing
    from the wheel and the image, while an editable install still finds it."""
    import tomllib

    listed = set(tomllib.loads((APP.parent.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {".".join(("photospecs", *p.parent.relative_to(APP).parts)).rstrip(".") for p in MODULES}
    assert folders - listed == set()


def test_the_wheel_carries_every_file_the_site_reads():
    """Templates, static files and catalogues reach the wheel only through package-data: a file
    no pattern names is missing from the image while a checkout still finds it."""
    import tomllib
    from pathlib import PurePosixPath

    patterns = tomllib.loads((APP.parent.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["photospecs.site"]
    site = APP / "site"
    files = [p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")]
    missing = [f for f in files if not any(PurePosixPath(f).full_match(pattern) if hasattr(PurePosixPath, "full_match")
                                           else _glob_match(f, pattern) for pattern in patterns)]
    assert files and missing == [], missing[:5]


def _glob_match(path: str, pattern: str) -> bool:
    """setuptools' glob: "*" within one folder, "**" across folders."""
    import re

    regex = re.escape(pattern).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*")
    return re.fullmatch(regex, path) is not None
