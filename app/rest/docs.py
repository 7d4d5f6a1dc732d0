"""/api/openapi.json and /api/docs: the OpenAPI document and a self-contained page rendered from it."""

from __future__ import annotations

from html import escape

import msgspec

from photospecs.rest import openapi
from photospecs.catalog import Catalog
from photospecs.asgi.send import Route, constant, read_only_route
from photospecs.catalog.encoded import HTML, JSON, cache_control, prepare


def routes(catalog: Catalog) -> list[Route]:
    document = openapi.build(catalog)
    control = cache_control(catalog.settings.max_age)
    return [
        read_only_route("/api/openapi.json", "openapi", constant(prepare(msgspec.json.encode(document), JSON, control))),
        read_only_route("/api/docs", "docs", constant(prepare(render(document).encode(), HTML, control))),
    ]


STYLE = """
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
code,pre{font-family:ui-monospace,monospace;background:#f3f3f3;border-radius:4px}
pre{padding:.75rem;overflow-x:auto}code{padding:0 .25rem}
section{border-top:1px solid #ddd;margin-top:2rem}
.method{font-weight:700;text-transform:uppercase;margin-right:.5rem}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
"""


def render(document: dict) -> str:
    info = document["info"]
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        "<meta name=viewport content='width=device-width, initial-scale=1'>",
        f"<title>{escape(info['title'])} API {escape(info['version'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(info['title'])} API <small>{escape(info['version'])}</small></h1>",
        f"<p>{escape(info['summary'])}</p><p>{escape(info['description'])}</p>",
        "<p>Machine-readable description: <a href='/api/openapi.json'>/api/openapi.json</a> (OpenAPI 3.1).</p>",
    ]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            parts.append(_operation(path, method, operation))
    parts.append("</body></html>")
    return "".join(parts)


def _operation(path: str, method: str, operation: dict) -> str:
    out = [
        f"<section id='{escape(operation['operationId'])}'>",
        f"<h2><span class=method>{escape(method)}</span><code>{escape(path)}</code></h2>",
        f"<p>{escape(operation.get('summary', ''))}</p>",
    ]
    if "description" in operation:
        out.append(f"<p>{escape(operation['description'])}</p>")
    if operation.get("parameters"):
        out.append("<table><tr><th>Query parameter</th><th>Values</th><th>Meaning</th></tr>")
        for param in operation["parameters"]:
            schema = param.get("schema", {})
            values = ", ".join(schema.get("enum", schema.get("examples", [])))
            out.append(
                f"<tr><td><code>{escape(param['name'])}</code></td><td>{escape(values)}</td>"
                f"<td>{escape(param.get('description', ''))}</td></tr>"
            )
        out.append("</table>")
    out.append("<table><tr><th>Status</th><th>Meaning</th></tr>")
    for status, response in operation["responses"].items():
        out.append(f"<tr><td>{escape(status)}</td><td>{escape(response['description'])}</td></tr>")
    out.append("</table>")
    example = operation["responses"].get("200", {}).get("content", {}).get("application/json", {}).get("example")
    if example is not None:
        text = msgspec.json.format(msgspec.json.encode(example), indent=2).decode()
        if len(text) > 4000:
            text = text[:4000] + "\n…"
        out.append(f"<details><summary>Example response</summary><pre>{escape(text)}</pre></details>")
    out.append("</section>")
    return "".join(out)
