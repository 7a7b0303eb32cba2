// The check-tools command's rules (js/cli.mjs), which only the main entry
// carries (its module is built with the wasm-check-tools feature; a host's
// part has neither): the findings and reports (src/host/check_tools.rs,
// through src/bindings/wasm/check_tools.rs) and the command's texts
// (src/bindings/wasm/cli_texts.rs's table, which the build writes into
// js/generated/tables.js). Nothing here decides.
import { checkToolsTexts } from "../generated/tables.js";

export function createMcpCli(glue, h) {
  const { out, take } = h;

  /** The rules, with the check-tools texts by key (`texts`), read when `__mcp()` is first called (js/api/mcp-core.js). */
  return () => {
    const texts = checkToolsTexts();
    return {
      texts,
      /**
       * What check-tools reports for tool `names` (strings), each as
       * `prefix/name` (`name` for an empty prefix), under the built-in
       * `profiles`: `{ ok, output }`, whether every name fits as it is, and
       * the --json report (`json`) or the text report.
       */
      checkTools(names, prefix, profiles, json) {
        const ok = glue.__check_tools(names, prefix, profiles, json, out);
        if (ok < 0) throw take();
        return { ok: ok === 1, output: take() };
      },
      /** `String(text)` as check-tools shows a name: printable ASCII, the rest escaped, whole. */
      shown(text) {
        glue.__shown(String(text), out);
        return take();
      },
      /** The check-tools text `key` with `values` in its `{}` slots, in order. */
      say(key, ...values) {
        let i = 0;
        return texts[key].replace(/\{\}/g, () => String(values[i++] ?? ""));
      },
    };
  };
}
