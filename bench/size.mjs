// Size per part: what a bundler ships for a browser when a program
// imports one part (or everything): esbuild bundles a page script that
// imports every export of the part (and of its mcp entry) and calls init(),
// minified; the figure is the gzip -9 of that JS plus the gzip -9 of the
// part's .wasm, which the bundler emits as an asset beside it. A
// measurement against the budgets of SPEC §5, never an assertion. The
// SDK that an mcp entry loads where the project has it is left out.
// `make bench` (after `make pkg`).
import { buildSync } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const root = new URL("..", import.meta.url);
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const pkgJson = JSON.parse(readFileSync(new URL("pkg/package.json", root), "utf8"));

// Each part: its entries and the module its web build loads; the budget in KB gzip (SPEC §5).
const parts = [
  { name: "server (mcp-boundary/server + /server/mcp)", entries: ["mcp-boundary/server", "mcp-boundary/server/mcp"], wasm: "pkg/server/web/mcp_boundary_bg.wasm", budget: 48 },
  { name: "host (mcp-boundary/host + /host/mcp)", entries: ["mcp-boundary/host", "mcp-boundary/host/mcp"], wasm: "pkg/host/web/mcp_boundary_bg.wasm", budget: 90 },
  { name: "everything (mcp-boundary + /mcp)", entries: ["mcp-boundary", "mcp-boundary/mcp"], wasm: "pkg/web/mcp_boundary_bg.wasm", budget: 110 },
];
for (const part of parts) for (const entry of part.entries) if (!pkgJson.exports[`.${entry.slice("mcp-boundary".length)}`]) throw new Error(`bench/size.mjs: pkg/package.json exports no ${entry}`);

console.log("\nSize per part (a browser bundle: esbuild --minify, gzip -9; the .wasm beside it)\n");
console.log("| part | JS gzip | .wasm raw | .wasm gzip | total gzip | budget |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const part of parts) {
  // Every export used, so nothing of the part is shaken out.
  const contents =
    part.entries.map((e, i) => `import * as m${i} from "${e}";`).join("\n") +
    `\nawait m0.init();\nglobalThis.used = [${part.entries.map((_, i) => `m${i}`).join(", ")}];\n`;
  const { outputFiles } = buildSync({
    stdin: { contents, resolveDir: root.pathname, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "error",
    // The SDK an mcp entry loads where a project has it is the SDK's
    // bytes, not the part's.
    external: ["@modelcontextprotocol/*"],
  });
  const js = gzip(outputFiles[0].contents);
  const wasm = readFileSync(new URL(part.wasm, root));
  const total = js + gzip(wasm);
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`| ${part.name} | ${kb(js)} KB | ${kb(wasm.length)} KB | ${kb(gzip(wasm))} KB | **${kb(total)} KB** | ≤ ${part.budget} KB |`);
}
