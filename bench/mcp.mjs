// mcp-boundary/mcp beside what it replaces: `make bench`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { ErrorClassifier } from "mcp-boundary";
import { protectServer } from "mcp-boundary/mcp";
import { compare, report } from "./harness.mjs";

// ---- classifyIssues on distinct Zod issues, beside JSON.stringify of them ----
const classifier = new ErrorClassifier({ tools: { send: ["priority", "limit", "text"] } });
const schema = z.object({ priority: z.enum(["low", "high"]), limit: z.number().max(10), text: z.string().max(5) }).strict();
const issues = Array.from({ length: 4096 }, (_, i) => schema.safeParse({ priority: `p${i}`, limit: 100 + i, text: "x".repeat(10 + (i % 7)), [`k${i}`]: 1 }).error.issues);

// ---- a valid tools/call through a protected and an unprotected McpServer ----
function server(protect) {
  const s = new McpServer({ name: "bench", version: "1.0.0" });
  if (protect) protectServer(s);
  s.registerTool("send", { inputSchema: { priority: z.enum(["low", "high"]), text: z.string().max(100) } }, async ({ priority }) => ({
    content: [{ type: "text", text: priority }],
  }));
  const call = s.server._requestHandlers.get("tools/call");
  return (i) => call({ method: "tools/call", params: { name: "send", arguments: { priority: i & 1 ? "low" : "high", text: "hello" } } }, {});
}
const [plainCall, protectedCall] = [server(false), server(true)];

async function timeAsync(f, n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f(i);
  return Number(process.hrtime.bigint() - t) / n;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const a = [], b = [];
for (let r = 0; r < 3; r++) await Promise.all([timeAsync(protectedCall, 2000), timeAsync(plainCall, 2000)]);
for (let r = 0; r < 9; r++) {
  a.push(await timeAsync(protectedCall, 20_000));
  b.push(await timeAsync(plainCall, 20_000));
}

const rows = [
  compare(
    "classifyIssues, 4 distinct Zod issues, beside JSON.stringify of them",
    (i) => classifier.classifyIssues("send", issues[i & 4095]).length,
    (i) => JSON.stringify(issues[i & 4095]).length,
    { iterations: 50_000, target: 1.5 },
  ),
  { name: "a valid tools/call: protected McpServer (first column) beside unprotected", wasm: median(a), js: median(b), ratio: median(a) / median(b) },
];
report("mcp-boundary/mcp", rows);
console.log(`\nA protected valid call adds ${(median(a) - median(b)).toFixed(0)} ns (target: under 1,000).`);
