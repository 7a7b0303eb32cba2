// The glue with the wasm module instantiated on first use, for the Node
// entries: importing the package reads, compiles and instantiates
// nothing; the first call that needs Rust does, synchronously (and
// throws, as the import would have, when the .wasm cannot be read;
// init() and initSync() load it at once). A program that only meets
// recipients the generated accept check answers, or that loads the
// package and never calls it, never pays for the module. The web build
// stays as it is: its init() loads the module, which a page cannot fetch
// synchronously.

/**
 * `glue` whose functions and classes (every export that reaches the
 * module) run `init()` once, when the first of them is read; its enums,
 * plain objects, read as they are. After `init()` every export is a plain
 * property again.
 */
export function onDemand(glue, init) {
  const lazy = {};
  const names = Object.keys(glue).filter((k) => typeof glue[k] === "function");
  function start() {
    init();
    for (const k of names) Object.defineProperty(lazy, k, { value: glue[k], enumerable: true });
  }
  for (const k of Object.keys(glue)) {
    if (typeof glue[k] !== "function") lazy[k] = glue[k];
    else {
      Object.defineProperty(lazy, k, {
        get() {
          start();
          return glue[k];
        },
        enumerable: true,
        configurable: true,
      });
    }
  }
  return lazy;
}
