"""The JSON API's routes: parse the query, look the response up, send it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import msgspec

from photospecs.core.checking import FIELDS, Refused, number
from photospecs.core.search import MAX_QUERY as MAX_SEARCH
from photospecs.http.encoded import COMMON_HEADERS, Prepared
from photospecs.http.fingerprinted import Fingerprinted
from photospecs.http.query import parse_query
from photospecs.http.routing import Handler, Moved, Outcome, by_query, constant, get_only, read_only
from photospecs.http.send import ErrorRenderer, Scope, Send, send_bytes
from photospecs.paths import BY_NAME, at
from photospecs.rest.build import Rest
from photospecs.wire.errors import quoted
from photospecs.wire.rest import Error
from photospecs.wire.results import CheckedRule, PhotoCheck

encode = msgspec.json.Encoder().encode


def specs_outcome(rest: Rest, query: bytes) -> Outcome:
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    raw = False
    if "format" in params:
        if params["format"] != "raw":  # exactly as documented: RAW and Raw are not values
            return Error(
                status=400,
                error="unknown_format",
                message=f"format {quoted(params['format'])} is not supported; the only value is 'raw', or leave it out.",
                allowed=["raw"],
            )
        raw = True
    country = None
    if "country" in params:
        text = params["country"]
        if not text.strip():
            return Error(
                status=400,
                error="empty_parameter",
                message="country is empty: give a country id, an ISO 3166 code or an English name, or leave it out for every country.",
            )
        found = rest.names.country_or_close(text)
        if isinstance(found, list):
            return Error(
                status=404,
                error="unknown_country",
                message=f"No country matches {quoted(text)}. Use an id from GET /api/specs, an ISO 3166 code or an English name.",
                suggestions=found,
            )
        country = found
    return rest.specs[country, raw]


def comparisons_outcome(rest: Rest, query: bytes) -> Outcome:
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    if "competitor" not in params:
        return rest.comparisons[None]
    competitor = params["competitor"].strip().lower()
    if competitor not in rest.comparisons:
        return Error(
            status=400,
            error="unknown_competitor",
            message=f"competitor {quoted(params['competitor'])} is not one of the {len(comparison_ids(rest))} compared tools.",
            allowed=comparison_ids(rest),
        )
    return rest.comparisons[competitor]


def search_outcome(rest: Rest, query: bytes) -> bytes | Error:
    """The /api/search body for `q`, ranked per request: the one endpoint that computes, within
    the bounds search.py sets (a capped query, capped candidates, pre-encoded results)."""
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    if "q" not in params:
        return Error(status=400, error="missing_parameter", message="q is required: the words to search for, such as 'indian passport' or 'uk visa'.")
    text = params["q"]
    if not text.strip():
        return Error(status=400, error="empty_parameter", message="q is empty: give the words to search for, such as 'indian passport'.")
    if len(text) > MAX_SEARCH:
        return Error(status=400, error="parameter_too_long", message=f"q is limited to {MAX_SEARCH} characters.")
    # lang: the site's language whose page asks (its live search box); any other value is English.
    return rest.search.encoded(text, params.get("lang", ""))


def check_outcome(rest: Rest, query: bytes) -> bytes | Error:
    """The /api/check body: check_photo on the measurements in the query, computed per request
    within the bounds core/checking.py sets. Unknown parameters are ignored, as everywhere."""
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    given: dict[str, object] = {}
    for field in FIELDS:
        if field.name in params:
            text = params[field.name]
            value = number(field.name, text) if field.kind == "number" else text
            if isinstance(value, Refused):
                return refused(value)
            given[field.name] = value
    answer = rest.checker.check(given)
    if isinstance(answer, Refused):
        return refused(answer)
    rules = msgspec.convert(answer.result["rules"], list[CheckedRule])
    return encode(PhotoCheck(answer.document, answer.portal, answer.result["verdict"], rules))


def refused(refusal: Refused) -> Error:
    status = 404 if refusal.code.startswith("unknown_") else 400
    return Error(status=status, error=refusal.code, message=refusal.message, suggestions=refusal.suggestions)


def computed(rest: Rest, outcome: Callable[[Rest, bytes], bytes | Error]) -> Handler:
    """Like read_only, for a JSON body computed per request (search_outcome, check_outcome): a
    pure function of the query and the dataset, so cached as every response is."""
    headers = [(b"cache-control", rest.cache_control), *COMMON_HEADERS]

    async def answer(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
        result = outcome(rest, scope["query_string"])
        if isinstance(result, Error):
            return await errors(scope, send, result)
        return await send_bytes(send, 200, result, headers, scope["method"] == "HEAD")

    return get_only(answer)


def dataset_file(files: Fingerprinted, path: str, query: bytes) -> Outcome:
    found = files.get(path, query)
    if found is not None:
        return found
    return Error(
        status=404,
        error="unknown_file",
        message=f"No dataset file {quoted(path.removeprefix(BY_NAME['dataset-file'].prefix)[:80])}. GET {at('dataset')} lists the files of the current version.",
    )


def handlers(rest: Rest, openapi: Prepared) -> dict[str, Handler]:
    """`openapi` is the document of every protocol's paths, built above the protocols."""
    country_ids = rest.country_ids
    spec_queries = ["", "format=raw"]
    for cid in country_ids:
        spec_queries += [f"country={cid}", f"country={cid}&format=raw", f"format=raw&country={cid}"]
    comparison_queries = ["", *(f"competitor={cid}" for cid in comparison_ids(rest))]
    resources = rest.resources
    document_prefix, portal_prefix = BY_NAME["document"].prefix, BY_NAME["portal"].prefix
    files = Fingerprinted(rest.dataset.files)
    return {
        "specs": read_only(by_query(partial(specs_outcome, rest)), hot=[(at("specs"), q.encode()) for q in spec_queries]),
        "comparisons": read_only(
            by_query(partial(comparisons_outcome, rest)), hot=[(at("comparisons"), q.encode()) for q in comparison_queries]
        ),
        "search": computed(rest, search_outcome),
        "check": computed(rest, check_outcome),
        "dataset": read_only(constant(rest.dataset.index)),
        "dataset-file": read_only(partial(dataset_file, files), hot=files.hot()),
        "documents": read_only(constant(resources[at("documents")])),
        "document": read_only(partial(by_id, rest, "document"), hot=[(path, b"") for path in resources if path.startswith(document_prefix)]),
        "portals": read_only(constant(resources[at("portals")])),
        "portal": read_only(partial(by_id, rest, "portal"), hot=[(path, b"") for path in resources if path.startswith(portal_prefix)]),
        "print-sheets": read_only(constant(resources[at("print-sheets")])),
        "icao": read_only(constant(resources[at("icao")])),
        "openapi": read_only(constant(openapi)),
    }


def by_id(rest: Rest, kind: str, path: str, query: bytes) -> Outcome:
    """A document's or portal's JSON; an alias of its id is redirected to it, and an unknown id
    is a 404 naming close ids."""
    found = rest.resources.get(path)
    if found is not None:
        return found
    row = BY_NAME[kind]
    text = path.removeprefix(row.prefix)
    canonical = rest.names.document(text) if kind == "document" else rest.names.portal(text)
    if canonical is not None and canonical != text:
        return Moved(row.url(canonical))
    text = text[:80]
    suggestions = rest.names.suggest_documents(text) if kind == "document" else rest.names.suggest_portals(text)
    return Error(
        status=404,
        error=f"unknown_{kind}",
        message=f"No {kind} {quoted(text)}. GET {row.prefix.rstrip('/')} lists them all.",
        suggestions=suggestions,
    )


def comparison_ids(rest: Rest) -> list[str]:
    return [key for key in rest.comparisons if key is not None]
