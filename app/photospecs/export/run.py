"""`photospecs export OUTDIR`: every file of the open dataset (export/published.py) written to a folder."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from photospecs.core.views import build_views
from photospecs.dataset import Data
from photospecs.export.published import published
from photospecs.urls import Urls


@dataclass(frozen=True, slots=True)
class Export:
    version: str
    files: list[Path]


def export(outdir: Path, data: Data, urls: Urls, generated: datetime.date) -> Export:
    outdir.mkdir(parents=True, exist_ok=True)
    made = published(data, build_views(data, urls), urls.site, generated)
    written = []
    for name, body in made.files.items():
        path = outdir / name
        path.write_bytes(body)
        written.append(path)
    return Export(made.version, written)
