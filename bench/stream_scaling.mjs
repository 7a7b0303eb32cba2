// How fromProviderSse's cost grows with its input: each class of input
// that once took time or memory faster than linear (CR-only line ends, a
// renamed name beside many keys, names out of the rules' order, one byte
// per chunk), at n and 10n bytes.
// Each row gives the time at 10n beside 10 times the time at n: a ratio
// of about 1.0× is linear (the harness's table, so scripts/bench-against.sh
// compares it with an earlier package too). `make bench`.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ToolRegistry } from "mcp-boundary";
import { report } from "./harness.mjs";

const registry = new ToolRegistry();
registry.registerServer("github", ["create_issue"]);
const A = "github__create_issue";
const encode = (s) => new TextEncoder().encode(s);

// Memory: an event that has not ended, fed 16 bytes per chunk, in a fresh
// process per size: the JS heap it leaves held after a collection, at n
// and 10n bytes (both under the 4 MiB maximum, past which nothing more is
// held). The event's bytes themselves are a copy in the module's memory,
// one byte per byte (tests/streams.rs checks that no more than the maximum
// is held); resident memory is too coarse to show them (the module's
// memory grows in 64 KiB pages and never shrinks).
if (process.argv[2] === "--hold") {
  const hold = async (size) => {
    const t = registry.fromProviderSse("anthropic");
    const w = t.writable.getWriter();
    void (async () => {
      for await (const c of t.readable) void c;
    })();
    const piece = encode(`data: {"pad":"${"x".repeat(size)}`);
    for (let at = 0; at < piece.length; at += 16) await w.write(piece.subarray(at, at + 16));
    return t;
  };
  await hold(4096); // the code warmed up and compiled before anything is measured
  global.gc();
  const before = process.memoryUsage();
  const kept = await hold(Number(process.argv[3]));
  global.gc();
  const after = process.memoryUsage();
  console.log(JSON.stringify({ rss: after.rss - before.rss, heap: after.heapUsed - before.heapUsed }));
  void kept;
  process.exit(0);
}
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

const held = (size) => {
  const runs = [];
  for (let r = 0; r < 3; r++) {
    const child = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--hold", String(size)], { encoding: "utf8" });
    runs.push(JSON.parse(child.stdout.trim().split("\n").pop()));
  }
  return Math.max(runs.map((m) => m.heap).sort((a, b) => a - b)[1], 0);
};
const [m1, m10] = [held(350_000), held(3_500_000)];
console.log(`\nfromProviderSse memory: JS heap held by an unfinished event fed 16 bytes per chunk (median of 3 processes)\n`);
console.log("| event so far | JS heap held | per byte |");
console.log("|---|---:|---:|");
for (const [n, m] of [[350_000, m1], [3_500_000, m10]]) console.log(`| ${n} bytes | ${m} bytes | ${(m / n).toFixed(3)} |`);
