// The source that js/build/build.mjs generates from the tables of the wasm
// module it has just built, before anything is minified: the payload
// walkers (js/build/walkers.mjs), the rejection builders (js/build/rejections.mjs),
// the result builders (js/build/shapes.mjs) and the start-up tables
// (js/build/tables.mjs); and the literal unions of the
// types, in js/index.d.ts, js/mcp.d.ts and python/mcp_boundary/_literals.py
// (js/build/unions.mjs).
// The build writes it to js/generated/, where it is committed, so a change
// of Rust's tables shows in review as a diff of the generated code;
// js-tests/generated.test.mjs regenerates it and fails when it is stale.
import { walkerSource } from "./walkers.mjs";
import { rejectionSource } from "./rejections.mjs";
import { shapeSource } from "./shapes.mjs";
import { tablesSource } from "./tables.mjs";
import { unionSources } from "./unions.mjs";

/** The value a start-up table export leaves in its `out` array. */
export function tableOf(f) {
  const out = [];
  f(out);
  return out[0];
}

/**
 * `{ "walkers.js": text, "rejections.js": text, "shapes.js": text, "tables.js": text }` from `tables`, the
 * exports of a build with the build-tables feature (the Makefile's
 * target/build-tables/mcp_boundary.js).
 */
export function generatedSources(tables) {
  const stream = tableOf(tables.__stream_tables);
  const samples = tableOf(tables.__shape_samples);
  return {
    "walkers.js": walkerSource(tableOf(tables.__rules), stream.calls, stream.scopes, tables.StepKind, tables.Limit.MaxElements),
    "rejections.js": rejectionSource(tableOf(tables.__rejection_tables), tables.RejectionField, Object.keys(samples.rejected)),
    "shapes.js": shapeSource(samples, tableOf(tables.__shape_rule)),
    "tables.js": tablesSource(tables),
  };
}

/**
 * `{ path: text }` (paths from the repository's root) for the files whose
 * literal unions come from Rust's names (js/build/unions.mjs): `read(path)`
 * gives a file's committed text, whose generated declarations are written
 * again.
 */
export function unionFiles(tables, read) {
  return unionSources(tableOf(tables.__names), read);
}
