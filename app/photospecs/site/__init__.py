"""The site: every page rendered and encoded once (build.py) from the view models, answered by path (routes.py)."""
