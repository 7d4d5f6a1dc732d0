// Keeps the photo tool working offline once it has loaded: the page, its modules and styles,
// and the specifications it fetched. Network first, so a new dataset is picked up when online.
const CACHE = "photospecs-tool-v1";
const SHELL = ["/tool", "/static/site.css", "/static/tool/tool.css", "/static/tool/tool.js", "/static/tool/geometry.js", "/static/tool/pdf.js", "/api/documents", "/api/print-sheets"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const ours = url.origin === self.location.origin && event.request.method === "GET";
  const wanted = url.pathname === "/tool" || url.pathname.startsWith("/static/") || url.pathname.startsWith("/api/documents") || url.pathname.startsWith("/api/portals") || url.pathname === "/api/print-sheets";
  if (!ours || !wanted) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(url.pathname === "/tool" ? "/tool" : event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(url.pathname === "/tool" ? "/tool" : event.request, { ignoreSearch: url.pathname.startsWith("/static/") })),
  );
});
