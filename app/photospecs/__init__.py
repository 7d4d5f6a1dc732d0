"""photospecs: passport, visa and ID photo specifications over REST and MCP."""

__version__ = "1.0.0"
