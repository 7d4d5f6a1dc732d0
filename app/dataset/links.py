"""`validate --check-links`: fetch every source URL once and report the dead ones.

Runs only where a network exists: when no URL can even be resolved or connected to, the check
says it was skipped instead of calling every source dead.
"""

from __future__ import annotations

import socket
import ssl
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from photospecs import __version__

TIMEOUT = 15.0
WORKERS = 16
USER_AGENT = f"photospecs/{__version__} (source link check)"


@dataclass(frozen=True, slots=True)
class Outcome:
    url: str
    status: int | None  # the HTTP status, or None when no answer came
    problem: str | None  # None when the page answered 2xx or 3xx

    @property
    def unreachable(self) -> bool:
        """No answer at all: the name did not resolve or nothing accepted the connection."""
        return self.status is None


def check(url: str) -> Outcome:
    # Some sites refuse HEAD; a GET that reads nothing of the body costs them about the same.
    for method in ("HEAD", "GET"):
        request = urllib.request.Request(url, method=method, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                return Outcome(url, response.status, None)
        except urllib.error.HTTPError as exc:
            if method == "HEAD" and exc.code in (403, 405, 501):
                continue
            return Outcome(url, exc.code, f"HTTP {exc.code}")
        except (urllib.error.URLError, TimeoutError, ssl.SSLError, ConnectionError) as exc:
            reason = getattr(exc, "reason", exc)
            return Outcome(url, None, str(reason)[:200])
    return Outcome(url, None, "no answer")


def reachable(host: str, timeout: float = 3.0) -> bool:
    try:
        with socket.create_connection((host, 443), timeout=timeout):
            return True
    except OSError:
        return False


def check_all(urls: Iterable[str], probes: int = 8) -> list[Outcome] | None:
    """Every URL's outcome, or None when there is no network to check with: a few hosts are
    tried first, so a machine without a network says so in seconds, not after every timeout."""
    unique = sorted(set(urls))
    hosts = list(dict.fromkeys(urllib.parse.urlsplit(url).hostname or "" for url in unique))[:probes]
    with ThreadPoolExecutor(WORKERS) as pool:
        if not any(pool.map(reachable, hosts)):
            return None
        return list(pool.map(check, unique))
