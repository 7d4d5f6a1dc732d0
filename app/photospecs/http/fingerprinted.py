"""Bodies at URLs that carry their own content hash (`?v=<hash>`), such as the site's static
files and the open dataset's files: asked for with that hash, a body never changes at that URL,
so browsers and proxies may keep it for a year without asking again. Any other query gets the
usual lifetime: an old or made-up hash must not pin these bytes to that URL."""

from __future__ import annotations

import dataclasses

from photospecs.http.encoded import Prepared, Variant

FOREVER = b"public, max-age=31536000, immutable"


class Fingerprinted:
    def __init__(self, bodies: dict[str, tuple[Prepared, str]]) -> None:
        """`bodies`: path -> its response and the hash its URL carries."""
        self.queries = {path: f"v={digest}".encode() for path, (_, digest) in bodies.items()}
        self._by_path = {path: (prepared, cached_for_good(prepared), self.queries[path]) for path, (prepared, _) in bodies.items()}

    def get(self, path: str, query: bytes) -> Prepared | None:
        found = self._by_path.get(path)
        if found is None:
            return None
        prepared, forever, own = found
        return forever if query == own else prepared

    def hot(self) -> list[tuple[str, bytes]]:
        """Each path asked for bare and with its own hash: what clients ask for."""
        return [(path, query) for path, own in self.queries.items() for query in (b"", own)]


def cached_for_good(prepared: Prepared) -> Prepared:
    """The same encoded bodies with Cache-Control FOREVER; no body is encoded again."""
    done: dict[int, Variant] = {}

    def swap(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        return [(name, FOREVER if name == b"cache-control" else value) for name, value in headers]

    def variant(v: Variant) -> Variant:
        if id(v) not in done:
            done[id(v)] = dataclasses.replace(v, headers=swap(v.headers), not_modified_headers=swap(v.not_modified_headers))
        return done[id(v)]

    return Prepared({coding: variant(v) for coding, v in prepared.variants.items()})
