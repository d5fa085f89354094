/* The offline odds engine: Pyodide running the server's own Python (the services and engines of
   the battle and the hunt, adjudicator/web/offline_odds/browser.py), shipped as one zip.
   Shared by the page (odds.js) and the equality test (tests/web/offline_odds, under node). */
(function (root) {
  "use strict";
  // loadPyodide: Pyodide's loader; config: {pyodide: its directory URL, engine: the zip's URL,
  // context: what the shell carries}; fetchBytes(url) → ArrayBuffer. Resolves to ask(kind, query)
  // where query maps each input name to its values; ask answers as the page does.
  async function startEngine(loadPyodide, config, fetchBytes) {
    const py = await loadPyodide({ indexURL: config.pyodide });
    py.unpackArchive(await fetchBytes(config.engine), "zip");
    const browser = py.pyimport("adjudicator.web.offline_odds.browser");
    const pathlib = py.pyimport("pathlib");
    browser.install_json(
      JSON.stringify(config.context),
      pathlib.Path("django_numberformat.py").read_text()
    );
    const fields = {};
    Object.keys(config.context.fields).forEach(function (kind) {
      fields[kind] = JSON.stringify(config.context.fields[kind]);
    });
    return function ask(kind, query) {
      return JSON.parse(browser.answer_json(kind, fields[kind], JSON.stringify(query)));
    };
  }
  if (typeof module !== "undefined" && module.exports) module.exports = { startEngine: startEngine };
  else root.OfflineOddsEngine = { startEngine: startEngine };
})(this);
