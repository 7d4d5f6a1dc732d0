"""The site's pages, rendered once from the view models: HTML, the sitemap, icons and the static
files with their fingerprints. Their templates and static files live with the site (app/site)."""
