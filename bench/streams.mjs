// Stream rewriting beside hand-written loops that fix one format's name
// fields: `make bench`. Each operation reads a whole recorded stream (three
// tool calls, their arguments in 20 deltas each); ns per stream.
import { ToolRegistry } from "mcp-boundary";
import { compareAsync, report } from "./harness.mjs";

const registry = new ToolRegistry();
registry.registerServer("github", ["create_issue", "list_repos"]);
registry.registerServer("mail", ["add_message"]);
const canonicalOf = new Map(registry.entries().map((e) => [e.alias, e.canonical]));
const aliases = [...canonicalOf.keys()];
const ARGS = JSON.stringify({ title: "a title", body: "some text ".repeat(20) });
const pieces = (s, n) => Array.from({ length: n }, (_, i) => s.slice((i * s.length) / n, ((i + 1) * s.length) / n));

// ---- recorded streams ----
const anthropic = [{ type: "message_start", message: { id: "m", type: "message", role: "assistant", content: [] } }];
aliases.forEach((name, i) => {
  anthropic.push({ type: "content_block_start", index: i, content_block: { type: "tool_use", id: `toolu_${i}`, name, input: {} } });
  for (const p of pieces(ARGS, 20)) anthropic.push({ type: "content_block_delta", index: i, delta: { type: "input_json_delta", partial_json: p } });
  anthropic.push({ type: "content_block_stop", index: i });
});
anthropic.push({ type: "message_delta", delta: { stop_reason: "tool_use" } }, { type: "message_stop" });

const chunk = (call) => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }] });
const chat = [];
aliases.forEach((name, i) => {
  chat.push(chunk({ index: i, id: `call_${i}`, type: "function", function: { name, arguments: "" } }));
  for (const p of pieces(ARGS, 20)) chat.push(chunk({ index: i, function: { arguments: p } }));
});
chat.push({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
// Name-dense: every chunk opens a call (its id and name), as a model that
// calls many small tools at once streams them.
const dense = Array.from({ length: 64 }, (_, i) => chunk({ index: i, id: `call_${i}`, type: "function", function: { name: aliases[i % aliases.length], arguments: "{}" } }));

const sse = new TextEncoder().encode(anthropic.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(""));
const sseChunks = pieces(sse, Math.ceil(sse.length / 512)).map((p) => Uint8Array.from(p)); // network-sized reads

// ---- hand-written loops ----
async function* plainAnthropic(source) {
  for await (const e of source) {
    const b = e.content_block;
    if (e.type === "content_block_start" && b.type === "tool_use" && canonicalOf.has(b.name)) yield { ...e, content_block: { ...b, name: canonicalOf.get(b.name) } };
    else yield e;
  }
}
async function* plainChat(source) {
  for await (const e of source) {
    if (!e.choices.some((c) => c.delta.tool_calls?.some((t) => canonicalOf.has(t.function?.name)))) {
      yield e;
      continue;
    }
    const fix = (t) => (canonicalOf.has(t.function?.name) ? { ...t, function: { ...t.function, name: canonicalOf.get(t.function.name) } } : t);
    yield { ...e, choices: e.choices.map((c) => (c.delta.tool_calls ? { ...c, delta: { ...c.delta, tool_calls: c.delta.tool_calls.map(fix) } } : c)) };
  }
}
/** Events split at blank lines, each event's JSON parsed, fixed and written back (not byte for byte: JSON.stringify's spacing). */
function plainSse() {
  const decoder = new TextDecoder(), encoder = new TextEncoder();
  let rest = "";
  return new TransformStream({
    transform(bytes, controller) {
      const parts = (rest + decoder.decode(bytes, { stream: true })).split("\n\n");
      rest = parts.pop();
      let out = "";
      for (const part of parts) {
        const at = part.indexOf("data: ");
        const e = at < 0 ? null : JSON.parse(part.slice(at + 6));
        const b = e?.content_block;
        if (e?.type === "content_block_start" && b.type === "tool_use" && canonicalOf.has(b.name)) {
          out += `${part.slice(0, at + 6)}${JSON.stringify({ ...e, content_block: { ...b, name: canonicalOf.get(b.name) } })}\n\n`;
        } else out += `${part}\n\n`;
      }
      if (out !== "") controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      if (rest !== "") controller.enqueue(encoder.encode(rest));
    },
  });
}

async function* from(list) {
  for (const e of list) yield e;
}
async function count(iterable) {
  let n = 0;
  for await (const e of iterable) n += e.type === "content_block_start" || e.choices !== undefined ? 1 : 0;
  return n;
}
async function pipe(transform) {
  const writing = (async () => {
    const w = transform.writable.getWriter();
    for (const c of sseChunks) await w.write(c);
    await w.close();
  })();
  let n = 0;
  for await (const c of transform.readable) n += c.length;
  await writing;
  return n;
}

// The equivalents agree before anything is timed.
const text = async (transform) => {
  const out = [];
  const w = (async () => { const wr = transform.writable.getWriter(); for (const c of sseChunks) await wr.write(c); await wr.close(); })();
  for await (const c of transform.readable) out.push(...c);
  await w;
  return new TextDecoder().decode(Uint8Array.from(out));
};
const agree = async (a, b, what) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`bench equivalents disagree on ${what}`);
};
const collect = async (it) => { const out = []; for await (const e of it) out.push(e); return out; };
await agree(await collect(registry.fromProviderStream(from(anthropic), "anthropic")), await collect(plainAnthropic(from(anthropic))), "the Anthropic stream");
await agree(await collect(registry.fromProviderStream(from(chat), "openai-chat")), await collect(plainChat(from(chat))), "the OpenAI Chat stream");
await agree(await text(registry.fromProviderSse("anthropic")), await text(plainSse()), "the server-sent events");
await agree(await collect(registry.fromProviderStream(from(dense), "openai-chat")), await collect(plainChat(from(dense))), "the name-dense OpenAI Chat stream");

const cases = [
  [`fromProviderStream, Anthropic (${anthropic.length} events)`, () => count(registry.fromProviderStream(from(anthropic), "anthropic")), () => count(plainAnthropic(from(anthropic))), { target: 1.5 }],
  [`fromProviderStream, OpenAI Chat (${chat.length} chunks)`, () => count(registry.fromProviderStream(from(chat), "openai-chat")), () => count(plainChat(from(chat))), { target: 1.5 }],
  [`fromProviderStream, OpenAI Chat, name-dense (${dense.length} chunks, each opening a call)`, () => count(registry.fromProviderStream(from(dense), "openai-chat")), () => count(plainChat(from(dense))), { target: 1.5 }],
  [`fromProviderSse, Anthropic (${sse.length} bytes in ${sseChunks.length} chunks)`, () => pipe(registry.fromProviderSse("anthropic")), () => pipe(plainSse()), { target: 1.5, iterations: 500 }],
];
const only = process.env.BENCH_ONLY; // a substring of the operations to run
const rows = [];
for (const [name, ours, plain, options] of cases) if (only === undefined || name.includes(only)) rows.push(await compareAsync(name, ours, plain, options));
report("Streams", rows);
