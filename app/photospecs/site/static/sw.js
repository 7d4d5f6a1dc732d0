// Keeps the photo tool working offline once it has loaded. At start-up the service writes in the
// URLs the tool page requests, fingerprints included (app/photospecs/site/offline.py), the route
// table it answers by (app/paths.py), the tool page's path in every language and a cache name
// that changes with any of our files.
// Fingerprinted files never change, so they come from the cache first; the face models (17 MB)
// are not fetched here but kept the first time the page uses them, so the tool costs nothing
// extra to visit and, after one photo, finds faces offline too. The page and the specifications
// come from the network first, so a new dataset shows when online.
const SHELL = [/* shell */];
const CACHE = "photospecs-tool-/* version */";
const ROUTES = {/* routes */};
// A route's path up to its parameter, which the callers here do not fill (a worker is no module,
// so static/routes.js cannot be imported).
const prefix = (name) => ROUTES[name].split("{", 1)[0];
// The tool page in every language (/tool, /es/tool...), from the route table: each kept by its own path.
const TOOLS = new Set([/* tool pages */]);
const STATIC = prefix("static");
const SPECS = [prefix("documents"), prefix("portal"), prefix("print-sheets")];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

const keep = (key, response) => {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return response;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (url.pathname.startsWith(STATIC) && url.searchParams.has("v")) {
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request).then((response) => keep(request, response))));
  } else if (TOOLS.has(url.pathname)) {
    // One copy of each language's page whatever its query (?country=..&document=..): the script reads it.
    const page = url.pathname;
    event.respondWith(fetch(request).then((response) => keep(page, response)).catch(() => caches.match(page)));
  } else if (SHELL.includes(url.pathname) || SPECS.some((path) => url.pathname.startsWith(path))) {
    event.respondWith(fetch(request).then((response) => keep(request, response)).catch(() => caches.match(request)));
  }
});
