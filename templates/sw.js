/* Tablewarden service worker (rendered by app/web.py; version = content hash of the shell). */
const VERSION = {{ version|tojson }};
const CACHE = `tw-shell-${VERSION}`;
const PRECACHE = {{ precache|tojson }};
const PAGES = new Set(["/", "/new", "/join", "/play", "/offline"]);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // A versioned file (/static/v/<hash>/...) never changes, so one the page already loaded comes from
    // the HTTP cache; anything else is fetched anew so a stale HTTP cache never ends up in the precache.
    const mode = (url) => (url.startsWith("/static/v/") ? "default" : "reload");
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: mode(url) })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("tw-shell-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** Which precached page stands in for a navigation (query strings carry game ids, not content). */
function shellPageFor(url) {
  if (url.pathname.startsWith("/join/")) return "/join";
  return PAGES.has(url.pathname) ? url.pathname : null;
}

async function networkFirstPage(request) {
  const url = new URL(request.url);
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    const page = shellPageFor(url);
    if (response.ok && page) cache.put(page, response.clone());
    return response;
  } catch (err) {
    const page = shellPageFor(url);
    return (page && (await cache.match(page))) || (await cache.match("/offline")) ||
      new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Never touch the live connection, and leave the API to the page (it knows what offline means).
  if (url.pathname.startsWith("/socket.io/") || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/vendor/") ||
             url.pathname === "/manifest.webmanifest") {
    event.respondWith(cacheFirst(request));
  }
});

// A tournament alert's notification (static/js/tournaments/alerts.js) opens, or brings forward, the page it came from.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((wins) => {
    const open = wins.find((w) => w.url.split("#")[0] === url);
    return open ? open.focus() : self.clients.openWindow(url);
  }));
});
