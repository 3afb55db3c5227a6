// The service worker: keeps the page's own files so that the page still opens when the server is
// stopped (every action then shows the "server is not running" bar with Retry). Network first: a
// running server always serves today's files, the cache is only the fallback. The API is never cached
// (a game lives on the server). Served at /sw.js so that its scope is the whole page.
const CACHE = "cadogan-page-1";
// Every file of the page (tests/web/test_pages.py checks the list against the static folder).
const FILES = [
  "/",
  "/static/actions.js",
  "/static/analysis.js",
  "/static/api.js",
  "/static/achievements.js",
  "/static/app.js",
  "/static/board.js",
  "/static/cards.js",
  "/static/daily.js",
  "/static/endgame.js",
  "/static/history.js",
  "/static/i18n.js",
  "/static/icon-192.png",
  "/static/icon-512.png",
  "/static/icon.svg",
  "/static/index.html",
  "/static/input.js",
  "/static/manifest.json",
  "/static/messages.js",
  "/static/meter.js",
  "/static/moves.js",
  "/static/odds.js",
  "/static/odds.json",
  "/static/replay.js",
  "/static/results.js",
  "/static/review.js",
  "/static/review_chip.js",
  "/static/settings.js",
  "/static/sound.js",
  "/static/state.js",
  "/static/stats.js",
  "/static/style.css",
  "/static/verdict.js",
  "/static/view.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
    }
    return response;
  }).catch(() => caches.match(url.pathname).then((cached) => cached || Response.error())));
});
