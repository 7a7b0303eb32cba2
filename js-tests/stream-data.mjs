// The recorded streams of every format (tests/data/streams.json) and what
// the stream tests share about them.
import { readFileSync } from "node:fs";
import { ToolRegistry } from "mcp-boundary";

export const STREAMS = JSON.parse(readFileSync(new URL("../tests/data/streams.json", import.meta.url), "utf8"));

/** A registry with the recordings' tools. */
export function registry() {
  const r = new ToolRegistry();
  for (const [server, tools] of Object.entries(STREAMS.registered)) r.registerServer(server, tools);
  return r;
}
/** `text` (JSON) with every `"name":"<alias>"` canonical: the recordings put a name nowhere else under that key. */
export function canonicalText(text) {
  for (const [alias, canonical] of Object.entries(STREAMS.aliases)) text = text.replaceAll(`"name":"${alias}"`, `"name":${JSON.stringify(canonical)}`);
  return text;
}
/** A recording's events as fromProviderStream must give them: every name canonical, nothing else changed. */
export function canonicalEvents(format) {
  return JSON.parse(canonicalText(JSON.stringify(STREAMS.formats[format].events)));
}
/** A recording as its provider's text/event-stream carries it (`event:` lines where the provider sends them, CRLF for Gemini). */
export function sseText(format, eol) {
  const { sse, events, done, crlf } = STREAMS.formats[format];
  const nl = eol ?? (crlf ? "\r\n" : "\n");
  let text = "";
  for (const e of events) text += `${sse === "event" ? `event: ${e.type}${nl}` : ""}data: ${JSON.stringify(e)}${nl}${nl}`;
  if (done !== undefined) text += `data: ${done}${nl}${nl}`;
  return text;
}
/** Writes `chunks` through registry `r`'s fromProviderSse transform for `format`; the bytes that come out. */
export async function runSse(r, format, chunks) {
  const t = r.fromProviderSse(format);
  const out = [];
  const reading = (async () => {
    for await (const c of t.readable) out.push(c);
  })();
  const w = t.writable.getWriter();
  try {
    for (const c of chunks) await w.write(c);
    await w.close();
  } finally {
    await reading.catch(() => {}); // the write's error is the one to report
  }
  await reading;
  return Buffer.concat(out);
}
