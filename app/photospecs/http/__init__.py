"""HTTP plumbing over raw ASGI: pre-encoded bodies, content negotiation, conditional requests, CORS, errors, routing, body deadlines, the gzip splice."""
