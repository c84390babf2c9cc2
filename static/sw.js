/* Service worker: pages are fetched from the network first and a copy is kept, so the last
   sheet a phone saw stays readable when the connection drops; static files come from the cache
   first (the local htmx copy among them: a table without internet still gets it). Polls, push
   streams and posts always go to the network (a stale answer there would mislead). A page sent
   with `Cache-Control: no-store` (one that may show a hand) is never kept. */
const CACHE = "copenhagen-v2";
const PRECACHE = ["/", "/static/app.css", "/static/app.js", "/static/icon.svg",
                  "/static/htmx-loader.js", "/static/vendor/htmx.min.js"];

function keepable(resp) {
  return resp.ok && !/no-store/i.test(resp.headers.get("Cache-Control") || "");
}

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
  /* push: a stream passed through the worker would add a hop to every event and end when the
     browser stops an idle worker */
  return /\/(poll|version|api|act|healthz|push)(\/|$|\?)/.test(url.pathname);
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || live(url)) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((resp) => {
      if (keepable(resp)) { const copy = resp.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
      return resp;
    })));
    return;
  }
  const htmx = req.headers.get("HX-Request") === "true";
  event.respondWith(fetch(req).then((resp) => {
    if (keepable(resp) && !htmx) { const copy = resp.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
    return resp;
  }).catch(() => caches.match(req, {ignoreVary: true}).then((hit) => hit || caches.match("/"))));
});
