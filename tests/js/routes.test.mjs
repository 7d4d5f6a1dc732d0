import assert from "node:assert/strict";
import { test } from "node:test";

// The page's route table as the tool page carries it (tests/test_script_urls.py checks that the
// page carries app/paths.py's table): a few of its kinds of template are enough here.
const table = { documents: "/api/documents", document: "/api/documents/{id}", static: "/static/{file:path}", page: "/{page}" };
globalThis.document = { getElementById: (id) => (id === "routes" ? { textContent: JSON.stringify(table) } : null) };
const { url } = await import("../../app/photospecs/site/static/routes.js");

test("a path without a parameter is its template, as paths.Path.url gives it", () => {
  assert.equal(url("documents"), "/api/documents");
  assert.equal(url("documents", "ignored"), "/api/documents");
});

test("the parameter is filled in as given, slashes included for static files", () => {
  assert.equal(url("document", "us-visa"), "/api/documents/us-visa");
  assert.equal(url("static", "tool/vendor/mediapipe/face_mesh/face_mesh.js"), "/static/tool/vendor/mediapipe/face_mesh/face_mesh.js");
  assert.equal(url("page", "sw.js"), "/sw.js");
});

test("a name the table does not hold is an error, not a guessed path", () => {
  assert.throws(() => url("no-such-route"), /no route named no-such-route/);
});
