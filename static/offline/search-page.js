/* The search page offline (docs/offline.md): the question in the address (?q=, ?game=)
   answered by search.js from the index kept by the service worker. */
(function () {
  "use strict";
  var out = document.getElementById("offline-search-results");
  var input = document.getElementById("offline-q");
  if (!out || !input || !window.caches || !window.OfflineSearch) return;
  var params = new URLSearchParams(location.search);
  var question = params.get("q") || "", game = params.get("game") || "";
  input.value = question;

  function say(text) {
    var p = document.createElement("p");
    p.className = "meta";
    p.textContent = text;
    out.replaceChildren(p);
  }

  function show(index) {
    var hits = index.search(question, 50).map(function (r) { return index.data.docs[r.doc]; })
      .filter(function (doc) { return !game || doc.g === game; }).slice(0, 10);
    if (!hits.length) return say(out.dataset.none);
    var heading = document.createElement("h2");
    heading.textContent = out.dataset.found;
    var list = document.createElement("ol");
    list.className = "results";
    hits.forEach(function (doc) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = doc.u;
      link.textContent = doc.t;
      var source = document.createElement("p");
      source.className = "meta";
      source.textContent = doc.s;
      var snippet = document.createElement("p");
      snippet.textContent = doc.x + (doc.x.length >= 240 ? " …" : "");
      item.append(link, source, snippet);
      list.append(item);
    });
    out.replaceChildren(heading, list);
  }

  if (!question.trim()) return;
  caches.match("/offline/search-index.json", { ignoreSearch: true }).then(function (response) {
    if (!response) return say(out.dataset.missing);
    return response.json().then(function (data) { show(new OfflineSearch.Index(data)); });
  }).catch(function () { say(out.dataset.missing); });
})();
