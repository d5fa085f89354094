/* Offline on every page (docs/offline.md): the service worker registered once the page has
   loaded (its files are fetched after the page's own), a banner when the network is gone or
   the page is a saved copy, and the "Keep for offline" controls of the rulebooks. */
(function () {
  "use strict";
  var banner = document.getElementById("offline-banner");
  if (!banner) return;
  var root = document.documentElement;
  var lang = root.lang || "ru";
  var text = banner.querySelector(".offline-banner-text");
  var reload = banner.querySelector(".offline-reload");

  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }
  function date(iso) {
    var when = new Date(iso);
    if (isNaN(when)) return "?";
    return when.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
  }
  function size(bytes) {
    return new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024)) + " KB";
  }

  /* A saved copy or a page answered in the browser is only served when the server cannot
     be reached: offline, whatever navigator.onLine says, until the "online" event. */
  var copy = root.dataset.offlineSaved !== undefined || root.dataset.offlineShell !== undefined;
  var backOnline = false;
  function show() {
    var parts = [];
    if (backOnline) parts.push(banner.dataset.online);
    else if (copy || !navigator.onLine) parts.push(banner.dataset.offline);
    if (root.dataset.offlineSaved !== undefined) {
      parts.push(fill(banner.dataset.saved, { date: date(root.dataset.offlineSaved) }));
    } else if (root.dataset.offlineShell !== undefined && root.dataset.offlineShell !== banner.dataset.needs) {
      parts.push(banner.dataset.shell);
    }
    reload.hidden = !(backOnline && copy);
    text.textContent = parts.join(" ");
    banner.hidden = parts.length === 0;
  }
  reload.addEventListener("click", function () { location.reload(); });
  window.addEventListener("online", function () { backOnline = true; show(); });
  window.addEventListener("offline", function () { backOnline = false; show(); });
  show();

  /* "Keep for offline" per game (home page): the game's rulebook bundles in the data cache. */
  function keepControls(manifest) {
    if (!window.caches) return;
    document.querySelectorAll("[data-offline-keep]").forEach(function (holder) {
      var books = manifest.books.filter(function (b) { return b.game === holder.dataset.offlineKeep; });
      if (!books.length) return;
      var bytes = books.reduce(function (sum, b) { return sum + b.bytes; }, 0);
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      var status = document.createElement("span");
      status.className = "meta";
      status.setAttribute("role", "status");
      holder.replaceChildren(button, status);
      function refresh() {
        return Promise.all(books.map(function (b) { return caches.match(b.url); })).then(function (kept) {
          var all = kept.every(Boolean);
          button.hidden = all;
          button.textContent = fill(banner.dataset.keep, { size: size(bytes) });
          status.textContent = all ? fill(banner.dataset.kept, {
            size: size(bytes), date: date(kept[0].headers.get("X-Offline-Saved")),
          }) : "";
          holder.hidden = false;
        });
      }
      button.addEventListener("click", function () {
        status.textContent = banner.dataset.keeping;
        caches.open(manifest.cache).then(function (cache) {
          return Promise.all(books.map(function (b) {
            return fetch(b.url, { credentials: "same-origin" }).then(function (response) {
              if (!response.ok) throw new Error(b.url);
              return response.blob().then(function (body) {
                var headers = new Headers(response.headers);
                headers.set("X-Offline-Saved", new Date().toISOString());
                return cache.put(b.url, new Response(body, { headers: headers }));
              });
            });
          }));
        }).then(refresh, function () { status.textContent = banner.dataset.failed; });
      });
      refresh();
    });
  }

  window.addEventListener("load", function () {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(banner.dataset.worker, { scope: "/" }).catch(function () {});
    if (document.querySelector("[data-offline-keep]") && !copy && navigator.onLine) {
      fetch(banner.dataset.precache, { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : Promise.reject(); })
        .then(keepControls, function () {});
    }
  });
})();
