// As runtime-probe.mjs, through require (Bun).
const { readFileSync } = require("node:fs");
const { join } = require("node:path");
const api = require("mcp-boundary");

import("./exercise.mjs").then(({ exercise }) => {
  const vectors = JSON.parse(readFileSync(join(__dirname, "../tests/data/recipients.json"), "utf8"));
  console.log(JSON.stringify(exercise(api, vectors.cases)));
});
