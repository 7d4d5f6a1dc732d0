"""Where a miss spends its time: in-process cost of GET /api/specs for a known country and for a
stream of distinct unknown ones, and of each step of the miss, on this machine, in one run.

    python bench/misses.py [--requests 20000] [--repeat 5]

The unknown ids are what people mistype (near-misses of real names, 2 to 20 characters), each
made distinct so that nothing can be cached. Each figure is the best of --repeat passes, in
microseconds per request; the steps are timed alone, so they add up to a little less than the
whole request (the rest is dispatch, metrics and the ASGI calls).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import string
import time
from collections.abc import Callable
from urllib.parse import parse_qsl

from photospecs import build as catalog_module
from photospecs import dataset
from photospecs.dataset import alias_key
from photospecs.main import app_for
from photospecs.settings import Settings
from photospecs.wire.errors import encode_error, quoted
from photospecs.wire.rest import Error

TYPED = ["germny", "untied-kingdom", "untied-states", "south-koreaa", "new-zeland", "austrailia", "phillipines",
         "columbiaa", "swizerland", "netherland", "belgum", "saudia-arabia", "south-afrika", "argentinia", "mexiko",
         "indonesa", "malasia", "vietnamm", "thailnd", "frnace", "xx", "zzq"]


def unknown_ids(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    return [f"{rng.choice(TYPED)}-{''.join(rng.choices(string.ascii_lowercase, k=3))}" for _ in range(count)]


def best(repeat: int, items: list, step: Callable) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for item in items:
            step(item)
        times.append((time.perf_counter() - started) / len(items) * 1e6)
    return min(times)


async def app_cost(app, queries: list[bytes], repeat: int) -> float:
    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        pass

    headers = [(b"host", b"127.0.0.1:8000"), (b"user-agent", b"bench")]
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for query in queries:
            scope = {"type": "http", "method": "GET", "path": "/api/specs", "query_string": query, "headers": headers}
            await app(scope, receive, send)
        times.append((time.perf_counter() - started) / len(queries) * 1e6)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    settings = Settings()
    catalog = catalog_module.build(dataset.load(settings.dataset_path), settings)
    app = app_for(catalog)
    ids = unknown_ids(args.requests)
    hit = asyncio.run(app_cost(app, [b"country=us"] * args.requests, args.repeat))
    miss = asyncio.run(app_cost(app, [f"country={i}".encode() for i in ids], args.repeat))
    names = catalog.rest.names
    suggestions = [names.country_or_close(i) for i in ids]
    steps = [
        ("parse the query", best(args.repeat, ids, lambda i: parse_qsl(f"country={i}", keep_blank_values=True))),
        ("resolve the id, suggest close ids", best(args.repeat, ids, names.country_or_close)),
        ("  of which: normalise it (alias_key)", best(args.repeat, ids, alias_key)),
        ("build and encode the error", best(args.repeat, list(zip(ids, suggestions, strict=True)), lambda pair: encode_error(Error(
            status=404, error="unknown_country", message=f"No country matches {quoted(pair[0])}. Use an id.", suggestions=pair[1])))),
    ]
    print(f"GET /api/specs in-process, us per request (best of {args.repeat} x {args.requests:,})")
    print(f"  hit  (country=us)            {hit:7.2f}")
    print(f"  miss (distinct unknown ids)  {miss:7.2f}   {miss / hit:.1f}x the hit")
    for name, cost in steps:
        print(f"    {name:<38} {cost:6.2f}  ({cost / miss:.0%} of the miss)")


if __name__ == "__main__":
    main()
