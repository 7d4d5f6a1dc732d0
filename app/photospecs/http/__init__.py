"""HTTP plumbing over raw ASGI: sending pre-encoded bytes, content negotiation, conditional requests, CORS, errors, body deadlines."""
