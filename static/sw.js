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

/* A copy of the answer goes into the cache; the worker stays alive until it is stored (the
   browser may stop a worker whose events have all been answered). */
function keep(event, req, resp) {
  const copy = resp.clone();
  event.waitUntil(caches.open(CACHE).then((c) => c.put(req, copy)));
}

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
      if (keepable(resp)) keep(event, req, resp);
      return resp;
    })));
    return;
  }
  const htmx = req.headers.get("HX-Request") === "true";
  event.respondWith(fetch(req).then((resp) => {
    if (keepable(resp) && !htmx) keep(event, req, resp);
    return resp;
  }).catch(() => caches.match(req, {ignoreVary: true}).then((hit) => hit || caches.match("/"))));
});

/* Web Push of turn-based tables (webapp/turns/webpush.py): the server's notification is
   {"title", "body", "url", "tag"}; a click opens the table at this player's seat (the url
   sets the seat on this device), in a window of the app already open if there is one. */
self.addEventListener("push", (event) => {
  let note = {};
  try { note = event.data ? event.data.json() : {}; } catch (e) { note = {}; }
  const title = note.title || "Copenhagen";
  event.waitUntil(self.registration.showNotification(title, {
    body: note.body || "", tag: note.tag || undefined, renotify: !!note.tag,
    icon: "/static/icon-192.png", badge: "/static/icon-192.png",
    data: {url: typeof note.url === "string" && note.url.startsWith("/") ? note.url : "/me/games"},
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/me/games",
                         self.location.origin).href;
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then((open) => {
    const same = open.find((c) => c.url === target);
    if (same) return same.focus();
    const any = open.find((c) => new URL(c.url).origin === self.location.origin);
    if (any && "navigate" in any) return any.navigate(target).then((c) => (c || any).focus());
    return self.clients.openWindow(target);
  }));
});
