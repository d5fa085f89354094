/* The offline engine (engine.js) in a worker: Pyodide starts and computes off the page's
   thread, so the page stays responsive. Messages in: {start: {scripts, config}}, then
   {id, kind, query}; out: {ready: true} or {failed: message}, then {id, result}. */
"use strict";
var ask = null;

function fetchBytes(url) {
  return fetch(url).then(function (response) {
    if (!response.ok) throw new Error(url + ": " + response.status);
    return response.arrayBuffer();
  }).then(function (buffer) { return new Uint8Array(buffer); });
}

self.onmessage = function (event) {
  var message = event.data;
  if (message.start) {
    importScripts.apply(self, message.start.scripts);
    self.OfflineOddsEngine.startEngine(self.loadPyodide, message.start.config, fetchBytes).then(
      function (engine) { ask = engine; self.postMessage({ ready: true }); },
      function (error) { self.postMessage({ failed: String(error) }); }
    );
    return;
  }
  self.postMessage({ id: message.id, result: ask(message.kind, message.query) });
};
