// mcp-boundary/mcp beside what it replaces: `make bench`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { z } from "zod";
import { ErrorClassifier } from "mcp-boundary";
import { protectServer } from "mcp-boundary/mcp";
import { compare, report } from "./harness.mjs";

// ---- classifyIssues on distinct Zod issues, beside JSON.stringify of them ----
const classifier = new ErrorClassifier({ tools: { send: ["priority", "limit", "text"] } });
const schema = z.object({ priority: z.enum(["low", "high"]), limit: z.number().max(10), text: z.string().max(5) }).strict();
const issues = Array.from({ length: 4096 }, (_, i) => schema.safeParse({ priority: `p${i}`, limit: 100 + i, text: "x".repeat(10 + (i % 7)), [`k${i}`]: 1 }).error.issues);

// ---- a valid tools/call through a protected and an unprotected McpServer, v1 and v2 ----
function server(Server, protect) {
  const s = new Server({ name: "bench", version: "1.0.0" });
  if (protect) protectServer(s);
  const inputSchema = Server === McpServer ? { priority: z.enum(["low", "high"]), text: z.string().max(100) } : z.object({ priority: z.enum(["low", "high"]), text: z.string().max(100) });
  s.registerTool("send", { inputSchema }, async ({ priority }) => ({ content: [{ type: "text", text: priority }] }));
  const call = s.server._requestHandlers.get("tools/call");
  // The handler's context as v2's dispatch gives it (no request state); v1 reads none of it.
  const ctx = { mcpReq: { requestState: () => undefined } };
  return (i) => call({ method: "tools/call", params: { name: "send", arguments: { priority: i & 1 ? "low" : "high", text: "hello" } } }, ctx);
}

async function timeAsync(f, n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f(i);
  return Number(process.hrtime.bigint() - t) / n;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
/** The median time of a valid call through a protected and an unprotected server of `Server`, interleaved. */
async function validCall(Server) {
  const [plainCall, protectedCall] = [server(Server, false), server(Server, true)];
  // The protected one is protected (else the rows compare two plain servers).
  const s = protectServer(new Server({ name: "check", version: "1" }));
  s.registerTool("t", { description: "t" }, async () => ({ content: [] }));
  const unknown = await s.server._requestHandlers.get("tools/call")({ method: "tools/call", params: { name: "x\ny" } }, { mcpReq: { requestState: () => undefined } }).catch((e) => e);
  if (unknown.message !== "unknown tool") throw new Error(`bench/mcp.mjs: not protected (${unknown.message})`);
  const a = [], b = [];
  for (let r = 0; r < 3; r++) await Promise.all([timeAsync(protectedCall, 2000), timeAsync(plainCall, 2000)]);
  for (let r = 0; r < 9; r++) {
    a.push(await timeAsync(protectedCall, 20_000));
    b.push(await timeAsync(plainCall, 20_000));
  }
  return [median(a), median(b)];
}
const v1 = await validCall(McpServer);
const v2 = await validCall(McpServerV2);

const rows = [
  compare(
    "classifyIssues, 4 distinct Zod issues, beside JSON.stringify of them",
    (i) => classifier.classifyIssues("send", issues[i & 4095]).length,
    (i) => JSON.stringify(issues[i & 4095]).length,
    { iterations: 50_000, target: 1.5 },
  ),
  { name: "a valid tools/call: protected v1 McpServer (first column) beside unprotected", wasm: v1[0], js: v1[1], ratio: v1[0] / v1[1] },
  { name: "a valid tools/call: protected v2 McpServer (first column) beside unprotected", wasm: v2[0], js: v2[1], ratio: v2[0] / v2[1] },
];
report("mcp-boundary/mcp", rows);
for (const [line, [a, b]] of [["v1", v1], ["v2", v2]]) console.log(`\nA protected valid call on ${line} adds ${(a - b).toFixed(0)} ns (target: under 1,000).`);
