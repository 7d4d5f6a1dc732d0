"""The open dataset as files and libraries: `photospecs export OUTDIR` writes the JSON, its JSON
Schema, CSV tables with a Frictionless descriptor, CITATION.cff, an npm package and a Python
wheel, all from the view models the API serves (core/views.py)."""
