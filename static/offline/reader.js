/* The rulebook reader offline (docs/offline.md): /rules/<book>/ and /rules/<book>/<anchor>/
   drawn from the book's bundle kept by the service worker, as the server draws them. */
(function () {
  "use strict";
  var holder = document.getElementById("offline-reader");
  if (!holder || !window.caches) return;
  var parts = location.pathname.split("/").filter(Boolean);  // ["rules", book, anchor?]
  var d = holder.dataset;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { node.append(c); });
    return node;
  }
  function link(href, children) { return el("a", { href: href }, children); }
  function url(book, s) { return book.url + s.anchor + "/"; }
  function numbered(book, s) {
    return link(url(book, s), [el("span", { class: "number" }, [s.number]), " " + s.heading]);
  }
  function missing() {
    holder.replaceChildren(el("h1", {}, [d.rulebooks]), el("p", {}, [d.missing]),
      el("p", {}, [link(d.home, [d.rulebooks])]));
  }

  function toc(book, parent) {
    var items = book.sections.map(function (s, i) { return [s, i]; })
      .filter(function (p) { return p[0].parent === parent; });
    if (!items.length) return null;
    return el("ul", {}, items.map(function (p) {
      var sub = toc(book, p[1]);
      return el("li", {}, sub ? [numbered(book, p[0]), sub] : [numbered(book, p[0])]);
    }));
  }

  function contents(book) {
    document.title = book.title;
    holder.replaceChildren(
      el("nav", { class: "breadcrumbs", "aria-label": d.location }, [link(d.home, [d.rulebooks]), " › " + book.title]),
      el("h1", {}, [book.title]),
      el("nav", { class: "toc", "aria-label": d.contents }, [el("h2", {}, [d.contents]), toc(book, null) || ""]));
  }

  function section(book, index) {
    var s = book.sections[index];
    var trail = [link(d.home, [d.rulebooks]), " › ", link(book.url, [book.title])];
    for (var up = s.parent, chain = []; up !== null; up = book.sections[up].parent) chain.unshift(up);
    chain.forEach(function (i) { trail.push(" › ", link(url(book, book.sections[i]), [book.sections[i].heading])); });
    var text = el("div", { class: "rule-text" });
    if (s.html) text.innerHTML = s.html; else text.append(el("p", { class: "meta" }, [d.empty]));
    var article = el("article", { class: "rule-section" }, [
      el("h1", { id: s.anchor }, [el("span", { class: "number" }, [s.number]), " " + s.heading]), text]);
    var sub = toc(book, index);
    if (sub) article.append(el("nav", { class: "toc", "aria-label": d.subsections }, [el("h2", {}, [d.subsections]), sub]));
    var pager = el("nav", { class: "pager", "aria-label": d.pager });
    var prev = book.sections[index - 1], next = book.sections[index + 1];
    pager.append(prev ? el("a", { rel: "prev", href: url(book, prev) }, ["← " + prev.heading]) : el("span"));
    if (next) pager.append(el("a", { rel: "next", href: url(book, next) }, [next.heading + " →"]));
    document.title = s.heading + " — " + book.title;
    holder.replaceChildren(el("nav", { class: "breadcrumbs", "aria-label": d.location }, trail), article, pager);
  }

  caches.match(holder.dataset.books.replace("-", parts[1]), { ignoreSearch: true }).then(function (response) {
    return response ? response.json() : null;
  }).then(function (book) {
    if (!book || parts[0] !== "rules") return missing();
    if (parts.length < 3) return contents(book);
    var index = book.sections.findIndex(function (s) { return s.anchor === parts[2]; });
    return index < 0 ? missing() : section(book, index);
  }).catch(missing);
})();
