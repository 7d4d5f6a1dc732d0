"""A catalog built ahead of time: `photospecs build` writes it, `serve` loads it.

Building encodes every body in every coding (brotli at high quality over every page), a few
seconds of CPU that each new pod would otherwise spend exactly when an autoscaler adds it under
load. The file holds, after a header with its key (a digest of the code, of the dataset's files
and of the settings the bodies depend on), the built catalog pickled without its response
bodies, then the bodies themselves. Huge bodies (the photo tool's model files, in identity and
brotli) are written to files of their own beside it (`catalog.bin.files/`), which the server
sends from disk: the kernel's page cache holds them once for every worker and pod on a node,
instead of each pod's memory. `serve` loads it only when its key is the key of what it
would build (anything else is refused with the reason, and the catalog is built in-process as
before). The serving process loads it before granian forks the workers, which share its pages.

The file is trusted like the code beside it (unpickling it runs code): it is written at image
build time into the image, never taken from outside.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.metadata
import io
import mmap
import os
import pickle
import struct
from pathlib import Path
from typing import Any

import msgspec

from photospecs.build import Catalog
from photospecs.http.encoded import HUGE_BODY, Variant
from photospecs.settings import Settings

FORMAT = b"photospecs-catalog 7\n"
PACKAGE = Path(__file__).resolve().parent
DEFAULT_FILE = PACKAGE / "catalog.bin"
# Settings that only steer the server (timeouts, limits, logging, the Host guard, metrics)
# never reach a body: a pod may change them without giving up the pre-built catalog.
RUNTIME_ONLY = frozenset(
    {"log_level", "access_log", "header_timeout", "max_head_bytes", "max_concurrency", "backlog", "drain_seconds", "allowed_hosts", "metrics",
     "worker_memory_mib", "memory_limit_mib"}
)


def path_of(settings: Settings) -> Path:
    return Path(settings.catalog_file) if settings.catalog_file else DEFAULT_FILE


def files_of(path: Path) -> Path:
    """The folder of the huge bodies of the catalog file at `path`, one file each."""
    return path.with_name(path.name + ".files")


def _files_digest(root: Path, skip: tuple[str, ...] = ()) -> bytes:
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        relative = path.relative_to(root).as_posix()
        if "__pycache__" in relative or relative.startswith(skip):
            continue
        digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def code_digest() -> bytes:
    """The package's code, templates and static files as installed.

    An installed wheel's RECORD already lists every file with its sha256, written when it was
    installed: its lines for the package stand for the files, and reading them costs nothing at
    start-up (hashing the files themselves, the tool's model files among them, took about half a
    second in every serving process and spawned worker). A checkout (an editable install), whose
    files change under it, is keyed on each file's size and modification time instead."""
    recorded = _recorded_lines()
    if recorded is not None:
        return hashlib.sha256("\n".join(recorded).encode()).digest()
    digest = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file()):
        relative = path.relative_to(PACKAGE).as_posix()
        if "__pycache__" in relative or relative.startswith(("bundled/", DEFAULT_FILE.name)):
            continue
        stat = path.stat()
        digest.update(f"{relative}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.digest()


def _recorded_lines() -> list[str] | None:
    """RECORD's lines for this package's files, or None when this package is not the one a
    wheel installed (a checkout, or another copy on the path)."""
    try:
        dist = importlib.metadata.distribution("photospecs")
        record = dist.read_text("RECORD")
    except importlib.metadata.PackageNotFoundError:
        return None
    if record is None or Path(str(dist.locate_file("photospecs/__init__.py"))).resolve() != PACKAGE / "__init__.py":
        return None
    lines = [line for line in record.splitlines() if line.startswith("photospecs/") and "__pycache__" not in line]
    return lines if any(line.startswith("photospecs/__init__.py,") for line in lines) else None


def key(settings: Settings) -> bytes:
    """What a catalog built now would be built from: the package's files (its code, templates
    and static files, as code_digest reads them), the dataset's files, and the settings bodies
    depend on."""
    bodies = {name: value for name, value in msgspec.structs.asdict(settings).items() if name not in RUNTIME_ONLY}
    bodies.pop("dataset_dir")  # its files are hashed instead: the same dataset anywhere is the same
    bodies.pop("catalog_file")
    digest = hashlib.sha256(FORMAT)
    digest.update(code_digest())
    digest.update(_files_digest(settings.dataset_path))
    digest.update(msgspec.json.encode(bodies))
    return digest.hexdigest().encode()


class InFile:
    """A stretch of the pre-built file, read from it (pread) when a page in it is asked for: a
    language's packed pages. Its bytes stay in the kernel's page cache, once for every worker and
    pod on the node and reclaimable, not in any process's memory: a copy each was 45 MiB a worker
    for twelve languages, and a read-only mapping of it grew each worker's resident set by the
    pages requests had touched (34 MiB after every page once). A worker reads a page once and
    then keeps it put together (main.PhotospecsApp._warmed)."""

    __slots__ = ("_length", "_opened", "_start")

    def __init__(self, opened: _Opened, start: int, length: int) -> None:
        self._opened, self._start, self._length = opened, start, length

    def __getitem__(self, part: slice) -> bytes:
        start, stop, _ = part.indices(self._length)
        return os.pread(self._opened.fd, stop - start, self._start + start)

    def __len__(self) -> int:
        return self._length


class _Opened:
    """The pre-built file, open for as long as its packed pages may be asked for (a file
    replaced by a newer build stays readable through it)."""

    __slots__ = ("fd",)

    def __init__(self, path: Path) -> None:
        self.fd = os.open(path, os.O_RDONLY)

    def __del__(self) -> None:
        os.close(self.fd)


class _Writer(pickle.Pickler):
    """Pickles the catalog with each response body replaced by its place among the bodies (a
    packed blob's marked "packed": read back as an InFile, not a copy), and each variant with a
    huge body by the name of the file that holds it."""

    def __init__(self, file: io.BytesIO, bodies: set[int], packed: set[int]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._bodies = bodies | packed
        self._packed = packed
        self.placed: dict[int, tuple[str, int, int]] = {}  # id(body) -> ("body", offset, length)
        self.blobs: list[bytes] = []
        self.files: dict[str, bytes] = {}  # file name (the body's digest) -> huge body
        self._end = 0

    def persistent_id(self, obj: Any) -> tuple[Any, ...] | None:
        if type(obj) is Variant and len(obj.body) >= HUGE_BODY:
            name = obj.etag.strip(b'"').decode()  # the body's digest and coding: unique, and fit for a file name
            self.files[name] = obj.body
            return ("file", name, len(obj.body), obj.etag, obj.headers, obj.not_modified_headers)
        if type(obj) is not bytes or id(obj) not in self._bodies:
            return None
        place = self.placed.get(id(obj))
        if place is None:
            place = self.placed[id(obj)] = ("packed" if id(obj) in self._packed else "body", self._end, len(obj))
            self.blobs.append(obj)
            self._end += len(obj)
        return place


class _Reader(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, bodies: memoryview, files: Path, opened: _Opened, bodies_at: int) -> None:
        super().__init__(file)
        self._bodies = bodies
        self._files = files
        self._opened, self._bodies_at = opened, bodies_at
        self._read: dict[Any, Any] = {}  # one object per body or file, however often it is named
        self.missing: list[Path] = []  # files named but not there as written

    def persistent_load(self, pid: Any) -> bytes | Variant | InFile:
        found = self._read.get(pid[:2])
        if found is None:
            kind, *where = pid
            if kind == "packed":
                found = InFile(self._opened, self._bodies_at + where[0], where[1])
            else:
                found = self._file_variant(*where) if kind == "file" else self._body(*where)
            self._read[pid[:2]] = found
        return found

    def _body(self, offset: int, length: int) -> bytes:
        # Copied out of the mapping into bytes: granian sends a bytes body as it is, but takes a
        # memoryview element by element, which served a tenth of the requests per second
        # (an 8 KB body: 54,000 requests/s as bytes, 13,400 as a memoryview; bench/RESULTS.md).
        return bytes(self._bodies[offset : offset + length])

    def _file_variant(self, name: str, length: int, etag: bytes, headers: Any, not_modified_headers: Any) -> Variant:
        path = self._files / name
        if not path.is_file() or path.stat().st_size != length:
            self.missing.append(path)
        return Variant(b"", etag, headers, not_modified_headers, file=str(path.resolve()))


def write(catalog: Catalog, path: Path) -> None:
    """Atomically: a server starting meanwhile sees the old file or the new one, never half
    (the huge bodies' files are named by their digest, so the old file's stay until the new
    catalog has replaced it)."""
    bodies = {id(v.body) for prepared in catalog.prepared() for v in prepared.variants.values()}
    pickled = io.BytesIO()
    writer = _Writer(pickled, bodies, {id(packed.blob) for packed in catalog.site.packed.values()})
    writer.dump(catalog)
    head = FORMAT + key(catalog.settings) + b"\n" + struct.pack("<Q", pickled.tell())
    files = files_of(path)
    files.mkdir(parents=True, exist_ok=True)
    for name, body in writer.files.items():
        _write_atomically(files / name, [body])
    _write_atomically(path, [head, pickled.getbuffer(), *writer.blobs])
    for stale in set(os.listdir(files)) - set(writer.files):
        (files / stale).unlink()


def _write_atomically(path: Path, parts: list[Any]) -> None:
    partial = path.with_name(path.name + ".partial")
    with partial.open("wb") as out:
        for part in parts:
            out.write(part)
    os.replace(partial, path)


def read(settings: Settings) -> Catalog | str:
    """The pre-built catalog for `settings`, or why there is none to use."""
    path = path_of(settings)
    try:
        with path.open("rb") as source:
            if source.readline() != FORMAT:
                return f"{path} is not a catalog file of this version"
            if source.readline().rstrip(b"\n") != key(settings):
                return f"{path} was built from other code, dataset or settings; run `photospecs build` again"
            (length,) = struct.unpack("<Q", source.read(8))
            pickled = io.BytesIO(source.read(length))
            bodies_at = source.tell()
            # The mapping bodies are copied out of is closed after reading, so the pages read then
            # do not stay mapped in every worker; the packed pages are read when asked for (InFile).
            with mmap.mmap(source.fileno(), 0, access=mmap.ACCESS_READ) as mapped, memoryview(mapped)[bodies_at:] as bodies:
                reader = _Reader(pickled, bodies, files_of(path), _Opened(path), bodies_at)
                catalog = reader.load()
    except FileNotFoundError:
        return f"no pre-built catalog at {path}"
    if reader.missing:
        return f"{reader.missing[0]} is missing or changed; run `photospecs build` again"
    assert isinstance(catalog, Catalog), path
    # Runtime-only settings may differ from the build's: serve with this process's.
    return dataclasses.replace(catalog, settings=settings)
