"""The conventional implementation: FastAPI on uvicorn, as a typical service would be written.

It parses the same dataset once at start-up, then builds every response per request: filter the
countries, assemble dicts, JSON-encode, gzip through the standard middleware. It answers the
same benchmark requests as photospecs, so the two can be compared request for request.
"""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from photospecs.dataset import load

DATA = load()
app = FastAPI()
app.add_middleware(GZipMiddleware, minimum_size=500)


def document(doc) -> dict:
    f = doc.file
    return {
        "id": doc.id, "name": f.name, "slug": doc.slug, "widthMm": f.width_mm, "heightMm": f.height_mm,
        "widthPx": doc.width_px, "heightPx": doc.height_px, "dpi": f.dpi, "background": f.background,
        "bgColor": f.bg_color, "bgColorLabel": f.bg_color_label, "requirements": list(f.requirements),
    }


def country_body(c) -> dict:
    return {"id": c.id, "name": c.name, "flag": c.flag, "documents": [document(d) for d in DATA.docs_by_country[c.id]]}


@app.get("/api/specs")
def specs(country: str | None = None, format: str | None = None):
    countries = [country_body(c) for c in DATA.countries if country is None or c.id == country]
    if not countries:
        return JSONResponse({"error": "unknown_country"}, status_code=404)
    body = {"countries": countries, "meta": {"countries": len(countries), "documents": sum(len(c["documents"]) for c in countries)}}
    if format != "raw":
        body = {"@context": "https://schema.org", "@type": "Dataset", "name": "photo specs", "license": "https://opensource.org/licenses/MIT", **body}
    return JSONResponse(body)


@app.post("/api/mcp")
async def mcp(request: Request):
    message = await request.json()
    arguments = message.get("params", {}).get("arguments", {})
    if message.get("params", {}).get("name") == "list_supported_countries":
        listed = [{"id": c.id, "name": c.name, "flag": c.flag, "documents": [d.id for d in DATA.docs_by_country[c.id]]} for c in DATA.countries]
        structured = {"count": len(listed), "countries": listed}
        result = {"content": [{"type": "text", "text": json.dumps(structured)}], "structuredContent": structured, "isError": False}
        return JSONResponse({"jsonrpc": "2.0", "id": message.get("id"), "result": result})
    kind = arguments.get("document_type")
    docs = [d for d in DATA.docs_by_country.get(arguments.get("country", ""), []) if kind is None or d.id.endswith("-" + kind)]
    structured = {"documents": [document(d) for d in docs]}
    result = {"content": [{"type": "text", "text": json.dumps(structured)}], "structuredContent": structured, "isError": False}
    return JSONResponse({"jsonrpc": "2.0", "id": message.get("id"), "result": result})
