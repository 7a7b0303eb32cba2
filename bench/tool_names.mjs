// Tool names beside plain-JS equivalents: `make bench`.
import { toLlmFacingName, tryReverseToCanonical, ToolRegistry } from "mcp-boundary";
import { compare, report } from "./harness.mjs";

// ---- plain-JS equivalents ----
const ANTHROPIC = /^[A-Za-z0-9_-]{1,128}$/;
function plainForward(canonical) {
  const alias = canonical.replaceAll("/", "__");
  if (!ANTHROPIC.test(alias)) throw new Error("unrepresentable");
  return alias;
}
function plainReverse(name) {
  if (name.includes("/")) return name;
  const i = name.indexOf("__");
  if (i < 0) return name;
  if (i === 0 || i + 2 === name.length) return null;
  return `${name.slice(0, i)}/${name.slice(i + 2)}`;
}
function plainFromProvider(history, canonicalOf) {
  return history.map((m) =>
    Array.isArray(m.content) && m.content.some((b) => b.type === "tool_use" && canonicalOf.has(b.name))
      ? { ...m, content: m.content.map((b) => (b.type === "tool_use" && canonicalOf.has(b.name) ? { ...b, name: canonicalOf.get(b.name) } : b)) }
      : m,
  );
}

// ---- inputs ----
const servers = ["github", "mailbox", "filesystem", "search-engine"];
const tools = ["create_issue", "list_repos", "add_message", "read_file", "query"];
const canonical = servers.flatMap((s) => tools.map((t) => `${s}/${t}`));
const distinct = Array.from({ length: 1 << 16 }, (_, i) => `server${i % 97}/tool_${i.toString(36)}`);
const aliases = canonical.map(plainForward);
const registry = new ToolRegistry();
registry.registerServer("github", tools);
for (const c of canonical) registry.register(c);
const plainAlias = new Map(canonical.map((c) => [c, plainForward(c)]));
const plainCanonical = new Map(canonical.map((c) => [plainForward(c), c]));
const n = canonical.length;

// 200 messages, 100 of them assistant turns with a tool_use block.
const history = Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0
    ? { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i - 1}`, content: "ok" }] }
    : { role: "assistant", content: [{ type: "text", text: "calling" }, { type: "tool_use", id: `t${i}`, name: aliases[i % n], input: { q: i } }] },
);
if (JSON.stringify(registry.fromProvider(history, "anthropic")) !== JSON.stringify(plainFromProvider(history, plainCanonical))) {
  throw new Error("bench equivalents disagree on the history rewrite");
}

// A registry of 50,000 names: registerServer's cost is its own names only.
const big = new ToolRegistry();
for (let i = 0; i < 50_000; i++) big.register(`bulk${i}/tool`);
const tenTools = tools.concat(tools.map((t) => `${t}_2`));
const plainBig = new Map();
let serverNo = 0;

const rows = [
  compare("toLlmFacingName (repeated names)", (i) => toLlmFacingName(canonical[i % n]).length, (i) => plainForward(canonical[i % n]).length, { target: 1.5 }),
  compare("toLlmFacingName (distinct names)", (i) => toLlmFacingName(distinct[i & 0xffff]).length, (i) => plainForward(distinct[i & 0xffff]).length, { target: 1.2 }),
  compare("tryReverseToCanonical (repeated names)", (i) => tryReverseToCanonical(aliases[i % n]).length, (i) => plainReverse(aliases[i % n]).length, { target: 1.5 }),
  compare("registry.toCanonical", (i) => registry.toCanonical(aliases[i % n]).length, (i) => plainCanonical.get(aliases[i % n]).length, { target: 1.5 }),
  compare("registry.toLlmFacing", (i) => registry.toLlmFacing(canonical[i % n]).length, (i) => plainAlias.get(canonical[i % n]).length, { target: 1.5 }),
  compare("registry.lookupOverride", (i) => registry.lookupOverride({ github: 1 }, aliases[i % n]) ?? 0, (i) => {
    const a = aliases[i % n], c = plainCanonical.get(a), map = { github: 1 };
    return (Object.hasOwn(map, c) ? map[c] : Object.hasOwn(map, a) ? map[a] : map[c.slice(0, c.indexOf("/"))]) ?? 0;
  }),
  compare(
    "fromProvider, 200-message Anthropic history, 100 tool_use blocks (per history)",
    () => registry.fromProvider(history, "anthropic").length,
    () => plainFromProvider(history, plainCanonical).length,
    { iterations: 2000, target: 1.0 },
  ),
  compare(
    "registerServer, 10 tools into a registry of 50,000 names (per call)",
    () => big.registerServer(`srv${serverNo++}`, tenTools).length,
    () => {
      const server = `plain${serverNo++}`;
      for (const t of tenTools) plainBig.set(`${server}/${t}`, `${server}__${t}`);
      return tenTools.length;
    },
    { iterations: 2000 },
  ),
];
report("Tool names", rows);
