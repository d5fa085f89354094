// The board map: zoom, tap a region to edit it, ask for legal destinations, undo, share.
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
  var zoom = 2.5;

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
      key = newKey;
      undoButton.disabled = !undoKeys.length;
      section.setAttribute("data-position-key", key);
      window.history.replaceState(null, "", url);
      document.getElementById("map-share").href = location.href;
      try { localStorage.setItem(STORE, key); } catch (e) { /* storage may be off */ }
      selected = null;
      applyZoom();
    });
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

  function armiesText(armies) {
    var select = document.getElementById("region-editor-template").content.querySelector("select[name=nation]");
    return Object.keys(armies || {}).map(function (nation) {
      var f = armies[nation];
      var option = select.querySelector("option[value=" + nation + "]");
      return (option ? option.textContent : nation) + " " + (f.regular || 0) + "·" + (f.elite || 0) + "·" +
        (f.leaders || 0) + (f.nazgul ? " N" + f.nazgul : "");
    }).join("; ");
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
      selected = { region: region, piece: piece, destinations: destinations };
      closeEditor();
      mark(destinations);
      say([el("p", strings.selected + ": " + holder.querySelector("[data-region='" + region + "']").getAttribute("aria-label") +
        " · " + result.data.count + " " + strings.count, { class: "verdict ok" })]);
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

  // With a stack selected, a tap asks "may it go there?": legal, or why not (rules cited).
  function ask(region) {
    var data = position();
    var name = holder.querySelector("[data-region='" + region + "']").getAttribute("aria-label");
    var attack = enemyArmy(data, selected.region, region);
    var items = [];
    if (attack && key) {
      var link = section.getAttribute("data-battle-url") + "?" + new URLSearchParams({
        position: key, attacker_region: selected.region, defender_region: region
      }).toString();
      items.push(el("a", strings.attack, { href: link, class: "button", id: "attack-link" }));
    }
    if (Object.prototype.hasOwnProperty.call(selected.destinations, region)) {
      var steps = selected.destinations[region];
      say([el("p", strings.legal + ": " + name + (steps === null ? "" : " · " + steps + " " + strings.steps), { class: "verdict legal" })].concat(items));
      return;
    }
    var move = Object.assign({}, selected.piece, { kind: attack ? "attack" : "army", to: region });
    api("data-check-url", { position: data, move: move }).then(function (result) {
      var list = el("ul", "", { class: "reasons" });
      ((result.data.reasons && result.data.reasons.length ? result.data.reasons : result.data.errors) || []).forEach(function (r) {
        list.appendChild(reasonItem(r));
      });
      var verdict = result.data.legal ? strings.legal : strings.illegal;
      say([el("p", verdict + ": " + name, { class: "verdict " + (result.data.legal ? "legal" : "illegal") }), list].concat(items));
    });
  }

  function tap(region) {
    if (selected && selected.region !== region) { ask(region); return; }
    if (selected) { selected = null; mark({}); say([]); }
    openEditor(region);
  }

  function bindMap() {
    holder.addEventListener("click", function (event) {
      var group = event.target.closest && event.target.closest("[data-region]");
      if (group) { tap(group.getAttribute("data-region")); }
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
    var svg = holder.querySelector("svg");
    if (svg) { svg.style.width = (zoom * 100) + "%"; }
    bindOnce();
  }

  var bound = null;
  function bindOnce() { if (bound !== holder) { bound = holder; bindMap(); } }

  function reload(data) {
    return commit(data, answer.appendChild(el("ul", "", { class: "errorlist" })));
  }

  tools.addEventListener("click", function (event) {
    var act = event.target.getAttribute("data-act");
    if (act === "zoom-in" || act === "zoom-out") {
      var centre = (holder.scrollLeft + holder.clientWidth / 2) / holder.scrollWidth;
      zoom = Math.max(1, Math.min(6, act === "zoom-in" ? zoom * 1.5 : zoom / 1.5));
      applyZoom();
      holder.scrollLeft = centre * holder.scrollWidth - holder.clientWidth / 2;
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
  // A revisit (or a language switch) without a link shows the last position of this browser;
  // a position edited in the table editor (a POST) is stored so that it gets its link too.
  var remembered = null;
  try { remembered = localStorage.getItem(STORE); } catch (e) { /* storage may be off */ }
  if (key) {
    try { localStorage.setItem(STORE, key); } catch (e) { /* storage may be off */ }
  } else if (section.hasAttribute("data-posted")) {
    api("data-share-url", { position: position() }).then(function (stored) {
      if (stored.ok) { show(stored.data.key, false); }
    });
  } else if (remembered && location.search === "") {
    show(remembered, false);
  }
}());
