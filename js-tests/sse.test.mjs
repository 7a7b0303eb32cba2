// fromProviderSse: the recorded streams of every format as their
// text/event-stream bytes, split at every byte offset, at random sizes and
// byte by byte, with LF and CRLF line ends: the output is the input with
// each name at a tool-name place canonical and every other byte as it came.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STREAMS, registry, canonicalText, sseText, runSse as run } from "./stream-data.mjs";

const A = "github__create_issue";
const bytes = (text) => new TextEncoder().encode(text);

const splitAt = (b, ...cuts) => [0, ...cuts, b.length].slice(1).map((end, i, ends) => b.slice(i === 0 ? 0 : ends[i - 1], end));
/** A small seeded generator: the random splits are the same on every run. */
function random(seed) {
  return () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

for (const format of Object.keys(STREAMS.formats)) {
  for (const eol of ["\n", "\r\n"]) {
    const name = `${format} (${eol === "\n" ? "LF" : "CRLF"})`;
    const input = bytes(sseText(format, eol));
    const want = Buffer.from(bytes(canonicalText(sseText(format, eol))));

    test(`${name}: one chunk; call ids remembered; the input not mutated`, async () => {
      const r = registry();
      const copy = input.slice();
      const got = await run(r, format, [input]);
      assert.equal(got.toString(), want.toString());
      assert.ok(got.toString().includes(A), "the arguments still say what they said");
      assert.deepEqual(input, copy);
      for (const [id, tool] of Object.entries(STREAMS.formats[format].callIds)) assert.equal(r.toolForCallId(id), tool, id);
    });

    test(`${name}: split at every byte offset`, async () => {
      const r = registry();
      for (let cut = 0; cut <= input.length; cut++) {
        const got = await run(r, format, splitAt(input, cut));
        if (!got.equals(want)) assert.equal(got.toString(), want.toString(), `split at ${cut}`);
      }
    });

    test(`${name}: random chunk sizes, and byte by byte`, async () => {
      const r = registry();
      const next = random(format.length * 31 + eol.length);
      for (let round = 0; round < 200; round++) {
        const cuts = [];
        for (let at = 0; ; ) {
          at += 1 + Math.floor(next() * (round % 2 === 0 ? 8 : 300));
          if (at >= input.length) break;
          cuts.push(at);
        }
        const got = await run(r, format, splitAt(input, ...cuts));
        if (!got.equals(want)) assert.equal(got.toString(), want.toString(), `cuts ${cuts}`);
      }
      const one = Array.from(input, (b) => Uint8Array.of(b));
      assert.equal((await run(r, format, one)).toString(), want.toString());
    });
  }
}

test("byte for byte: spacing, escapes, several data lines, comments and other fields are kept", async () => {
  const r = registry();
  const cases = [
    // Spacing and an escaped alias: only the name token changes.
    [`data:{ "candidates" : [ { "content" : { "parts" : [ { "functionCall" : { "name" : "github\\u005f_create_issue" , "args" : { "name" : "${A}" } } } ] } } ] }\n\n`,
      `data:{ "candidates" : [ { "content" : { "parts" : [ { "functionCall" : { "name" : "github/create_issue" , "args" : { "name" : "${A}" } } } ] } } ] }\n\n`],
    // The data spread over several lines, a comment, an id, a retry, CR line ends.
    [`: keep-alive\rid: 7\rretry: 1000\revent: content_block_start\rdata: {"type":"content_block_start","index":0,\rdata:  "content_block":{"type":"tool_use","id":"t","name":"${A}","input":{}}}\r\r`,
      `: keep-alive\rid: 7\rretry: 1000\revent: content_block_start\rdata: {"type":"content_block_start","index":0,\rdata:  "content_block":{"type":"tool_use","id":"t","name":"github/create_issue","input":{}}}\r\r`],
    // A byte order mark opens the stream.
    [`\uFEFFdata: {"contentBlockStart":{"start":{"toolUse":{"toolUseId":"b","name":"${A}"}},"contentBlockIndex":0}}\n\n`,
      `\uFEFFdata: {"contentBlockStart":{"start":{"toolUse":{"toolUseId":"b","name":"github/create_issue"}},"contentBlockIndex":0}}\n\n`],
    // Not JSON, not an event with data, a field that only looks like data.
    [`data: [DONE]\n\nevent: ping\n\ndatax: {"name":"${A}"}\n\n`, `data: [DONE]\n\nevent: ping\n\ndatax: {"name":"${A}"}\n\n`],
  ];
  const formats = ["gemini", "anthropic", "bedrock-converse", "openai-chat"];
  for (const [i, [input, want]] of cases.entries()) {
    const b = bytes(input);
    for (let cut = 0; cut <= b.length; cut++) {
      const got = (await run(r, formats[i], splitAt(b, cut))).toString();
      if (got !== want) assert.equal(got, want, `case ${i}, split at ${cut}`);
    }
  }
  assert.equal(r.toolForCallId("t"), "github/create_issue");
  assert.equal(r.toolForCallId("b"), "github/create_issue");
});

test("bytes that are not UTF-8 and an unfinished last event pass through as they came", async () => {
  const r = registry();
  const bad = Uint8Array.of(...bytes(`data: {"name":"`), 0xff, ...bytes(`"}\n\n`));
  assert.deepEqual(new Uint8Array(await run(r, "openai-responses", [bad])), bad);
  const unfinished = bytes(`data: {"type":"response.function_call_arguments.done","name":"${A}"}\n`);
  assert.deepEqual(new Uint8Array(await run(r, "openai-responses", [unfinished])), unfinished);
  // The same event finished is rewritten.
  const finished = Buffer.concat([unfinished, bytes("\n")]).toString();
  assert.equal((await run(r, "openai-responses", [bytes(finished)])).toString(), finished.replace(A, "github/create_issue"));
});

test("chunks: any ArrayBuffer view or an ArrayBuffer; anything else is a TypeError", async () => {
  const r = registry();
  const text = `data: {"contentBlockStart":{"start":{"toolUse":{"toolUseId":"x","name":"${A}"}}}}\n\n`;
  const b = bytes(text);
  const want = text.replace(A, "github/create_issue");
  assert.equal((await run(r, "bedrock-converse", [b.buffer.slice(0, 10), new DataView(b.buffer, 10)])).toString(), want);
  await assert.rejects(run(r, "bedrock-converse", [text]), { name: "TypeError", code: "INVALID_ARGUMENT" });
  assert.throws(() => r.fromProviderSse("openai"), { code: "INVALID_ARGUMENT" });
});
