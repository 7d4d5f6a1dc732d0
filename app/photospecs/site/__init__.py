"""The site: HTML pages for every URL the service hands out, rendered once at start-up from Jinja2 templates."""
