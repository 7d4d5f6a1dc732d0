"""The bundled dataset, importable as photospecs.bundled so importlib.resources finds it in any install."""
