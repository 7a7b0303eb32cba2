// Raw server-sent events, each format's recorded stream
// (tests/data/streams.json) repeated to about 64 KB, a long streamed
// reply, in 1,400-byte chunks (a network read), through `fromProviderSse`
// beside the proxy a host would write by hand: TextDecoder, events split
// at blank lines, JSON.parse of each data line, the format's name fields
// fixed, JSON.stringify, TextEncoder. `make bench`; ns per stream and MB/s.
import { readFileSync } from "node:fs";
import { ToolRegistry } from "mcp-boundary";
import { compareAsync, report } from "./harness.mjs";

const v = JSON.parse(readFileSync(new URL("../tests/data/streams.json", import.meta.url), "utf8"));
const registry = new ToolRegistry();
for (const [server, tools] of Object.entries(v.registered)) registry.registerServer(server, tools);
const canonicalOf = new Map(Object.entries(v.aliases));

// ---- the hand-written fixes: each format's name fields ----
const named = (o) => { if (o && canonicalOf.has(o.name)) o.name = canonicalOf.get(o.name); };
const fixes = {
  anthropic: (e) => named(e.content_block),
  "openai-chat": (e) => { for (const c of e.choices ?? []) for (const t of c.delta?.tool_calls ?? []) named(t.function); },
  "openai-responses": (e) => {
    named(e.item);
    named(e);
    for (const item of e.response?.output ?? []) named(item);
    for (const tool of e.response?.tools ?? []) named(tool);
  },
  gemini: (e) => { for (const c of e.candidates ?? []) for (const p of c.content?.parts ?? []) named(p.functionCall); },
  "bedrock-converse": (e) => named(e.contentBlockStart?.start?.toolUse),
};

/** The proxy a host writes: whole events parsed, fixed and written back (JSON.stringify's spelling, not byte for byte). */
function proxy(fix, eol) {
  const decoder = new TextDecoder(), encoder = new TextEncoder();
  const gap = eol + eol;
  let rest = "";
  const event = (part) => {
    const lines = part.split(eol);
    return lines.map((line) => {
      if (!line.startsWith("data: ") || line === "data: [DONE]") return line;
      const e = JSON.parse(line.slice(6));
      fix(e);
      return `data: ${JSON.stringify(e)}`;
    }).join(eol);
  };
  return new TransformStream({
    transform(bytes, controller) {
      const parts = (rest + decoder.decode(bytes, { stream: true })).split(gap);
      rest = parts.pop();
      let out = "";
      for (const part of parts) out += event(part) + gap;
      if (out !== "") controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      if (rest !== "") controller.enqueue(encoder.encode(rest));
    },
  });
}

async function pipe(transform, chunks, keep) {
  const writing = (async () => {
    const w = transform.writable.getWriter();
    for (const c of chunks) await w.write(c);
    await w.close();
  })();
  let n = 0;
  const out = [];
  for await (const c of transform.readable) {
    n += c.length;
    if (keep) out.push(c);
  }
  await writing;
  return keep ? new TextDecoder().decode(Buffer.concat(out)) : n;
}
/** The parsed data lines of a text/event-stream, to check that both sides rewrite the same names. */
const dataOf = (text) => text.split(/\r\n|\r|\n/).filter((l) => l.startsWith("data: ") && l !== "data: [DONE]").map((l) => JSON.parse(l.slice(6)));

const rows = [];
for (const [format, f] of Object.entries(v.formats)) {
  const eol = f.crlf ? "\r\n" : "\n";
  let one = "";
  for (const e of f.events) one += (f.sse === "event" ? `event: ${e.type}${eol}` : "") + `data: ${JSON.stringify(e)}${eol}${eol}`;
  const bytes = new TextEncoder().encode(one.repeat(Math.ceil(65_536 / one.length)));
  const chunks = [];
  for (let at = 0; at < bytes.length; at += 1400) chunks.push(bytes.slice(at, at + 1400));
  const ours = await pipe(registry.fromProviderSse(format), chunks, true);
  const plain = await pipe(proxy(fixes[format], eol), chunks, true);
  if (JSON.stringify(dataOf(ours)) !== JSON.stringify(dataOf(plain)) || ours === new TextDecoder().decode(bytes)) throw new Error(`bench equivalents disagree on ${format}`);
  const row = await compareAsync(`fromProviderSse, ${format} (${bytes.length} bytes in ${chunks.length} chunks)`, () => pipe(registry.fromProviderSse(format), chunks), () => pipe(proxy(fixes[format], eol), chunks), { iterations: 40, rounds: 9, target: 0.4 });
  row.name += `: ${(bytes.length / row.wasm * 1e3).toFixed(0)} MB/s`;
  rows.push(row);
}
report("Raw server-sent events (64 KB streams)", rows);
