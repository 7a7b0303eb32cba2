import { ToolRegistry } from "mcp-boundary";
const registry = new ToolRegistry();
registry.registerServer("github", ["create_issue", "list_repos"]);
registry.registerServer("mail", ["add_message"]);
const aliases = registry.entries().map((e) => e.alias);
const chunk = (call) => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { tool_calls: [call] }, finish_reason: null }] });
const dense = Array.from({ length: 64 }, (_, i) => chunk({ index: i, id: `call_${i}`, type: "function", function: { name: aliases[i % aliases.length], arguments: "{}" } }));
async function* from(list) { for (const e of list) yield e; }
let n = 0;
const t = performance.now();
for (let k = 0; k < 20000; k++) for await (const e of registry.fromProviderStream(from(dense), "openai-chat")) n++;
console.log(((performance.now() - t) / 20000 * 1000).toFixed(1), "µs per stream"); // performance.now() is in ms
