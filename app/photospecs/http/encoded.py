"""A response body encoded once: identity, gzip and brotli variants, each with its strong ETag
and a ready header list, so sending it is a dictionary lookup and two ASGI messages."""

from __future__ import annotations

import gzip
import hashlib
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

import brotli

Headers = list[tuple[bytes, bytes]]

CODINGS = ("br", "gzip", "identity")
JSON = b"application/json"
HTML = b"text/html; charset=utf-8"

# Sent with every /api response: browsers may call from any origin, and must not sniff types.
COMMON_HEADERS: Headers = [
    (b"access-control-allow-origin", b"*"),
    (b"access-control-expose-headers", b"ETag, MCP-Protocol-Version, Mcp-Session-Id"),
    (b"x-content-type-options", b"nosniff"),
]


@dataclass(frozen=True, slots=True)
class Variant:
    body: bytes
    etag: bytes
    headers: Headers  # for 200 and HEAD
    not_modified_headers: Headers  # for 304: the same validators, no body headers
    # A pre-built catalog keeps a huge body in a file of its own, sent by the server from there
    # (ASGI pathsend), and `body` empty: out of every worker's memory (prebuilt.py).
    file: str | None = None


@dataclass(frozen=True, slots=True)
class Prepared:
    """One resource in every content coding we offer."""

    variants: dict[str, Variant]

    @property
    def identity(self) -> bytes:
        return self.variants["identity"].body


# Compression effort by body size, measured on the bundled dataset (bench/RESULTS.md): brotli 11
# saves under 2% over 10 on the full dataset at three times the start-up cost, and on bodies of
# a few KB quality 6 is within a few hundred bytes of 11. Past 1 MiB (the photo tool's model
# files, 17 MB in four files; Swagger UI's bundle) brotli 5 and gzip 6 come within 2.5% of
# brotli 8 and gzip 9 at a quarter of the time: 0.5 s instead of 2.0 s of every start-up.
LARGE_BODY = 32 * 1024
HUGE_BODY = 1024 * 1024


# A download (the open dataset's files) is fetched now and then, not with every page: brotli 8
# instead of 10 on the 650 KB documents CSV costs 9 % more bytes and saves 0.35 s of every start.
DOWNLOAD_QUALITY = 8


def compress(body: bytes, coding: str, download: bool = False) -> bytes:
    large = len(body) >= LARGE_BODY
    huge = len(body) >= HUGE_BODY
    if coding == "br":
        quality = 5 if huge else DOWNLOAD_QUALITY if download and large else 10 if large else 6
        compressed: bytes = brotli.compress(body, quality=quality)
        return compressed
    if coding == "gzip":
        level = 6 if huge or not large else 9
        return gzip.compress(body, compresslevel=level, mtime=0)  # mtime=0: same bytes every start
    return body


# Below this, compression saves a few dozen bytes at most and costs the client a decoder run.
SMALL_BODY = 512


def prepare(
    body: bytes, content_type: bytes, cache_control: bytes, extra: Headers | None = None, compressible: bool = True, download: bool = False,
    keep_identity: bool = True,
) -> Prepared:
    """Encode once: br, gzip and identity, each with its strong ETag. Small or already
    compressed bodies (images) are sent identity whatever the client accepts. `download`: a
    file fetched now and then, compressed with less effort (DOWNLOAD_QUALITY). Without
    `keep_identity`, the identity variant is made from the gzip one when a client asks (Derived)."""
    digest = hashlib.sha256(body).hexdigest()[:20]
    codings: tuple[str, ...] = CODINGS if compressible and len(body) >= SMALL_BODY else ("identity",)
    if len(body) >= HUGE_BODY:
        # The photo tool's model files and Swagger UI's bundle: every browser that asks for them
        # over HTTPS takes brotli, so a gzip copy (7.6 MB of memory in every pod) would serve
        # only plain-HTTP clients, which get identity instead.
        codings = tuple(c for c in codings if c != "gzip")
    if not keep_identity and "gzip" in codings:
        kept = {coding: _variant(coding, compress(body, coding, download), digest, content_type, cache_control, extra) for coding in ("br", "gzip")}
        return Prepared(Derived(kept, digest, content_type, cache_control, extra))
    variants = {coding: _variant(coding, compress(body, coding, download), digest, content_type, cache_control, extra) for coding in codings}
    for coding in CODINGS:
        variants.setdefault(coding, variants["identity"])
    return Prepared(variants)


def _variant(coding: str, encoded: bytes, digest: str, content_type: bytes, cache_control: bytes, extra: Headers | None) -> Variant:
    # Strong ETags differ per coding: the bytes on the wire differ.
    etag = f'"{digest}-{coding}"'.encode() if coding != "identity" else f'"{digest}"'.encode()
    validators: Headers = [(b"etag", etag), (b"cache-control", cache_control), (b"vary", b"Accept-Encoding"), *COMMON_HEADERS, *(extra or [])]
    body_headers: Headers = [(b"content-type", content_type), (b"content-length", str(len(encoded)).encode())]
    if coding != "identity":
        body_headers.append((b"content-encoding", coding.encode()))
    return Variant(encoded, etag, body_headers + validators, validators)


# Variants made on request (Derived), most recently sent last: every browser takes brotli or
# gzip, so the clients these serve (curl, some crawlers) need only a few dozen in memory.
DECODED_KEPT = 64
_decoded: OrderedDict[tuple[bytes, str], Variant] = OrderedDict()


class Derived(dict[str, Variant]):
    """A body kept in memory in its compressed codings alone: a coding it lacks is made from a
    kept one when a client asks (gzip's is the quicker to decode), and only the last DECODED_KEPT
    of those are kept. English pages keep brotli and gzip (their identity bodies were 11 MiB of
    every server); other languages' pages brotli alone (thirteen languages fit in memory)."""

    def __init__(self, kept: dict[str, Variant], digest: str, content_type: bytes, cache_control: bytes, extra: Headers | None) -> None:
        super().__init__(kept)
        self._made = (digest, content_type, cache_control, extra)

    def __missing__(self, coding: str) -> Variant:
        gzipped = self.get("gzip")
        source = gzipped or self["br"]
        key = (source.etag, coding)
        found = _decoded.get(key)
        if found is None:
            digest, content_type, cache_control, extra = self._made
            body = gzip.decompress(source.body) if gzipped else brotli.decompress(source.body)
            found = _variant(coding, compress(body, coding), digest, content_type, cache_control, extra)
            _decoded[key] = found
            if len(_decoded) > DECODED_KEPT:
                _decoded.popitem(last=False)
        else:
            _decoded.move_to_end(key)
        return found

    def __reduce__(self) -> tuple[object, ...]:
        return (Derived, (dict(self), *self._made))


def prepare_brotli(body: bytes, content_type: bytes, cache_control: bytes, extra: Headers | None = None) -> Prepared:
    """A page of a language other than English: encoded once, in brotli only (Derived)."""
    if len(body) < SMALL_BODY:
        return prepare(body, content_type, cache_control, extra)
    digest = hashlib.sha256(body).hexdigest()[:20]
    return Prepared(Derived({"br": _variant("br", compress(body, "br"), digest, content_type, cache_control, extra)}, digest, content_type, cache_control, extra))


class Blob(Protocol):
    """What PackedPages slices: bytes, or a stretch of the pre-built file read when asked for
    (photospecs.prebuilt.InFile), which no worker holds a copy of."""

    def __getitem__(self, part: slice, /) -> bytes: ...

    def __len__(self) -> int: ...


@dataclass(frozen=True, slots=True)
class PackedPages(Mapping[str, Prepared]):
    """Many pages of one kind (a language's pages) as one brotli blob and an index: a response is
    put together when asked for (a slice of the blob and its headers). Ten thousand pages held as
    objects cost more memory than their bodies, took a second to load from the pre-built file,
    and each one touched by a request was copied into the worker (its reference count lives in
    the page it shares with the parent); one blob is one object."""

    blob: Blob
    index: dict[str, tuple[int, int, str]]  # path -> (offset, length, the identity body's digest)
    content_type: bytes
    cache_control: bytes
    extra: Headers | None

    @classmethod
    def of(cls, bodies: dict[str, bytes], content_type: bytes, cache_control: bytes, extra: Headers | None = None) -> PackedPages:
        parts, index, end = [], {}, 0
        for path, body in bodies.items():
            encoded = compress(body, "br")
            index[path] = (end, len(encoded), hashlib.sha256(body).hexdigest()[:20])
            parts.append(encoded)
            end += len(encoded)
        return cls(b"".join(parts), index, content_type, cache_control, extra)

    def __getitem__(self, path: str) -> Prepared:
        offset, length, digest = self.index[path]
        made = (digest, self.content_type, self.cache_control, self.extra)
        return Prepared(Derived({"br": _variant("br", self.blob[offset : offset + length], *made)}, *made))

    def __iter__(self) -> Iterator[str]:
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.index)

    def __contains__(self, path: object) -> bool:
        return path in self.index


def cache_control(max_age: int) -> bytes:
    return f"public, max-age={max_age}".encode()
