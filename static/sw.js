/* Service worker: pages are fetched from the network first and a copy is kept, so the last
   sheet a phone saw stays readable when the connection drops; static files come from the cache
   first. Polls and posts always go to the network (a stale answer there would mislead). */
const CACHE = "copenhagen-v1";
const PRECACHE = ["/", "/static/app.css", "/static/app.js", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

function live(url) {
  return /\/(poll|version|api|act|healthz)(\/|$|\?)/.test(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || live(url)) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((resp) => {
      if (resp.ok) { const copy = resp.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
      return resp;
    })));
    return;
  }
  const htmx = req.headers.get("HX-Request") === "true";
  event.respondWith(fetch(req).then((resp) => {
    if (resp.ok && !htmx) { const copy = resp.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
    return resp;
  }).catch(() => caches.match(req, {ignoreVary: true}).then((hit) => hit || caches.match("/"))));
});
