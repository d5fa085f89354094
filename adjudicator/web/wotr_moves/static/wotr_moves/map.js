// The board map: zoom (buttons, pinch), tap a region to edit it, ask for legal destinations,
// undo, share. It opens on the whole board, or on the region the question is about; every
// region answers a tap within 22 px of its point (the nearest point wins), labels that would
// overlap are left out until the map is zoomed in, and the editor leaves the region in sight.
// Progressive enhancement: without JavaScript the map is a picture and the table editor below
// does everything. The server is the only judge: every edit is validated by
// /api/wotr/positions/validate/ and stored by /api/wotr/moves/positions/ (a content key) before
// the page shows it, and the board is redrawn by the server (the same page, ?position=<key>).
(function () {
  "use strict";
  var section = document.getElementById("map");
  var holder = document.getElementById("board-map");
  var state = document.getElementById("id_position");
  if (!section || !holder || !state || !window.fetch) { return; }
  var STORE = "wotr-position";
  var editor = document.getElementById("map-editor");
  var answer = document.getElementById("map-answer");
  var tools = section.querySelector(".map-tools");
  var undoButton = tools.querySelector("[data-act=undo]");
  var strings = {};
  document.getElementById("map-strings").content.querySelectorAll("[data-key]").forEach(function (s) {
    strings[s.getAttribute("data-key")] = s.textContent;
  });
  var csrf = (document.querySelector("[name=csrfmiddlewaretoken]") || {}).value || "";
  var key = section.getAttribute("data-position-key");
  var undoKeys = [];
  var selected = null;   // {region, piece, destinations: {slug: steps}}
  var zoom = 1;          // the sheet's width in widths of its box: 1 shows the whole board
  var MAX_ZOOM = 6;
  var TARGET = 44;       // px: the smallest tap target of a region (WCAG 2.5.5)
  var LABEL_PX = 11;     // px: labels keep this size on the screen at every zoom
  var plurals = JSON.parse(document.getElementById("map-plurals").textContent);

  // "N regions away" and the like, in the language's plural form (made by the server).
  function plural(kind, n) {
    var forms = plurals[kind];
    return n < forms.length ? forms[n] : forms[forms.length - 1].replace(/\d+/, String(n));
  }

  function position() { return JSON.parse(state.value); }

  function api(url, body) {
    return fetch(section.getAttribute(url), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, "Accept": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    });
  }

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return node;
  }

  function say(items) {
    answer.textContent = "";
    items.forEach(function (item) { answer.appendChild(item); });
  }

  function reasonItem(reason) {
    var li = el("li", reason.message + (reason.citation ? " — " : ""));
    if (reason.citation) { li.appendChild(el("a", reason.citation.title, { href: reason.citation.url })); }
    return li;
  }

  function problemsList(list, data) {
    list.textContent = "";
    (data.errors || data.problems || []).forEach(function (p) {
      list.appendChild(el("li", (p.field ? p.field + ": " : "") + p.message));
    });
  }

  // Show the board of a stored key: fetch this page for it and swap the map, state and table.
  function show(newKey, remember) {
    var url = location.pathname + "?position=" + newKey;
    return fetch(url, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      ["board-map", "hunt-link", "victory-link"].forEach(function (id) {
        var fresh = page.getElementById(id);
        var old = document.getElementById(id);
        if (fresh && old) { old.replaceWith(fresh); }
      });
      holder = document.getElementById("board-map");
      state.value = page.getElementById("id_position").value;
      var board = document.querySelector(".board");
      var freshBoard = page.querySelector(".board");
      if (board && freshBoard) { board.replaceWith(freshBoard); }
      if (remember && key && key !== newKey) { undoKeys.push(key); }
      adopt(newKey);
      undoButton.disabled = !undoKeys.length;
      selected = null;
      applyZoom();
    });
  }

  // Make a stored key the shown position's: its link in the address bar and on Share, and the
  // position this browser remembers.
  function adopt(newKey) {
    key = newKey;
    section.setAttribute("data-position-key", key);
    window.history.replaceState(null, "", location.pathname + "?position=" + key);
    document.getElementById("map-share").href = location.href;
    try { localStorage.setItem(STORE, key); } catch (e) { /* storage may be off */ }
  }

  // Validate (the server judges), store (content key), then show.
  function commit(data, problems) {
    return api("data-validate-url", { position: data }).then(function (checked) {
      if (!checked.ok || checked.data.valid === false) {
        problemsList(problems, checked.data);
        return false;
      }
      return api("data-share-url", { position: data }).then(function (stored) {
        if (!stored.ok) { problemsList(problems, stored.data); return false; }
        return show(stored.data.key, true).then(function () { return true; });
      });
    });
  }

  function number(form, name) { return parseInt(form.elements[name].value, 10) || 0; }

  // "Sauron (3 regulars, 1 elite)" for each nation of the armies in a region.
  function armiesText(armies) {
    var select = document.getElementById("region-editor-template").content.querySelector("select[name=nation]");
    return Object.keys(armies || {}).map(function (nation) {
      var f = armies[nation];
      var option = select.querySelector("option[value=" + nation + "]");
      var parts = ["regular", "elite", "leaders", "nazgul"].filter(function (k) { return f[k]; }).map(function (k) {
        return plural(k, f[k]);
      });
      return (option ? option.textContent : nation) + " (" + parts.join(", ") + ")";
    }).join("; ");
  }

  function regionName(region) {
    return holder.querySelector("[data-region='" + region + "']").getAttribute("aria-label");
  }

  function openEditor(region) {
    var data = position();
    var group = holder.querySelector("[data-region='" + region + "']");
    var form = document.getElementById("region-editor-template").content.firstElementChild.cloneNode(true);
    var armies = (data.armies || {})[region] || {};
    form.querySelector(".editor-title").textContent = group.getAttribute("aria-label");
    form.querySelector(".editor-armies").textContent = armiesText(armies);
    var nations = Object.keys(armies);
    var select = form.elements.nation;
    if (nations.length) { select.value = nations[0]; }
    function fill() {
      var f = armies[select.value] || {};
      ["regular", "elite", "leaders", "nazgul"].forEach(function (k) { form.elements[k].value = f[k] || 0; });
      form.querySelector(".field-nazgul").hidden = select.value !== "sauron";
    }
    select.addEventListener("change", fill);
    fill();
    var controlled = (data.control || {})[region];
    form.querySelector(".field-control").hidden = !controlled;
    if (controlled) { form.elements.control.value = controlled; }
    form.querySelector(".field-siege").hidden = !group.querySelector(".stronghold");
    form.elements.besieged.checked = (data.sieges || []).indexOf(region) >= 0;
    form.querySelectorAll("[name=characters]").forEach(function (box) {
      box.checked = (data.characters || {})[box.value] === region;
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      commit(edited(data, region, form), form.querySelector(".editor-problems")).then(function (ok) {
        if (ok) { closeEditor(); }
      });
    });
    form.querySelector("[data-act=close]").addEventListener("click", closeEditor);
    form.querySelector("[data-act=legal]").addEventListener("click", function () {
      selectStack(region, data, form.querySelector(".editor-problems"));
    });
    editor.textContent = "";
    editor.appendChild(form);
    editor.hidden = false;
    select.focus({ preventScroll: true });
    reveal([region]);
  }

  function closeEditor() { editor.hidden = true; editor.textContent = ""; }

  function edited(data, region, form) {
    data.armies = data.armies || {};
    var here = data.armies[region] || {};
    var figures = {};
    ["regular", "elite", "leaders", "nazgul"].forEach(function (k) {
      var n = number(form, k);
      if (n) { figures[k] = n; }
    });
    if (Object.keys(figures).length) { here[form.elements.nation.value] = figures; } else { delete here[form.elements.nation.value]; }
    if (Object.keys(here).length) { data.armies[region] = here; } else { delete data.armies[region]; }
    if (!form.querySelector(".field-control").hidden) { data.control[region] = form.elements.control.value; }
    var sieges = (data.sieges || []).filter(function (s) { return s !== region; });
    if (form.elements.besieged.checked) { sieges.push(region); }
    data.sieges = sieges;
    data.characters = data.characters || {};
    form.querySelectorAll("[name=characters]").forEach(function (box) {
      if (box.checked) {
        data.characters[box.value] = region;
        data.fellowship.companions = data.fellowship.companions.filter(function (c) { return c !== box.value; });
      } else if (data.characters[box.value] === region) {
        delete data.characters[box.value];
      }
    });
    return data;
  }

  function mark(destinations) {
    holder.querySelectorAll(".region").forEach(function (g) {
      var slug = g.getAttribute("data-region");
      g.classList.toggle("destination", Object.prototype.hasOwnProperty.call(destinations, slug));
      g.classList.toggle("selected", selected !== null && selected.region === slug);
    });
  }

  // Select the army in a region (all its figures) and highlight where it may go.
  function selectStack(region, data, problems) {
    var armies = (data.armies || {})[region] || {};
    var units = Object.keys(armies).map(function (nation) {
      var f = armies[nation];
      return { nation: nation, regular: f.regular || 0, elite: f.elite || 0, leaders: f.leaders || 0, nazgul: f.nazgul || 0 };
    });
    if (!units.length) { problems.textContent = ""; problems.appendChild(el("li", strings.noarmy)); return; }
    var piece = { kind: "army", from: region, units: units, die: "army" };
    api("data-legal-url", { position: data, piece: piece }).then(function (result) {
      if (!result.ok) { problemsList(problems, result.data); return; }
      var destinations = {};
      result.data.destinations.forEach(function (d) { destinations[d.region] = d.steps; });
      selected = { region: region, piece: piece, destinations: destinations, army: armiesText(armies) };
      closeEditor();
      mark(destinations);
      say([el("p", strings.selected + ": " + selected.army + " · " + regionName(region) +
        " · " + plural("destinations", result.data.count), { class: "verdict ok", id: "map-selected" })]);
      reveal([region].concat(Object.keys(destinations)));
    });
  }

  function enemyArmy(data, from, to) {
    var mine = Object.keys((data.armies || {})[from] || {});
    var sideOf = function (nation) {
      return document.querySelector("#region-editor-template").content
        .querySelector("option[value=" + nation + "]").getAttribute("data-side");
    };
    var side = mine.length ? sideOf(mine[0]) : null;
    return Object.keys((data.armies || {})[to] || {}).some(function (n) { return sideOf(n) !== side; });
  }

  // With a stack selected, a tap asks "may it go there?": legal, or why not, with the rule and
  // its citation either way (the server judges: /api/wotr/moves/check/).
  function ask(region) {
    var data = position();
    var name = regionName(region);
    var from = selected.region;
    var army = selected.army;
    var attack = enemyArmy(data, selected.region, region);
    var items = [];
    if (attack && key) {
      var link = section.getAttribute("data-battle-url") + "?" + new URLSearchParams({
        position: key, attacker_region: selected.region, defender_region: region
      }).toString();
      items.push(el("a", strings.attack, { href: link, class: "button", id: "attack-link" }));
    }
    var move = Object.assign({}, selected.piece, { kind: attack ? "attack" : "army", to: region });
    api("data-check-url", { position: data, move: move }).then(function (result) {
      var legal = result.data.legal === true;
      var steps = result.data.path_length;
      var line = el("p", (legal ? strings.legal_move : strings.illegal) + ": " + army + ", " + regionName(from) + " → " + name +
        (legal && typeof steps === "number" ? " · " + plural("steps", steps) : ""), { class: "verdict " + (legal ? "legal" : "illegal"), id: "map-verdict" });
      var list = el("ul", "", { class: "reasons" });
      ((result.data.reasons && result.data.reasons.length ? result.data.reasons : result.data.errors) || []).forEach(function (r) {
        list.appendChild(reasonItem(r));
      });
      var cited = (result.data.citations || [])[0];
      var rule = el("p", cited ? strings.rule + ": " : "", { class: "map-rule" });
      if (cited) { rule.appendChild(el("a", cited.title, { href: cited.url })); }
      say([line, legal ? rule : list].concat(items));
      reveal([from, region]);
    });
  }

  function tap(region) {
    if (selected && selected.region !== region) { ask(region); return; }
    if (selected) { selected = null; mark({}); say([]); }
    openEditor(region);
  }

  function svgOf() { return holder.querySelector("svg"); }
  function scale() {
    var svg = svgOf();
    return svg ? svg.getBoundingClientRect().width / parseFloat(svg.getAttribute("data-width")) : 1;
  }
  function pointOf(region) {
    var hit = holder.querySelector("[data-region='" + region + "'] .hit");
    return { x: parseFloat(hit.getAttribute("cx")), y: parseFloat(hit.getAttribute("cy")) };
  }

  // The region a tap is for: the nearest point within its target (targets may overlap when the
  // board is small; the nearest one is the one meant).
  function regionAt(event) {
    var svg = svgOf();
    var matrix = svg && svg.getScreenCTM();
    if (!matrix) { return null; }
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    point = point.matrixTransform(matrix.inverse());
    var best = null;
    var bestDistance = Infinity;
    holder.querySelectorAll(".region .hit").forEach(function (hit) {
      var dx = parseFloat(hit.getAttribute("cx")) - point.x;
      var dy = parseFloat(hit.getAttribute("cy")) - point.y;
      var distance = Math.sqrt(dx * dx + dy * dy);
      if (distance <= parseFloat(hit.getAttribute("r")) && distance < bestDistance) {
        bestDistance = distance;
        best = hit.parentNode.getAttribute("data-region");
      }
    });
    return best;
  }

  function bindMap() {
    holder.addEventListener("click", function (event) {
      var region = event.detail === 0 ? null : regionAt(event);
      var group = event.target.closest && event.target.closest("[data-region]");
      region = region || (group && group.getAttribute("data-region"));
      if (region) { tap(region); }
    });
    holder.addEventListener("keydown", function (event) {
      var group = event.target.closest && event.target.closest("[data-region]");
      if (group && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        tap(group.getAttribute("data-region"));
      }
    });
  }

  function applyZoom() {
    var svg = svgOf();
    if (svg) { svg.style.width = (zoom * 100) + "%"; }
    sizeTargets();
    placeLabels();
    bindOnce();
  }

  // Every region's target at least TARGET px across, whatever the zoom.
  function sizeTargets() {
    var r = Math.max(14, (TARGET / 2 + 1) / scale());
    holder.querySelectorAll(".region .hit").forEach(function (hit) { hit.setAttribute("r", r.toFixed(1)); });
  }

  function rank(group) {
    var mark = group.querySelector(".settlement");
    var kind = mark ? ["town", "city", "stronghold"].indexOf(mark.getAttribute("class").split(" ")[1]) + 2 : 0;
    return kind + (group.querySelector(".counter") ? 1 : 0) + (group.classList.contains("selected") || group.classList.contains("destination") ? 10 : 0);
  }

  // What a label may not cover: every region's mark and counters (in sheet units).
  function obstacles() {
    var boxes = [];
    holder.querySelectorAll(".region").forEach(function (group) {
      var point = pointOf(group.getAttribute("data-region"));
      boxes.push({ left: point.x - 7, right: point.x + 7, top: point.y - 7, bottom: point.y + 7 });
      group.querySelectorAll(".counter rect").forEach(function (rect) {
        var x = parseFloat(rect.getAttribute("x"));
        var y = parseFloat(rect.getAttribute("y"));
        boxes.push({ left: x, right: x + parseFloat(rect.getAttribute("width")), top: y, bottom: y + parseFloat(rect.getAttribute("height")) });
      });
    });
    return boxes;
  }

  // Labels at LABEL_PX on the screen, above their mark or beside it; one that would overlap a
  // mark, a counter or a label already placed (the strongholds, cities and towns first, the regions being asked about
  // before all) is left out until zooming in makes room. The region's name stays its accessible name.
  function placeLabels() {
    var size = LABEL_PX / scale();
    var pad = 2 / scale();
    var placed = obstacles();
    var sheet = { width: parseFloat(svgOf().getAttribute("data-width")), height: parseFloat(svgOf().getAttribute("data-height")) };
    var groups = Array.prototype.slice.call(holder.querySelectorAll(".region"));
    groups.sort(function (a, b) { return rank(b) - rank(a); });
    groups.forEach(function (group) {
      var label = group.querySelector(".label");
      var point = pointOf(group.getAttribute("data-region"));
      label.style.fontSize = size.toFixed(2) + "px";
      var width = label.textContent.length * size * 0.6 + 2 * pad;
      var high = size * 0.85 + pad;
      var low = size * 0.2 + pad;
      // above the mark, else to its right, else to its left
      var spots = [
        { x: point.x, y: point.y - 9 - pad - size * 0.22, anchor: "middle", left: point.x - width / 2 },
        { x: point.x + 9 + pad, y: point.y + size * 0.3, anchor: "start", left: point.x + 9 },
        { x: point.x - 9 - pad, y: point.y + size * 0.3, anchor: "end", left: point.x - 9 - width }
      ];
      var spot = spots.find(function (candidate) {
        var box = { left: candidate.left, right: candidate.left + width, top: candidate.y - high, bottom: candidate.y + low };
        var clash = box.left < 0 || box.right > sheet.width || box.top < 0 || box.bottom > sheet.height ||
          placed.some(function (other) {
            return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
          });
        if (!clash) { placed.push(box); }
        return !clash;
      });
      label.classList.toggle("label-hidden", !spot);
      if (spot) {
        label.setAttribute("x", spot.x.toFixed(1));
        label.setAttribute("y", spot.y.toFixed(1));
        label.style.textAnchor = spot.anchor;
      }
    });
  }

  // Zoom to `next`, keeping the sheet's point under (x, y) of the box where it is.
  function setZoom(next, x, y) {
    var box = holder.getBoundingClientRect();
    var ox = x === undefined ? box.width / 2 : x - box.left;
    var oy = y === undefined ? box.height / 2 : y - box.top;
    var fx = (holder.scrollLeft + ox) / holder.scrollWidth;
    var fy = (holder.scrollTop + oy) / holder.scrollHeight;
    zoom = Math.max(1, Math.min(MAX_ZOOM, next));
    applyZoom();
    holder.scrollLeft = fx * holder.scrollWidth - ox;
    holder.scrollTop = fy * holder.scrollHeight - oy;
  }

  // Show these regions: zoomed in enough to tap them (at least 2.5× unless they span more),
  // centred in the box, the box above the editor sheet and the answer bar.
  function reveal(regions) {
    var points = regions.map(pointOf);
    var xs = points.map(function (p) { return p.x; });
    var ys = points.map(function (p) { return p.y; });
    var width = parseFloat(svgOf().getAttribute("data-width"));
    var span = Math.max(Math.max.apply(null, xs) - Math.min.apply(null, xs), 1);
    var fit = Math.min(MAX_ZOOM, Math.max(1, 0.7 * width / span));
    if (zoom < Math.min(2.5, fit) || zoom > fit) { zoom = Math.min(fit, Math.max(zoom, 2.5)); applyZoom(); }
    var s = scale();
    var cx = (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2 * s;
    var cy = (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2 * s;
    holder.scrollLeft = cx - holder.clientWidth / 2;
    holder.scrollTop = cy - holder.clientHeight / 2;
    window.requestAnimationFrame(function () {
      var covered = Math.min(editor.hidden ? window.innerHeight : editor.getBoundingClientRect().top,
        answer.textContent ? answer.getBoundingClientRect().top : window.innerHeight);
      var rects = regions.map(function (region) {
        return holder.querySelector("[data-region='" + region + "'] .hit").getBoundingClientRect();
      });
      var bottom = Math.max.apply(null, rects.map(function (r) { return r.bottom; }));
      var top = Math.min.apply(null, rects.map(function (r) { return r.top; }));
      var shift = bottom - (covered - 8);
      if (shift > 0) { window.scrollBy(0, Math.min(shift, top - 8)); }
      else if (top < 0) { window.scrollBy(0, top - 8); }
    });
  }

  // Pinch to zoom on the map itself (the page keeps its size); ctrl + wheel on a trackpad.
  var pinch = null;
  function spread(touches) {
    var dx = touches[0].clientX - touches[1].clientX;
    var dy = touches[0].clientY - touches[1].clientY;
    return { d: Math.sqrt(dx * dx + dy * dy), x: (touches[0].clientX + touches[1].clientX) / 2, y: (touches[0].clientY + touches[1].clientY) / 2 };
  }
  function bindZoomGestures() {
    holder.addEventListener("touchstart", function (event) {
      if (event.touches.length === 2) { pinch = { start: spread(event.touches), zoom: zoom }; }
    }, { passive: true });
    holder.addEventListener("touchmove", function (event) {
      if (!pinch || event.touches.length !== 2) { return; }
      event.preventDefault();
      var now = spread(event.touches);
      setZoom(pinch.zoom * now.d / pinch.start.d, now.x, now.y);
    }, { passive: false });
    holder.addEventListener("touchend", function (event) { if (event.touches.length < 2) { pinch = null; } });
    holder.addEventListener("wheel", function (event) {
      if (!event.ctrlKey) { return; }
      event.preventDefault();
      setZoom(zoom * (event.deltaY < 0 ? 1.15 : 1 / 1.15), event.clientX, event.clientY);
    }, { passive: false });
  }

  var bound = null;
  function bindOnce() { if (bound !== holder) { bound = holder; bindMap(); bindZoomGestures(); } }

  function reload(data) {
    return commit(data, answer.appendChild(el("ul", "", { class: "errorlist" })));
  }

  tools.addEventListener("click", function (event) {
    var act = event.target.getAttribute("data-act");
    if (act === "zoom-in" || act === "zoom-out") {
      setZoom(act === "zoom-in" ? zoom * 1.5 : zoom / 1.5);
    } else if (act === "fit") {
      setZoom(1);
    } else if (act === "undo" && undoKeys.length) {
      var previous = undoKeys.pop();
      show(previous, false);
    } else if (act === "setup") {
      say([]);
      reload("setup");
    } else if (act === "empty") {
      var data = position();
      data.armies = {};
      data.sieges = [];
      data.characters = {};
      say([]);
      reload(data);
    } else if (act === "export") {
      var blob = new Blob([JSON.stringify(position(), null, 1)], { type: "application/json" });
      var a = el("a", "", { href: URL.createObjectURL(blob), download: "wotr-position-" + (key || "setup") + ".json" });
      document.body.appendChild(a);
      a.click();
      a.remove();
    }
  });
  tools.querySelector("[data-act=import]").addEventListener("change", function (event) {
    var file = event.target.files[0];
    if (!file) { return; }
    file.text().then(function (text) {
      say([]);
      try { reload(JSON.parse(text)); } catch (e) { say([el("p", e.message, { class: "verdict bad" })]); }
    });
  });

  tools.hidden = false;
  applyZoom();
  var focus = section.getAttribute("data-focus");
  if (focus && holder.querySelector("[data-region='" + focus + "']")) { reveal([focus]); }
  // A revisit (or a language switch) without a link shows the last position of this browser;
  // the position of a form's answer (a POST: an edit, a checked move, legal destinations) is
  // stored so that it gets its link too, and stays as the answer drew it (its highlights).
  var remembered = null;
  try { remembered = localStorage.getItem(STORE); } catch (e) { /* storage may be off */ }
  if (key) {
    try { localStorage.setItem(STORE, key); } catch (e) { /* storage may be off */ }
  } else if (section.hasAttribute("data-posted")) {
    api("data-share-url", { position: position() }).then(function (stored) {
      if (stored.ok) { adopt(stored.data.key); }
    });
  } else if (remembered && location.search === "") {
    show(remembered, false);
  }
}());
