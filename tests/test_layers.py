"""The package's layers import one way: dataset, then wire, then catalog, then asgi (sending
bytes), then the transports (rest, mcp, site) and what runs them (ops, main, cli, and export,
which writes the catalog's view models to files). paths, urls, settings and photocheck (the
check rules, which import nothing of ours) sit beside the layers and may be read by every one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parent.parent / "app" / "photospecs"
LAYERS = ["dataset", "wire", "catalog", "asgi", "transports"]
TRANSPORTS = {"rest", "mcp", "site", "ops", "main", "cli", "export"}
SHARED = {"paths", "urls", "settings", "photocheck", "__init__"}


def layer_of(module: str) -> str | None:
    """The layer of `photospecs.<top>...`; None for the shared modules."""
    top = module.split(".")[0]
    if top in TRANSPORTS:
        return "transports"
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


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(APP)) for p in MODULES])
def test_no_module_imports_a_layer_above_its_own(path):
    own = layer_of(".".join(path.relative_to(APP).with_suffix("").parts))
    if own is None:
        own = "dataset"  # the shared modules may import only the lowest layer
    upward = [m for m in imports(path) if (theirs := layer_of(m)) is not None and LAYERS.index(theirs) > LAYERS.index(own)]
    assert upward == [], f"{path.relative_to(APP)} ({own}) imports {upward}"


def test_the_shared_modules_and_the_layers_cover_the_package():
    tops = {p.relative_to(APP).parts[0].removesuffix(".py") for p in MODULES}
    assert tops <= SHARED | TRANSPORTS | set(LAYERS), tops - SHARED - TRANSPORTS - set(LAYERS)
