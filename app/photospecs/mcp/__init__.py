"""MCP: the JSON-RPC protocol (protocol.py), its HTTP transport (transport.py) and the tools (tools.py)."""
