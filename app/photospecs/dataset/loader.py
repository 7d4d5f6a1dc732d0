"""Read dataset/ into validated models. Every problem names the file and the field.

The types in `schema.py` catch what one field can get wrong; this module checks what spans
fields and files (pixel sizes against mm and dpi, unique ids and aliases, portal links), and
derives what a file leaves out: the size basis from the sources, head heights and eye lines from
the published rule of the print format (geometry-defaults.toml).
"""

from __future__ import annotations

import datetime
import hashlib
import importlib.resources
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import TypeVar

import msgspec
import pycountry

from photospecs.dataset import citations as cite
from photospecs.dataset import sources as source_hosts
from photospecs.dataset.schema import (
    ComparisonFile,
    ComparisonsFile,
    CountryFile,
    DocumentFile,
    FormatDefault,
    Fraction,
    GeometryDefaultsFile,
    IcaoFile,
    PortalFile,
    PortalsFile,
    PrintSheet,
    PrintSheetsFile,
    Range,
    Source,
)

# The dataset bundled with the package (dataset/ in the repository, photospecs/bundled in a
# wheel); the dataset_dir setting (PHOTOSPECS_DATASET_DIR) overrides it. Installs unpack onto
# the file system, so the resource is a directory.
T = TypeVar("T")

DEFAULT_DATASET_DIR = Path(str(importlib.resources.files("photospecs.bundled")))
MM_PER_INCH = 25.4


class DatasetError(Exception):
    """The dataset cannot be served; `problems` holds one "file: field: what" line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True, slots=True)
class Doc:
    """One document format with everything derived from its file resolved."""

    id: str
    country: CountryFile
    file: DocumentFile  # as written, with size_basis filled in (derived where the file leaves it out)
    slug: str
    width_px: int | None  # None only for a photo the office takes at a size it does not publish
    height_px: int | None
    sources: list[Source]
    portals: tuple[str, ...]
    checked: datetime.date
    # Chin to crown: the authority's figure ("authority"), else the rule published for the same
    # print format (its basis, e.g. "us-2x2-default"), else unknown.
    head_height_mm: Range | None
    head_height_basis: str | None
    # Above the bottom edge: the authority's, else the format's rule, else ISO/IEC 19794-5's band
    # for a document that follows ICAO ("iso-19794-5-default"), else unknown.
    eye_line_mm: Range | None
    eye_line_basis: str | None
    # The standard a default comes from, in words (None for the authority's own figure).
    head_height_standard: str | None = None
    eye_line_standard: str | None = None
    # The words (or standards) its sources are quoted with, and each served fact's label.
    citations: tuple[cite.Cited, ...] = ()
    bases: dict[str, str] = field(default_factory=dict)
    # The label of the size (served as sizeBasis); the file's size_basis says only how it was given.
    size_basis: str = ""


@dataclass(frozen=True, slots=True)
class Data:
    countries: list[CountryFile]  # sorted by display name
    docs: dict[str, Doc]  # by document id, in country then file order
    docs_by_country: dict[str, list[Doc]]
    portals: dict[str, PortalFile]
    icao: IcaoFile
    geometry_defaults: list[FormatDefault]
    comparisons: list[ComparisonFile]
    print_sheets: list[PrintSheet]
    country_aliases: dict[str, str]  # normalised alias -> country id (ids included)
    doc_aliases: dict[str, str]  # legacy document id -> document id
    version: str  # changes whenever any fact changes: the latest check date and a content hash
    warnings: list[str]  # what the load reported without refusing the dataset (weak sources)


def alias_key(text: str) -> str:
    """Fold case and separators so "United Kingdom", "united_kingdom" and "UNITED-KINGDOM" meet."""
    return _SEPARATORS.sub("-", text.strip().lower())


_SEPARATORS = re.compile(r"[\s_\-]+")  # compiled once: re.sub's cache lookup was half the call


def px_from_mm(mm: float, dpi: int) -> int:
    # Round half up, as print shops and the authorities' own tables do (not banker's rounding).
    return int(mm / MM_PER_INCH * dpi + 0.5)


def flag_for(iso2: str) -> str:
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in iso2)


def load(directory: Path = DEFAULT_DATASET_DIR) -> Data:
    problems: list[str] = []
    warnings: list[str] = []  # reported, but the dataset is still served
    countries = _read_countries(directory, problems)
    portals = _decode(directory / "portals.toml", PortalsFile, problems)
    icao = _decode(directory / "icao.toml", IcaoFile, problems)
    defaults = _decode(directory / "geometry-defaults.toml", GeometryDefaultsFile, problems)
    comparisons = _decode(directory / "comparisons.toml", ComparisonsFile, problems)
    sheets = _decode(directory / "print-sheets.toml", PrintSheetsFile, problems)
    if problems:
        raise DatasetError(problems)
    assert portals is not None and icao is not None and comparisons is not None and sheets is not None
    assert defaults is not None

    _check_defaults(directory / "geometry-defaults.toml", defaults.formats, problems)
    geometry = Geometry(icao.eye_line, {(f.width_mm, f.height_mm): f for f in defaults.formats})
    all_portals = _gather_portals(directory, portals.portals, countries, problems)
    docs = _resolve_documents(directory, countries, [p for _, p in all_portals], geometry, problems, warnings)
    portal_map = _check_portals(all_portals, docs, problems, warnings)
    country_aliases = _country_aliases(directory, countries, problems)
    doc_aliases = _doc_aliases(directory, countries, docs, problems)
    _check_unique(directory / "comparisons.toml", "comparisons", [c.id for c in comparisons.comparisons], problems)
    _check_unique(directory / "print-sheets.toml", "sheets.id", [s.id for s in sheets.sheets], problems)
    if problems:
        raise DatasetError(problems)
    return Data(
        countries=sorted(countries, key=lambda c: c.name.casefold()),
        docs=docs,
        docs_by_country={c.id: [d for d in docs.values() if d.country is c] for c in countries},
        portals=portal_map,
        icao=icao,
        geometry_defaults=defaults.formats,
        comparisons=comparisons.comparisons,
        print_sheets=sheets.sheets,
        country_aliases=country_aliases,
        doc_aliases=doc_aliases,
        version=_version(docs, countries, portals, icao, defaults, comparisons, sheets),
        warnings=warnings,
    )


def _version(docs: dict[str, Doc], *files: object) -> str:
    """The latest check date and a hash of the decoded facts: comments and layout do not count."""
    digest = hashlib.sha256(msgspec.json.encode(files)).hexdigest()[:8]
    latest = max(doc.checked for doc in docs.values())
    return f"{latest:%Y.%m.%d}-{digest}"


def _decode(path: Path, kind: type[T], problems: list[str]) -> T | None:
    try:
        return msgspec.toml.decode(path.read_bytes(), type=kind)
    except FileNotFoundError:
        problems.append(f"{path}: file is missing")
    except msgspec.ValidationError as exc:
        # msgspec says "... - at `$.documents[0].dpi`"; lead with the field instead.
        message, _, where = str(exc).rpartition(" - at `$")
        field = where.rstrip("`").lstrip(".") if message else ""
        problems.append(f"{path}: {field or '(top level)'}: {message or exc}")
    except msgspec.DecodeError as exc:
        problems.append(f"{path}: (syntax): {exc}")
    return None


def _read_countries(directory: Path, problems: list[str]) -> list[CountryFile]:
    files = sorted((directory / "countries").glob("*.toml"))
    if not files:
        problems.append(f"{directory / 'countries'}: no country files")
    countries = []
    for path in files:
        country = _decode(path, CountryFile, problems)
        if country is None:
            continue
        if country.id != path.stem:
            problems.append(f"{path}: id: {country.id!r} must match the file name {path.stem!r}")
        _check_country_codes(path, country, problems)
        countries.append(country)
    _check_unique(directory / "countries", "id", [c.id for c in countries], problems)
    return countries


def _check_country_codes(path: Path, country: CountryFile, problems: list[str]) -> None:
    if (country.iso2 is None) != (country.iso3 is None):
        problems.append(f"{path}: iso2/iso3: give both ISO 3166 codes, or neither for a group")
    if country.iso2 and country.flag != flag_for(country.iso2):
        problems.append(f"{path}: flag: {country.flag!r} is not the flag of {country.iso2}")
    if country.iso2 and country.iso3:
        entry = pycountry.countries.get(alpha_2=country.iso2) or _USER_ASSIGNED.get(country.iso2)
        if entry is None:
            problems.append(f"{path}: iso2: {country.iso2} is not an ISO 3166-1 code")
        elif entry.alpha_3 != country.iso3:
            problems.append(f"{path}: iso3: the alpha-3 code of {country.iso2} is {entry.alpha_3}, not {country.iso3}")


# Kosovo is not in ISO 3166-1, but XK/XKX is what the EU, the IMF and its own passports use.
_USER_ASSIGNED = {"XK": SimpleNamespace(alpha_3="XKX")}


def _resolve_documents(
    directory: Path, countries: list[CountryFile], portals: list[PortalFile], geometry: Geometry, problems: list[str], warnings: list[str]
) -> dict[str, Doc]:
    portals_by_doc: dict[str, list[str]] = {}
    for portal in portals:
        for doc_id in portal.documents:
            portals_by_doc.setdefault(doc_id, []).append(portal.id)

    docs: dict[str, Doc] = {}
    for country in countries:
        path = directory / "countries" / f"{country.id}.toml"
        _check_unique(path, "documents.kind", [d.kind for d in country.documents], problems)
        _check_sources(f"{path}: sources", country.sources, problems, warnings)
        _check_quotes(f"{path}: sources", country.sources, cite.DOCUMENT_FACTS, problems)
        for index, doc in enumerate(country.documents):
            where = f"{path}: documents[{index}]"
            doc_id = doc.id or f"{country.id}-{doc.kind}"
            if doc_id in docs:
                problems.append(f"{where}.kind: document id {doc_id!r} is already used")
            sources = doc.sources or country.sources
            written_basis = doc.size_basis
            doc = msgspec.structs.replace(doc, size_basis=_size_basis(where, doc, sources, problems))
            sized = _check_size(where, doc, sources, problems)
            width_px = _pixels(where, "width", doc.width_mm, doc.width_px, doc, problems) if sized else None
            height_px = _pixels(where, "height", doc.height_mm, doc.height_px, doc, problems) if sized else None
            for name in ("head_height_mm", "eye_line_mm", "top_margin_mm"):
                span = getattr(doc, name)
                if span is not None and not span.min <= span.max <= (doc.height_mm or 200):
                    problems.append(f"{where}.{name}: needs min <= max <= height_mm ({doc.height_mm})")
            for name in ("head_width_mm", "width_range_mm", "height_range_mm"):
                span = getattr(doc, name)
                if span is not None and span.min > span.max:
                    problems.append(f"{where}.{name}: needs min <= max")
            _check_unique(f"{where}", "requirements", doc.requirements, problems)
            _check_sources(f"{where}.sources", doc.sources, problems, warnings)
            _check_quotes(f"{where}.sources", doc.sources, cite.DOCUMENT_FACTS, problems)
            for number, variant in enumerate(doc.variants):
                _check_sources(f"{where}.variants[{number}].source", [variant.source], problems, warnings)
                cite.check_variant(f"{where}.variants[{number}]", variant, problems)
            if not sources:
                problems.append(f"{where}.sources: no source here nor at country level")
            else:
                _check_secondary_reason(where, sources, doc.secondary_reason, problems)
                source_hosts.check_backing(where, sources, warnings)
            checked = doc.checked or country.checked
            if checked is None:
                problems.append(f"{where}.checked: give the date the facts were checked (here or for the country)")
            head, head_basis, head_standard = geometry.head(doc)
            eye, eye_basis, eye_standard = geometry.eyes(doc)
            _check_head_fits(where, doc, head, head_basis, problems)
            facts, own = cite.document_facts(doc, head_basis, eye_basis)
            places = [(f"{where}.sources[{i}]", s) for i, s in enumerate(doc.sources)] or [
                (f"{path}: sources[{i}] (for {doc_id})", s) for i, s in enumerate(country.sources)
            ]
            cite.check_present(doc_id, places, own, problems)
            citations = [c for s in sources for c in cite.cited(s)]
            bases = cite.bases(facts, citations, sources)
            if written_basis == cite.AUTHORITY and bases["size"] != cite.AUTHORITY:
                problems.append(f'{where}.size_basis: "authority" needs a source of the authority quoted stating the size')
            docs[doc_id] = Doc(
                id=doc_id,
                country=country,
                file=doc,
                slug=doc.slug or f"{country.id}-{doc.kind}-photo",
                width_px=width_px,
                height_px=height_px,
                sources=sources,
                portals=tuple(portals_by_doc.get(doc_id, ())),
                checked=checked or datetime.date.min,
                head_height_mm=head,
                head_height_basis=bases.get("headHeight"),
                eye_line_mm=eye,
                eye_line_basis=bases.get("eyeLine"),
                head_height_standard=head_standard,
                eye_line_standard=eye_standard,
                citations=tuple(citations),
                bases=bases,
                size_basis=bases["size"],
            )
    _check_unique(directory / "countries", "slug", [d.slug for d in docs.values()], problems)
    return docs


def _check_size(where: str, doc: DocumentFile, sources: list[Source], problems: list[str]) -> bool:
    """True when the document has a size; it may have none only where the authority publishes
    none: a photo the office takes, or one it asks for without a size (size_basis "unpublished")."""
    given = [doc.width_mm, doc.height_mm, doc.dpi, doc.bg_color, doc.bg_color_label]
    if doc.size_basis == "common-format" and (doc.capture != "office" or None in given):
        problems.append(f'{where}.size_basis: "common-format" is only for capture = "office", with the size it stands for')
    if doc.size_basis == "secondary" and (None in given or not any(s.secondary for s in sources)):
        problems.append(f'{where}.size_basis: "secondary" needs the size and the secondary source that reports it')
    if doc.size_basis == "unpublished":
        if doc.capture == "office" or any(value is not None for value in given[:3]):
            problems.append(f'{where}.size_basis: "unpublished" is for a photo the applicant supplies, with width_mm, height_mm and dpi left out')
        if (doc.bg_color is None) != (doc.bg_color_label is None):
            problems.append(f"{where}: give bg_color and bg_color_label together, or neither where the authority names no colour")
        if rests_on_secondary(sources):
            problems.append(f'{where}.size_basis: "unpublished" needs the authority\'s own page asking for the photo')
        return False
    if all(value is not None for value in given):
        return True
    if doc.capture != "office" or any(value is not None for value in given[:3]):
        problems.append(
            f"{where}: width_mm, height_mm, dpi, bg_color and bg_color_label are required "
            "(they may be left out only when capture = \"office\" or size_basis = \"unpublished\")"
        )
    return False


def _size_basis(where: str, doc: DocumentFile, sources: list[Source], problems: list[str]) -> str:
    """The basis as written, else derived: a size rests on the authority only when a source that
    is not secondary backs the document."""
    if doc.size_basis == "authority" and rests_on_secondary(sources):
        problems.append(f'{where}.size_basis: "authority" needs a source of the authority; every source here is secondary')
    if doc.size_basis is not None:
        return doc.size_basis
    # A photo the office takes at no published size has no size to rest on anything.
    unsized = doc.capture == "office" and doc.width_mm is None
    return "secondary" if rests_on_secondary(sources) and not unsized else "authority"


def _check_head_fits(where: str, doc: DocumentFile, head: Range | None, basis: str | None, problems: list[str]) -> None:
    """The tallest head allowed (the authority's or the format's default), with the least space
    the authority asks for above it, must fit the photo: otherwise no photo meets both rules."""
    if head is None or doc.height_mm is None:
        return
    margin = doc.top_margin_mm.min if doc.top_margin_mm else 0
    if head.max + margin > doc.height_mm:
        problems.append(
            f"{where}.head_height_mm: a {head.max:g} mm head ({basis}) with {margin:g} mm above it "
            f"does not fit a {doc.height_mm:g} mm photo"
        )


@dataclass(frozen=True, slots=True)
class Geometry:
    """Where a document's head height and eye line come from when its authority gives none."""

    iso_eye_line: Fraction  # ISO/IEC 19794-5's eye band, as fractions of the height from the bottom
    formats: dict[tuple[float, float], FormatDefault]  # by (width_mm, height_mm)

    def _format(self, doc: DocumentFile) -> FormatDefault | None:
        if doc.width_mm is None or doc.height_mm is None:
            return None
        return self.formats.get((doc.width_mm, doc.height_mm))

    def head(self, doc: DocumentFile) -> tuple[Range | None, str | None, str | None]:
        if doc.head_height_mm is not None:
            return doc.head_height_mm, "authority", None
        rule = self._format(doc)
        if rule is not None:
            return rule.head_height_mm, rule.basis, rule.standard
        return None, None, None

    def eyes(self, doc: DocumentFile) -> tuple[Range | None, str | None, str | None]:
        if doc.eye_line_mm is not None:
            return doc.eye_line_mm, "authority", None
        rule = self._format(doc)
        if rule is not None and rule.eye_line_mm is not None:
            return rule.eye_line_mm, rule.basis, rule.standard
        if doc.icao_compliant and doc.height_mm is not None:
            low, high = (round(doc.height_mm * f, 1) for f in (self.iso_eye_line.min, self.iso_eye_line.max))
            return Range(min=low, max=high), ISO_EYE_BASIS, ISO_EYE_STANDARD
        return None, None, None


ISO_EYE_BASIS = "iso-19794-5-default"
ISO_EYE_STANDARD = "ISO/IEC 19794-5, the ICAO portrait standard: the eyes 50 to 70 % of the photo height above the bottom edge"


def _check_defaults(path: Path, formats: list[FormatDefault], problems: list[str]) -> None:
    """Each rule names one format and fits it; "authority" is reserved for the authority's figures."""
    _check_unique(path, "formats.basis", [f.basis for f in formats], problems)
    _check_unique(path, "formats (width_mm x height_mm)", [f"{f.width_mm:g} x {f.height_mm:g}" for f in formats], problems)
    for index, rule in enumerate(formats):
        where = f"{path}: formats[{index}]"
        if rule.basis in ("authority", ISO_EYE_BASIS) or not rule.basis.endswith("-default"):
            problems.append(f'{where}.basis: name the standard and end in "-default", e.g. "us-2x2-default"')
        for name in ("head_height_mm", "eye_line_mm"):
            span = getattr(rule, name)
            if span is not None and not span.min <= span.max <= rule.height_mm:
                problems.append(f"{where}.{name}: needs min <= max <= height_mm ({rule.height_mm:g})")


def _check_sources(where: str, sources: list[Source], problems: list[str], warnings: list[str]) -> None:
    """Hosts that cannot be a source are refused; front pages are reported, not refused: such a
    source backs no figure, and `validate --report` counts the documents that rest on nothing better."""
    source_hosts.check(where, sources, problems, warnings)


def _check_quotes(where: str, sources: list[Source], known: tuple[str, ...], problems: list[str]) -> None:
    for index, source in enumerate(sources):
        cite.check_source(f"{where}[{index}]", source, known, problems)


def rests_on_secondary(sources: list[Source]) -> bool:
    return all(source.secondary for source in sources)


def _check_secondary_reason(where: str, sources: list[Source], reason: str | None, problems: list[str]) -> None:
    """A document or portal with no authority source among its sources must say why."""
    if rests_on_secondary(sources) and reason is None:
        problems.append(f"{where}.secondary_reason: every source is secondary; say why no authority page was used")


def _pixels(where: str, axis: str, mm: float | None, given: int | None, doc: DocumentFile, problems: list[str]) -> int:
    """The print's pixels at `dpi`, as the contract defines them. An authority may round its own
    figure one pixel the other way; a digital image size is `digital_px`, not this."""
    assert mm is not None and doc.dpi is not None  # _check_size said so
    computed = px_from_mm(mm, doc.dpi)
    if given is None:
        return computed
    if abs(given - computed) > 1:
        problems.append(
            f"{where}.{axis}_px: {given} is not {axis}_mm at {doc.dpi} dpi ({computed}); "
            "a pixel size the authority states for the digital image goes in digital_px"
        )
    return given


def _gather_portals(
    directory: Path, listed: list[PortalFile], countries: list[CountryFile], problems: list[str]
) -> list[tuple[str, PortalFile]]:
    """Portals from portals.toml and from country files, each with where it was written."""
    gathered = []
    for index, portal in enumerate(listed):
        where = f"{directory / 'portals.toml'}: portals[{index}]"
        if portal.country is None:
            problems.append(f"{where}.country: required in portals.toml")
        gathered.append((where, portal))
    for country in countries:
        for index, portal in enumerate(country.portals):
            where = f"{directory / 'countries' / f'{country.id}.toml'}: portals[{index}]"
            if portal.country not in (None, country.id):
                problems.append(f"{where}.country: leave it out; the file's country is {country.id!r}")
            gathered.append((where, msgspec.structs.replace(portal, country=country.id)))
    return gathered


_STATED_SIZE = re.compile(r"(\d+(?:[.,]\d+)?)\s*([kKmM]?)[bB]")


def _stated_bytes(stated: str, unit: str, bound: str) -> int | None:
    """The bytes a limit written like "240 kB" stands for. Where the authority leaves the unit
    undefined, the stricter reading is taken: 1000 for a maximum, 1024 for a minimum."""
    match = _STATED_SIZE.fullmatch(stated.strip())
    if match is None:
        return None
    power = {"": 0, "k": 1, "m": 2}[match.group(2).lower()]
    base = 1000 if unit == "decimal" or (unit == "unspecified" and bound == "max") else 1024
    scale: int = base**power  # int ** int is typed Any, since a negative power gives a float
    return round(float(match.group(1).replace(",", ".")) * scale)


def _check_stated_sizes(where: str, portal: PortalFile, problems: list[str]) -> None:
    """A byte limit is served beside the figure the authority wrote, and must be that figure."""
    if (portal.min_size_stated or portal.max_size_stated) and portal.size_unit is None:
        problems.append(f"{where}.size_unit: say whether the stated kB/MB are decimal, binary or unspecified")
    for bound in ("min", "max"):
        stated, value = getattr(portal, f"{bound}_size_stated"), getattr(portal, f"{bound}_bytes")
        if (stated is None) != (value is None):
            problems.append(f"{where}.{bound}_size_stated: give {bound}_bytes and the limit as written (e.g. \"240 kB\") together")
        elif stated is not None and portal.size_unit is not None:
            expected = _stated_bytes(stated, portal.size_unit, bound)
            if expected is None:
                problems.append(f"{where}.{bound}_size_stated: write a figure and a unit, e.g. \"240 kB\"")
            elif expected != value:
                problems.append(f"{where}.{bound}_bytes: {stated!r} read as {portal.size_unit} is {expected} bytes, not {value}")


def _check_portals(
    portals: list[tuple[str, PortalFile]], docs: dict[str, Doc], problems: list[str], warnings: list[str]
) -> dict[str, PortalFile]:
    seen: dict[str, str] = {}
    countries = {doc.country.id for doc in docs.values()}
    for where, portal in portals:
        if portal.id in seen:
            problems.append(f"{where}.id: {portal.id!r} is already used ({seen[portal.id]})")
        seen[portal.id] = where
        if portal.country is not None and portal.country not in countries:
            problems.append(f"{where}.country: no country {portal.country!r}")
        for doc_id in portal.documents:
            if doc_id not in docs:
                problems.append(f"{where}.documents: no document {doc_id!r}")
        _check_stated_sizes(where, portal, problems)
        _check_sources(f"{where}.sources", portal.sources, problems, warnings)
        _check_quotes(f"{where}.sources", portal.sources, cite.PORTAL_FACTS, problems)
        cite.check_present(portal.id, [(f"{where}.sources[{i}]", s) for i, s in enumerate(portal.sources)],
                           set(cite.portal_facts(portal)), problems)
        _check_secondary_reason(where, portal.sources, portal.secondary_reason, problems)
        if portal.uncropped and rests_on_secondary(portal.sources):
            problems.append(f"{where}.uncropped: only the authority's own page can ask for an uncropped photo")
        if portal.min_bytes is not None and portal.max_bytes is not None and portal.min_bytes > portal.max_bytes:
            problems.append(f"{where}.min_bytes: larger than max_bytes")
        if portal.min_px and portal.max_px and (
            portal.min_px.width > portal.max_px.width or portal.min_px.height > portal.max_px.height
        ):
            problems.append(f"{where}.min_px: larger than max_px")
    return {p.id: p for _, p in portals}


def _country_aliases(directory: Path, countries: list[CountryFile], problems: list[str]) -> dict[str, str]:
    aliases: dict[str, str] = {c.id: c.id for c in countries}
    for country in countries:
        path = directory / "countries" / f"{country.id}.toml"
        for alias in [country.name, *country.names, *country.legacy_ids, country.iso2 or "", country.iso3 or ""]:
            key = alias_key(alias)
            if not key:
                continue
            owner = aliases.setdefault(key, country.id)
            if owner != country.id:
                problems.append(f"{path}: names: {alias!r} already names country {owner!r}")
    return aliases


def _doc_aliases(directory: Path, countries: list[CountryFile], docs: dict[str, Doc], problems: list[str]) -> dict[str, str]:
    aliases: dict[str, str] = {}
    for country in countries:
        for index, doc in enumerate(country.documents):
            for legacy in doc.legacy_ids:
                where = f"{directory / 'countries' / f'{country.id}.toml'}: documents[{index}].legacy_ids"
                if legacy in docs or legacy in aliases:
                    problems.append(f"{where}: {legacy!r} is already a document id or alias")
                aliases[legacy] = doc.id or f"{country.id}-{doc.kind}"
            # A document that keeps an older id still answers to "<country>-<kind>".
            shaped = f"{country.id}-{doc.kind}"
            if doc.id and doc.id != shaped:
                if shaped in docs or shaped in aliases:
                    problems.append(f"{directory / 'countries' / f'{country.id}.toml'}: documents[{index}].id: {shaped!r} is taken")
                aliases[shaped] = doc.id
    return aliases


def _check_unique(where: Path | str, field: str, values: list[str], problems: list[str]) -> None:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            problems.append(f"{where}: {field}: {value!r} appears more than once")
        seen.add(value)
