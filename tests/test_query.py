"""The query parser: its shortcut for a query with nothing to decode gives what parse_qsl gives."""

from __future__ import annotations

from urllib.parse import parse_qsl

from hypothesis import given
from hypothesis import strategies as st
from photospecs.http.query import BAD_QUERY, parse_query
from photospecs.wire.rest import Error


def by_parse_qsl(query: bytes) -> dict[str, str] | str:
    try:
        pairs = parse_qsl(query.decode("ascii"), keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        return "bad_query"
    names = [name for name, _ in pairs]
    return "repeated_parameter" if len(set(names)) < len(names) else dict(pairs)


def outcome(query: bytes) -> dict[str, str] | str:
    found = parse_query(query)
    return found.error if isinstance(found, Error) else found


# Short queries over the characters that matter: separators, escapes, spaces and letters.
queries = st.text(alphabet="ab=&;%+ 2F-_.~é", max_size=24).map(lambda text: text.encode("utf-8"))


@given(queries)
def test_any_query_parses_as_parse_qsl_parses_it(query: bytes):
    assert outcome(query) == by_parse_qsl(query)


def test_the_plain_cases_people_send():
    assert parse_query(b"country=us&format=raw") == {"country": "us", "format": "raw"}
    assert parse_query(b"country=&format") == {"country": "", "format": ""}
    assert parse_query(b"&&country=a=b&") == {"country": "a=b"}
    assert parse_query(b"country=south%20africa") == {"country": "south africa"}
    assert parse_query(b"country=south+africa") == {"country": "south africa"}
    assert parse_query("country=é".encode()) is BAD_QUERY
