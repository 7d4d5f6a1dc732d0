"""REST: the JSON API, its bodies built once (build.py) and answered by query (routes.py)."""
