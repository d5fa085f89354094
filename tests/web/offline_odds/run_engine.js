/* Answers questions with the offline engine under node, as the page does in a browser.
   stdin: {"pyodide": dir, "engine": zip path, "contexts": {lang: context},
   "cases": [{"language", "kind", "query"}]}; stdout: the answers, in order, as JSON. */
"use strict";
const fs = require("fs");
const path = require("path");
const { startEngine } = require(process.argv[2]);

async function main() {
  const input = JSON.parse(fs.readFileSync(0, "utf8"));
  const { loadPyodide } = require(path.join(input.pyodide, "pyodide.js"));
  const answers = [];
  // One Pyodide for every language: each start installs its language's stand-ins and imports
  // the services again (browser.install), as a page in that language would.
  const pyodide = loadPyodide({ indexURL: input.pyodide + "/" });
  for (const language of Object.keys(input.contexts)) {
    const ask = await startEngine(
      () => pyodide,
      { pyodide: input.pyodide + "/", engine: input.engine, context: input.contexts[language] },
      (file) => new Uint8Array(fs.readFileSync(file))
    );
    input.cases.forEach((c, index) => {
      if (c.language === language) answers[index] = ask(c.kind, c.query);
    });
  }
  process.stdout.write(JSON.stringify(answers));
}
main().catch((error) => { console.error(error); process.exit(1); });
