// Starts Swagger UI (served from our own origin, from the swagger-ui-bundle package) on the
// OpenAPI document. Kept in a file because the page's CSP allows no inline script.
const mount = document.getElementById("swagger-ui");
window.SwaggerUIBundle({
  url: mount.dataset.spec,
  domNode: mount,
  deepLinking: true,
  docExpansion: "list",
  defaultModelsExpandDepth: 1,
  tryItOutEnabled: true,
});
