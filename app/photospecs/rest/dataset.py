"""GET /api/dataset and the files it lists: the open dataset, made by the composition (the same
function `photospecs export` writes with) and handed over here as bytes, each encoded once and
served at a URL that carries its content hash."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import NamedTuple

import msgspec

from photospecs.http.encoded import JSON, Prepared, prepare
from photospecs.paths import at
from photospecs.urls import Urls
from photospecs.wire.rest import LICENSE_URL, DatasetFile, DatasetIndex

FINGERPRINT = 16  # hex digits of the sha256 in a file's URL, as the site's static files carry
# Archives are compressed already: sent as they are whatever the client accepts.
PACKED = (b"application/zip", b"application/gzip")


class Offered(NamedTuple):
    name: str
    body: bytes
    media_type: str
    description: str


class Release(NamedTuple):
    """What the composition hands over: the versions, the day, and the files in their order."""

    name: str
    version: str
    dataset_version: str
    generated: str
    files: list[Offered]


@dataclass(frozen=True, slots=True)
class DatasetSlice:
    index: Prepared  # /api/dataset
    files: dict[str, tuple[Prepared, str]]  # path -> the file and the hash its URL carries


def build_dataset(release: Release, urls: Urls, cache_control: bytes) -> DatasetSlice:
    files: dict[str, tuple[Prepared, str]] = {}
    listed = []
    for offered in release.files:
        digest = hashlib.sha256(offered.body).hexdigest()
        fingerprint, media = digest[:FINGERPRINT], offered.media_type.encode()
        files[at("dataset-file", offered.name)] = (prepare(offered.body, media, cache_control, compressible=media not in PACKED, download=True), fingerprint)
        url = f"{urls.path('dataset-file', offered.name)}?v={fingerprint}"
        listed.append(DatasetFile(offered.name, url, offered.media_type, len(offered.body), digest, offered.description))
    index = DatasetIndex(release.name, release.version, release.dataset_version, release.generated, "MIT", LICENSE_URL, listed)
    return DatasetSlice(prepare(msgspec.json.encode(index), JSON, cache_control), files)
