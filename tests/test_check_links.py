"""`validate --check-links --write-verified` against a local HTTPS server: dates are written only on
the sources whose URL answered, in place, and nothing at all is written without a network.

The dataset admits only https URLs on authority hosts, so the sources keep their real URLs and
the test resolves every host name to the local server instead, whose certificate (made here)
names three of those hosts: a URL on any other host fails its TLS handshake, as a dead site would.
"""

from __future__ import annotations

import datetime
import re
import socket
import ssl
import subprocess
import threading
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import edit
from photospecs.cli import main
from photospecs.dataset import load
from photospecs.dataset.links import source_files

VISA = "https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/photos.html"
PASSPORT = "https://travel.state.gov/content/travel/en/passports/how-apply/photos.html"
ALBANIA = "https://punetejashtme.gov.al/en/services-and-opportunities/information-for-albanian-citizens/identity-and-travel-documents1623237834"
E_ALBANIA = "https://e-albania.al/sherbimi.aspx?kodi=9759"
HOSTS = ("travel.state.gov", "punetejashtme.gov.al", "e-albania.al")
ANSWERING = {VISA, ALBANIA, E_ALBANIA}  # every other URL on these hosts is a 404
HEAD_REFUSED = {E_ALBANIA}  # 405 to HEAD: the check must try GET
OLD = "verified = 2020-01-01"
DATE = re.compile(r"(, |\n)verified = \d{4}-\d\d-\d\d")


# Page bodies where a test gives one (else empty), for the quote check.
BODIES: dict[str, bytes] = {}


class Pages(BaseHTTPRequestHandler):
    requests: Counter[tuple[str, str]] = Counter()

    def do_HEAD(self) -> None:
        self.answer()

    def do_GET(self) -> None:
        self.answer()

    def answer(self) -> None:
        url = f"https://{self.headers['Host']}{self.path}"
        self.requests[self.command, url] += 1
        status = 405 if self.command == "HEAD" and url in HEAD_REFUSED else 200 if url in ANSWERING else 404
        body = BODIES.get(url, b"") if status == 200 else b""
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "GET":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the check sends over a thousand requests."""


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    names = ",".join(f"DNS:{host}" for host in HOSTS)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
         "-subj", "/CN=photospecs link check", "-addext", f"subjectAltName={names}", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    return cert, key


@pytest.fixture
def server(certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[type[Pages]]:
    """The local server, with every host name resolving to it and its certificate trusted."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    address = httpd.server_address
    monkeypatch.setattr(socket, "getaddrinfo", lambda *_, **__: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", address)])
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    monkeypatch.setenv("no_proxy", "*")
    Pages.requests = Counter()
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield Pages
    httpd.shutdown()
    httpd.server_close()


def texts(dataset: Path) -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in source_files(dataset)}


def sources_of(dataset: Path) -> dict[str, set[datetime.date | None]]:
    """Each URL's verified dates, over every document and portal citing it."""
    data = load(dataset)
    dates: dict[str, set[datetime.date | None]] = {}
    cited = [s for d in data.docs.values() for s in d.sources] + [s for p in data.portals.values() for s in p.sources]
    for source in cited + data.icao.sources + [s for f in data.geometry_defaults for s in f.sources]:
        dates.setdefault(source.url, set()).add(source.verified)
    return dates


def test_dates_written_only_where_the_url_answered(dataset: Path, server: type[Pages], capsys: pytest.CaptureFixture[str]) -> None:
    us, albania = dataset / "countries" / "us.toml", dataset / "countries" / "albania.toml"
    # An old date on a [[sources]] table that answers (replaced) and on one that fails (kept).
    edit(albania, 'missions abroad)"\n', f'missions abroad)"\n{OLD}\n')
    edit(us, 'title = "U.S. Department of State: Passport photos"\n', f'title = "U.S. Department of State: Passport photos"\n{OLD}\n')
    before = texts(dataset)
    today = datetime.date.today()

    assert main(["validate", "--dataset", str(dataset), "--check-links", "--write-verified"]) == 1  # dead links remain
    out = capsys.readouterr()
    assert f"dead link: {PASSPORT}: HTTP 404" in out.err
    assert "links: 3 of " in out.out and f"verified = {today} written" in out.out

    dates = sources_of(dataset)
    assert {url for url, seen in dates.items() if today in seen} == ANSWERING
    assert dates[VISA] == {today}  # in us.toml, portals.toml and geometry-defaults.toml
    assert dates[PASSPORT] == {None, datetime.date(2020, 1, 1)}  # the country's old date is kept
    assert server.requests["HEAD", VISA] == 1  # one fetch for every place citing it
    assert server.requests["GET", E_ALBANIA] == 1

    after = texts(dataset)
    changed = {path.name for path in after if after[path] != before[path]}
    assert changed == {"us.toml", "albania.toml", "portals.toml", "geometry-defaults.toml"}
    for path, text in after.items():  # nothing but the dates moved
        assert DATE.sub("", text) == DATE.sub("", before[path]), path
    assert f'{VISA}", title = "U.S. Department of State: Photo requirements for visas", verified = {today} }},' in after[us]
    assert f"{ALBANIA}\"\ntitle = " in after[albania] and f'abroad)"\nverified = {today}\n\n[[sources]]' in after[albania]

    # A second run the same day changes nothing, even where a URL has since died.
    ANSWERING.discard(ALBANIA)
    try:
        assert main(["validate", "--dataset", str(dataset), "--write-verified"]) == 1
    finally:
        ANSWERING.add(ALBANIA)
    assert texts(dataset) == after
    assert sources_of(dataset)[ALBANIA] == {today}


def test_nothing_written_without_a_network(dataset: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def no_name(*_: object, **__: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_name)
    before = texts(dataset)
    assert main(["validate", "--dataset", str(dataset), "--check-links"]) == 0
    assert main(["validate", "--dataset", str(dataset), "--check-links", "--write-verified"]) == 1
    assert capsys.readouterr().out.count("links: not checked: no network here") == 2
    assert texts(dataset) == before


def test_quotes_checked_on_their_pages(dataset: Path, server: type[Pages], capsys: pytest.CaptureFixture[str]) -> None:
    """A quote counts as on its page whatever the markup, line breaks, list bullets and case around
    it, and with its elided words ("...") left out; one that is gone is reported with its URL, and
    the check fails."""
    us = dataset / "countries" / "us.toml"
    kept = "The photo must be in color\\n...\\n  • taken within the last six months."
    gone = "Photos must be 2 x 2 inches."
    read = ', lang = "en", read = 2026-11-26, facts = ["size"] },'
    edit(us, 'title = "U.S. Department of State: Photo requirements for visas" },',
         f'title = "U.S. Department of State: Photo requirements for visas", quote = "{kept}"{read}')
    edit(dataset / "countries" / "albania.toml", 'missions abroad)"\n', f'missions abroad)"\nquote = "{gone}"\nread = 2026-11-26\nfacts = ["background"]\n')
    BODIES[VISA] = b"<html><body><p>The photo must be in <b>COLOR</b>.</p><ul><li>Taken within the last six&nbsp;months.</li></ul></body></html>"
    BODIES[ALBANIA] = b"<html><body><p>Photos must be 35 x 45 mm.</p></body></html>"
    try:
        assert main(["validate", "--dataset", str(dataset), "--check-links"]) == 1
    finally:
        BODIES.clear()
    out = capsys.readouterr()
    assert f"quote not on its page: {ALBANIA}: {gone}" in out.err
    assert VISA not in out.err.replace(f"dead link: {VISA}", "")
    assert "quotes: 1 of 2 quotes found" in out.out
