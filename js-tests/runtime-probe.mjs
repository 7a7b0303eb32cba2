// Run by js-tests/runtimes.test.mjs in Deno and Bun: the package imported by
// name, the shared exercise, its answers as JSON on stdout.
import { readFileSync } from "node:fs";
import * as api from "mcp-boundary";
import { exercise } from "./exercise.mjs";

const vectors = JSON.parse(readFileSync(new URL("../tests/data/recipients.json", import.meta.url), "utf8"));
console.log(JSON.stringify(exercise(api, vectors.cases)));
