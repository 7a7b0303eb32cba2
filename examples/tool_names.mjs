// Tool names from Node: `make demo` (or `node examples/tool_names.mjs` after `make pkg`).
// A host aggregating MCP servers registers `server/tool` names, shows each
// provider names it accepts, and maps the model's calls back exactly.
import { toLlmFacingName, tryReverseToCanonical, ToolRegistry, ToolNameError } from "mcp-boundary";

const line = (s = "") => console.log(s);
const longTool = "search-engine/summarize_every_document_in_the_workspace_and_rank_by_relevance";

line("== Tool names: each profile's alias");
for (const profile of ["anthropic", "openai", "gemini", "portable"]) {
  for (const name of ["github/create_issue", "docs/page.v2", longTool]) {
    try {
      line(`${profile.padEnd(9)} ${name} -> ${toLlmFacingName(name, { profile })}`);
    } catch (e) {
      line(`${profile.padEnd(9)} ${name} -> ${e.name} ${e.code} ${e.reason}: ${e.message}`);
    }
  }
}

line("\n== Tool names: a registry for the openai profile, overflow hashed");
const registry = new ToolRegistry({ profile: "openai", overflow: "hash" });
line(`register github/create_issue  -> ${registry.register("github/create_issue")}`);
line(`register ${longTool}\n  -> ${registry.register(longTool)}  (64 characters, hashed)`);
line(`register a/b__c                -> ${registry.register("a/b__c")}`);
try {
  registry.register("a__b/c");
} catch (e) {
  line(`register a__b/c                -> refused: ${e instanceof ToolNameError} ${e.code}\n  ${e.message}`);
}
line(`toCanonical("a__b__c")          -> ${registry.toCanonical("a__b__c")}  (the first registration kept)`);
line(`tryReverseToCanonical("a__b__c") -> ${tryReverseToCanonical("a__b__c")}  (the registry-free heuristic guesses)`);

line("\n== Tool names: a model response mapped back to canonical names");
const hashed = registry.toLlmFacing(longTool);
const response = {
  id: "chatcmpl-1",
  choices: [{ index: 0, message: { role: "assistant", tool_calls: [
    { id: "call_1", type: "function", function: { name: "github__create_issue", arguments: "{\"title\":\"bug\"}" } },
    { id: "call_2", type: "function", function: { name: hashed, arguments: "{}" } },
  ] } }],
};
const back = registry.fromProvider(response, "openai-chat");
for (const call of back.choices[0].message.tool_calls) line(`${call.id}: ${call.function.name}`);
line(`config override for ${hashed}: ${registry.lookupOverride({ "search-engine": { timeoutMs: 30000 } }, hashed)?.timeoutMs} ms (server default)`);
