// The page's service worker: after one visit the page, its scripts, the page's
// own engine and the default lexicon come from this phone's cache, so the page opens and
// answers with no network.  Never an API answer: those are the server's, fresh each time.
//
// This file is a template: `liars serve` (/sw.js) and `liars export-site` (DIR/sw.js) fill
// in the site version (a hash of every static file, api/site.py) and the app shell.  Each
// version has its own cache; a new version precaches itself, takes over at once and
// deletes the caches of every other version.

const VERSION = "__SITE_VERSION__";
const SHELL = ["__APP_SHELL__"]; // URLs relative to this worker's folder (the site's root)
const CACHE = `liars-${VERSION}`;
const LEXICON = /^static\/lexicons\/[A-Za-z0-9_-]+\.lex$/; // cached when first used
const ROOT = new URL("./", self.location.href).href;

/** The site-relative path of a URL of this site ("static/app.js"), or null. */
function sitePath(url) {
  if (!url.href.startsWith(ROOT)) return null;
  return url.pathname.slice(new URL(ROOT).pathname.length);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "reload": past the HTTP cache, so a new version never precaches an old file.
    await cache.addAll(SHELL.map((path) => new Request(new URL(path, ROOT), { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("liars-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** From this version's cache, else from the network (and kept when `keep`). */
async function cacheFirst(key, request, keep) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (keep && response.ok) await cache.put(key, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const path = sitePath(url);
  if (path === null || path.startsWith("api/")) return; // another site's, or an API answer
  if (request.mode === "navigate") {
    // The page, whatever its query or fragment (?clear=1, #call): the cached shell.
    if (path === "" || path === "index.html") {
      event.respondWith(cacheFirst(new URL("./", ROOT).href, request, false));
    }
    return;
  }
  if (SHELL.includes(path)) {
    event.respondWith(cacheFirst(new URL(path, ROOT).href, request, false));
  } else if (LEXICON.test(path)) {
    event.respondWith(cacheFirst(new URL(path, ROOT).href, request, true));
  }
});
