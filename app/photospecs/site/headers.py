"""The security headers every HTML page is sent with, and the photo tool's wider script policy."""

from __future__ import annotations

from photospecs.http.encoded import Headers

# Pages run only our own scripts, fetch only from us, and send no image anywhere: connect-src
# 'self' is what guarantees the photo tool cannot upload a photo.
POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data: blob:",
    "media-src": "'self' blob: mediastream:",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "object-src": "'none'",
    "frame-ancestors": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
}
# /tool only: the vendored face-landmark runtime compiles WebAssembly ('wasm-unsafe-eval') and its
# Emscripten glue builds functions with `new Function` while it loads, which only 'unsafe-eval'
# permits. Scripts still come from this site alone, and connect-src 'self' still keeps the photo here.
TOOL_POLICY = {**POLICY, "script-src": "'self' 'unsafe-eval' 'wasm-unsafe-eval'"}


def _headers(policy: dict[str, str]) -> Headers:
    return [
        (b"content-security-policy", "; ".join(f"{name} {value}" for name, value in policy.items()).encode()),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"x-frame-options", b"DENY"),
        (b"permissions-policy", b"camera=(self), microphone=(), geolocation=()"),
    ]


PAGE_HEADERS = _headers(POLICY)
TOOL_PAGE_HEADERS = _headers(TOOL_POLICY)
