"""What /api/mcp answers, built once: tools and their results, resources, prompts, the handshake
bodies and the discovery document. The request-time side lives in app/mcp."""
