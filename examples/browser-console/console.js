// The agent console: the web build of mcp-boundary in a plain page, no
// framework. Serve the repository root with any static file server and open
// /examples/browser-console/ (`make console` does both).
import init, { RecipientValidator, validateRecipient, toLlmFacingName, ErrorClassifier } from "../../pkg/web/index.js";

const $ = (id) => document.getElementById(id);
const KNOWN = ["@neo-gpt", "@neo-claude", "@trinity-gemini"];
const CATALOG = {
  tools: { list_bounties: ["limit", "status"], get_bounty: ["issue_number"] },
  fieldMessages: ["must be at most 100", "must be one of open, closed"],
  fieldlessMessages: ["unknown tool", "matches multiple bounties"],
};

function show(prefix, ok, verdict, value) {
  const v = $(`${prefix}-verdict`);
  v.textContent = verdict;
  v.className = `verdict ${ok ? "ok" : "bad"}`;
  $(`${prefix}-result`).textContent = JSON.stringify(value, null, 2);
}

await init();
$("status").textContent = "ready: every verdict below comes from the wasm module.";
const strict = new RecipientValidator({ knownAgents: KNOWN, strict: true });
const classifier = new ErrorClassifier(CATALOG);
$("catalog").textContent = JSON.stringify(CATALOG, null, 2);

function recipient() {
  const to = $("recipient").value;
  const r = $("strict").checked ? strict.validate(to) : validateRecipient(to);
  if (r.ok) show("recipient", true, r.recipient.kind === "broadcast" ? "accepted: broadcast to every agent" : `accepted: direct message to ${r.recipient.id}`, r);
  else show("recipient", false, `rejected: ${r.error.code} (${r.error.reason})`, r.error);
}

function tool() {
  const name = $("tool-name").value;
  const options = { profile: $("profile").value, overflow: $("hash").checked ? "hash" : "error" };
  try {
    const alias = toLlmFacingName(name, options);
    show("tool", true, `alias: ${alias}`, { alias, length: alias.length, ...options });
  } catch (e) {
    show("tool", false, `refused: ${e.code} (${e.reason})`, { name: e.name, code: e.code, reason: e.reason, position: e.position, length: e.length, limit: e.limit, message: e.message });
  }
}

function error() {
  const data = classifier.classify($("error-tool").value, $("error-message").value);
  if (data) show("error", true, `classified: ${data.field ?? "(no field)"} ${data.message}`, classifier.invalidArgumentsResponse(1, $("error-tool").value, $("error-message").value));
  else show("error", false, "not in the catalog: the legacy envelope, nothing echoed", classifier.invalidArgumentsResponse(1, $("error-tool").value, $("error-message").value));
}

for (const [ids, f] of [[["recipient", "strict"], recipient], [["tool-name", "profile", "hash"], tool], [["error-tool", "error-message"], error]]) {
  for (const id of ids) $(id).addEventListener("input", f);
  f();
}
