/* The battle and hunt-turn pages offline (templates/offline_odds/shell.html): the path says which,
   the query is the page's link; the answer is computed on this device by the server's own code
   (engine.js, in worker.js: Pyodide). Editing the question recomputes in place and keeps the link. */
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("offline-odds-engine").textContent);
  var status = document.getElementById("offline-status");
  var labels = {};
  document.getElementById("offline-labels").content.querySelectorAll("[data-label]").forEach(function (span) {
    labels[span.getAttribute("data-label")] = span.textContent;
  });
  var engine = null;
  var ready = false;

  function kindOf(path) {
    return path.replace(/\/+$/, "").endsWith(config.paths.hunt_turn.replace(/\/+$/, "")) ||
      location.hash === "#hunt_turn" ? "hunt_turn" : "battle";
  }

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function say(key) {
    status.textContent = key ? status.getAttribute("data-" + key) : "";
    status.hidden = !key;
  }

  function queryOf(search) {
    var query = {};
    new URLSearchParams(search).forEach(function (value, key) {
      (query[key] = query[key] || []).push(value);
    });
    return query;
  }

  function exact(value) {
    if (value.length <= 40) return el("code", value);
    var details = el("details", null, "exact-long");
    details.appendChild(el("summary", labels.exact));
    details.appendChild(el("code", value));
    return details;
  }

  function figure(p) {
    var cell = el("td", p.shown, "num");
    cell.appendChild(document.createElement("br"));
    var span = el("span", null, "exact-inline");
    span.appendChild(exact(p.exact));
    cell.appendChild(span);
    return cell;
  }

  function numbersRows(kind, answer) {
    var keys = kind === "battle" ? ["defender_destroyed", "attacker_destroyed", "both_destroyed"]
      : ["survive", "success", "reveal", "corruption_12", "stopped"];
    var body = document.getElementById("offline-numbers");
    body.replaceChildren();
    keys.forEach(function (key) {
      if (!answer[key] || (key === "stopped" && !(answer.mordor_steps || []).length)) return;
      var row = el("tr");
      var head = el("th", labels[key]);
      head.scope = "row";
      row.appendChild(head);
      var cell = figure(answer[key]);
      if (key === "defender_destroyed") cell.setAttribute("data-testid", "defender-destroyed");
      row.appendChild(cell);
      body.appendChild(row);
    });
  }

  function table(headings, rows) {
    var wrap = el("div", null, "table-scroll");
    var t = el("table", null, "distribution");
    var head = el("tr");
    headings.forEach(function (h) { head.appendChild(el("th", h)); });
    t.appendChild(el("thead")).appendChild(head);
    var body = t.appendChild(el("tbody"));
    rows.forEach(function (cells) {
      var row = el("tr");
      cells.forEach(function (c) { row.appendChild(typeof c === "string" ? el("td", c) : c); });
      body.appendChild(row);
    });
    wrap.appendChild(t);
    return wrap;
  }

  function details(kind, answer) {
    var box = document.getElementById("offline-details");
    box.replaceChildren();
    var losses = document.getElementById("offline-losses");
    losses.hidden = kind !== "battle";
    if (kind === "battle") {
      var lost = answer.expected_losses;
      losses.textContent = losses.getAttribute("data-template")
        .replace("{a}", lost.attacker.units.shown).replace("{d}", lost.defender.units.shown);
      box.appendChild(el("h2", labels.outcomes));
      box.appendChild(table([labels.attacker_left, labels.defender_left, labels.probability],
        answer.outcomes.map(function (o) {
          return [o.attacker.regular + "/" + o.attacker.elite, o.defender.regular + "/" + o.defender.elite,
            el("td", o.shown, "num")];
        })));
      return;
    }
    ["damage", "corruption", "companions_lost", "mordor_steps"].forEach(function (key) {
      if (!(answer[key] || []).length) return;
      box.appendChild(table([labels[key], labels.probability], answer[key].map(function (row) {
        return [String(row.value), figure(row)];
      })));
    });
  }

  function list(id, items, make) {
    var box = document.getElementById(id);
    var ul = box.querySelector("ul");
    ul.replaceChildren();
    items.forEach(function (item) { ul.appendChild(make(item)); });
    box.hidden = !items.length;
  }

  // A field as the page names it: its label, or the legend of its side, or its own name.
  function fieldName(kind, name) {
    var label = document.querySelector("[data-offline-form=" + kind + "] label[for$='-" + name + "']");
    if (label) return label.textContent.trim().replace(/:$/, "");
    return config.context.legends[kind][name.split(".")[0]] || name;
  }

  function show(kind, result) {
    var section = document.getElementById("offline-answer");
    var problems = [];
    if (result.wrong) {
      problems = result.wrong.map(function (name) { return fieldName(kind, name) + ": " + labels.wrong; });
    } else if (result.problems) {
      problems = result.problems.map(function (p) { return fieldName(kind, p[0]) + ": " + p[1]; });
    }
    list("offline-problems", problems, function (text) { return el("li", text); });
    section.hidden = !result.answer;
    document.getElementById("edit").open = !result.answer;  // the answer first, as on the page
    if (!result.answer) return;
    var answer = result.answer;
    document.getElementById("headline").textContent = answer.headline;
    numbersRows(kind, answer);
    details(kind, answer);
    list("offline-assumptions", answer.assumptions, function (text) { return el("li", text); });
    list("offline-citations", answer.citations, function (c) {
      var li = el("li");
      var a = el("a", c.title || c.section);
      a.href = c.url;
      li.appendChild(a);
      return li;
    });
  }

  function showForm(kind, query) {
    document.querySelectorAll("[data-offline-title]").forEach(function (node) {
      node.textContent = document.querySelector("h1[data-offline-title]").getAttribute("data-" + kind);
    });
    document.title = document.querySelector("h1[data-offline-title]").getAttribute("data-" + kind) +
      document.title.slice(document.title.indexOf(" · "));
    document.querySelectorAll("[data-offline-form]").forEach(function (form) {
      form.hidden = form.getAttribute("data-offline-form") !== kind;
      if (form.hidden || !query) return;
      form.querySelectorAll("input[name], select[name]").forEach(function (input) {
        if (!(input.name in query)) return;
        var values = query[input.name];
        if (input.type === "checkbox" && input.value === "on") {
          input.checked = ["", "false", "0"].indexOf(values[values.length - 1]) < 0;
        } else if (input.type === "checkbox" || input.type === "radio") {
          input.checked = values.indexOf(input.value) >= 0;
        } else {
          input.value = values[values.length - 1];
        }
      });
    });
  }

  function compute(kind, search) {
    var query = queryOf(search);
    showForm(kind, query);
    if (!Object.keys(query).length) {
      say("ask");
      document.getElementById("offline-answer").hidden = true;
      document.getElementById("edit").open = true;
      return;
    }
    say(ready ? "computing" : "starting");
    var asked = location.href;
    engine.then(function (ask) { return ask(kind, query); }).then(function (result) {
      if (location.href !== asked) return;  // another question was asked meanwhile
      show(kind, result);
      say(null);
    }, function () { say("failed"); });
  }

  document.querySelectorAll("[data-offline-form]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      // checker.js has left the defaults out (disabled them): what is left is the page's link.
      var search = new URLSearchParams(new FormData(form)).toString();
      form.querySelectorAll(":disabled").forEach(function (input) { input.disabled = false; });
      history.pushState(null, "", form.getAttribute("action") + "?" + search);
      compute(form.getAttribute("data-offline-form"), "?" + search);
    });
  });
  document.querySelectorAll("[data-offline-kind]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      history.pushState(null, "", link.getAttribute("href"));
      compute(link.getAttribute("data-offline-kind"), "");
    });
  });
  window.addEventListener("popstate", function () { compute(kindOf(location.pathname), location.search); });

  say("starting");
  engine = new Promise(function (resolve, reject) {
    var worker = new Worker(config.worker);
    var waiting = {};
    var next = 0;
    worker.onmessage = function (event) {
      var message = event.data;
      if (message.ready) {
        resolve(function (kind, query) {
          return new Promise(function (done) {
            waiting[++next] = done;
            worker.postMessage({ id: next, kind: kind, query: query });
          });
        });
      } else if (message.failed) {
        reject(new Error(message.failed));
      } else {
        waiting[message.id](message.result);
        delete waiting[message.id];
      }
    };
    worker.onerror = reject;
    worker.postMessage({ start: { scripts: config.scripts, config: config } });
  });
  engine.then(function () { ready = true; }, function () { say("failed"); });
  compute(kindOf(location.pathname), location.search);
})();
