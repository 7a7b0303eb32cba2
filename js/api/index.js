// The public JS API, written once as the modules of js/api/ and bundled by
// js/build/build.mjs into each entry point (CommonJS and an ES module for
// Node, ES modules for the web, Workers and the inline build). This file is
// the whole API, the main entry's; server.js and host.js are the parts'
// (parts.js).
//
// A thin layer over the wasm exports of src/bindings/wasm/: it checks argument
// types, copies strings' UTF-16 code units straight into wasm memory, makes
// one call, and materializes what Rust answers. Every rule, result shape and
// message is Rust's: codes come from the enums the glue exports (Verdict,
// Reply, Word, …), fixed strings from tables read once at start, rare
// structured results arrive whole (JSON text for JSON.parse), and hot
// results are built here from Rust's codes and strings. The memos and the
// registry's answer caches hold only Rust's answers.
//
// `glue` exists only once the wasm module is ready (the web build makes
// the API after init()), so each part is a factory: given the glue and the
// helpers of the parts before it (`h`, which grows part by part), it
// returns its functions and classes. Each factory takes what it uses into
// locals first, so the hot paths read closure locals, as in one closure.
import { createParts, serverPart, hostPart, cliPart } from "./parts.js";

/**
 * The whole API over wasm-bindgen's `glue` (both parts). `createWalkers(helpers)` returns the
 * walkers generated from Rust's rules (js/generated/walkers.js); it is
 * called on the first rewrite, so the Node builds load them only then.
 */
export function createApi(glue, createWalkers) {
  return createParts(glue, createWalkers, [serverPart, hostPart, cliPart]);
}
