// How fromProviderSse's cost grows with its input: each class of input
// that once took time or memory faster than linear (CR-only line ends, a
// renamed name beside many keys, names out of the rules' order, one byte
// per chunk), at n and 10n bytes.
// Each row gives the time at 10n beside 10 times the time at n: a ratio
// of about 1.0× is linear (the harness's table, so scripts/bench-against.sh
// compares it with an earlier package too). `make bench`.
import { ToolRegistry } from "mcp-boundary";
import { report } from "./harness.mjs";

const registry = new ToolRegistry();
registry.registerServer("github", ["create_issue"]);
const A = "github__create_issue";
const encode = (s) => new TextEncoder().encode(s);

/** An event of `lines` data lines ending in CR alone (the JSON spread over them). */
function crOnly(lines) {
  const members = Array.from({ length: lines }, (_, i) => `"k${i}":${i},`);
  return encode(`data: {"type":"content_block_start","index":0,\r${members.map((m) => `data: ${m}\r`).join("")}data: "content_block":{"type":"tool_use","id":"t","name":"${A}","input":{}}}\r\r`);
}
/** One event whose renamed name sits beside `keys` other keys. */
function manyKeys(keys) {
  const members = Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(",");
  return encode(`data: {"type":"content_block_start","index":0,"content_block":{${members},"type":"tool_use","id":"t","name":"${A}","input":{}}}\n\n`);
}
/** One event whose n names sit out of the rules' order (the calls before the definitions, which Anthropic's rules walk first). */
function outOfOrder(n) {
  const calls = Array.from({ length: n }, (_, i) => `{"type":"tool_use","id":"t${i}","name":"${A}"}`).join(",");
  const tools = Array.from({ length: n }, () => `{"name":"${A}"}`).join(",");
  return encode(`data: {"content":[${calls}],"tools":[${tools}]}\n\n`);
}
/** `events` ordinary events. */
function events(n) {
  let text = "";
  for (let i = 0; i < n; i++) text += `event: content_block_start\ndata: {"type":"content_block_start","index":${i},"content_block":{"type":"tool_use","id":"t${i}","name":"${A}","input":{}}}\n\n`;
  return encode(text);
}
const whole = (b) => [b];
const bytes = (b) => Array.from(b, (x) => Uint8Array.of(x));

async function pipe(chunks) {
  const t = registry.fromProviderSse("anthropic");
  const w = t.writable.getWriter();
  const writing = (async () => {
    for (const c of chunks) await w.write(c);
    await w.close();
  })();
  let n = 0;
  for await (const c of t.readable) n += c.length;
  await writing;
  return n;
}
async function time(chunks) {
  const runs = [];
  for (let r = 0; r < 7; r++) {
    const start = process.hrtime.bigint();
    await pipe(chunks);
    runs.push(Number(process.hrtime.bigint() - start));
  }
  return runs.sort((a, b) => a - b)[3];
}

const cases = [
  ["CR-only line ends (one event of n lines)", crOnly, 2_000],
  ["a name beside n keys (one event)", manyKeys, 2_000],
  ["n names out of the rules' order (one event)", outOfOrder, 2_000],
  ["one byte per chunk (n events)", events, 20, bytes],
  ["network chunks, 64 KB (n events)", events, 2_000],
];
const rows = [];
for (const [name, make, n, split = whole] of cases) {
  const small = make(n), big = make(10 * n);
  const chunksOf = (b) => (split === whole && b.length > 65536 ? Array.from({ length: Math.ceil(b.length / 65536) }, (_, i) => b.subarray(i * 65536, (i + 1) * 65536)) : split(b));
  const [a, b] = [chunksOf(small), chunksOf(big)];
  await time(a), await time(b); // warm up
  const ta = await time(a), tb = await time(b);
  rows.push({ name: `fromProviderSse at 10n, ${name}: ${big.length} bytes, beside 10 × at n (${small.length})`, wasm: tb, js: 10 * ta, ratio: tb / (10 * ta), target: 1.5 });
}
report("fromProviderSse scaling: ns at 10n beside 10 × ns at n (median of 7 runs; 1.0× is linear)", rows);
