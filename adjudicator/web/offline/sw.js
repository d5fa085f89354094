/* The Rules Adjudicator's service worker (docs/offline.md). /sw.js prepends CONFIG: the files
   the app opens with (core), the rulebook bundles and search index (data) and where to turn
   offline. Pages: network first, a copy kept with the time it was saved; offline the copy, else
   the reader (rulebooks), the offline search, the odds computed in the browser, or a page
   saying the question needs the network (at the page's own address, kept to ask again). */
"use strict";

const CORE = "core-" + CONFIG.version;
const DATA = CONFIG.data.cache;
const PAGES = "pages-v1";
const SAVED = "X-Offline-Saved";
const MAX_PAGES = 300;

function samePath(url, path) {
  return url.pathname === path;
}

async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set(SAVED, new Date().toISOString());
  headers.delete("Content-Length");
  return new Response(await response.blob(), {
    status: response.status, statusText: response.statusText, headers: headers,
  });
}

async function keepCore() {
  const cache = await caches.open(CORE);
  await Promise.all(CONFIG.core.map(async function (url) {
    const response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
    if (!response.ok) throw new Error(url + ": " + response.status);
    await cache.put(url, await stamped(response));
  }));
}

/* The odds app's shell and files (large: Pyodide), kept if they can be; a copy an older
   version kept under the same URL is reused, not fetched again. */
async function keepOdds() {
  const cache = await caches.open(CORE);
  await Promise.all(CONFIG.oddsFiles.map(async function (url) {
    try {
      const kept = await caches.match(url);
      if (kept) return cache.put(url, kept);
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) await cache.put(url, await stamped(response));
    } catch (error) { /* the odds then need the network */ }
  }));
}

/* The rulebooks and the search index: what is already kept (same version) is not fetched
   again; a file that cannot be fetched now is left for the "Keep for offline" control. */
async function keepData() {
  const cache = await caches.open(DATA);
  const urls = CONFIG.data.books.map(function (book) { return book.url; });
  if (CONFIG.data.search) urls.push(CONFIG.data.search.url);
  await Promise.all(urls.map(async function (url) {
    if (await cache.match(url)) return;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (response.ok) await cache.put(url, await stamped(response));
    } catch (error) { /* offline or refused: kept later */ }
  }));
}

self.addEventListener("install", function (event) {
  event.waitUntil(keepCore().then(keepOdds).then(keepData).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return (name.startsWith("core-") && name !== CORE) || (name.startsWith("data-") && name !== DATA);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

async function keepPage(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request.url, await stamped(response));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map(function (key) {
    return cache.delete(key);
  }));
}

function isHtml(response) {
  return (response.headers.get("Content-Type") || "").startsWith("text/html");
}

/* A kept page said to be a copy: <html data-offline-saved="..."> (the banner reads it). */
async function marked(response, attribute, value) {
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(text.replace("<html ", "<html " + attribute + '="' + value + '" '), {
    status: 200, headers: headers,
  });
}

async function shell(path) {
  const response = await caches.match(path, { ignoreVary: true });
  if (!response) return Response.error();
  return marked(response, "data-offline-shell", path);
}

async function offline(request, url) {
  const kept = await caches.match(request.url, { ignoreVary: true });
  if (kept && isHtml(kept)) return marked(kept, "data-offline-saved", kept.headers.get(SAVED) || "");
  if (url.pathname.startsWith(CONFIG.rulesPrefix)) return shell(CONFIG.pages.reader);
  if (samePath(url, CONFIG.searchPath)) return shell(CONFIG.pages.search);
  const odds = CONFIG.odds && CONFIG.oddsPaths.some(function (path) { return samePath(url, path); });
  if (odds && await caches.match(CONFIG.odds, { ignoreVary: true })) return shell(CONFIG.odds);
  return shell(CONFIG.pages.offline);
}

/* The pages kept to answer offline follow the language the player switched to. */
async function followLanguage(response) {
  const language = response.headers.get("Content-Language");
  const kept = await caches.match(CONFIG.pages.offline, { ignoreVary: true });
  if (!language || !kept || kept.headers.get("Content-Language") === language) return;
  const cache = await caches.open(CORE);
  const urls = Object.values(CONFIG.pages).concat(CONFIG.odds ? [CONFIG.odds] : []);
  await Promise.all(urls.map(async function (url) {
    try {
      const fresh = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
      if (fresh.ok) await cache.put(url, await stamped(fresh));
    } catch (error) { /* kept as they were */ }
  }));
}

async function page(event, url) {
  try {
    const response = await fetch(event.request);
    if (response.ok && isHtml(response)) {
      event.waitUntil(keepPage(event.request, response.clone()).then(function () {
        return followLanguage(response);
      }));
    }
    return response;
  } catch (error) {
    return offline(event.request, url);
  }
}

/* Files and fetched answers: a versioned file (?v=) from the cache first, else the network
   first, the cache when it fails (a fetched page is kept as a page is). */
async function file(event) {
  const request = event.request;
  if (new URL(request.url).searchParams.has("v")) {
    const kept = await caches.match(request, { ignoreVary: true });
    if (kept) return kept;
  }
  try {
    const response = await fetch(request);
    if (response.ok && isHtml(response)) event.waitUntil(keepPage(request, response.clone()));
    return response;
  } catch (error) {
    const kept = await caches.match(request, { ignoreVary: true });
    return kept || Response.error();
  }
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (CONFIG.networkOnly.some(function (prefix) { return url.pathname.startsWith(prefix); })) return;
  event.respondWith(request.mode === "navigate" ? page(event, url) : file(event));
});
