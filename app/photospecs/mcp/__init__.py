"""MCP: its bodies built once (build.py: tool records and results, resources, handshakes, discovery), the JSON-RPC protocol (protocol.py) and its HTTP transport (transport.py)."""
